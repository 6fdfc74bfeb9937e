"""A small Lambda Runtime API for tests: what the Lambda service offers the runtime interface client.

The client (``awslambdaric``, the same one AWS's Python runtimes are built on) asks for the next
invocation with ``GET /2018-06-01/runtime/invocation/next`` and posts the handler's answer (or
error) back; an import failure is posted to ``/runtime/init/error``. The server hands out the
given events in order, records what comes back, and serves 127.0.0.1 only, on a free port.
"""

from __future__ import annotations

import json
import queue
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PREFIX = "/2018-06-01/runtime"
FUNCTION_ARN = "arn:aws:lambda:us-east-1:123456789012:function:cardamom-McpFunction-ric"


class RuntimeApi:
    def __init__(self, events: list[dict[str, Any]]) -> None:
        self._pending: queue.Queue[dict[str, Any]] = queue.Queue()
        for event in events:
            self._pending.put(event)
        self.expected = len(events)
        self.order: list[str] = []
        self.answers: dict[str, tuple[str, Any]] = {}
        self.init_error: Any = None
        self.finished = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def address(self) -> str:
        host, port = self._server.server_address[:2]
        return f"{host}:{port}"

    def __enter__(self) -> RuntimeApi:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def results(self) -> list[tuple[str, Any]]:
        return [self.answers[request_id] for request_id in self.order if request_id in self.answers]

    def _record(self, request_id: str, kind: str, body: Any) -> None:
        self.answers[request_id] = (kind, body)
        if len(self.answers) == self.expected:
            self.finished.set()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def _reply(self, status: int, body: bytes = b"{}", headers: dict[str, str] | None = None) -> None:
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                if self.path != f"{PREFIX}/invocation/next":
                    self._reply(404)
                    return
                event = api._pending.get()  # blocks once every event is out, until the test stops the client
                request_id = str(uuid.uuid4())
                api.order.append(request_id)
                self._reply(
                    200,
                    json.dumps(event).encode(),
                    {
                        "Lambda-Runtime-Aws-Request-Id": request_id,
                        "Lambda-Runtime-Deadline-Ms": str(int((time.time() + 29) * 1000)),
                        "Lambda-Runtime-Invoked-Function-Arn": FUNCTION_ARN,
                        "Lambda-Runtime-Trace-Id": "Root=1-00000000-000000000000000000000000;Sampled=0",
                    },
                )

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                decoded = json.loads(body) if body else None
                parts = self.path.removeprefix(PREFIX).strip("/").split("/")
                if parts == ["init", "error"]:
                    api.init_error = decoded
                    api.finished.set()
                elif len(parts) == 3 and parts[0] == "invocation" and parts[2] in ("response", "error"):
                    api._record(parts[1], parts[2], decoded)
                else:
                    self._reply(404)
                    return
                self._reply(202)

        return Handler
