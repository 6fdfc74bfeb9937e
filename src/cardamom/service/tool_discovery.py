"""Listing the tools of an org's remote MCP servers when its snapshot is built.

The snapshot build is synchronous, and it runs inside the endpoint's event loop (a
control-plane change rebuilds the snapshot before it answers), so discovery cannot await on
that loop. It runs instead on a private event loop in a short-lived worker thread, and the
caller waits for it. That keeps one implementation of the MCP client (``McpSession``), of
the outbound guard (``ConnectorCaller``: https only, the connector's host, no redirect
elsewhere, bounded size and time) and of credential resolution for both discovery and
execution. The consequences:

- the rebuilding request (and, on the embedded server, its event loop) waits for discovery:
  the servers are listed concurrently, so at most one ``connector_timeout``
  (``CARDAMOM_CONNECTOR_TIMEOUT``) per server, however many servers there are;
- the private loop gets its own HTTP transport (``open_transport``), opened and closed per
  run: pooled connections belong to the loop that opened them, so the endpoint's never cross;
- a server must not be served by the gateway's own process: its loop is the one waiting.

Every server is listed on its own, and each gives a ``ListingAttempt``: its tools, or why it
could not be listed (it cannot be reached, refuses the credential, breaks the protocol, or
answers too much or too slowly), and whether that failure says anything of its tools
(``failed_attempt``); the others are unaffected. The snapshot service decides what a failure
leaves in the snapshot (``core.listings``) and logs it, naming the connection and the reason.
A connection whose OAuth grant is refused for good is also recorded as ``needs_reauth``
(``Reauthorization``), as execution records it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager

import anyio

from cardamom.core.listings import ListingAttempt
from cardamom.core.outbound import Credential, OutboundRequest, with_credential
from cardamom.core.pool import Upstream
from cardamom.core.remote_tools import admit_listing
from cardamom.errors import (
    CardamomError,
    ConnectorFailed,
    CredentialUnavailable,
    ReauthorizationNeeded,
    TokenRefused,
    ToolError,
)
from cardamom.ports import ConnectorTransport, CredentialResolver, OutboundResponse, ToolDiscovery
from cardamom.service.connector_calls import ConnectorCaller, ConnectorLimits
from cardamom.service.mcp_session import McpSession
from cardamom.service.reauthorization import Reauthorization

log = logging.getLogger(__name__)

SKIPS_LOGGED = 10  # one warning per listing, naming the first few skipped tools and why
OpenTransport = Callable[[], AbstractAsyncContextManager[ConnectorTransport]]


class McpToolDiscovery(ToolDiscovery):
    def __init__(
        self,
        credentials: CredentialResolver,
        open_transport: OpenTransport,
        limits: ConnectorLimits,
        reauthorization: Reauthorization | None = None,
    ) -> None:
        self._credentials = credentials
        self._open_transport = open_transport
        self._limits = limits  # connector_timeout bounds each server: the handshake and every page
        self._reauthorization = reauthorization

    def discover(self, org: str, upstreams: Sequence[Upstream]) -> Mapping[str, ListingAttempt]:
        if not upstreams:
            return {}
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardamom-discovery") as worker:
            return worker.submit(anyio.run, self._discover_all, org, tuple(upstreams)).result()

    async def _discover_all(self, org: str, upstreams: tuple[Upstream, ...]) -> dict[str, ListingAttempt]:
        found: dict[str, ListingAttempt] = {}
        async with self._open_transport() as transport:
            caller = ConnectorCaller(transport, self._limits)
            async with anyio.create_task_group() as group:
                for upstream in upstreams:
                    group.start_soon(self._discover_one, org, upstream, caller, found)
        return found

    async def _discover_one(
        self, org: str, upstream: Upstream, caller: ConnectorCaller, found: dict[str, ListingAttempt]
    ) -> None:
        account, connector = upstream.account.account, upstream.connector
        where = {"org": org, "account": account, "connector": connector.id}
        started = time.perf_counter()
        try:
            with anyio.fail_after(self._limits.connector_timeout):
                entries = await self._list(org, upstream, caller)
        except TimeoutError:
            timeout = self._limits.connector_timeout
            found[account] = ListingAttempt(
                problem=f"the MCP server did not answer within {timeout:g} s",
                code="connector_timeout",
                inconclusive=True,
            )
            return
        except CardamomError as exc:
            if isinstance(exc, ReauthorizationNeeded):
                self._record_reauthorization(org, exc)
            found[account] = failed_attempt(upstream, exc)
            return
        except Exception as exc:  # one server's fault must not cancel the listing of the others
            log.exception("MCP server of connection %s not listed: unexpected failure", account, extra=where)
            found[account] = ListingAttempt(problem=f"unexpected failure ({type(exc).__name__})", code="internal")
            return
        tools, skipped = admit_listing(entries)
        if skipped:
            examples = [f"{skip.name}: {skip.reason}" for skip in skipped[:SKIPS_LOGGED]]
            log.warning(
                "MCP server of connection %s: %d listed tools skipped (%s)",
                account,
                len(skipped),
                "; ".join(examples),
                extra={**where, "skipped": len(skipped), "examples": examples},
            )
        found[account] = ListingAttempt(tuple(tools))
        log.info(
            "MCP server listed",
            extra={
                **where,
                "tools": len(tools),
                "skipped": len(skipped),
                "elapsed_ms": round((time.perf_counter() - started) * 1000, 1),
            },
        )

    def _record_reauthorization(self, org: str, refusal: ReauthorizationNeeded) -> None:
        if self._reauthorization is None:
            return
        try:
            self._reauthorization.record(org, refusal)
        except CardamomError as exc:  # e.g. the rebuild function's read-only directory: the next rebuild records it
            log.warning(
                "needs_reauth could not be recorded",
                extra={"org": org, "account": refusal.account, "problem": f"{type(exc).__name__}: {exc}"},
            )

    async def _list(self, org: str, upstream: Upstream, caller: ConnectorCaller) -> list[object]:
        connector = upstream.connector
        credential = await self._credentials.resolve(org, upstream.account, connector.auth)
        try:
            return await self._list_with(upstream, caller, credential)
        except ConnectorFailed as exc:
            # A listing only reads: an access token the server refused is replaced and the listing sent again, once.
            if exc.status != 401 or not self._credentials.reject(org, upstream.account, connector.auth, credential):
                raise
        credential = await self._credentials.resolve(org, upstream.account, connector.auth)
        return await self._list_with(upstream, caller, credential)

    @staticmethod
    async def _list_with(upstream: Upstream, caller: ConnectorCaller, credential: Credential) -> list[object]:
        connector = upstream.connector

        async def send(request: OutboundRequest) -> OutboundResponse:
            return await caller.call(with_credential(request, connector.auth, credential), connector.base_url)

        async with McpSession(connector.base_url, send, secrets=credential.secrets()) as session:
            return await session.list_tools()


# Failures that say nothing of a server's tools: it did not answer (in time), or the token
# endpoint did not; a listing made before stands (``core.listings.next_listing``).
UNANSWERED = frozenset(
    {
        "connector_timeout",
        "connector_unreachable",
        "token_endpoint_unreachable",
        "token_endpoint_failed",
        "token_refresh_busy",
        "upstream_http_429",
    }
)


def failed_attempt(upstream: Upstream, exc: CardamomError) -> ListingAttempt:
    """Why a server was not listed, and whether that says anything of its tools.

    An environment variable missing here is this process's gap, not the connection's (an
    admin's shell running ``org apply`` lacks the server's variables): inconclusive. A
    secret missing from the store is missing for every process: conclusive. So is any
    answer the server gave (it refused the credential, broke the protocol, errs), except
    that it is overloaded (5xx, 429) or did not answer at all.
    """
    code = exc.audit_code if isinstance(exc, ToolError) else type(exc).__name__
    if isinstance(exc, CredentialUnavailable) and not isinstance(exc, TokenRefused):
        inconclusive = upstream.account.credentials.secret is None
    else:
        inconclusive = code in UNANSWERED or (
            code.startswith("upstream_http_5") and len(code) == len("upstream_http_500")
        )
    return ListingAttempt(problem=str(exc), code=code, inconclusive=inconclusive)
