"""The one place errors become wire messages, by type, never by message text.

A protocol failure becomes a JSON-RPC error (with the HTTP status the transport uses);
a tool's own failure becomes a ``CallToolResult`` with ``isError`` so the model can read
it and correct course.
"""

from __future__ import annotations

from typing import Any

from mcp_types import INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR

from cardamom.errors import (
    ConnectorFailed,
    InvalidParams,
    InvalidRequest,
    MethodNotFound,
    ParseError,
    PermissionDenied,
    ProtocolError,
    ScopeMissing,
    ToolError,
    UnsupportedProtocolVersion,
)
from cardamom.mcp.results import ToolResult, structured

# (JSON-RPC code, HTTP status); the most specific class wins (checked in MRO order).
_PROTOCOL_CODES: dict[type[ProtocolError], tuple[int, int]] = {
    ParseError: (PARSE_ERROR, 400),
    InvalidRequest: (INVALID_REQUEST, 400),
    UnsupportedProtocolVersion: (INVALID_REQUEST, 400),
    MethodNotFound: (METHOD_NOT_FOUND, 200),
    InvalidParams: (INVALID_PARAMS, 200),
    ProtocolError: (INVALID_REQUEST, 400),
}


def protocol_error_code(error: ProtocolError) -> tuple[int, int]:
    for cls in type(error).__mro__:
        if cls in _PROTOCOL_CODES:
            return _PROTOCOL_CODES[cls]
    return INTERNAL_ERROR, 500  # pragma: no cover - ProtocolError itself is in the table


def jsonrpc_error(request_id: Any, code: int, message: str, data: Any = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def tool_error_result(error: ToolError) -> ToolResult:
    detail: dict[str, Any] = {"code": error.code, "message": str(error)}
    if isinstance(error, PermissionDenied):
        detail["permission"] = error.permission
    if isinstance(error, ScopeMissing):
        detail["scope"] = error.scope
    if isinstance(error, ConnectorFailed):
        detail["detail"] = error.detail
        if error.status is not None:
            detail["status"] = error.status
    return structured({"error": detail}, is_error=True, compact=False)
