"""One decision per (caller, tool), shared by listing, search and execution.

``tool_refusal`` is the only place that decides whether a caller may use a connected
tool. Search advertises exactly the tools it lets through and execution runs exactly
those, so a tool is searchable exactly when it is executable.

Search needs that decision for every tool of the pool at once (``PoolCache``). That pass
reads the snapshot's columns and its per-role refusals, never its tool records, and builds
a refusal only for a withheld tool that is actually shown; each of those is
``tool_refusal``'s own.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress

from cardamom.core.orgdef import Classification, RestrictionDef, Role
from cardamom.core.policy import TOOL_EXECUTE, has_permission, missing_scope, resolve_restrictions
from cardamom.core.snapshot import PoolTool, Snapshot, refused
from cardamom.errors import Forbidden, PermissionDenied, Restricted, ScopeMissing, ToolError


@dataclass(frozen=True, slots=True)
class Caller:
    org: str
    member_id: str
    role: Role
    scopes: frozenset[str]
    token_id: str | None = None
    client_id: str | None = None  # the OAuth client acting for the member (audit rows record it)

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
    return _refusal(caller, snapshot.restrictions, tool.name, tool.connector, tool.tool, tool.classification)


def _refusal(
    caller: Caller,
    restrictions: Sequence[RestrictionDef],
    name: str,
    connector: str,
    tool: str,
    classification: Classification,
) -> ToolError | None:
    denied = permission_refusal(caller, TOOL_EXECUTE)
    if denied is not None:
        return denied
    verdict = resolve_restrictions(
        restrictions, member_id=caller.member_id, role=caller.role, connector=connector, tool=tool
    )
    if not verdict.allowed:
        return Restricted(f"{name} is restricted for {caller.member_id}: {verdict.reason}", rule_id=verdict.rule_id)
    return classification_refusal(caller, name, classification, connected=True)


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


class Withheld(Mapping[int, ToolError]):
    """The positions a caller may not use, each with ``tool_refusal``'s refusal, built when read."""

    __slots__ = ("_caller", "_errors", "_positions", "_snapshot")

    def __init__(self, caller: Caller, snapshot: Snapshot, positions: frozenset[int]) -> None:
        self._caller = caller
        self._snapshot = snapshot
        self._positions = positions
        self._errors: dict[int, ToolError] = {}

    def __getitem__(self, position: int) -> ToolError:
        error = self._errors.get(position)
        if error is not None:
            return error
        if position not in self._positions:
            raise KeyError(position)
        c = self._snapshot.columns
        error = _refusal(
            self._caller,
            self._snapshot.restrictions,
            c.names[position],
            c.connectors[position],
            c.tools[position],
            c.classifications[position],
        )
        if error is None:  # the pass below and tool_refusal must agree, tool by tool
            raise RuntimeError(f"the policy pass withheld {c.names[position]}, which tool_refusal allows")
        self._errors[position] = error
        return error

    @property
    def positions(self) -> frozenset[int]:
        """The withheld positions as a set: what ranking takes as a pool, without a copy."""
        return self._positions

    def __contains__(self, position: object) -> bool:
        return position in self._positions

    def __iter__(self) -> Iterator[int]:
        return iter(self._positions)

    def __len__(self) -> int:
        return len(self._positions)


@dataclass(frozen=True, slots=True)
class CallerPool:
    visible: frozenset[int]
    withheld: Withheld


@dataclass(frozen=True, slots=True)
class _Pass:
    visible: frozenset[int]
    withheld: frozenset[int]


def _policy_pass(caller: Caller, snapshot: Snapshot) -> _Pass:
    """Which positions ``tool_refusal`` lets ``caller`` use, read from the snapshot's columns.

    ``resolve_restrictions`` allows a tool when both layers do: the role's rules, refused
    positions precomputed per role in the snapshot, and the member's own rules, resolved
    here (``refused``: once per connector where no rule names tools in it). The scope check
    is one lookup per classification. Tests hold this pass to ``tool_refusal`` tool by tool.
    """
    columns = snapshot.columns
    everything = range(len(columns))
    if not has_permission(caller.role, TOOL_EXECUTE):
        return _Pass(frozenset(), frozenset(everything))
    usable = {
        classification: classification_refusal(caller, "", classification, connected=True) is None
        for classification in set(columns.classifications)
    }
    reachable = frozenset(compress(everything, map(usable.__getitem__, columns.classifications)))
    own = [r for r in snapshot.restrictions if r.target.user == caller.member_id]
    visible = reachable.difference(
        snapshot.refused_for_role(caller.role),
        refused(own, columns, member_id=caller.member_id, role=caller.role),
    )
    return _Pass(visible, frozenset(everything).difference(visible))


def caller_pool(caller: Caller, snapshot: Snapshot) -> CallerPool:
    """What ``caller`` may use of the snapshot, uncached (the control plane's occasional reads)."""
    entry = _policy_pass(caller, snapshot)
    return CallerPool(entry.visible, Withheld(caller, snapshot, entry.withheld))


class PoolCache:
    """Caller pools per snapshot version and policy-relevant caller facts.

    Two callers with the same role, scopes and no member-specific rules share a pool, so
    a 10,000-tool org pays the policy pass once per role, not once per request. The
    refusals of withheld tools are built per caller, when shown.
    """

    def __init__(self, capacity: int = 256) -> None:
        self._entries: OrderedDict[tuple[object, ...], _Pass] = OrderedDict()
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
        else:
            entry = self._entries[key] = _policy_pass(caller, snapshot)
            if len(self._entries) > self._capacity:
                self._entries.popitem(last=False)
        return CallerPool(entry.visible, Withheld(caller, snapshot, entry.withheld))
