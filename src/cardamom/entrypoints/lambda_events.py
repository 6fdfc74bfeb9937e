"""The events the MCP function accepts: API Gateway HTTP API payloads, format 2.0 (``template.yaml``).

Mangum reads an event by indexing into it, so a malformed one (no ``requestContext.http``, a
header that is not a string, a body that is not base64 when it says it is, a port that is
not a number, an event of another service) raised out of the handler. Each event is checked
here first and rebuilt from the fields Mangum reads, each of the type it expects; whatever
is wrong is answered 400 with the reason, never raised. Imported at the MCP function's init,
so it imports nothing heavy until an event is refused.
"""

from __future__ import annotations

import binascii
import json
import re
from base64 import b64decode
from collections.abc import Mapping
from typing import Any

from cardamom.core.json_text import has_lone_surrogate

_METHOD = re.compile(r"[A-Z]{1,16}")
_HOST = re.compile(r"[^:]*(:[0-9]{1,5})?")
MAX_PROBLEM_CHARS = 200


class MalformedEvent(ValueError):
    """The event is not an HTTP API 2.0 request this function can serve; the message says why."""


def _text(value: object, where: str, *, default: str | None = None) -> str:
    if value is None and default is not None:
        return default
    if not isinstance(value, str):
        raise MalformedEvent(f"{where} must be a string")
    if has_lone_surrogate(value):
        raise MalformedEvent(f"{where} is not valid Unicode text")
    return value


def _mapping(value: object, where: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise MalformedEvent(f"{where} must be an object")
    return value


def _headers(event: Mapping[str, Any]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for name, value in _mapping(event.get("headers"), "headers").items():
        key = _text(name, "a header name").lower()
        headers[key] = _text(value, f"header {key[:40]!r}")
    if not _HOST.fullmatch(headers.get("host", "")):
        raise MalformedEvent("the host header must be a name with at most one :port")
    port = headers.get("x-forwarded-port")
    if port is not None and not (port.isascii() and port.isdigit() and len(port) <= 5):
        raise MalformedEvent("x-forwarded-port must be a port number")
    return headers


def _body(event: Mapping[str, Any]) -> tuple[str, bool]:
    encoded = event.get("isBase64Encoded", False)
    if not isinstance(encoded, bool):
        raise MalformedEvent("isBase64Encoded must be true or false")
    body = _text(event.get("body"), "body", default="")
    if encoded:
        try:
            b64decode(body, validate=True)
        except (binascii.Error, ValueError):
            raise MalformedEvent("body is marked base64 but is not base64") from None
    return body, encoded


def http_api_request(event: object) -> dict[str, Any]:
    """The event as Mangum will read it, or ``MalformedEvent``."""
    if not isinstance(event, Mapping):
        raise MalformedEvent("the event must be a JSON object")
    if event.get("version") != "2.0":
        raise MalformedEvent('this function takes API Gateway HTTP API events of payload format version "2.0"')
    context = _mapping(event.get("requestContext"), "requestContext")
    http = _mapping(context.get("http"), "requestContext.http")
    method = _text(http.get("method"), "requestContext.http.method")
    if not _METHOD.fullmatch(method):
        raise MalformedEvent("requestContext.http.method must be an HTTP method")
    request_id = context.get("requestId")
    domain = context.get("domainName")
    if domain is not None:
        _text(domain, "requestContext.domainName")
    cookies = event.get("cookies") or []
    if not isinstance(cookies, list):
        raise MalformedEvent("cookies must be a list of strings")
    body, encoded = _body(event)
    # The event's other members stay (the app reads requestContext.domainName, requestId, ...);
    # those Mangum reads are replaced by their checked values.
    request: dict[str, Any] = {
        **event,
        "version": "2.0",
        "rawPath": _text(event.get("rawPath"), "rawPath", default=""),
        "rawQueryString": _text(event.get("rawQueryString"), "rawQueryString", default=""),
        "headers": _headers(event),
        "requestContext": {
            **context,
            "requestId": request_id if isinstance(request_id, str) else None,
            "http": {
                **http,
                "method": method,
                "path": _text(http.get("path"), "requestContext.http.path"),
                "sourceIp": _text(http.get("sourceIp"), "requestContext.http.sourceIp", default=""),
            },
        },
        "body": body,
        "isBase64Encoded": encoded,
    }
    if cookies:
        request["cookies"] = [_text(c, "a cookie") for c in cookies]
    else:
        request.pop("cookies", None)
    return request


def bad_event(problem: str) -> dict[str, Any]:
    """The 400 answer (HTTP API 2.0 response format) to an event that cannot be served."""
    # The rare path: the JSON-RPC mapping (and pydantic behind it) stays out of the cold start.
    from mcp_types import INVALID_REQUEST

    from cardamom.mcp.errors import jsonrpc_error

    message = f"malformed event: {problem[:MAX_PROBLEM_CHARS]}"
    body = jsonrpc_error(None, INVALID_REQUEST, message)
    return {"statusCode": 400, "headers": {"content-type": "application/json"}, "body": json.dumps(body)}
