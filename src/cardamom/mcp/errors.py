"""The one place errors become wire messages, by type, never by message text.

A protocol failure becomes a JSON-RPC error (with the HTTP status the transport uses);
a tool's own failure becomes a ``CallToolResult`` with ``isError`` so the model can read
it and correct course.
"""

from __future__ import annotations

from typing import Any

from mcp_types import (
    HEADER_MISMATCH,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    UNSUPPORTED_PROTOCOL_VERSION,
)

from cardamom.errors import (
    ConnectionInactive,
    ConnectorFailed,
    HeaderMismatch,
    InvalidParams,
    InvalidRequest,
    MethodNotFound,
    MissingRequestMeta,
    ParseError,
    PermissionDenied,
    ProtocolError,
    ScopeMissing,
    ToolError,
    UnsupportedProtocolVersion,
    UnsupportedRequestVersion,
)
from cardamom.mcp.results import ToolResult, structured
from cardamom.mcp.versions import Era

# A store the request needs failed (HTTP 503 with Retry-After): JSON-RPC's implementation-defined range.
STORE_UNAVAILABLE = -32000
RETRY_AFTER_SECONDS = 1
# Error messages may quote what the caller sent; an answer never carries more than this of it.
MAX_ERROR_MESSAGE_CHARS = 2000


def bounded(message: str) -> str:
    """``message`` cut to ``MAX_ERROR_MESSAGE_CHARS``, saying how much was left out."""
    if len(message) <= MAX_ERROR_MESSAGE_CHARS:
        return message
    cut = len(message) - MAX_ERROR_MESSAGE_CHARS
    return f"{message[:MAX_ERROR_MESSAGE_CHARS]}... ({cut} more characters not shown)"


# (JSON-RPC code, HTTP status); the most specific class wins (checked in MRO order).
_PROTOCOL_CODES: dict[type[ProtocolError], tuple[int, int]] = {
    ParseError: (PARSE_ERROR, 400),
    InvalidRequest: (INVALID_REQUEST, 400),
    UnsupportedProtocolVersion: (INVALID_REQUEST, 400),
    UnsupportedRequestVersion: (UNSUPPORTED_PROTOCOL_VERSION, 400),
    HeaderMismatch: (HEADER_MISMATCH, 400),
    MethodNotFound: (METHOD_NOT_FOUND, 200),
    MissingRequestMeta: (INVALID_PARAMS, 400),
    InvalidParams: (INVALID_PARAMS, 200),
    ProtocolError: (INVALID_REQUEST, 400),
}

# The per-request era (2026-07-28) answers an unknown or removed method with 404, so a client
# can tell a modern server's "no such method" from a legacy endpoint's 404 by the body.
_PER_REQUEST_STATUS: dict[type[ProtocolError], int] = {MethodNotFound: 404}


def protocol_error_code(error: ProtocolError, era: Era = "handshake") -> tuple[int, int]:
    for cls in type(error).__mro__:
        if cls in _PROTOCOL_CODES:
            code, status = _PROTOCOL_CODES[cls]
            if era == "per-request":
                status = _PER_REQUEST_STATUS.get(cls, status)
            return code, status
    return INTERNAL_ERROR, 500  # pragma: no cover - ProtocolError itself is in the table


def jsonrpc_error(request_id: Any, code: int, message: str, data: Any = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": bounded(message)}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def tool_error_result(error: ToolError) -> ToolResult:
    detail: dict[str, Any] = {"code": error.code, "message": bounded(str(error))}
    if isinstance(error, PermissionDenied):
        detail["permission"] = error.permission
    if isinstance(error, ScopeMissing):
        detail["scope"] = error.scope
    if isinstance(error, ConnectionInactive):
        detail["account"] = error.account
        detail["connection_status"] = error.status
    if isinstance(error, ConnectorFailed):
        detail["detail"] = error.detail
        if error.status is not None:
            detail["status"] = error.status
    return structured({"error": detail}, is_error=True, compact=False)
