"""Which tools restrictions refuse, over a pool's columns, resolving each rule as few times as it can.

The policy fast path: ``resolve_restrictions`` (``cardamom.core.policy``) decides one tool;
``refused`` decides a whole pool with the same answers, tool by tool where rules name tools and
connector by connector elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardamom.core.orgdef import RestrictionDef, Role
from cardamom.core.policy import resolve_restrictions
from cardamom.core.pool import ToolColumns


def refused(rules: Sequence[RestrictionDef], columns: ToolColumns, *, member_id: str, role: Role) -> frozenset[int]:
    """The positions ``resolve_restrictions(rules, ...)`` refuses, resolved as few times as it can.

    A rule decides by its connector alone unless it names tools (patterns): where none of
    ``rules`` names tools in a connector, one resolution decides every tool of that
    connector; elsewhere each distinct (connector, tool) is resolved once. Tests hold this
    to ``resolve_restrictions`` tool by tool.
    """
    if not rules:
        return frozenset()
    by_connector: dict[str, bool | None] = {}  # None: the connector's tools are decided one by one
    by_tool: dict[tuple[str, str], bool] = {}

    def allowed(connector: str, tool: str) -> bool:
        return resolve_restrictions(rules, member_id=member_id, role=role, connector=connector, tool=tool).allowed

    found: list[int] = []
    for position, (connector, tool) in enumerate(zip(columns.connectors, columns.tools, strict=True)):
        if connector in by_connector:
            decided = by_connector[connector]
        else:
            names_tools = any(r.tools and r.connector in (None, connector) for r in rules)
            decided = by_connector[connector] = None if names_tools else allowed(connector, tool)
        if decided is None:
            key = (connector, tool)
            decided = by_tool.get(key)
            if decided is None:
                decided = by_tool[key] = allowed(connector, tool)
        if not decided:
            found.append(position)
    return frozenset(found)
