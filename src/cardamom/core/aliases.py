"""Aliases: retired advertised names that keep resolving to the tool they named."""

from __future__ import annotations

from collections.abc import Iterable

from cardamom.core.orgdef import AliasDef, OrgDefinition
from cardamom.core.pool import ToolColumns
from cardamom.core.pool_builder import connector_tools


def carried_aliases(before: OrgDefinition, after: OrgDefinition, existing: Iterable[AliasDef]) -> list[AliasDef]:
    """The aliases ``after`` should hold: ``existing`` ones, plus one for every advertised name
    of ``before`` that disappears while the (connector, tool, account) it reached is still
    reachable.

    An alias whose name is a live tool name again is dropped (the tool wins). A merged name
    that disappears gets no alias: it stood for several accounts, so no single target fits.
    """
    old_tools, new_tools = connector_tools(before), connector_tools(after)
    live = {t.name for t in new_tools}
    reachable = ToolColumns.of(new_tools).identities()
    aliases = {a.name: a for a in existing if a.name not in live}
    for tool in old_tools:
        if tool.name in live or tool.merged or tool.name in aliases:
            continue
        if (tool.connector, tool.tool, tool.account) in reachable:
            aliases[tool.name] = AliasDef(
                name=tool.name, connector=tool.connector, tool=tool.tool, account=tool.account
            )
    return sorted(aliases.values(), key=lambda a: a.name)
