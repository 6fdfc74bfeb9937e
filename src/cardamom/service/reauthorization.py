"""Recording that a connection needs reauthorization, wherever its refused grant was met, and
bringing it back in one step when a new credential is stored (``Reconnection``).

A refused grant (``ReauthorizationNeeded``, raised by ``CredentialService``) is met by
execution, which then rebuilds the snapshot so the connection's tools leave search at once,
or by discovery during a rebuild, after which the snapshot service rebuilds from the
directory as the write left it. The write itself rebuilds nothing, so discovery can make it
from inside a rebuild without calling back into the snapshot service.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import anyio

from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import ConnectionDef, OrgDefinition
from cardamom.core.pool import AccountInfo, ConnectorInfo, Upstream
from cardamom.errors import ReauthorizationNeeded, ToolError
from cardamom.ports import CredentialResolver, ToolDiscovery
from cardamom.service.admin import DirectoryAdmin, DirectoryWriter

log = logging.getLogger(__name__)


def needs_reauth_change(definition: OrgDefinition, account: str) -> DirectoryChange:
    """An active connection moves to ``needs_reauth``; any other status is left as it is."""
    for conn in definition.connections:
        if conn.account == account and conn.status == "active":
            return DirectoryChange(connections={conn.account: conn.model_copy(update={"status": "needs_reauth"})})
    return DirectoryChange()


class Reauthorization:
    def __init__(self, writer: DirectoryWriter) -> None:
        self._writer = writer

    def record(self, org: str, refusal: ReauthorizationNeeded) -> bool:
        """Mark the refused connection ``needs_reauth``; True when the directory changed (the
        connection's tools must leave the snapshot)."""
        log.warning(
            "connection needs reauthorization", extra={"org": org, "account": refusal.account, "why": str(refusal)}
        )
        _, changed = self._writer.change(org, lambda definition: needs_reauth_change(definition, refusal.account))
        return changed


@dataclass(frozen=True, slots=True)
class Reconnected:
    """What storing a secret did for one ``needs_reauth`` connection that uses it."""

    account: str
    reactivated: bool
    detail: str  # what was tried with the new credential, and how it went


class Reconnection:
    """Recovery in one step: when a secret is stored, every ``needs_reauth`` connection that uses
    it is tested with it and, where it works, set active again (``cardamom secrets put``).

    The test is the lightest real use of the credential: a remote MCP server is listed with
    it, an OAuth connection gets an access token with it (a refresh token is exchanged, so a
    revoked one is caught), and a static key or password is checked for the keys its
    connector's auth needs (the API itself is first reached by a call).
    """

    def __init__(self, admin: DirectoryAdmin, credentials: CredentialResolver, discovery: ToolDiscovery) -> None:
        self._admin = admin
        self._credentials = credentials
        self._discovery = discovery

    def secret_stored(self, org: str, name: str) -> list[Reconnected]:
        stored = self._admin.directory.load_org(org)
        if stored is None:
            return []
        definition = stored.definition
        waiting = [c for c in definition.connections if c.credentials.secret == name and c.status == "needs_reauth"]
        outcomes = [self._test(org, definition, c) for c in waiting]
        working = {o.account for o in outcomes if o.reactivated}
        if working:

            def reactivate(current: OrgDefinition) -> DirectoryChange:
                return DirectoryChange(
                    connections={
                        c.account: c.model_copy(update={"status": "active"})
                        for c in current.connections
                        if c.account in working and c.status == "needs_reauth"
                    }
                )

            self._admin.change(org, reactivate)
            log.info("connections reactivated with a new secret", extra={"org": org, "accounts": sorted(working)})
        return outcomes

    def _test(self, org: str, definition: OrgDefinition, conn: ConnectionDef) -> Reconnected:
        connector = next(c for c in definition.connectors if c.id == conn.connector)
        upstream = Upstream(
            ConnectorInfo(connector.id, connector.label, connector.base_url, connector.auth),
            AccountInfo(conn.account, conn.connector, conn.credentials),
        )
        if connector.kind == "mcp":
            attempt = self._discovery.discover(org, [upstream]).get(conn.account)
            if attempt is not None and attempt.tools is not None:
                return Reconnected(conn.account, True, f"its MCP server listed {len(attempt.tools)} tools with it")
            problem = "no answer" if attempt is None else f"{attempt.problem} ({attempt.code})"
            return Reconnected(conn.account, False, f"its MCP server could not be listed with it: {problem}")
        try:
            with ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardamom-reconnect") as worker:
                worker.submit(anyio.run, self._credentials.resolve, org, upstream.account, connector.auth).result()
        except ToolError as exc:
            return Reconnected(conn.account, False, f"it does not work: {exc} ({exc.audit_code})")
        if connector.auth.type == "oauth2":
            return Reconnected(conn.account, True, "the authorization server issued an access token with it")
        return Reconnected(conn.account, True, f"it holds what {connector.auth.type} auth needs")
