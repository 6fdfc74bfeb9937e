"""Running a connected tool: the gate, the audit row, the credential, the guarded call, the result.

Every refusal is a :class:`~cardamom.errors.ToolError` raised *before* anything is written or
sent; once a call is authorised (``authorization.authorize``) its audit row is written
first, then the request leaves, then the row is completed. The last gate before anything
leaves is ``authorization.outbound_refusal``, given the tool the request reaches; the
outbound guard (``ConnectorCaller``) then checks the fully substituted request, and every
redirect, against the connector's origin.

A remote MCP server's tool takes the same path, except that the request is a ``tools/call``
in a session of its own (``McpSession``), each message of which goes through the same guard.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anyio

from cardamom.core.json_text import loads_lenient
from cardamom.core.outbound import (
    Credential,
    OutboundRequest,
    build_request,
    redact,
    validate_arguments,
    with_credential,
)
from cardamom.core.pool import ConnectorInfo, PoolTool
from cardamom.core.reach import RouteTables, reached_tools
from cardamom.core.truncation import cap_output
from cardamom.errors import (
    CardamomError,
    ConnectorFailed,
    CredentialUnavailable,
    ReauthorizationNeeded,
    StoreError,
    ToolError,
    UnknownTool,
)
from cardamom.ports import CredentialResolver, Directory, OutboundResponse
from cardamom.service.audit_trail import AuditTrail
from cardamom.service.authorization import Caller, Permit, authorize, outbound_refusal
from cardamom.service.connector_calls import IDEMPOTENT, ConnectorCaller
from cardamom.service.identity import caller_snapshot
from cardamom.service.mcp_session import McpSession, Send
from cardamom.service.mcp_wire import tool_call_data
from cardamom.service.missing_tool import inactive_account_refusal, missing_tool_refusal
from cardamom.service.reauthorization import Reauthorization
from cardamom.service.snapshots import SnapshotService

log = logging.getLogger(__name__)

# Audit codes of the ways out that are not a ToolError.
INTERNAL_ERROR = "internal_error"
STORE_UNAVAILABLE = "store_unavailable"
CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class ExecutionResult:
    tool: PoolTool
    account: str  # the account the call reached
    status: int
    data: Any
    truncated: bool
    error: ConnectorFailed | None = None
    tools_changed: bool = False  # a remote server announced notifications/tools/list_changed


class ExecutionService:
    def __init__(
        self,
        *,
        snapshots: SnapshotService,
        directory: Directory,
        credentials: CredentialResolver,
        connectors: ConnectorCaller,
        audit: AuditTrail,
        reauthorization: Reauthorization,
        connector_timeout: float,
    ) -> None:
        self._snapshots = snapshots
        self._directory = directory
        self._credentials = credentials
        self._connectors = connectors
        self._audit = audit
        self._reauthorization = reauthorization
        self._connector_timeout = connector_timeout
        self._routes = RouteTables()

    async def execute(self, caller: Caller, name: str, arguments: Mapping[str, Any]) -> ExecutionResult:
        try:
            permit = authorize(caller, caller_snapshot(self._snapshots, caller), name)
        except UnknownTool as exc:
            raise self._missing(caller, name, exc) from None
        snapshot, tool = permit.snapshot, permit.tool
        arguments = {**arguments, **permit.preset}
        account_label = str(arguments.get(tool.account_argument, "")) if tool.account_argument else tool.account
        if tool.account_argument and account_label not in tool.accounts:
            self._check_account(caller, tool.connector, account_label)
        merged = validate_arguments(tool, arguments, tool.frozen_for(account_label))
        if tool.account_argument:
            merged.pop(tool.account_argument)  # it chose the account; the connector never sees it
        connector = snapshot.connectors[tool.connector]
        account = snapshot.accounts[account_label].account
        # A remote MCP server's tool is forwarded as tools/call; an HTTP tool becomes its request.
        request = None if tool.remote else build_request(tool, connector.base_url, merged)
        row = self._audit.open(caller, tool, account, merged.get(tool.target) if tool.target else None)
        # Every way out of here completes the row: only a killed process leaves it ``started``.
        code: str | None = INTERNAL_ERROR
        try:
            if request is None:
                result = await self._call_remote(permit, account, merged)
            else:
                result = await self._send(permit, account, request)
            code = result.error.audit_code if result.error else None
        except ToolError as exc:
            code = exc.audit_code
            raise
        except StoreError:
            code = STORE_UNAVAILABLE
            raise
        except anyio.get_cancelled_exc_class():
            code = CANCELLED
            raise
        finally:
            self._audit.close(row, code)
        if result.tools_changed:
            self._relist(caller.org)
        return result

    def _relist(self, org: str) -> None:
        """The server said its tools changed: list the org's servers again now, not at the schedule."""
        log.info("a remote MCP server announced that its tools changed; listing again", extra={"org": org})
        try:
            self._snapshots.rebuild(org)
        except (CardamomError, OSError) as exc:  # the call succeeded; the schedule lists it later
            log.warning("re-listing after tools/list_changed failed", extra={"org": org, "problem": str(exc)})

    def _missing(self, caller: Caller, name: str, unknown: UnknownTool) -> ToolError:
        """Why the name reaches nothing (a connection not active, ...): read from the directory,
        which this rare path alone pays for."""
        stored = self._directory.load_org(caller.org)
        if stored is None:
            return unknown
        listings = caller_snapshot(self._snapshots, caller).listings
        return missing_tool_refusal(caller, stored.definition, listings, name, unknown)

    def _check_account(self, caller: Caller, connector: str, account: str) -> None:
        """A merged tool's account that is not among its choices: an inactive one is refused as such."""
        stored = self._directory.load_org(caller.org)
        refusal = None if stored is None else inactive_account_refusal(caller, stored.definition, connector, account)
        if refusal is not None:
            raise refusal

    async def _credential(self, permit: Permit, account: str) -> Credential:
        """The connection's credential; a grant refused for good takes the connection's tools out of search."""
        org, snapshot = permit.caller.org, permit.snapshot
        try:
            return await self._credentials.resolve(
                org, snapshot.accounts[account], snapshot.connectors[permit.tool.connector].auth
            )
        except ReauthorizationNeeded as exc:
            if self._reauthorization.record(org, exc):
                self._snapshots.rebuild(org)
            raise
        except StoreError as exc:
            log.error("the secret store failed", extra={"operation": permit.tool.name})
            raise CredentialUnavailable(
                f"the credential of connection {account} could not be read (the secret store failed); retry shortly"
            ) from exc

    def _last_gate(self, permit: Permit, account: str, request: OutboundRequest | None) -> None:
        """The gate for every tool the fully substituted request reaches (``core/reach.py``); a
        remote MCP tool's request (``None``: a tools/call of its own name) reaches that tool."""
        if request is None:
            reached: Sequence[PoolTool] = (permit.tool,)
        else:
            reached = reached_tools(self._routes, permit.snapshot, permit.tool, account, request.method, request.url)
        for tool in reached:
            refusal = outbound_refusal(permit, tool)
            if refusal is not None:
                if tool is not permit.tool:
                    log.warning(
                        "a request reaches a refused tool",
                        extra={"operation": permit.tool.name, "reached": tool.name},
                    )
                raise refusal

    async def _send(self, permit: Permit, account: str, request: OutboundRequest) -> ExecutionResult:
        tool = permit.tool
        connector = permit.snapshot.connectors[tool.connector]
        self._last_gate(permit, account, request)  # before the credential is read (or refreshed)
        credential = await self._credential(permit, account)
        sent = with_credential(request, connector.auth, credential)
        # The URL template, not the request's URL: argument values never reach a log line.
        template = f"{connector.base_url.rstrip('/')}/{tool.path.lstrip('/')}"
        log.info("calling connector", extra={"operation": tool.name, "method": request.method, "url": template})

        # The connector caller runs the outbound guard on this request and on every redirect,
        # and the last gate on every redirected request.
        def gate(hop: OutboundRequest) -> None:
            self._last_gate(permit, account, hop)

        response = await self._connectors.call(sent, connector.base_url, redirected=gate)
        if response.status == 401:
            renewed = await self._renewed(permit, account, credential, resend=request.method in IDEMPOTENT)
            if renewed is not None:
                sent = with_credential(request, connector.auth, renewed)
                response = await self._connectors.call(sent, connector.base_url, redirected=gate)
        return self._interpret(tool, account, sent, response)

    async def _renewed(self, permit: Permit, account: str, refused: Credential, *, resend: bool) -> Credential | None:
        """The upstream answered HTTP 401 to ``refused`` (the provider restarted, or revoked the token):
        drop it, so that no later call sends it, and when the request may be sent again (the
        idempotency rule every retry follows) and a new credential can be had (an OAuth access
        token), that new one, once."""
        snapshot = permit.snapshot
        auth = snapshot.connectors[permit.tool.connector].auth
        if not self._credentials.reject(permit.caller.org, snapshot.accounts[account], auth, refused) or not resend:
            return None
        log.info("the upstream refused the access token; retrying once with a new one", extra={"account": account})
        return await self._credential(permit, account)

    async def _call_remote(self, permit: Permit, account: str, arguments: dict[str, Any]) -> ExecutionResult:
        """tools/call on the tool's MCP server, in a session of its own, every message through the guard."""
        tool = permit.tool
        connector = permit.snapshot.connectors[tool.connector]
        self._last_gate(permit, account, None)
        credential = await self._credential(permit, account)
        log.info("calling connector", extra={"operation": tool.name, "method": "tools/call", "url": connector.base_url})
        timeout = self._connector_timeout
        deadline = anyio.current_time() + timeout  # one deadline, a retry included
        for attempt in (1, 2):
            session = McpSession(connector.base_url, self._sender(connector, credential), secrets=credential.secrets())
            called = False  # a 401 before tools/call left means nothing ran: any tool may be sent again
            try:
                with anyio.fail_after(max(0.0, deadline - anyio.current_time())):
                    await session.open()
                    called = True
                    result = await session.request("tools/call", {"name": tool.upstream_name, "arguments": arguments})
                break
            except TimeoutError:
                raise ConnectorFailed(
                    f"the MCP server did not answer within {timeout:g} s", detail="connector_timeout"
                ) from None
            except ConnectorFailed as exc:
                resend = attempt == 1 and (not called or tool.classification == "read")
                renewed = None if exc.status != 401 else await self._renewed(permit, account, credential, resend=resend)
                if renewed is None:
                    raise
                credential = renewed
            finally:
                await session.close()
        data, failed = tool_call_data(result)
        capped = cap_output(data)
        error = None
        if failed:
            error = ConnectorFailed(
                f"{tool.name}: the MCP server reports that the tool failed", detail="upstream_tool_error"
            )
        return ExecutionResult(tool, account, 200, capped.value, capped.truncated, error, session.tools_changed)

    def _sender(self, connector: ConnectorInfo, credential: Credential) -> Send:
        async def send(request: OutboundRequest) -> OutboundResponse:
            return await self._connectors.call(with_credential(request, connector.auth, credential), connector.base_url)

        return send

    @staticmethod
    def _interpret(
        tool: PoolTool, account: str, request: OutboundRequest, response: OutboundResponse
    ) -> ExecutionResult:
        text = response.body.decode("utf-8", errors="replace")
        text = redact(text, request.secrets)
        data: Any = text
        if response.content_type.endswith("json") or response.content_type == "":
            try:
                data = loads_lenient(text) if text else None
            except ValueError:
                data = text
        capped = cap_output(data)
        error = None
        if response.status >= 400:
            error = ConnectorFailed(
                f"{tool.name}: the connector answered HTTP {response.status}",
                status=response.status,
                detail=f"upstream_http_{response.status}",
            )
        return ExecutionResult(tool, account, response.status, capped.value, capped.truncated, error)
