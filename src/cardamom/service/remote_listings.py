"""What an admin reads of a remote MCP server's listing, and listing one again on demand.

``cardamom__connections__list`` / ``get``, ``cardamom__connections__refresh`` and the CLI
(``cardamom connections refresh``, ``cardamom org apply``) all show a listing the same way:
how many tools it holds and when they were listed, and, when the latest attempt failed, its
problem, code and time, so a connection with no tools says why.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from cardamom.core.listings import Listing
from cardamom.core.orgdef import OrgDefinition
from cardamom.errors import InvalidArguments, RecordNotFound
from cardamom.service.snapshots import SnapshotService


def iso(at: float | None) -> str | None:
    return None if at is None else datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


def listing_view(listing: Listing | None) -> dict[str, Any]:
    """A listing as JSON: ``tools_listed``, ``listed_at``, and ``last_error`` when the latest attempt failed."""
    if listing is None:
        return {"tools_listed": 0, "listed_at": None, "last_error": None}
    error = None
    if listing.failed:
        error = {"problem": listing.problem, "code": listing.code, "at": iso(listing.failed_at)}
    return {"tools_listed": len(listing.tools), "listed_at": iso(listing.listed_at), "last_error": error}


def listing_line(account: str, listing: Listing | None) -> str:
    """One line for a terminal."""
    view = listing_view(listing)
    error = view["last_error"]
    if error is None:
        return f"{account}: {view['tools_listed']} tools listed at {view['listed_at']}"
    kept = f"; keeping the {view['tools_listed']} tools listed at {view['listed_at']}" if view["tools_listed"] else ""
    return f"{account}: not listed ({error['code']}: {error['problem']}){kept}"


def mcp_accounts(definition: OrgDefinition) -> list[str]:
    """The active connections of the org's remote MCP servers."""
    remote = {c.id for c in definition.connectors if c.kind == "mcp"}
    return [c.account for c in definition.connections if c.connector in remote and c.status == "active"]


def refresh_listing(snapshots: SnapshotService, definition: OrgDefinition, account: str) -> dict[str, Any]:
    """List the server of ``account`` (and the org's other servers: one rebuild lists them all) now."""
    connection = next((c for c in definition.connections if c.account == account), None)
    if connection is None:
        raise RecordNotFound(f"no connection with account {account!r}")
    if account not in mcp_accounts(definition):
        raise InvalidArguments(
            f"connection {account} is not an active connection of a remote MCP server (status "
            f"{connection.status}): only those are listed"
        )
    snapshot = snapshots.rebuild(definition.org)
    return {"account": account, **listing_view(snapshot.listings.get(account))}
