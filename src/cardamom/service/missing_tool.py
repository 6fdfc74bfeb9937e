"""Why a connected tool's name reaches nothing: the seeds' missing-tool checks, in their order.

The seeds give a model a fixed order of checks when a tool seems to be missing: does the
connection exist? is it active (if not, reconnect it)? is the tool in the connection's tool
list (if not, is a restriction covering the connector)? is ``mcp:tools`` on the grant? and
connected tools are never listed, so search for the name. A call naming a tool that the
snapshot does not hold is answered by the first of these checks that fails, so the caller
learns that the connection needs reauthorization rather than that the tool is unknown.

Only a caller who may see the connection (its connector is not withheld from them by a
restriction) learns anything about it; for anyone else the name is simply unknown. An admin
(who may update connections) is also told how to bring the connection back.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardamom.core.listings import Listing
from cardamom.core.naming import SEPARATOR
from cardamom.core.orgdef import ConnectionDef, OrgDefinition
from cardamom.core.policy import has_permission
from cardamom.errors import ConnectionInactive, ToolError, UnknownTool
from cardamom.service.authorization import Caller, restriction_verdict
from cardamom.service.remote_listings import iso

RECONNECT_PERMISSION = "connections:update"


def connections_named(org: OrgDefinition, name: str) -> list[ConnectionDef]:
    """The connections an advertised name (or an alias) would reach, whatever their status.

    ``{account}__{tool}`` names one account (labels hold no underscore, so the account is
    what precedes the first ``__``); a merged connector's ``{connector}__{tool}`` names all
    of its accounts; an alias names the account it was recorded for.
    """
    by_account = {c.account: c for c in org.connections}
    alias = next((a for a in org.aliases if a.name == name), None)
    if alias is not None:
        return [by_account[alias.account]] if alias.account in by_account else []
    prefix, separator, _ = name.partition(SEPARATOR)
    if not separator:
        return []
    if prefix in by_account:
        return [by_account[prefix]]
    merged = {c.id for c in org.connectors if c.merge_accounts}
    return [c for c in org.connections if prefix in merged and c.connector == prefix]


def _reconnect_hint(caller: Caller, conn: ConnectionDef) -> str:
    if not has_permission(caller.role, RECONNECT_PERMISSION):
        return "Ask an admin of the org to reconnect it."
    if conn.status == "pending":
        return (
            "Once its credential is in place, set it active: cardamom__connections__update with "
            f'{{"account": "{conn.account}", "status": "active"}}.'
        )
    if conn.credentials.secret is not None:
        return (
            f"To reconnect it, store a working credential with `cardamom secrets put --org {caller.org} "
            f"{conn.credentials.secret}`: the credential is tested and the connection set active again."
        )
    names = [v for k, v in conn.credentials.model_dump().items() if k.endswith("_env") and v]
    where = f" ({', '.join(names)})" if names else ""
    return (
        f"To reconnect it, give the gateway a working credential{where}, then set it active: "
        f'cardamom__connections__update with {{"account": "{conn.account}", "status": "active"}}.'
    )


def inactive_refusal(caller: Caller, conn: ConnectionDef) -> ConnectionInactive:
    if conn.status == "needs_reauth":
        what = (
            f"connection {conn.account} needs reauthorization: its credential was refused, so its tools are "
            "withdrawn (absent from search) until it is reconnected."
        )
    else:
        what = f"connection {conn.account} is {conn.status}: it is not connected yet, so it has no tools."
    return ConnectionInactive(f"{what} {_reconnect_hint(caller, conn)}", account=conn.account, status=conn.status)


def unlisted_refusal(conn: ConnectionDef, listing: Listing, unknown: UnknownTool) -> UnknownTool:
    """The connection is active, but its remote server's tool list is empty because it could not be listed."""
    return UnknownTool(
        f"{unknown} Connection {conn.account} is active, but its MCP server could not be listed "
        f"({listing.code}: {listing.problem}; at {iso(listing.failed_at)}), so it has no tools until a listing "
        "succeeds; it is tried again within a minute (an admin can run cardamom__connections__refresh)."
    )


def missing_tool_refusal(
    caller: Caller, org: OrgDefinition, listings: Mapping[str, Listing], name: str, unknown: UnknownTool
) -> ToolError:
    """The refusal for a name the caller's snapshot does not hold, by the seeds' order of checks;
    ``unknown`` (the gate's own answer) when no check says more. ``listings``: the snapshot's
    listings of remote MCP servers (is the tool in the connection's tool list?)."""
    seen = [
        c for c in connections_named(org, name) if restriction_verdict(caller, org.restrictions, c.connector).allowed
    ]
    if not seen:
        return unknown  # no connection by that name, or none this caller may see
    inactive = [c for c in seen if c.status != "active"]
    if len(inactive) == len(seen):
        return inactive_refusal(caller, inactive[0])
    if len(seen) == 1:
        listing = listings.get(seen[0].account)
        if listing is not None and listing.failed and not listing.tools:
            return unlisted_refusal(seen[0], listing, unknown)
    return unknown


def inactive_account_refusal(
    caller: Caller, org: OrgDefinition, connector: str, account: str
) -> ConnectionInactive | None:
    """A merged tool called for one of its connector's accounts that is not active (so not in its
    account argument's choices): that account's connection is not active, and that is the reason."""
    conn = next((c for c in org.connections if c.account == account and c.connector == connector), None)
    if conn is None or conn.status == "active":
        return None
    if not restriction_verdict(caller, org.restrictions, connector).allowed:
        return None
    return inactive_refusal(caller, conn)
