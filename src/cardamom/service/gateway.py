"""The gateway's use cases: who is calling, search, and running a connected tool.

This layer knows nothing of JSON-RPC or HTTP; ``cardamom.mcp`` turns its results and
errors into wire messages. Every refusal is a :class:`~cardamom.errors.ToolError`
subclass raised *before* anything is written or sent; once a call is authorised its
audit row is written first, then the request leaves, then the row is completed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio

from cardamom.core.app_scope import named_in
from cardamom.core.audit import AuditRow
from cardamom.core.mcp_wire import tool_call_data
from cardamom.core.outbound import (
    Credential,
    OutboundRequest,
    build_request,
    redact,
    validate_arguments,
    with_credential,
)
from cardamom.core.policy import TOOL_EXECUTE, resolve_restrictions
from cardamom.core.search import EmptyReason, Hit, Ranking, rank
from cardamom.core.snapshot import PoolTool, Snapshot
from cardamom.core.truncation import cap_output
from cardamom.errors import (
    AuditUnavailable,
    AuthenticationError,
    ConnectorFailed,
    NotFound,
    Restricted,
    StoreError,
    ToolError,
    UnknownTool,
)
from cardamom.ports import (
    AuditLog,
    Claims,
    ConnectorTransport,
    CredentialResolver,
    Directory,
    OutboundResponse,
    SearchTelemetry,
)
from cardamom.service.access import Caller, PoolCache, permission_refusal, tool_refusal
from cardamom.service.connector_calls import ConnectorCaller, Sleep
from cardamom.service.mcp_session import McpSession
from cardamom.service.snapshots import SnapshotService

log = logging.getLogger(__name__)

RESTRICTED_NAMES_SHOWN = 5

# The seeds' fixed order of checks when a tool seems to be missing.
MISSING_TOOL_CHECKS: tuple[str, ...] = (
    "Does the connection exist? (cardamom__connections__list)",
    "Is its status active? If not, reconnect it.",
    "Is the tool in the connection's tool list? If not, check whether a restriction covers the connector "
    "(cardamom__restrictions__list).",
    "Is mcp:tools on the OAuth grant?",
    "Connected tools are never in the tool list, so call search_tools for the name.",
)


@dataclass(frozen=True, slots=True)
class GatewaySettings:
    allow_loopback_http: bool = False
    default_search_limit: int = 10
    max_search_limit: int = 50
    connector_deadline_seconds: float = 20.0


@dataclass(frozen=True, slots=True)
class SearchResult:
    tool: PoolTool
    connector_label: str
    hit: Hit


@dataclass(frozen=True, slots=True)
class RestrictedMatch:
    name: str
    reason: str
    code: str


@dataclass(frozen=True, slots=True)
class SearchReport:
    query: str
    ranking: Ranking
    results: tuple[SearchResult, ...]
    restricted_count: int
    restricted: tuple[RestrictedMatch, ...]
    # Why nothing came back, as data (None when there are results): the ranker's reason,
    # refined with what only the gateway knows (restricted matches, pending connections).
    reason: EmptyReason | None = None

    @property
    def empty(self) -> bool:
        return not self.results


@dataclass(frozen=True, slots=True)
class ExecutionResult:
    tool: PoolTool
    account: str  # the account the call reached
    status: int
    data: Any
    truncated: bool
    error: ConnectorFailed | None = None


def _empty_reason(snapshot: Snapshot, query: str, ranking: Ranking, restricted: int) -> EmptyReason:
    """The ranker's reason, refined: an app the org has a connector for, but no active
    connection (pending, needs_reauth), holds no tools, so the ranker cannot know it; and
    matches that are all restricted say so."""
    reason = ranking.reason or EmptyReason("words_uncovered", ranking.scope, ranking.uncovered, ranking.values)
    if reason.kind in ("app_not_connected", "words_uncovered"):
        indexed = set(snapshot.index.app_targets)
        idle = named_in(query, [c.label for c in snapshot.connectors.values() if c.label not in indexed])
        if idle:
            return EmptyReason("app_without_usable_tools", tuple(idle), reason.uncovered, reason.values)
    if restricted and reason.kind == "words_uncovered":
        return EmptyReason("restricted_only", reason.apps, reason.uncovered, reason.values)
    return reason


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Gateway:
    def __init__(
        self,
        *,
        directory: Directory,
        snapshots: SnapshotService,
        audit: AuditLog,
        transport: ConnectorTransport,
        credentials: CredentialResolver,
        telemetry: SearchTelemetry,
        settings: GatewaySettings,
        clock: Callable[[], datetime] = _utc_now,
        new_id: Callable[[], str],
        sleep: Sleep = anyio.sleep,
    ) -> None:
        self._directory = directory
        self._snapshots = snapshots
        self._audit = audit
        self._transport = transport
        self._credentials = credentials
        self._telemetry = telemetry
        self._settings = settings
        self._clock = clock
        self._new_id = new_id
        self._pools = PoolCache()
        self._caller = ConnectorCaller(
            transport,
            allow_loopback_http=settings.allow_loopback_http,
            deadline_seconds=settings.connector_deadline_seconds,
            sleep=sleep,
        )

    @property
    def settings(self) -> GatewaySettings:
        return self._settings

    @property
    def directory(self) -> Directory:
        return self._directory

    # ---- who is calling ------------------------------------------------------------------

    def caller(self, claims: Claims) -> Caller:
        """Check the member live on every request: suspension or removal bites on the next call."""
        record = self._directory.get_member(claims.org, claims.member)
        if record is None:
            raise AuthenticationError(f"member {claims.member!r} is not in org {claims.org!r}")
        member = record.member
        if member.status != "active":
            raise AuthenticationError(f"member {claims.member!r} is {member.status}")
        revoked = record.grants_revoked_at
        # A token issued in the same second as a revocation is refused too: safe side.
        if revoked is not None and (claims.issued_at is None or claims.issued_at <= revoked):
            raise AuthenticationError(f"this token of member {claims.member!r} was revoked; get a new one")
        return Caller(claims.org, member.id, member.role, claims.scopes, claims.token_id)

    def snapshot(self, org: str) -> Snapshot:
        try:
            return self._snapshots.current(org)
        except NotFound as exc:
            raise AuthenticationError(str(exc)) from exc

    # ---- search --------------------------------------------------------------------------

    def search(self, caller: Caller, query: str, limit: int | None = None) -> SearchReport:
        denied = permission_refusal(caller, TOOL_EXECUTE)
        if denied is not None:
            raise denied
        limit = self._settings.default_search_limit if limit is None else limit
        limit = max(1, min(limit, self._settings.max_search_limit))
        snapshot = self.snapshot(caller.org)
        pool = self._pools.pool(caller, snapshot)
        ranking = rank(snapshot.index, query, pool=pool.visible, limit=limit)
        results = tuple(
            SearchResult(snapshot.tools[hit.doc], snapshot.connectors[snapshot.tools[hit.doc].connector].label, hit)
            for hit in ranking.hits
        )
        # Withheld tools are ranked on their own (same floor, their own IDF), so they can
        # neither match nor shift anything in the caller's pool.
        withheld = rank(snapshot.index, query, pool=pool.withheld.positions, limit=RESTRICTED_NAMES_SHOWN)
        restricted = tuple(
            RestrictedMatch(hit.name, str(pool.withheld[hit.doc]), pool.withheld[hit.doc].code) for hit in withheld.hits
        )
        self._telemetry.searched(
            org=caller.org, pool_size=len(pool.visible), results=len(results), restricted=withheld.above_floor
        )
        reason = None if results else _empty_reason(snapshot, query, ranking, withheld.above_floor)
        return SearchReport(query, ranking, results, withheld.above_floor, restricted, reason)

    # ---- execution -----------------------------------------------------------------------

    def connected_tool(self, caller: Caller, name: str) -> tuple[Snapshot, PoolTool, dict[str, Any]]:
        """Resolve an advertised name (or an alias of one) and pass every gate, or raise the refusal.

        Returns the arguments an alias presets (the account of a merged tool), if any.
        """
        denied = permission_refusal(caller, TOOL_EXECUTE)
        if denied is not None:
            raise denied
        snapshot = self.snapshot(caller.org)
        resolved = snapshot.resolve(name)
        if resolved is None:
            raise UnknownTool(
                f"no connected tool named {name!r} is available; connected tools are never listed, "
                "so call search_tools to find the name"
            )
        tool, preset = resolved
        refusal = tool_refusal(caller, snapshot, tool)
        if refusal is not None:
            raise refusal
        return snapshot, tool, preset

    async def execute(self, caller: Caller, name: str, arguments: Mapping[str, Any]) -> ExecutionResult:
        snapshot, tool, preset = self.connected_tool(caller, name)
        arguments = {**arguments, **preset}
        account_label = str(arguments.get(tool.account_argument, "")) if tool.account_argument else tool.account
        merged = validate_arguments(tool, arguments, tool.frozen_for(account_label))
        if tool.account_argument:
            merged.pop(tool.account_argument)  # it chose the account; the connector never sees it
        connector = snapshot.connectors[tool.connector]
        account = snapshot.accounts[account_label]
        # A remote MCP server's tool is forwarded as tools/call; an HTTP tool becomes its request.
        request = None if tool.remote else build_request(tool, connector.base_url, merged)
        target = merged.get(tool.target) if tool.target else None
        row = AuditRow(
            org=caller.org,
            id=self._new_id(),
            started_at=self._clock().isoformat(),
            member=caller.member_id,
            account=account.account,
            connector=tool.connector,
            operation=tool.name,
            classification=tool.classification,
            approved=True,
            target_id=None if target is None else str(target),
        )
        try:
            self._audit.begin(row)
        except StoreError as exc:
            log.error("audit row could not be written; call not sent", extra={"operation": tool.name})
            raise AuditUnavailable("the audit trail is unavailable, so the call was not sent") from exc
        try:
            if request is None:
                result = await self._call_remote(caller, snapshot, tool, account.account, merged)
            else:
                result = await self._send(caller, snapshot, tool, account.account, request)
        except ToolError as exc:
            self._complete(row, exc.audit_code)
            raise
        self._complete(row, result.error.audit_code if result.error else None)
        return result

    async def _credential(self, caller: Caller, snapshot: Snapshot, tool: PoolTool, account: str) -> Credential:
        """The connection's credential, then policy once more, just before anything leaves."""
        connector = snapshot.connectors[tool.connector]
        credential = await self._credentials.resolve(caller.org, snapshot.accounts[account], connector.auth)
        verdict = resolve_restrictions(
            snapshot.restrictions,
            member_id=caller.member_id,
            role=caller.role,
            connector=tool.connector,
            tool=tool.tool,
        )
        if not verdict.allowed:
            raise Restricted(f"{tool.name} is restricted: {verdict.reason}", rule_id=verdict.rule_id)
        return credential

    async def _send(
        self, caller: Caller, snapshot: Snapshot, tool: PoolTool, account: str, request: OutboundRequest
    ) -> ExecutionResult:
        connector = snapshot.connectors[tool.connector]
        credential = await self._credential(caller, snapshot, tool, account)
        # The final check runs on the fully substituted request: the guard, in the connector caller.
        request = with_credential(request, connector.auth, credential)
        log.info(
            "calling connector",
            extra={"operation": tool.name, "method": request.method, "url": request.redacted_url()},
        )
        # The connector caller runs the outbound guard on this request and on every redirect.
        response = await self._caller.call(request, connector.base_url)
        return self._interpret(tool, account, request, response)

    async def _call_remote(
        self, caller: Caller, snapshot: Snapshot, tool: PoolTool, account: str, arguments: dict[str, Any]
    ) -> ExecutionResult:
        """tools/call on the tool's MCP server, in a session of its own, every message through the guard."""
        connector = snapshot.connectors[tool.connector]
        credential = await self._credential(caller, snapshot, tool, account)

        async def send(request: OutboundRequest) -> OutboundResponse:
            return await self._caller.call(with_credential(request, connector.auth, credential), connector.base_url)

        log.info("calling connector", extra={"operation": tool.name, "method": "tools/call", "url": connector.base_url})
        deadline = self._settings.connector_deadline_seconds
        session = McpSession(connector.base_url, send, secrets=credential.secrets())
        try:
            with anyio.fail_after(deadline):
                await session.open()
                result = await session.request("tools/call", {"name": tool.upstream_name, "arguments": arguments})
        except TimeoutError:
            raise ConnectorFailed(
                f"the MCP server did not answer within {deadline:g} s", detail="connector_timeout"
            ) from None
        finally:
            await session.close()
        data, failed = tool_call_data(result)
        capped = cap_output(data)
        error = None
        if failed:
            error = ConnectorFailed(
                f"{tool.name}: the MCP server reports that the tool failed", detail="upstream_tool_error"
            )
        return ExecutionResult(tool, account, 200, capped.value, capped.truncated, error)

    def _interpret(
        self, tool: PoolTool, account: str, request: OutboundRequest, response: OutboundResponse
    ) -> ExecutionResult:
        text = response.body.decode("utf-8", errors="replace")
        text = redact(text, request.secrets)
        data: Any = text
        if response.content_type.endswith("json") or response.content_type == "":
            try:
                data = json.loads(text) if text else None
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

    def _complete(self, row: AuditRow, error_code: str | None) -> None:
        try:
            self._audit.complete(row.completed(at=self._clock().isoformat(), error_code=error_code))
        except StoreError:
            # The row stays "started": visible as incomplete, never missing.
            log.error("audit row could not be completed", extra={"audit_id": row.id})
