"""A fault-injecting HTTP proxy in front of moto's server: AWS as it misbehaves.

The gateway's clients are pointed at the proxy (``AWS_ENDPOINT_URL``), so the production code
path runs unchanged, retry configuration included. Each request is named by service and
operation (``X-Amz-Target`` for DynamoDB and Secrets Manager; the method for S3) and either
forwarded to moto or answered with an injected fault:

- ``throttle``: DynamoDB's and Secrets Manager's ``ThrottlingException`` (400), S3's
  ``SlowDown`` (503), exactly as the services send them;
- ``5xx``: ``InternalServerError`` (500);
- ``drop``: the connection closed with no answer (what a timeout looks like to the client);
- ``stall``: an answer only after ``stall_seconds`` (a real read timeout, for the full run).
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


@dataclass
class Rule:
    service: str
    operation: str  # "*" for any
    kind: str  # throttle | 5xx | drop | stall
    times: int  # how many matching requests get the fault; then they pass
    hits: int = 0


class FaultProxy:
    def __init__(self, upstream: str, stall_seconds: float = 12.0, *, one_at_a_time: bool = False) -> None:
        parts = urlsplit(upstream)
        self._upstream = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.stall_seconds = stall_seconds
        self.rules: list[Rule] = []
        self.attempts: Counter[tuple[str, str]] = Counter()
        self.faults: Counter[tuple[str, str, str]] = Counter()
        self._lock = threading.Lock()
        # moto's server runs requests on threads with no isolation between them (two conditional
        # transactions can both pass their checks); DynamoDB serialises them. Concurrency tests
        # forward one request at a time, which is the isolation DynamoDB gives.
        self._one_at_a_time = threading.Lock() if one_at_a_time else None
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"

    def inject(self, service: str, operation: str, kind: str, times: int = 1_000_000) -> Rule:
        rule = Rule(service, operation, kind, times)
        with self._lock:
            self.rules.append(rule)
        return rule

    def clear(self) -> None:
        with self._lock:
            self.rules.clear()
            self.attempts.clear()
            self.faults.clear()

    def _decide(self, service: str, operation: str) -> str | None:
        with self._lock:
            self.attempts[(service, operation)] += 1
            for rule in self.rules:
                if rule.service == service and rule.operation in ("*", operation) and rule.hits < rule.times:
                    rule.hits += 1
                    self.faults[(service, operation, rule.kind)] += 1
                    return rule.kind
        return None

    @contextmanager
    def running(self) -> Iterator[FaultProxy]:
        thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self._server.shutdown()
            self._server.server_close()
            thread.join(timeout=10)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:  # quiet
                return

            def _body(self) -> bytes:
                if self.headers.get("transfer-encoding", "").lower() == "chunked":
                    chunks = []
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                        if size == 0:
                            while self.rfile.readline().strip():
                                pass  # trailers
                            return b"".join(chunks)
                        chunks.append(self.rfile.read(size))
                        self.rfile.readline()
                length = int(self.headers.get("content-length") or 0)
                return self.rfile.read(length) if length else b""

            def _name(self) -> tuple[str, str]:
                target = self.headers.get("x-amz-target", "")
                if target.startswith("DynamoDB_"):
                    return "dynamodb", target.split(".", 1)[1]
                if target.startswith("secretsmanager."):
                    return "secretsmanager", target.split(".", 1)[1]
                if target.startswith("DynamoDBStreams_"):
                    return "dynamodbstreams", target.split(".", 1)[1]
                return "s3", self.command

            def _answer(self, status: int, content_type: str, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)
                self.close_connection = True

            def _fault(self, service: str, kind: str) -> None:
                if kind == "drop":
                    self.close_connection = True
                    return
                if service == "s3":
                    code, status = ("SlowDown", 503) if kind == "throttle" else ("InternalError", 500)
                    xml = f"<?xml version='1.0'?><Error><Code>{code}</Code><Message>injected</Message></Error>"
                    self._answer(status, "application/xml", xml.encode())
                    return
                prefix = "com.amazonaws.dynamodb.v20120810#" if service == "dynamodb" else ""
                code = "ThrottlingException" if kind == "throttle" else "InternalServerError"
                content_type = "application/x-amz-json-1.0" if service == "dynamodb" else "application/x-amz-json-1.1"
                body = json.dumps({"__type": prefix + code, "message": "injected fault"}).encode()
                self._answer(400 if kind == "throttle" else 500, content_type, body)

            def _handle(self) -> None:
                body = self._body()
                service, operation = self._name()
                kind = proxy._decide(service, operation)
                if kind == "stall":
                    time.sleep(proxy.stall_seconds)
                elif kind is not None:
                    self._fault(service, kind)
                    return
                try:
                    if proxy._one_at_a_time is not None:
                        with proxy._one_at_a_time:
                            self._forward(body)
                    else:
                        self._forward(body)
                except OSError:  # moto gone (the suite ending) or the client gone (it timed out)
                    self.close_connection = True

            def _forward(self, body: bytes) -> None:
                upstream = http.client.HTTPConnection(*proxy._upstream, timeout=60)
                try:
                    headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
                    headers["Content-Length"] = str(len(body))
                    upstream.request(self.command, self.path, body=body, headers=headers)
                    answer = upstream.getresponse()
                    data = answer.read()
                    self.send_response(answer.status)
                    for name, value in answer.getheaders():
                        if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                            self.send_header(name, value)
                    self.send_header("Content-Length", str(len(data)))
                    self.send_header("Connection", "close")
                    self.end_headers()
                    if self.command != "HEAD":
                        self.wfile.write(data)
                    self.close_connection = True
                finally:
                    upstream.close()

            do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = _handle

        return Handler
