"""Aliases: retired advertised names that keep resolving to the tool they named.

An alias is recorded whenever a change retires an advertised name while the tool and account
it reached are still there under another name: merging turned on, a second account of a
merged connector, or an account renamed (``book-main`` -> ``book-primary`` makes
``book-main__list_contacts`` an alias of ``book-primary__list_contacts``). A rename is an
account that leaves a connector in the same change as one that joins it (``renamed_accounts``).

An alias whose account or tool is gone for good is dead: it would stay listed and resolve to
nothing. A change removes it, and says why (``AliasPlan.retired``); one whose account was
renamed follows the account instead. An alias of an account that is only inactive (pending,
needs_reauth) stays: it resolves again once the account is reconnected, and meanwhile the
caller is told the connection is not active.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cardamom.core.orgdef import AliasDef, ConnectionDef, OrgDefinition
from cardamom.core.pool import ToolColumns
from cardamom.core.pool_builder import connector_tools


@dataclass(frozen=True, slots=True)
class AliasPlan:
    """The aliases a definition should hold after a change, and the ones it drops, with why."""

    aliases: list[AliasDef]
    retired: dict[str, str] = field(default_factory=dict)  # alias name -> why it was removed


def renamed_accounts(before: OrgDefinition, after: OrgDefinition) -> dict[str, str]:
    """Old account -> new account, for accounts that left a connector in the change while others
    joined it: paired by identical credential reference where that is unambiguous, and a last
    one that left paired with a last one that joined."""
    old = {c.account: c for c in before.connections}
    new = {c.account: c for c in after.connections}
    left: dict[str, list[ConnectionDef]] = {}
    joined: dict[str, list[ConnectionDef]] = {}
    for conn in before.connections:
        if conn.account not in new:
            left.setdefault(conn.connector, []).append(conn)
    for conn in after.connections:
        if conn.account not in old:
            joined.setdefault(conn.connector, []).append(conn)
    renames: dict[str, str] = {}
    for connector, gone in left.items():
        came = list(joined.get(connector, []))
        remaining = []
        for conn in gone:
            same = [c for c in came if c.credentials == conn.credentials]
            if len(same) == 1:
                renames[conn.account] = same[0].account
                came.remove(same[0])
            else:
                remaining.append(conn)
        if len(remaining) == 1 and len(came) == 1:
            renames[remaining[0].account] = came[0].account
    return renames


def alias_plan(before: OrgDefinition, after: OrgDefinition, existing: Iterable[AliasDef]) -> AliasPlan:
    """The aliases ``after`` should hold: ``existing`` ones that still lead somewhere (following
    renamed accounts), plus one for every advertised name of ``before`` that disappears while the
    (connector, tool, account) it reached is still reachable, under the account's new name if it
    was renamed.

    An alias whose name is a live tool name again is dropped (the tool wins). A merged name
    that disappears gets no alias: it stood for several accounts, so no single target fits.
    """
    renames = renamed_accounts(before, after)
    old_tools, new_tools = connector_tools(before), connector_tools(after)
    live = {t.name for t in new_tools}
    reachable = ToolColumns.of(new_tools).identities()
    accounts = {c.account: c for c in after.connections}
    tools = {(c.id, t.name) for c in after.connectors for t in c.tools}
    remote = {c.id for c in after.connectors if c.kind == "mcp"}  # their tools are known only when listed
    aliases: dict[str, AliasDef] = {}
    retired: dict[str, str] = {}
    for alias in existing:
        if alias.name in live:
            continue
        if alias.account in renames:
            alias = alias.model_copy(update={"account": renames[alias.account]})
        conn = accounts.get(alias.account)
        if conn is None:
            retired[alias.name] = f"account {alias.account} no longer exists"
        elif conn.connector != alias.connector:
            retired[alias.name] = f"account {alias.account} no longer belongs to connector {alias.connector}"
        elif alias.connector not in remote and (alias.connector, alias.tool) not in tools:
            retired[alias.name] = f"connector {alias.connector} no longer has a tool {alias.tool}"
        else:
            aliases[alias.name] = alias
    for tool in old_tools:
        if tool.name in live or tool.merged or tool.name in aliases:
            continue
        account = renames.get(tool.account, tool.account)
        if (tool.connector, tool.tool, account) in reachable:
            aliases[tool.name] = AliasDef(name=tool.name, connector=tool.connector, tool=tool.tool, account=account)
            retired.pop(tool.name, None)
    return AliasPlan(sorted(aliases.values(), key=lambda a: a.name), retired)
