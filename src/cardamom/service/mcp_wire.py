"""The client side of MCP's Streamable HTTP transport, without I/O: messages out, answers in.

Cardamom speaks to remote MCP servers itself (the ``mcp`` SDK costs about a second of cold
start): every message is one JSON-RPC POST to the server's endpoint, accepting
``application/json`` and ``text/event-stream``. An event-stream answer is read as Server-Sent
Events, and the JSON-RPC response carrying our request id is picked out of its ``data:``
lines; notifications and requests the server interleaves are ignored. The session itself
(initialize, ``Mcp-Session-Id``, ``MCP-Protocol-Version``) is run by
``cardamom.service.mcp_session``.

It sits in ``service/`` beside the session and the tool discovery that use it, not in
``mcp/``: that package is the server endpoint, which imports the services, so a service
importing the wire from there would point the layering upward (and close a cycle).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardamom import __version__
from cardamom.core.json_text import loads_lenient
from cardamom.core.outbound import OutboundRequest
from cardamom.errors import ConnectorFailed
from cardamom.ports import OutboundResponse

CLIENT_PROTOCOL_VERSION = "2025-11-25"
SUPPORTED_PROTOCOL_VERSIONS = ("2025-03-26", "2025-06-18", "2025-11-25")
ACCEPT = "application/json, text/event-stream"
SESSION_HEADER = "Mcp-Session-Id"
VERSION_HEADER = "MCP-Protocol-Version"
CLIENT_INFO = {"name": "cardamom", "title": "Cardamom MCP gateway", "version": __version__}
_SESSION_ID = re.compile(r"^[\x21-\x7e]{1,256}$")  # visible ASCII, as the transport requires
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def protocol_failure(message: str) -> ConnectorFailed:
    return ConnectorFailed(f"the MCP server broke the protocol: {message}", detail="upstream_protocol")


def message_request(
    endpoint: str,
    message: Mapping[str, Any],
    *,
    session_id: str | None = None,
    protocol_version: str | None = None,
    method: str = "POST",
) -> OutboundRequest:
    """One POST of one JSON-RPC message (or, with ``method="DELETE"``, the end of a session)."""
    headers = {"Accept": ACCEPT}
    if session_id is not None:
        headers[SESSION_HEADER] = session_id
    if protocol_version is not None:
        headers[VERSION_HEADER] = protocol_version
    if method != "POST":
        return OutboundRequest(method=method, url=endpoint, headers=headers)
    headers["Content-Type"] = "application/json"
    return OutboundRequest(method="POST", url=endpoint, headers=headers, json_body=dict(message), has_body=True)


def jsonrpc_request(request_id: int, method: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = dict(params)
    return message


def jsonrpc_notification(method: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": method}


def initialize_params() -> dict[str, Any]:
    return {"protocolVersion": CLIENT_PROTOCOL_VERSION, "capabilities": {}, "clientInfo": dict(CLIENT_INFO)}


def session_id_of(answer: OutboundResponse) -> str | None:
    """The session id the server issued with its initialize answer, if any; refuse a malformed one."""
    value = answer.header(SESSION_HEADER)
    if value is None:
        return None
    if not _SESSION_ID.match(value):
        raise protocol_failure("the Mcp-Session-Id it issued is not visible ASCII")
    return value


def negotiated_version(result: Mapping[str, Any]) -> str:
    version = result.get("protocolVersion")
    if version not in SUPPORTED_PROTOCOL_VERSIONS:
        supported = ", ".join(SUPPORTED_PROTOCOL_VERSIONS)
        raise ConnectorFailed(
            f"the MCP server speaks protocol version {version!r}; Cardamom speaks {supported}",
            detail="upstream_protocol_version",
        )
    return str(version)


def sse_data(text: str) -> list[str]:
    """The data of each event of a Server-Sent Events stream (``data:`` lines joined by newlines).

    Comments and the ``event``, ``id`` and ``retry`` fields are ignored; an event the stream
    ends in the middle of is kept, as a truncated stream is reported by what it lacks.
    """
    events: list[str] = []
    data: list[str] = []
    for line in _LINE_BREAK.split(text):
        if line == "":
            if data:
                events.append("\n".join(data))
            data = []
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        if name == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    if data:
        events.append("\n".join(data))
    return events


def messages_of(content_type: str, text: str) -> list[Any]:
    """The JSON-RPC messages an answer carries: one JSON body (or a batch), or an event stream."""
    if content_type == "text/event-stream":
        found: list[Any] = []
        for data in sse_data(text):
            try:
                found.append(loads_lenient(data))
            except ValueError:
                continue  # a keep-alive or an event that is not a JSON-RPC message
        return found
    if content_type not in ("application/json", ""):
        raise protocol_failure(f"it answered with {content_type!r}, not JSON or an event stream")
    try:
        parsed = loads_lenient(text)
    except ValueError:
        raise protocol_failure("its answer is not JSON") from None
    return parsed if isinstance(parsed, list) else [parsed]


def announces_tools_changed(messages: list[Any]) -> bool:
    """Whether the server sent ``notifications/tools/list_changed`` among an answer's messages
    (a server may, on the stream of the request that changed its tools)."""
    return any(isinstance(m, dict) and m.get("method") == "notifications/tools/list_changed" for m in messages)


def result_of(messages: list[Any], request_id: int, method: str) -> dict[str, Any]:
    """The result of our request, out of the messages of its answer.

    A JSON-RPC error becomes ``ConnectorFailed`` with detail ``upstream_jsonrpc_<code>``.
    """
    for message in messages:
        if not isinstance(message, dict) or message.get("id") != request_id or "method" in message:
            continue
        error = message.get("error")
        if isinstance(error, dict):
            code = error.get("code")
            code_text = str(code) if isinstance(code, int) and not isinstance(code, bool) else "unknown"
            text = error.get("message")
            reason = text[:500] if isinstance(text, str) else "no message"
            raise ConnectorFailed(
                f"the MCP server answered {method} with JSON-RPC error {code_text}: {reason}",
                detail=f"upstream_jsonrpc_{code_text}",
            )
        result = message.get("result")
        if not isinstance(result, dict):
            raise protocol_failure(f"its answer to {method} carries no result object")
        return result
    raise protocol_failure(f"its answer to {method} carries no response to our request")


def tool_call_data(result: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """What a CallToolResult hands back (content, structured content) and whether it is an error."""
    data: dict[str, Any] = {"content": result.get("content", [])}
    if result.get("structuredContent") is not None:
        data["structuredContent"] = result["structuredContent"]
    return data, result.get("isError") is True
