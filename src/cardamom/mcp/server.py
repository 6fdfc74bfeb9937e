"""The MCP endpoint: stateless Streamable HTTP with JSON responses.

One POST carries one JSON-RPC message. Requests get a JSON response; notifications and
client responses get 202 with no body. No session is kept between requests, so any
Lambda instance can answer any request. ``execute_tool`` unwraps to the same
``_call_named`` path and gates as a direct ``tools/call``.

Every path asks the authorization gate (``service/authorization.py``): ``tools/list`` and
``tools/call`` ask ``execute_refusal`` before reading anything else of the request, so a
caller without ``tool:execute`` gets the same refusal whatever they send; the search,
execution and control-plane services then ask for the tool or operation at hand.

Two protocol eras share the endpoint (``cardamom.mcp.versions``): the handshake era
(``initialize``, then ``MCP-Protocol-Version``) and the 2026-07-28 per-request era
(``server/discover``, ``_meta`` and mirrored headers on every request, checked by
``cardamom.mcp.per_request``). Each request is placed in its era on its own; both reach the
same tools through the same gates.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from mcp_types import (
    INTERNAL_ERROR,
    SERVER_INFO_META_KEY,
    CallToolRequestParams,
    DiscoverResult,
    Implementation,
    InitializeRequestParams,
    InitializeResult,
    ListToolsResult,
    ServerCapabilities,
    ToolsCapability,
)
from pydantic import BaseModel, ValidationError

from cardamom import __version__
from cardamom.core.json_text import JsonRejected, loads_strict
from cardamom.core.problems import validation_problems
from cardamom.errors import (
    AuthenticationError,
    InvalidArguments,
    InvalidParams,
    InvalidRequest,
    MethodNotFound,
    MissingRequestMeta,
    ParseError,
    ProtocolError,
    StoreError,
    ToolError,
    UnknownTool,
    UnsupportedProtocolVersion,
)
from cardamom.mcp import per_request
from cardamom.mcp.catalog import (
    EXECUTE_TOOL,
    EXECUTE_TOOL_DEF,
    SEARCH_TOOL,
    SEARCH_TOOLS,
    SERVER_INSTRUCTIONS,
    connected_tool,
    operation_tool,
)
from cardamom.mcp.errors import jsonrpc_error, protocol_error_code, tool_error_result
from cardamom.mcp.request_headers import McpHeaders
from cardamom.mcp.results import ToolResult, execution_result, search_payload, structured
from cardamom.mcp.versions import (
    LATEST_HANDSHAKE_VERSION,
    SUPPORTED_VERSIONS,
    Era,
    negotiate_handshake,
    request_era,
)
from cardamom.service.authorization import Caller, execute_refusal
from cardamom.service.controlplane.plane import ControlPlane
from cardamom.service.execution import ExecutionService
from cardamom.service.search import MAX_QUERY_CHARS, MAX_SEARCH_LIMIT, SearchService

log = logging.getLogger(__name__)

MAX_ID_CHARS = 256  # a request id is echoed in its answer
# What initialize answers with by default (every version served is mcp.versions.SUPPORTED_VERSIONS).
LATEST_PROTOCOL_VERSION = LATEST_HANDSHAKE_VERSION
# Caching hints (2026-07-28). tools/list varies by caller, so it is private; a minute keeps a
# client's copy close to restriction and membership changes (calls are re-checked anyway).
TOOLS_LIST_TTL_MS = 60_000
# server/discover holds nothing caller-specific (versions, capabilities, instructions).
DISCOVER_TTL_MS = 3_600_000
SERVER_INFO = Implementation(name="cardamom", title="Cardamom MCP gateway", version=__version__)
CAPABILITIES = ServerCapabilities(tools=ToolsCapability(list_changed=False))


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    body: dict[str, Any] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)


# Result fields that exist only in the per-request protocol era (2026-07-28); the
# handshake versions served here do not define them, so they stay off the wire.
_MODERN_ONLY_FIELDS = {"result_type", "ttl_ms", "cache_scope"}


def _dump(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json", exclude=_MODERN_ONLY_FIELDS)


def _dump_per_request(result: BaseModel | dict[str, Any]) -> dict[str, Any]:
    """A 2026-07-28 result: every field, ``resultType`` (``complete``: this server never needs
    more input), and the server naming itself in ``_meta``."""
    if isinstance(result, BaseModel):
        payload = result.model_dump(by_alias=True, exclude_none=True, mode="json")
    else:
        payload = dict(result)
    payload.setdefault("resultType", "complete")
    meta = payload.get("_meta")
    payload["_meta"] = {
        **(meta if isinstance(meta, dict) else {}),
        SERVER_INFO_META_KEY: SERVER_INFO.model_dump(by_alias=True, exclude_none=True, mode="json"),
    }
    return payload


def _first_problem(exc: ValidationError) -> str:
    return validation_problems(exc, top_level="params")[0]


Handler = Callable[[Caller, dict[str, Any]], Awaitable[BaseModel | dict[str, Any]]]


class McpEndpoint:
    def __init__(self, search: SearchService, execution: ExecutionService, control_plane: ControlPlane) -> None:
        self._search_service = search
        self._execution = execution
        self._plane = control_plane
        self._methods: dict[str, Handler] = {
            "initialize": self._initialize,
            "ping": self._ping,
            "tools/list": self._list_tools,
            "tools/call": self._call_tool,
        }
        # 2026-07-28 removed initialize and ping; anything else is "method not found" (404).
        self._per_request_methods: dict[str, Handler] = {
            "server/discover": self._discover,
            "tools/list": self._list_tools,
            "tools/call": self._call_tool,
        }

    async def handle(self, body: bytes, caller: Caller, *, headers: McpHeaders | None = None) -> Reply:
        """Answer one POSTed message; ``headers`` are the MCP request headers, read before the body."""
        headers = McpHeaders.none() if headers is None else headers
        request_id: Any = None
        era: Era = "handshake"
        try:
            message = self._parse(body)
            if "method" not in message:
                if "id" in message and ("result" in message or "error" in message):
                    return Reply(202)  # a response to a server request; we send none, so nothing to do
                raise InvalidRequest("a JSON-RPC message needs a method")
            method = message["method"]
            if not isinstance(method, str):
                raise InvalidRequest("method must be a string")
            if "id" not in message:
                return Reply(202)  # notifications are accepted and need no answer
            request_id = message["id"]
            if isinstance(request_id, bool) or not isinstance(request_id, str | int):
                request_id = None
                raise InvalidRequest("id must be a string or an integer")
            if isinstance(request_id, str) and len(request_id) > MAX_ID_CHARS:
                request_id = None  # echoed in every answer, so it is bounded like the answer
                raise InvalidRequest(f"id must be at most {MAX_ID_CHARS} characters")
            params = message.get("params", {})
            if params is None:
                params = {}
            era = request_era(method, params if isinstance(params, dict) else {}, headers.version)
            if era == "per-request":
                return await self._per_request(request_id, method, params, caller, headers)
            protocol_version = headers.protocol_version.value
            if headers.protocol_version.problem is not None:
                raise UnsupportedProtocolVersion(headers.protocol_version.problem)
            if method != "initialize" and protocol_version not in (None, *SUPPORTED_VERSIONS):
                supported = ", ".join(SUPPORTED_VERSIONS)
                raise UnsupportedProtocolVersion(
                    f"MCP-Protocol-Version {protocol_version!r} is not supported (supported: {supported})"
                )
            if not isinstance(params, dict):
                raise InvalidParams("params must be an object")
            handler = self._methods.get(method)
            if handler is None:
                raise MethodNotFound(f"method {method!r} is not supported")
            result = await handler(caller, params)
            payload = _dump(result) if isinstance(result, BaseModel) else result
            return Reply(200, {"jsonrpc": "2.0", "id": request_id, "result": payload})
        except ProtocolError as exc:
            code, status = protocol_error_code(exc, era)
            return Reply(status, jsonrpc_error(request_id, code, str(exc), exc.data))
        except (AuthenticationError, StoreError):
            raise  # HTTP answers (401, 503), given by the transport: not a fault of this message
        except Exception:
            log.exception("unhandled error while serving an MCP request")
            return Reply(
                200, jsonrpc_error(request_id, INTERNAL_ERROR, "internal error; the request was not completed")
            )

    async def _per_request(
        self, request_id: str | int, method: str, params: object, caller: Caller, headers: McpHeaders
    ) -> Reply:
        """A 2026-07-28 request: its _meta and headers checked, then the era's own methods."""
        if not isinstance(params, dict):
            raise MissingRequestMeta("params must be an object holding _meta on a 2026-07-28 request")
        context = per_request.validate(method, params, headers)
        handler = self._per_request_methods.get(method)
        if handler is None:
            raise MethodNotFound(f"method {method!r} is not supported by protocol version {context.version}")
        caller = replace(caller, client_name=context.client_name, mcp_name=context.mcp_name)
        result = await handler(caller, params)
        return Reply(200, {"jsonrpc": "2.0", "id": request_id, "result": _dump_per_request(result)})

    @staticmethod
    def _parse(body: bytes) -> dict[str, Any]:
        try:
            message = loads_strict(body)
        except JsonRejected as exc:
            raise ParseError(str(exc)) from None
        if isinstance(message, list):
            raise InvalidRequest("batch requests are not supported; send one JSON-RPC message per POST")
        if not isinstance(message, dict):
            raise InvalidRequest("the body must be a JSON-RPC 2.0 object")
        if message.get("jsonrpc") != "2.0":
            raise InvalidRequest('jsonrpc must be "2.0"')
        return message

    # ---- methods --------------------------------------------------------------------------

    async def _initialize(self, caller: Caller, params: dict[str, Any]) -> BaseModel:
        try:
            parsed = InitializeRequestParams.model_validate(params)
        except ValidationError as exc:
            raise InvalidParams(f"initialize: {_first_problem(exc)}") from None
        return InitializeResult(
            protocol_version=negotiate_handshake(parsed.protocol_version),
            capabilities=CAPABILITIES,
            server_info=SERVER_INFO,
            instructions=SERVER_INSTRUCTIONS,
        )

    async def _discover(self, caller: Caller, params: dict[str, Any]) -> BaseModel:
        return DiscoverResult(
            supported_versions=list(SUPPORTED_VERSIONS),
            capabilities=CAPABILITIES,
            instructions=SERVER_INSTRUCTIONS,
            ttl_ms=DISCOVER_TTL_MS,
            cache_scope="public",
        )

    async def _ping(self, caller: Caller, params: dict[str, Any]) -> dict[str, Any]:
        return {}

    async def _list_tools(self, caller: Caller, params: dict[str, Any]) -> BaseModel:
        """The caller's tools in a stable order: the meta-tools, the control-plane operations in
        catalog order, then (where the org's collapse threshold admits them) connected tools by name."""
        if params.get("cursor") is not None:
            raise InvalidParams("unknown cursor: tools/list is never paginated here")
        if execute_refusal(caller) is not None:
            return ListToolsResult(tools=[], ttl_ms=TOOLS_LIST_TTL_MS, cache_scope="private")
        operations = [operation_tool(op) for op in self._plane.available(caller)]
        connected = [connected_tool(t) for t in self._search_service.listed_tools(caller, len(operations))]
        return ListToolsResult(
            tools=[SEARCH_TOOL, EXECUTE_TOOL_DEF, *operations, *connected],
            ttl_ms=TOOLS_LIST_TTL_MS,
            cache_scope="private",
        )

    async def _call_tool(self, caller: Caller, params: dict[str, Any]) -> ToolResult:
        try:
            parsed = CallToolRequestParams.model_validate(params)
        except ValidationError as exc:
            raise InvalidParams(f"tools/call: {_first_problem(exc)}") from None
        try:
            return await self._call_named(caller, parsed.name, parsed.arguments or {}, wrapped=False)
        except UnknownTool as exc:
            # A name nobody advertised is a protocol error for tools/call (MCP spec); through
            # execute_tool the name is an argument, so the same fault comes back in-band.
            raise InvalidParams(str(exc)) from None

    async def _call_named(self, caller: Caller, name: str, arguments: dict[str, Any], *, wrapped: bool) -> ToolResult:
        try:
            denied = execute_refusal(caller)
            if denied is not None:
                raise denied
            if name == SEARCH_TOOLS:
                return self._search(caller, arguments)
            if name == EXECUTE_TOOL:
                if wrapped:
                    raise InvalidArguments("execute_tool cannot run execute_tool")
                inner_name, inner_arguments = self._unwrap(arguments)
                try:
                    return await self._call_named(caller, inner_name, inner_arguments, wrapped=True)
                except UnknownTool as exc:
                    return tool_error_result(exc)
            op = self._plane.operation(name)
            if op is not None:
                return structured(self._plane.run(caller, op, arguments))
            return execution_result(await self._execution.execute(caller, name, arguments))
        except UnknownTool:
            raise
        except ToolError as exc:
            return tool_error_result(exc)

    @staticmethod
    def _unwrap(arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        unknown = sorted(set(arguments) - {"name", "arguments"})
        if unknown:
            raise InvalidArguments(f"execute_tool takes name and arguments, not {', '.join(map(repr, unknown))}")
        name = arguments.get("name")
        if not isinstance(name, str) or not name:
            raise InvalidArguments("execute_tool needs name: the tool name search_tools returned")
        inner = arguments.get("arguments", {})
        if inner is None:
            inner = {}
        if not isinstance(inner, dict):
            raise InvalidArguments("execute_tool arguments must be an object")
        return name, inner

    def _search(self, caller: Caller, arguments: dict[str, Any]) -> ToolResult:
        unknown = sorted(set(arguments) - {"query", "limit"})
        if unknown:
            raise InvalidArguments(f"search_tools takes query and limit, not {', '.join(map(repr, unknown))}")
        query = arguments.get("query")
        if not isinstance(query, str) or not query.strip():
            raise InvalidArguments("search_tools needs query: a few words or a guessed tool name")
        if len(query) > MAX_QUERY_CHARS:
            raise InvalidArguments(f"query is longer than {MAX_QUERY_CHARS} characters")
        limit = arguments.get("limit")
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_SEARCH_LIMIT
        ):
            raise InvalidArguments(f"limit must be an integer from 1 to {MAX_SEARCH_LIMIT}")
        return structured(search_payload(self._search_service.search(caller, query, limit)))
