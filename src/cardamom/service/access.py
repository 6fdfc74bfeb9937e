"""One decision per (caller, tool), shared by listing, search and execution.

``tool_refusal`` is the only place that decides whether a caller may use a connected
tool. Search advertises exactly the tools it lets through and execution runs exactly
those, so a tool is searchable exactly when it is executable.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from cardamom.core.orgdef import Classification, Role
from cardamom.core.policy import TOOL_EXECUTE, has_permission, missing_scope, resolve_restrictions
from cardamom.core.snapshot import PoolTool, Snapshot
from cardamom.errors import Forbidden, PermissionDenied, Restricted, ScopeMissing, ToolError


@dataclass(frozen=True, slots=True)
class Caller:
    org: str
    member_id: str
    role: Role
    scopes: frozenset[str]
    token_id: str | None = None

    @property
    def can_execute(self) -> bool:
        return has_permission(self.role, TOOL_EXECUTE)


def permission_refusal(caller: Caller, permission: str) -> PermissionDenied | None:
    if has_permission(caller.role, permission):
        return None
    return PermissionDenied(
        permission,
        f"role {caller.role!r} of member {caller.member_id!r} lacks the permission {permission}",
    )


def tool_refusal(caller: Caller, snapshot: Snapshot, tool: PoolTool) -> ToolError | None:
    """Why ``caller`` may not use ``tool``, or ``None`` when it may."""
    denied = permission_refusal(caller, TOOL_EXECUTE)
    if denied is not None:
        return denied
    verdict = resolve_restrictions(
        snapshot.restrictions, member_id=caller.member_id, role=caller.role, connector=tool.connector, tool=tool.tool
    )
    if not verdict.allowed:
        return Restricted(
            f"{tool.name} is restricted for {caller.member_id}: {verdict.reason}", rule_id=verdict.rule_id
        )
    return classification_refusal(caller, tool.name, tool.classification, connected=True)


def classification_refusal(
    caller: Caller, name: str, classification: Classification, *, connected: bool
) -> ToolError | None:
    """Forbidden is reachable under no scope; otherwise the grant must hold the scope it needs."""
    if classification == "forbidden":
        return Forbidden(f"{name} is classified forbidden: no scope reaches it")
    scope = missing_scope(caller.scopes, classification, connected=connected)
    if scope is not None:
        kind = "tool" if connected else "operation"
        return ScopeMissing(scope, f"{name} is a {classification} {kind} and needs the scope {scope}")
    return None


@dataclass(frozen=True, slots=True)
class CallerPool:
    visible: frozenset[int]
    withheld: dict[int, ToolError]


class PoolCache:
    """Caller pools per snapshot version and policy-relevant caller facts.

    Two callers with the same role, scopes and no member-specific rules share a pool, so
    a 10,000-tool org pays the policy pass once per role, not once per request.
    """

    def __init__(self, capacity: int = 256) -> None:
        self._entries: OrderedDict[tuple[object, ...], CallerPool] = OrderedDict()
        self._capacity = capacity

    def pool(self, caller: Caller, snapshot: Snapshot) -> CallerPool:
        personal = any(r.target.user == caller.member_id for r in snapshot.restrictions)
        key = (
            snapshot.org,
            snapshot.version,
            caller.role,
            caller.scopes,
            caller.member_id if personal else None,
        )
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            return entry
        visible: set[int] = set()
        withheld: dict[int, ToolError] = {}
        for position, tool in enumerate(snapshot.tools):
            refusal = tool_refusal(caller, snapshot, tool)
            if refusal is None:
                visible.add(position)
            else:
                withheld[position] = refusal
        entry = CallerPool(frozenset(visible), withheld)
        self._entries[key] = entry
        if len(self._entries) > self._capacity:
            self._entries.popitem(last=False)
        return entry
