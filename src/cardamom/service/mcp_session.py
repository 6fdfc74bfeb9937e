"""A client session with a remote MCP server over Streamable HTTP.

``initialize`` (offering protocol version 2025-11-25), then ``notifications/initialized``,
then the requests; the ``Mcp-Session-Id`` the server issues (if any) and the negotiated
``MCP-Protocol-Version`` ride on every later message, and the session is ended with a
``DELETE`` when one was issued. Each message goes out through ``send``, which the caller
builds to inject the connection's credential and run the outbound guard
(``ConnectorCaller.call``), so a remote server is held to every rule an HTTP connector is.

A session lives for one call (or one listing): calls of different members never share
server-side session state, and nothing survives between requests, which suits Lambda.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import anyio

from cardamom.core.outbound import OutboundRequest, redact
from cardamom.errors import CardamomError, ConnectorFailed
from cardamom.ports import OutboundResponse
from cardamom.service.mcp_wire import (
    announces_tools_changed,
    initialize_params,
    jsonrpc_notification,
    jsonrpc_request,
    message_request,
    messages_of,
    negotiated_version,
    protocol_failure,
    result_of,
    session_id_of,
)

log = logging.getLogger(__name__)

Send = Callable[[OutboundRequest], Awaitable[OutboundResponse]]

MAX_LIST_PAGES = 50
CLOSE_SECONDS = 2.0


def _http_failure(response: OutboundResponse, what: str) -> ConnectorFailed:
    return ConnectorFailed(
        f"the MCP server answered {what} with HTTP {response.status}",
        status=response.status,
        detail=f"upstream_http_{response.status}",
    )


class McpSession:
    def __init__(self, endpoint: str, send: Send, *, secrets: tuple[str, ...] = ()) -> None:
        self._endpoint = endpoint
        self._send = send
        self._secrets = secrets
        self._next_id = 0
        self.session_id: str | None = None
        self.protocol_version: str | None = None
        self.tools_changed = False  # the server announced notifications/tools/list_changed

    async def __aenter__(self) -> McpSession:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> None:
        result, answer = await self._request("initialize", initialize_params())
        self.protocol_version = negotiated_version(result)
        self.session_id = session_id_of(answer)
        response = await self._send(self._message(jsonrpc_notification("notifications/initialized")))
        if response.status >= 400:
            raise _http_failure(response, "notifications/initialized")

    async def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        result, _ = await self._request(method, params)
        return result

    async def list_tools(self) -> list[Any]:
        """Every page of ``tools/list``: the raw tool entries, in the server's order."""
        entries: list[Any] = []
        cursor: str | None = None
        seen: set[str] = set()
        for _ in range(MAX_LIST_PAGES):
            result = await self.request("tools/list", {"cursor": cursor} if cursor is not None else None)
            tools = result.get("tools")
            if not isinstance(tools, list):
                raise protocol_failure("its tools/list result holds no tools list")
            entries.extend(tools)
            cursor = result.get("nextCursor")
            if not isinstance(cursor, str) or not cursor or cursor in seen:
                return entries
            seen.add(cursor)
        log.warning("tools/list stopped after the page limit", extra={"pages": MAX_LIST_PAGES})
        return entries

    async def close(self) -> None:
        """End the session the server issued (best effort: the call's answer is already in hand)."""
        if self.session_id is None:
            return
        request = message_request(
            self._endpoint, {}, session_id=self.session_id, protocol_version=self.protocol_version, method="DELETE"
        )
        self.session_id = None
        with anyio.move_on_after(CLOSE_SECONDS):
            try:
                await self._send(request)
            except CardamomError as exc:
                log.info("the MCP session could not be ended", extra={"problem": type(exc).__name__})

    def _message(self, message: dict[str, Any]) -> OutboundRequest:
        return message_request(
            self._endpoint, message, session_id=self.session_id, protocol_version=self.protocol_version
        )

    async def _request(self, method: str, params: dict[str, Any] | None) -> tuple[dict[str, Any], OutboundResponse]:
        self._next_id += 1
        request_id = self._next_id
        response = await self._send(self._message(jsonrpc_request(request_id, method, params)))
        if response.status >= 400 or response.status == 202:
            raise _http_failure(response, method)
        text = redact(response.body.decode("utf-8", errors="replace"), self._secrets)
        messages = messages_of(response.content_type, text)
        self.tools_changed = self.tools_changed or announces_tools_changed(messages)
        return result_of(messages, request_id, method), response
