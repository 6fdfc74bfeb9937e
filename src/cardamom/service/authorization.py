"""The one authorization gate: every path that lists, searches, reports, calls or sends asks here.

Each rule is decided in exactly one function of this module:

- ``execute_refusal``: the ``tool:execute`` permission. Without it ``tools/list`` is empty and
  every call is refused, whatever it names.
- ``permission_refusal``: any other permission of the caller's role (one per control-plane
  operation, ``access:inspect``).
- ``restriction_refusal``: the org's restrictions, for a connector or one of its tools.
- ``scope_refusal``: classification against the grant's scopes (``forbidden`` under none).

Every path composes them in the same order (``core/policy.py``): ``tool_refusal`` for a
connected tool (listing pools, search, restricted reporting, ``execute_tool``, the access
view), ``operation_refusal`` for a control-plane operation. Execution asks ``authorize``
once and carries the answer (a ``Permit``) to the last gate before anything leaves,
``outbound_refusal``, which is given the tool the outgoing request reaches.

Search needs the decision for every tool of the pool at once (``PoolCache``). That pass
reads the snapshot's columns and its per-role refusals, never its tool records, and builds
a refusal only for a withheld tool that is actually shown; each of those is
``tool_refusal``'s own, and tests hold the pass to ``tool_refusal`` tool by tool.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from cardamom.core.orgdef import Classification, RestrictionDef, Role
from cardamom.core.policy import TOOL_EXECUTE, Verdict, has_permission, missing_scope, resolve_restrictions
from cardamom.core.pool import PoolTool
from cardamom.core.refusals import refused
from cardamom.core.snapshot import Snapshot
from cardamom.errors import Forbidden, PermissionDenied, Restricted, ScopeMissing, ToolError, UnknownTool


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking: the member as the directory knows them now, with their grant's scopes."""

    org: str
    member_id: str
    role: Role
    scopes: frozenset[str]
    token_id: str | None = None
    client_id: str | None = None  # the OAuth client acting for the member (audit rows record it)
    # Set per request by the MCP endpoint, for the audit row: the client's self-reported name
    # (clientInfo in a 2026-07-28 request's _meta) and the Mcp-Name header a 2026-07-28 call carried.
    client_name: str | None = None
    mcp_name: str | None = None


# ---- the rules, one function each ---------------------------------------------------------


def permission_refusal(caller: Caller, permission: str) -> PermissionDenied | None:
    """Whether the caller's role holds ``permission`` (RBAC)."""
    if has_permission(caller.role, permission):
        return None
    return PermissionDenied(
        permission,
        f"role {caller.role!r} of member {caller.member_id!r} lacks the permission {permission}",
    )


def execute_refusal(caller: Caller) -> PermissionDenied | None:
    """The ``tool:execute`` gate: the one check that opens the endpoint's tools to a caller."""
    return permission_refusal(caller, TOOL_EXECUTE)


def restriction_verdict(
    caller: Caller, restrictions: Sequence[RestrictionDef], connector: str, tool: str | None = None
) -> Verdict:
    """What the org's restrictions say about the caller reaching ``connector`` (or one of its tools)."""
    return resolve_restrictions(
        restrictions, member_id=caller.member_id, role=caller.role, connector=connector, tool=tool
    )


def restriction_refusal(
    caller: Caller, restrictions: Sequence[RestrictionDef], connector: str, tool: str | None = None, *, subject: str
) -> Restricted | None:
    """The restrictions' refusal of ``subject`` (a tool's name, or ``connector X``), if they refuse it."""
    verdict = restriction_verdict(caller, restrictions, connector, tool)
    if verdict.allowed:
        return None
    return Restricted(f"{subject} is restricted for {caller.member_id}: {verdict.reason}", rule_id=verdict.rule_id)


def scope_refusal(caller: Caller, name: str, classification: Classification, *, connected: bool) -> ToolError | None:
    """Forbidden is reachable under no scope; otherwise the grant must hold the scope it needs."""
    if classification == "forbidden":
        return Forbidden(f"{name} is classified forbidden: no scope reaches it")
    scope = missing_scope(caller.scopes, classification, connected=connected)
    if scope is not None:
        kind = "tool" if connected else "operation"
        return ScopeMissing(scope, f"{name} is a {classification} {kind} and needs the scope {scope}")
    return None


# ---- connected tools and control-plane operations -----------------------------------------


def _tool_refusal(
    caller: Caller,
    restrictions: Sequence[RestrictionDef],
    name: str,
    connector: str,
    tool: str,
    classification: Classification,
) -> ToolError | None:
    return (
        execute_refusal(caller)
        or restriction_refusal(caller, restrictions, connector, tool, subject=name)
        or scope_refusal(caller, name, classification, connected=True)
    )


def tool_refusal(caller: Caller, snapshot: Snapshot, tool: PoolTool) -> ToolError | None:
    """Why ``caller`` may not use the connected ``tool``, or ``None`` when it may."""
    return _tool_refusal(caller, snapshot.restrictions, tool.name, tool.connector, tool.tool, tool.classification)


def operation_refusal(caller: Caller, name: str, permission: str, classification: Classification) -> ToolError | None:
    """Why ``caller`` may not run a control-plane operation: ``tool:execute``, then the
    operation's own permission, then the scope its classification needs."""
    return (
        execute_refusal(caller)
        or permission_refusal(caller, permission)
        or scope_refusal(caller, name, classification, connected=False)
    )


@dataclass(frozen=True, slots=True)
class Permit:
    """The gate's yes for one call: this caller may use ``tool`` of ``snapshot``."""

    caller: Caller
    snapshot: Snapshot
    tool: PoolTool
    preset: Mapping[str, Any] = field(default_factory=dict)  # arguments an alias presets (a merged tool's account)


def authorize(caller: Caller, snapshot: Snapshot, name: str) -> Permit:
    """Resolve an advertised name (or an alias of one) and pass every gate, or raise the refusal."""
    denied = execute_refusal(caller)
    if denied is not None:
        raise denied
    resolved = snapshot.resolve(name)
    if resolved is None:
        raise UnknownTool(
            f"no connected tool named {name!r} is available; connected tools are never listed, "
            "so call search_tools to find the name"
        )
    tool, preset = resolved
    refusal = tool_refusal(caller, snapshot, tool)
    if refusal is not None:
        raise refusal
    return Permit(caller, snapshot, tool, preset)


def outbound_refusal(permit: Permit, reached: PoolTool) -> ToolError | None:
    """The last gate before a request leaves: the caller must be allowed the tool it reaches.

    ``reached`` is the tool the fully substituted request reaches. Where that is the tool the
    permit was given for, the gate has decided already on these very inputs (the permit's
    snapshot), so nothing is resolved twice; any other tool is decided afresh.
    """
    if reached is permit.tool:
        return None
    return tool_refusal(permit.caller, permit.snapshot, reached)


# ---- whole pools: search, listing, the access view -----------------------------------------


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
        error = _tool_refusal(
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
    if execute_refusal(caller) is not None:
        return _Pass(frozenset(), frozenset(everything))
    usable = {
        classification: scope_refusal(caller, "", classification, connected=True) is None
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
    """Caller pools per snapshot and policy-relevant caller facts.

    Two callers with the same role, scopes and no member-specific rules share a pool, so
    a 10,000-tool org pays the policy pass once per role, not once per request. The
    refusals of withheld tools are built per caller, when shown.

    A pool holds positions in one snapshot's columns, so it is kept for that snapshot
    object, not for its directory version: a re-listing stores another snapshot (other
    tools, other positions) at the same version.
    """

    def __init__(self, capacity: int = 256) -> None:
        self._entries: OrderedDict[tuple[object, ...], tuple[weakref.ref[Snapshot], _Pass]] = OrderedDict()
        self._capacity = capacity

    def pool(self, caller: Caller, snapshot: Snapshot) -> CallerPool:
        personal = any(r.target.user == caller.member_id for r in snapshot.restrictions)
        key = (snapshot.org, caller.role, caller.scopes, caller.member_id if personal else None)
        entry = self._entries.get(key)
        if entry is not None and entry[0]() is snapshot:
            passed = entry[1]
        else:
            passed = _policy_pass(caller, snapshot)
            self._entries[key] = (weakref.ref(snapshot), passed)
        self._entries.move_to_end(key)
        if len(self._entries) > self._capacity:
            self._entries.popitem(last=False)
        return CallerPool(passed.visible, Withheld(caller, snapshot, passed.withheld))
