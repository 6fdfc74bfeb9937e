"""A Lambda function run the way Lambda runs it, without Docker: the real runtime interface
client (``awslambdaric``) in its own process, a small Lambda Runtime API for it to poll, and a
small HTTP front that turns each HTTP request into an API Gateway HTTP API (payload format 2.0)
event and the function's answer back into an HTTP response.

    client --HTTP--> ApiGatewayFront --event--> RuntimeApi <--poll/answer-- awslambdaric process
                                                                           (handler imported once:
                                                                            the cold start)

The front routes what ``template.yaml`` routes to the function (other paths get API Gateway's
404) and sets ``requestContext.domainName`` to the name it answers on, as API Gateway does. One
runtime process serves one invocation at a time, as one execution environment does; concurrent
requests queue. Usage::

    with lambda_function("cardamom.entrypoints.lambda_mcp.handler", env) as runtime:
        with ApiGatewayFront(runtime, routes=template_routes("McpFunction")) as url: ...
"""

from __future__ import annotations

import base64
import json
import os
import queue
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import yaml

REPO = Path(__file__).resolve().parents[1]
TEMPLATE = REPO / "template.yaml"
RUNTIME_PREFIX = "/2018-06-01/runtime"
FUNCTION_ARN = "arn:aws:lambda:us-east-1:123456789012:function:cardamom-McpFunction-local"
INVOCATION_TIMEOUT_S = 30
START_TIMEOUT_S = 60


class InvocationFailed(RuntimeError):
    """The function reported an error (or died) instead of answering an invocation."""


@dataclass
class _Invocation:
    id: str
    event: bytes
    done: threading.Event = field(default_factory=threading.Event)
    response: bytes | None = None
    error: bytes | None = None


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that hangs up mid-request (the conformance suite aborts streams it has read
        # enough of) is routine here, not a fault of the server.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class RuntimeApi:
    """The Lambda Runtime API (``/2018-06-01/runtime/...``) of one execution environment."""

    def __init__(self) -> None:
        self._pending: queue.Queue[_Invocation] = queue.Queue()
        self._open: dict[str, _Invocation] = {}
        self.init_error: bytes | None = None
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # the runtime polls constantly
                return

            def _reply(self, status: int, body: bytes = b"", headers: Mapping[str, str] | None = None) -> None:
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def do_GET(self) -> None:
                if self.path != f"{RUNTIME_PREFIX}/invocation/next":
                    self._reply(404)
                    return
                invocation = api._pending.get()
                api._open[invocation.id] = invocation
                deadline = int((time.time() + INVOCATION_TIMEOUT_S) * 1000)
                self._reply(
                    200,
                    invocation.event,
                    {
                        "Content-Type": "application/json",
                        "Lambda-Runtime-Aws-Request-Id": invocation.id,
                        "Lambda-Runtime-Deadline-Ms": str(deadline),
                        "Lambda-Runtime-Invoked-Function-Arn": FUNCTION_ARN,
                        "Lambda-Runtime-Trace-Id": f"Root=1-{int(time.time()):08x}-{uuid.uuid4().hex[:24]}",
                    },
                )

            def do_POST(self) -> None:
                body = self._body()
                if self.path == f"{RUNTIME_PREFIX}/init/error":
                    api.init_error = body
                    self._reply(202)
                    return
                parts = self.path.removeprefix(f"{RUNTIME_PREFIX}/invocation/").split("/")
                invocation = api._open.pop(parts[0], None) if len(parts) == 2 else None
                if invocation is None or parts[1] not in ("response", "error"):
                    self._reply(404)
                    return
                if parts[1] == "response":
                    invocation.response = body
                else:
                    invocation.error = body
                invocation.done.set()
                self._reply(202)

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self.address = f"127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def invoke(
        self, event: Mapping[str, Any], *, alive: Any = None, timeout: float = INVOCATION_TIMEOUT_S
    ) -> dict[str, Any]:
        """Hand ``event`` to the function and wait for its answer (the Invoke API, synchronously)."""
        invocation = _Invocation(str(uuid.uuid4()), json.dumps(event).encode())
        self._pending.put(invocation)
        deadline = time.monotonic() + timeout
        while not invocation.done.wait(0.2):
            if alive is not None and not alive():
                raise InvocationFailed(f"the function process exited; init error: {self.init_error!r}")
            if time.monotonic() > deadline:
                raise InvocationFailed(f"the function did not answer within {timeout} s")
        if invocation.error is not None:
            raise InvocationFailed(invocation.error.decode("utf-8", "replace"))
        answer: dict[str, Any] = json.loads(invocation.response or b"null")
        return answer


@dataclass
class LambdaFunction:
    runtime: RuntimeApi
    process: subprocess.Popen[bytes]
    log: Path

    def alive(self) -> bool:
        return self.process.poll() is None

    def invoke(self, event: Mapping[str, Any]) -> dict[str, Any]:
        return self.runtime.invoke(event, alive=self.alive)


@contextmanager
def lambda_function(handler: str, env: Mapping[str, str], log: Path) -> Iterator[LambdaFunction]:
    """``python -m awslambdaric HANDLER`` against a fresh Runtime API, with Lambda's variables set."""
    runtime = RuntimeApi()
    runtime.start()
    environment = {
        "PATH": os.environ.get("PATH", ""),
        "AWS_LAMBDA_RUNTIME_API": runtime.address,
        "AWS_LAMBDA_FUNCTION_NAME": "cardamom-McpFunction-local",
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "1024",
        "AWS_LAMBDA_LOG_GROUP_NAME": "/aws/lambda/cardamom-McpFunction-local",
        "AWS_REGION": "us-east-1",
        "AWS_DEFAULT_REGION": "us-east-1",
        "_HANDLER": handler,
        "TZ": ":UTC",
        **env,
    }
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "awslambdaric", handler],
            env=environment,
            cwd=REPO,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    function = LambdaFunction(runtime, process, log)
    try:
        yield function
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        runtime.stop()


class _CfnLoader(yaml.SafeLoader):
    """template.yaml with its CloudFormation tags (``!Ref``, ``!Sub``...) read as plain values."""


_CfnLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


def template_routes(function: str) -> frozenset[tuple[str, str]]:
    """(method, path) of every HTTP API event the template routes to ``function``."""
    template = yaml.load(TEMPLATE.read_text(encoding="utf-8"), Loader=_CfnLoader)
    events = template["Resources"][function]["Properties"].get("Events", {})
    return frozenset(
        (str(e["Properties"]["Method"]).upper(), str(e["Properties"]["Path"]))
        for e in events.values()
        if e.get("Type") == "HttpApi"
    )


def http_api_event(
    method: str, target: str, headers: list[tuple[str, str]], body: bytes, *, domain: str, source_ip: str
) -> dict[str, Any]:
    """The API Gateway HTTP API (payload 2.0) event for one request, as API Gateway builds it."""
    parts = urlsplit(target)
    joined: dict[str, str] = {}
    cookies: list[str] = []
    for name, value in headers:
        key = name.lower()
        if key == "cookie":
            cookies.extend(c.strip() for c in value.split(";") if c.strip())
            continue
        joined[key] = f"{joined[key]},{value}" if key in joined else value
    now = datetime.now(UTC)
    text_body = body.decode("utf-8") if body else ""
    binary = bool(body) and not joined.get("content-type", "").startswith(("application/json", "text/"))
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": f"{method} {parts.path}",
        "rawPath": parts.path,
        "rawQueryString": parts.query,
        "headers": joined,
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "local",
            "domainName": domain,
            "domainPrefix": domain.split(".")[0],
            "http": {
                "method": method,
                "path": parts.path,
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": joined.get("user-agent", ""),
            },
            "requestId": uuid.uuid4().hex,
            "routeKey": f"{method} {parts.path}",
            "stage": "$default",
            "time": now.strftime("%d/%b/%Y:%H:%M:%S +0000"),
            "timeEpoch": int(now.timestamp() * 1000),
        },
        "isBase64Encoded": binary,
    }
    if cookies:
        event["cookies"] = cookies
    if parts.query:
        event["queryStringParameters"] = dict(parse_qsl(parts.query, keep_blank_values=True))
    if body:
        event["body"] = base64.b64encode(body).decode() if binary else text_body
    return event


class ApiGatewayFront:
    """An HTTP listener that acts as API Gateway's HTTP API in front of ``function``.

    ``default_headers`` are added to requests that lack them (a test listener for a client
    that cannot send credentials, such as the conformance suite); none by default.
    """

    def __init__(
        self,
        function: LambdaFunction,
        routes: frozenset[tuple[str, str]],
        *,
        domain: str = "127.0.0.1",
        default_headers: Mapping[str, str] | None = None,
    ) -> None:
        front = self
        self.function = function
        self.routes = routes
        self.domain = domain
        self.default_headers = {k.lower(): v for k, v in (default_headers or {}).items()}

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def _read_body(self) -> bytes:
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    chunks = []
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                        if size == 0:
                            self.rfile.readline()
                            return b"".join(chunks)
                        chunks.append(self.rfile.read(size))
                        self.rfile.readline()
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def _send(self, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
                self.send_response(status)
                for name, value in headers:
                    if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _handle(self) -> None:
                body = self._read_body()
                path = urlsplit(self.path).path
                if (self.command, path) not in front.routes:
                    self._send(404, [("Content-Type", "application/json")], b'{"message":"Not Found"}')
                    return
                headers = [(k, v) for k, v in self.headers.items() if k.lower() != "transfer-encoding"]
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in front.default_headers.items() if k not in present]
                event = http_api_event(
                    self.command, self.path, headers, body, domain=front.domain, source_ip=self.client_address[0]
                )
                try:
                    answer = front.function.invoke(event)
                except InvocationFailed as exc:
                    # What API Gateway answers when the integration fails.
                    self._send(500, [("Content-Type", "application/json")], b'{"message":"Internal Server Error"}')
                    sys.stderr.write(f"lambda front: {exc}\n")
                    return
                payload = answer.get("body") or ""
                raw = base64.b64decode(payload) if answer.get("isBase64Encoded") else payload.encode()
                out = [(k, str(v)) for k, v in (answer.get("headers") or {}).items()]
                for name, values in (answer.get("multiValueHeaders") or {}).items():
                    out += [(name, str(v)) for v in values]
                out += [("Set-Cookie", c) for c in answer.get("cookies") or []]
                self._send(int(answer.get("statusCode", 200)), out, raw)

            do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = do_OPTIONS = do_HEAD = _handle

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self._thread.start()
        return self.url

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def wait_until_ready(url: str, function: LambdaFunction, *, timeout: float = START_TIMEOUT_S) -> None:
    """Block until the function has cold-started and answers through the front."""
    import httpx

    deadline = time.monotonic() + timeout
    while True:
        if not function.alive():
            raise InvocationFailed(f"the function process exited:\n{function.log.read_text(errors='replace')}")
        try:
            response = httpx.get(f"{url}/.well-known/oauth-protected-resource", timeout=timeout)
        except httpx.HTTPError:
            response = None
        if response is not None and response.status_code == 200:
            return
        if time.monotonic() > deadline:
            raise InvocationFailed(f"the function did not become ready:\n{function.log.read_text(errors='replace')}")
        time.sleep(0.2)
