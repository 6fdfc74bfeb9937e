"""The Lambda handler behind a real HTTP port, the way API Gateway's HTTP API fronts it.

Each request becomes an API Gateway v2 (payload 2.0) event - raw path and query, lower-cased
headers, cookies in ``cookies``, the body base64-encoded, the source address in
``requestContext.http.sourceIp`` - and the handler's answer (``statusCode``, ``headers``,
``cookies``, ``body``) becomes the response. So real MCP clients can sign in and call tools
against the very handler Lambda runs.
"""

from __future__ import annotations

import asyncio
import base64
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardamom.entrypoints.lambda_types import LambdaHandler


class _Context:
    function_name = "cardamom-test"
    memory_limit_in_mb = 1024
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:cardamom-test"
    aws_request_id = "test"

    def get_remaining_time_in_millis(self) -> int:
        return 29_000


def api_gateway_app(handler: LambdaHandler, *, domain: str | None = None) -> Callable[..., Any]:
    # One execution environment: invocations run one at a time, on a thread that keeps its event
    # loop between them (Mangum runs each invocation on the current thread's loop, as in Lambda).
    environment = ThreadPoolExecutor(1, initializer=lambda: asyncio.set_event_loop(asyncio.new_event_loop()))

    async def app(scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] != "http":
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers: dict[str, str] = {}
        cookies: list[str] = []
        for raw_name, raw_value in scope["headers"]:
            name, value = raw_name.decode("latin-1").lower(), raw_value.decode("latin-1")
            if name == "cookie":
                cookies += [c.strip() for c in value.split(";") if c.strip()]
            else:
                headers[name] = f"{headers[name]},{value}" if name in headers else value
        host = domain or headers.get("host", "localhost")
        method, path = scope["method"], scope["path"]
        event: dict[str, Any] = {
            "version": "2.0",
            "routeKey": f"{method} {path}",
            "rawPath": path,
            "rawQueryString": scope.get("query_string", b"").decode("latin-1"),
            "headers": headers,
            "requestContext": {
                "accountId": "123456789012",
                "apiId": "local",
                "domainName": host,
                "domainPrefix": host.split(".")[0],
                "http": {
                    "method": method,
                    "path": path,
                    "protocol": "HTTP/1.1",
                    "sourceIp": (scope.get("client") or ("127.0.0.1", 0))[0],
                    "userAgent": headers.get("user-agent", ""),
                },
                "requestId": uuid.uuid4().hex,
                "routeKey": f"{method} {path}",
                "stage": "$default",
                "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime()),
                "timeEpoch": int(time.time() * 1000),
            },
            "body": base64.b64encode(body).decode() if body else None,
            "isBase64Encoded": bool(body),
        }
        if cookies:
            event["cookies"] = cookies
        answer = await asyncio.get_running_loop().run_in_executor(environment, handler, event, _Context())
        out_headers = [(k.encode(), str(v).encode()) for k, v in (answer.get("headers") or {}).items()]
        out_headers += [(b"set-cookie", c.encode()) for c in answer.get("cookies") or []]
        payload = answer.get("body") or ""
        data = base64.b64decode(payload) if answer.get("isBase64Encoded") else payload.encode()
        await send({"type": "http.response.start", "status": answer["statusCode"], "headers": out_headers})
        await send({"type": "http.response.body", "body": data})

    return app
