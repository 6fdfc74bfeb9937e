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

Every server is listed on its own: one that cannot be reached, refuses the credential, breaks
the protocol, or answers too much or too slowly is logged and left out (its connection
contributes no tools), and the others are unaffected. A connection whose OAuth grant is
refused for good is also recorded as ``needs_reauth`` (``Reauthorization``), as execution
records it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager

import anyio

from cardamom.core.outbound import OutboundRequest, with_credential
from cardamom.core.pool import Upstream
from cardamom.core.remote_tools import RemoteTool, admit_listing
from cardamom.errors import CardamomError, ReauthorizationNeeded, ToolError
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

    def discover(self, org: str, upstreams: Sequence[Upstream]) -> Mapping[str, Sequence[RemoteTool]]:
        if not upstreams:
            return {}
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardamom-discovery") as worker:
            return worker.submit(anyio.run, self._discover_all, org, tuple(upstreams)).result()

    async def _discover_all(self, org: str, upstreams: tuple[Upstream, ...]) -> dict[str, tuple[RemoteTool, ...]]:
        found: dict[str, tuple[RemoteTool, ...]] = {}
        async with self._open_transport() as transport:
            caller = ConnectorCaller(transport, self._limits)
            async with anyio.create_task_group() as group:
                for upstream in upstreams:
                    group.start_soon(self._discover_one, org, upstream, caller, found)
        return found

    async def _discover_one(
        self, org: str, upstream: Upstream, caller: ConnectorCaller, found: dict[str, tuple[RemoteTool, ...]]
    ) -> None:
        account, connector = upstream.account.account, upstream.connector
        where = {"org": org, "account": account, "connector": connector.id}
        started = time.perf_counter()
        try:
            with anyio.fail_after(self._limits.connector_timeout):
                entries = await self._list(org, upstream, caller)
        except TimeoutError:
            log.warning(
                "MCP server not listed: no answer in time; its connection contributes no tools",
                extra={**where, "connector_timeout_s": self._limits.connector_timeout},
            )
            return
        except CardamomError as exc:
            if isinstance(exc, ReauthorizationNeeded):
                self._record_reauthorization(org, exc)
            log.warning(
                "MCP server not listed; its connection contributes no tools",
                extra={
                    **where,
                    "code": exc.audit_code if isinstance(exc, ToolError) else type(exc).__name__,
                    "problem": str(exc),
                },
            )
            return
        except Exception:  # one server's fault must not cancel the listing of the others
            log.exception("MCP server not listed: unexpected failure; its connection contributes no tools", extra=where)
            return
        tools, skipped = admit_listing(entries)
        if skipped:
            examples = [f"{skip.name}: {skip.reason}" for skip in skipped[:SKIPS_LOGGED]]
            log.warning("MCP server tools skipped", extra={**where, "skipped": len(skipped), "examples": examples})
        found[account] = tuple(tools)
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

        async def send(request: OutboundRequest) -> OutboundResponse:
            return await caller.call(with_credential(request, connector.auth, credential), connector.base_url)

        async with McpSession(connector.base_url, send, secrets=credential.secrets()) as session:
            return await session.list_tools()
