"""Who may reach what: roles, OAuth scopes, classification and restrictions.

Three independent gates decide whether a caller may use an operation, checked in this
order so that the most fundamental refusal is the one reported:

1. the role's permissions (``tool:execute`` gates the whole endpoint; each control-plane
   operation has its own permission on top);
2. restrictions, resolved by :func:`resolve_restrictions` (connected tools only);
3. the operation's classification against the grant's scopes (``forbidden`` is
   reachable under no scope; connected tools also need ``mcp:tools``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Literal

from cardamom.core.orgdef import Classification, Method, RestrictionDef, Role

Scope = Literal["mcp:read", "mcp:write", "mcp:destructive", "mcp:tools"]
ALL_SCOPES: tuple[Scope, ...] = ("mcp:read", "mcp:write", "mcp:destructive", "mcp:tools")

TOOL_EXECUTE = "tool:execute"
# See another member's effective access (one's own needs only access:get).
ACCESS_INSPECT = "access:inspect"

# RBAC per operation: every control-plane operation ``cardamom__{resource}__{operation}``
# is gated by its own permission ``{resource}:{operation}``.
CONTROL_PLANE_PERMISSIONS: tuple[str, ...] = (
    "connections:list",
    "connections:get",
    "connections:create",
    "connections:update",
    "connections:delete",
    "connections:refresh",
    "members:list",
    "members:get",
    "members:add",
    "members:set_role",
    "members:suspend",
    "members:reinstate",
    "members:remove",
    "grants:revoke",
    "restrictions:list",
    "restrictions:create",
    "restrictions:delete",
    "aliases:list",
    "aliases:delete",
    "audit:list",
    "access:get",
    "insights:get",  # owners and admins: what members searched for and did not find
)
# Reserved for billing operations; the gateway exposes none, Billing Admin holds them.
BILLING_PERMISSIONS: tuple[str, ...] = ("billing:read", "billing:manage")
PERMISSIONS: tuple[str, ...] = (TOOL_EXECUTE, ACCESS_INSPECT, *CONTROL_PLANE_PERMISSIONS, *BILLING_PERMISSIONS)

_READ_DIRECTORY = (
    "connections:list",
    "connections:get",
    "members:list",
    "members:get",
    "restrictions:list",
    "aliases:list",
)
ROLE_PERMISSIONS: dict[Role, frozenset[str]] = {
    "owner": frozenset(PERMISSIONS),
    "admin": frozenset((TOOL_EXECUTE, ACCESS_INSPECT, *CONTROL_PLANE_PERMISSIONS)),
    "member": frozenset((TOOL_EXECUTE, *_READ_DIRECTORY, "access:get")),
    "guest": frozenset(("connections:list", "connections:get", "access:get")),
    "auditor": frozenset((*_READ_DIRECTORY, "audit:list", "access:get", ACCESS_INSPECT)),
    "billing_admin": frozenset(("members:list", "members:get", "access:get", *BILLING_PERMISSIONS)),
}

SCOPE_FOR_CLASSIFICATION: dict[Classification, Scope | None] = {
    "read": "mcp:read",
    "write": "mcp:write",
    "destructive": "mcp:destructive",
    "forbidden": None,
}


def classify(method: Method, override: Classification | None = None) -> Classification:
    """A connector's explicit classification wins; otherwise the HTTP method decides."""
    if override is not None:
        return override
    if method in ("GET", "HEAD"):
        return "read"
    if method == "DELETE":
        return "destructive"
    return "write"


def has_permission(role: Role, permission: str) -> bool:
    return permission in ROLE_PERMISSIONS[role]


def required_scopes(classification: Classification, *, connected: bool) -> tuple[Scope, ...] | None:
    """Scopes an operation needs, or ``None`` when no scope can reach it (forbidden)."""
    scope = SCOPE_FOR_CLASSIFICATION[classification]
    if scope is None:
        return None
    return ("mcp:tools", scope) if connected else (scope,)


def missing_scope(scopes: Iterable[str], classification: Classification, *, connected: bool) -> Scope | None:
    """The first scope the grant lacks for this operation, if any (forbidden is handled apart)."""
    needed = required_scopes(classification, connected=connected)
    granted = set(scopes)
    for scope in needed or ():
        if scope not in granted:
            return scope
    return None


# ---- restrictions -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    allowed: bool
    rule_id: str | None = None
    reason: str = ""


ALLOWED = Verdict(True)


def _rule_matches_tool(rule: RestrictionDef, connector: str, tool: str) -> bool:
    if rule.connector is not None and rule.connector != connector:
        return False
    if rule.tools:
        return any(fnmatchcase(tool, pattern) for pattern in rule.tools)
    return rule.connector is not None  # a rule naming nothing matches nothing


def _rule_matches_connector(rule: RestrictionDef, connector: str) -> bool:
    """Whether a rule reaches the connector as a whole (listing it, connecting it).

    An allow reaches a connector when some tool of it may be allowed: it names the
    connector, or only names tool patterns. A block reaches a connector only when it
    blocks all of it: it names the connector and no tools. So allowing one tool lets a
    member see the connector, while blocking one tool leaves the connector visible.
    """
    if rule.effect == "allow":
        return rule.connector == connector or (rule.connector is None and bool(rule.tools))
    return rule.connector == connector and not rule.tools


def _layer_verdict(rules: Sequence[RestrictionDef], connector: str, tool: str | None, layer: str) -> Verdict:
    def matches(rule: RestrictionDef) -> bool:
        if tool is None:
            return _rule_matches_connector(rule, connector)
        return _rule_matches_tool(rule, connector, tool)

    subject = connector if tool is None else f"{connector}.{tool}"
    for rule in rules:
        if rule.effect == "block" and matches(rule):
            return Verdict(False, rule.id, f"blocked by {layer} restriction {rule.id}")
    allows = [rule for rule in rules if rule.effect == "allow"]
    # The allowlist engages on the presence of an allow rule, not its contents.
    if allows and not any(matches(rule) for rule in allows):
        ids = ",".join(str(rule.id) for rule in allows)
        return Verdict(False, allows[0].id, f"{subject} is outside the {layer} allowlist ({ids})")
    return ALLOWED


def resolve_restrictions(
    restrictions: Sequence[RestrictionDef],
    *,
    member_id: str,
    role: Role,
    connector: str,
    tool: str | None = None,
) -> Verdict:
    """The one resolver every reach point uses: listing, connecting, advertising,
    executing, the final outbound check and opening a stored tool file.

    The org default is allow-all. Role rules form the first layer, the member's own
    rules the second; a member rule can only narrow what the role allows, because both
    layers must allow. Within a layer, blocks beat allows.
    """
    role_rules = [r for r in restrictions if r.target.role == role]
    user_rules = [r for r in restrictions if r.target.user == member_id]
    verdict = _layer_verdict(role_rules, connector, tool, f"role:{role}")
    if not verdict.allowed:
        return verdict
    return _layer_verdict(user_rules, connector, tool, f"user:{member_id}")
