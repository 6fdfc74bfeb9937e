"""``cardamom__connections__*``: the org's connected accounts.

Restrictions apply to the person calling, here as everywhere: listing hides the connections
whose connector the caller cannot reach, ``get`` (opening a connection's stored tool list)
shows only the tools the caller may use and names the others as search reports them, and
creating, updating or deleting a connection needs the caller to reach its connector.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import ConnectionDef, OrgDefinition
from cardamom.errors import InvalidArguments
from cardamom.service.authorization import Caller, caller_pool, restriction_refusal, restriction_verdict
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.records import connection, definition, parse_record
from cardamom.service.controlplane.schema import ACCOUNT, TEXT, object_schema
from cardamom.service.remote_listings import listing_view, mcp_accounts, refresh_listing

STATUS = {"type": "string", "enum": ["active", "pending", "needs_reauth"]}
CREDENTIALS = object_schema({name: TEXT for name in ("token_env", "api_key_env", "username_env", "password_env")})
FROZEN = {"type": "object", "description": "argument values fixed for every tool of this account"}


def reach_connector(caller: Caller, org: OrgDefinition, connector: str) -> None:
    """Raise the restriction that keeps the caller from ``connector``, if one does."""
    refusal = restriction_refusal(caller, org.restrictions, connector, subject=f"connector {connector}")
    if refusal is not None:
        raise refusal


def list_connections(ctx: PlaneContext, caller: Caller, _: Mapping[str, Any]) -> dict[str, Any]:
    org = definition(ctx, caller)
    snapshot = ctx.snapshots.current(caller.org)
    labels = {c.id: c.label for c in org.connectors}
    remote = set(mcp_accounts(org))
    usable: dict[str, int] = {}
    for position in caller_pool(caller, snapshot).visible:
        for account in snapshot.columns.reachable_accounts(position):
            usable[account] = usable.get(account, 0) + 1
    shown, hidden = [], 0
    for conn in org.connections:
        if not restriction_verdict(caller, org.restrictions, conn.connector).allowed:
            hidden += 1
            continue
        row = {
            "account": conn.account,
            "connector": conn.connector,
            "label": labels[conn.connector],
            "status": conn.status,
            "usable_tools": usable.get(conn.account, 0),
            "frozen": sorted(conn.frozen),
        }
        if conn.account in remote:  # a remote MCP server's: what it listed, and why not when it could not
            row["listing"] = listing_view(snapshot.listings.get(conn.account))
        shown.append(row)
    return {"connections": shown, "hidden_by_restrictions": hidden}


def get_connection(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    org = definition(ctx, caller)
    conn = connection(org, args["account"])
    reach_connector(caller, org, conn.connector)
    snapshot = ctx.snapshots.current(caller.org)
    pool, columns = caller_pool(caller, snapshot), snapshot.columns
    tools, restricted = [], []
    for position in range(len(columns)):
        if conn.account not in columns.reachable_accounts(position):
            continue
        if position in pool.visible:
            tool = snapshot.tools[position]  # only this account's records are built
            tools.append({"name": tool.name, "description": tool.description, "classification": tool.classification})
        else:  # named, flagged, no schema: as search reports them
            reason = str(pool.withheld[position])
            restricted.append({"name": columns.names[position], "restricted": True, "reason": reason})
    found = {
        "account": conn.account,
        "connector": conn.connector,
        "status": conn.status,
        "credentials": sorted(k for k, v in conn.credentials.model_dump().items() if v),
        "frozen": dict(conn.frozen),
        "tools": tools,
        "restricted_tools": restricted,
    }
    if conn.account in mcp_accounts(org):
        found["listing"] = listing_view(snapshot.listings.get(conn.account))
    return found


def refresh_connection(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    org = definition(ctx, caller)
    reach_connector(caller, org, connection(org, args["account"]).connector)
    return {"refreshed": refresh_listing(ctx.snapshots, org, args["account"])}


def create_connection(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    new = parse_record(ConnectionDef, args)

    def change(org: OrgDefinition) -> DirectoryChange:
        if any(c.account.casefold() == new.account.casefold() for c in org.connections):
            raise InvalidArguments(f"a connection with account {new.account!r} already exists")
        reach_connector(caller, org, new.connector)
        return DirectoryChange(connections={new.account: new})

    ctx.admin.change(caller.org, change)
    return {"created": new.model_dump(mode="json", exclude_defaults=True)}


def update_connection(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    def change(org: OrgDefinition) -> DirectoryChange:
        current = connection(org, args["account"])
        reach_connector(caller, org, current.connector)
        updated = parse_record(ConnectionDef, {**current.model_dump(), **args})
        return DirectoryChange(connections={current.account: updated})

    after = ctx.admin.change(caller.org, change)
    return {"updated": connection(after, args["account"]).model_dump(mode="json", exclude_defaults=True)}


def delete_connection(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    def change(org: OrgDefinition) -> DirectoryChange:
        current = connection(org, args["account"])
        reach_connector(caller, org, current.connector)
        return DirectoryChange(connections={current.account: None})

    ctx.admin.change(caller.org, change)
    return {"deleted": args["account"]}


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "connections",
        "list",
        "read",
        "List the connected accounts you can reach, with status and how many of their tools you can use. "
        "A pending or needs_reauth connection contributes no tools until it is reconnected; a remote MCP "
        "server's connection also shows its listing (tools listed, when, and the last error).",
        object_schema({}),
        list_connections,
    ),
    Operation(
        "connections",
        "get",
        "read",
        "Show one connection and its tool list: the tools you can use, and the restricted ones by name.",
        object_schema({"account": ACCOUNT}, ("account",)),
        get_connection,
    ),
    Operation(
        "connections",
        "create",
        "write",
        "Connect an account of a connector (credentials by reference).",
        object_schema(
            {"account": ACCOUNT, "connector": TEXT, "status": STATUS, "credentials": CREDENTIALS, "frozen": FROZEN},
            ("account", "connector"),
        ),
        create_connection,
    ),
    Operation(
        "connections",
        "update",
        "write",
        "Change a connection's status, credential reference or frozen values.",
        object_schema(
            {"account": ACCOUNT, "status": STATUS, "credentials": CREDENTIALS, "frozen": FROZEN}, ("account",)
        ),
        update_connection,
    ),
    Operation(
        "connections",
        "refresh",
        "write",
        "List a remote MCP server's tools again now (they are re-listed every few minutes anyway), and say "
        "how many it listed, or why it could not be listed.",
        object_schema({"account": ACCOUNT}, ("account",)),
        refresh_connection,
    ),
    Operation(
        "connections",
        "delete",
        "destructive",
        "Disconnect an account; its tools disappear from search.",
        object_schema({"account": ACCOUNT}, ("account",)),
        delete_connection,
    ),
)
