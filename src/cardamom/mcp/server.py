"""The MCP endpoint: stateless Streamable HTTP with JSON responses.

One POST carries one JSON-RPC message. Requests get a JSON response; notifications and
client responses get 202 with no body. No session is kept between requests, so any
Lambda instance can answer any request. ``execute_tool`` unwraps to the same
``_call_named`` path and gates as a direct ``tools/call``.

Every path asks the authorization gate (``service/authorization.py``): ``tools/list`` and
``tools/call`` ask ``execute_refusal`` before reading anything else of the request, so a
caller without ``tool:execute`` gets the same refusal whatever they send; the search,
execution and control-plane services then ask for the tool or operation at hand.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mcp_types import (
    INTERNAL_ERROR,
    CallToolRequestParams,
    Implementation,
    InitializeRequestParams,
    InitializeResult,
    ListToolsResult,
    ServerCapabilities,
    ToolsCapability,
)
from pydantic import BaseModel, ValidationError

from cardamom import __version__
from cardamom.core.problems import validation_problems
from cardamom.errors import (
    InvalidArguments,
    InvalidParams,
    InvalidRequest,
    MethodNotFound,
    ParseError,
    ProtocolError,
    ToolError,
    UnknownTool,
    UnsupportedProtocolVersion,
)
from cardamom.mcp.catalog import (
    EXECUTE_TOOL,
    EXECUTE_TOOL_DEF,
    SEARCH_TOOL,
    SEARCH_TOOLS,
    SERVER_INSTRUCTIONS,
    operation_tool,
)
from cardamom.mcp.errors import jsonrpc_error, protocol_error_code, tool_error_result
from cardamom.mcp.results import ToolResult, execution_result, search_payload, structured
from cardamom.service.authorization import Caller, execute_refusal
from cardamom.service.controlplane.plane import ControlPlane
from cardamom.service.execution import ExecutionService
from cardamom.service.mcp_wire import SUPPORTED_PROTOCOL_VERSIONS
from cardamom.service.search import MAX_QUERY_CHARS, MAX_SEARCH_LIMIT, SearchService

log = logging.getLogger(__name__)

LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[-1]


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


def _first_problem(exc: ValidationError) -> str:
    return validation_problems(exc, top_level="params")[0]


def negotiate_version(requested: str) -> str:
    return requested if requested in SUPPORTED_PROTOCOL_VERSIONS else LATEST_PROTOCOL_VERSION


class McpEndpoint:
    def __init__(self, search: SearchService, execution: ExecutionService, control_plane: ControlPlane) -> None:
        self._search_service = search
        self._execution = execution
        self._plane = control_plane
        self._methods: dict[str, Callable[[Caller, dict[str, Any]], Awaitable[BaseModel | dict[str, Any]]]] = {
            "initialize": self._initialize,
            "ping": self._ping,
            "tools/list": self._list_tools,
            "tools/call": self._call_tool,
        }

    async def handle(self, body: bytes, caller: Caller, *, protocol_version: str | None = None) -> Reply:
        request_id: Any = None
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
            if method != "initialize" and protocol_version not in (None, *SUPPORTED_PROTOCOL_VERSIONS):
                supported = ", ".join(SUPPORTED_PROTOCOL_VERSIONS)
                raise UnsupportedProtocolVersion(
                    f"MCP-Protocol-Version {protocol_version!r} is not supported (supported: {supported})"
                )
            params = message.get("params", {})
            if params is None:
                params = {}
            if not isinstance(params, dict):
                raise InvalidParams("params must be an object")
            handler = self._methods.get(method)
            if handler is None:
                raise MethodNotFound(f"method {method!r} is not supported")
            result = await handler(caller, params)
            payload = _dump(result) if isinstance(result, BaseModel) else result
            return Reply(200, {"jsonrpc": "2.0", "id": request_id, "result": payload})
        except ProtocolError as exc:
            code, status = protocol_error_code(exc)
            return Reply(status, jsonrpc_error(request_id, code, str(exc)))
        except Exception:
            log.exception("unhandled error while serving an MCP request")
            return Reply(
                200, jsonrpc_error(request_id, INTERNAL_ERROR, "internal error; the request was not completed")
            )

    @staticmethod
    def _parse(body: bytes) -> dict[str, Any]:
        try:
            message = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise ParseError("the body is not valid JSON") from None
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
            protocol_version=negotiate_version(parsed.protocol_version),
            capabilities=ServerCapabilities(tools=ToolsCapability(list_changed=False)),
            server_info=Implementation(name="cardamom", title="Cardamom MCP gateway", version=__version__),
            instructions=SERVER_INSTRUCTIONS,
        )

    async def _ping(self, caller: Caller, params: dict[str, Any]) -> dict[str, Any]:
        return {}

    async def _list_tools(self, caller: Caller, params: dict[str, Any]) -> BaseModel:
        if params.get("cursor") is not None:
            raise InvalidParams("unknown cursor: tools/list is never paginated here")
        if execute_refusal(caller) is not None:
            return ListToolsResult(tools=[])
        operations = [operation_tool(op) for op in self._plane.available(caller)]
        return ListToolsResult(tools=[SEARCH_TOOL, EXECUTE_TOOL_DEF, *operations])

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
