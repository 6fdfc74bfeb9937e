"""Roles, scopes, classification and the one restriction resolver."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cardamom.core.orgdef import ROLES, Classification, Method, RestrictionDef, Role
from cardamom.core.policy import (
    ALL_SCOPES,
    PERMISSIONS,
    ROLE_PERMISSIONS,
    TOOL_EXECUTE,
    classify,
    has_permission,
    missing_scope,
    required_scopes,
    resolve_restrictions,
)

# ---- classification ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        ("GET", "read"),
        ("HEAD", "read"),
        ("DELETE", "destructive"),
        ("POST", "write"),
        ("PUT", "write"),
        ("PATCH", "write"),
    ],
)
def test_classify_by_method(method: Method, expected: Classification) -> None:
    assert classify(method) == expected


@pytest.mark.parametrize(
    ("method", "override"),
    [
        ("POST", "read"),
        ("GET", "destructive"),
        ("GET", "forbidden"),
        ("DELETE", "write"),
        ("PATCH", "forbidden"),
    ],
)
def test_an_explicit_classification_wins(method: Method, override: Classification) -> None:
    assert classify(method, override) == override


# ---- scopes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("classification", "connected", "expected"),
    [
        ("read", True, ("mcp:tools", "mcp:read")),
        ("write", True, ("mcp:tools", "mcp:write")),
        ("destructive", True, ("mcp:tools", "mcp:destructive")),
        ("read", False, ("mcp:read",)),
        ("write", False, ("mcp:write",)),
        ("destructive", False, ("mcp:destructive",)),
        ("forbidden", True, None),
        ("forbidden", False, None),
    ],
)
def test_required_scopes(classification: Classification, connected: bool, expected: tuple[str, ...] | None) -> None:
    assert required_scopes(classification, connected=connected) == expected


@pytest.mark.parametrize(
    ("granted", "classification", "connected", "missing"),
    [
        ({"mcp:read", "mcp:tools"}, "read", True, None),
        ({"mcp:read"}, "read", True, "mcp:tools"),
        ({"mcp:tools"}, "read", True, "mcp:read"),
        ({"mcp:tools", "mcp:read"}, "write", True, "mcp:write"),
        ({"mcp:tools", "mcp:write"}, "destructive", True, "mcp:destructive"),
        ({"mcp:write", "mcp:destructive"}, "destructive", True, "mcp:tools"),
        ({"mcp:tools", "mcp:destructive"}, "destructive", True, None),
        (set(), "read", False, "mcp:read"),
        ({"mcp:read"}, "read", False, None),
        ({"mcp:read"}, "write", False, "mcp:write"),
        ({"mcp:write"}, "destructive", False, "mcp:destructive"),
        ({"mcp:destructive"}, "destructive", False, None),
        ({"mcp:write"}, "write", False, None),  # control plane does not need mcp:tools
    ],
)
def test_missing_scope(granted: set[str], classification: Classification, connected: bool, missing: str | None) -> None:
    assert missing_scope(granted, classification, connected=connected) == missing


@pytest.mark.parametrize("connected", [True, False])
def test_write_does_not_imply_read_or_destructive(connected: bool) -> None:
    granted = {"mcp:tools", "mcp:write"}
    assert missing_scope(granted, "read", connected=connected) == "mcp:read"
    assert missing_scope(granted, "destructive", connected=connected) == "mcp:destructive"


@pytest.mark.parametrize("connected", [True, False])
def test_forbidden_is_reachable_under_no_scope(connected: bool) -> None:
    assert required_scopes("forbidden", connected=connected) is None
    # missing_scope leaves forbidden to its own check: there is no scope to ask for.
    assert missing_scope(ALL_SCOPES, "forbidden", connected=connected) is None
    assert missing_scope((), "forbidden", connected=connected) is None


# ---- roles ------------------------------------------------------------------------------------------


def test_every_role_has_permissions_defined() -> None:
    assert set(ROLE_PERMISSIONS) == set(ROLES)
    for permissions in ROLE_PERMISSIONS.values():
        assert permissions <= set(PERMISSIONS)


@pytest.mark.parametrize("role", ["owner", "admin", "member"])
def test_owner_admin_and_member_hold_tool_execute(role: Role) -> None:
    assert has_permission(role, TOOL_EXECUTE) is True


@pytest.mark.parametrize("role", ["guest", "auditor", "billing_admin"])
def test_guest_auditor_and_billing_admin_do_not_hold_tool_execute(role: Role) -> None:
    assert has_permission(role, TOOL_EXECUTE) is False
    assert TOOL_EXECUTE not in ROLE_PERMISSIONS[role]


def test_the_owner_holds_every_permission() -> None:
    assert all(has_permission("owner", p) for p in PERMISSIONS)


@pytest.mark.parametrize(
    ("role", "permission", "held"),
    [
        ("admin", "restrictions:create", True),
        ("admin", "members:remove", True),
        ("admin", "access:inspect", True),
        ("admin", "billing:manage", False),
        ("member", "restrictions:create", False),
        ("member", "connections:create", False),
        ("member", "audit:list", False),
        ("member", "access:inspect", False),
        ("member", "connections:list", True),
        ("member", "access:get", True),
        ("auditor", "audit:list", True),
        ("auditor", "access:inspect", True),
        ("auditor", "connections:update", False),
        ("guest", "members:list", False),
        ("billing_admin", "billing:manage", True),
        ("billing_admin", "connections:list", False),
        ("owner", "billing:manage", True),
    ],
)
def test_role_permissions(role: Role, permission: str, held: bool) -> None:
    assert has_permission(role, permission) is held


# ---- restrictions -----------------------------------------------------------------------------------

_ids = itertools.count(1)


def rule(
    effect: str,
    *,
    role: str | None = None,
    user: str | None = None,
    connector: str | None = None,
    tools: list[str] | None = None,
    rule_id: str | None = None,
) -> RestrictionDef:
    data: dict[str, Any] = {
        "id": rule_id or f"t{next(_ids)}",
        "target": {"role": role} if role is not None else {"user": user},
        "effect": effect,
        "connector": connector,
        "tools": tools or [],
    }
    return RestrictionDef.model_validate(data)


def allowed(
    rules: list[RestrictionDef],
    connector: str,
    tool: str | None = None,
    *,
    role: Role = "member",
    member: str = "alice",
) -> bool:
    return resolve_restrictions(rules, member_id=member, role=role, connector=connector, tool=tool).allowed


@pytest.mark.parametrize("tool", [None, "list_all_users", "delete_block"])
def test_no_rules_allow_everything(tool: str | None) -> None:
    assert allowed([], "notion", tool)
    assert allowed([], "jira", tool, role="guest", member="bob")


def test_block_a_connector_blocks_it_and_its_tools() -> None:
    rules = [rule("block", role="member", connector="notion", rule_id="no-notion")]
    verdict = resolve_restrictions(rules, member_id="alice", role="member", connector="notion", tool="list_all_users")
    assert not verdict.allowed
    assert verdict.rule_id == "no-notion"
    assert "no-notion" in verdict.reason
    assert not allowed(rules, "notion")
    assert allowed(rules, "jira")
    assert allowed(rules, "jira", "list_issues")


def test_block_beats_allow_in_the_same_layer() -> None:
    rules = [
        rule("allow", role="member", connector="notion"),
        rule("block", role="member", connector="notion", tools=["delete_block"], rule_id="b"),
    ]
    assert allowed(rules, "notion", "list_all_users")
    verdict = resolve_restrictions(rules, member_id="alice", role="member", connector="notion", tool="delete_block")
    assert (verdict.allowed, verdict.rule_id) == (False, "b")


def test_block_beats_allow_of_the_same_tool() -> None:
    rules = [
        rule("block", role="member", connector="notion", tools=["retrieve_page"]),
        rule("allow", role="member", connector="notion", tools=["retrieve_page"]),
    ]
    assert not allowed(rules, "notion", "retrieve_page")


def test_block_beats_allow_in_the_user_layer_too() -> None:
    rules = [
        rule("allow", user="alice", connector="notion"),
        rule("block", user="alice", connector="notion"),
    ]
    assert not allowed(rules, "notion", "list_all_users")
    assert not allowed(rules, "notion")


@pytest.mark.parametrize("tool", [None, "list_all_users"])
@pytest.mark.parametrize("target", [{"role": "member"}, {"user": "alice"}])
def test_an_allow_naming_nothing_denies_everything(target: dict[str, str], tool: str | None) -> None:
    rules = [rule("allow", **target)]
    assert not allowed(rules, "notion", tool)
    assert not allowed(rules, "jira", tool)


def test_a_block_naming_nothing_blocks_nothing() -> None:
    rules = [rule("block", role="member")]
    assert allowed(rules, "notion")
    assert allowed(rules, "notion", "delete_block")


def test_the_allowlist_engages_on_the_presence_of_an_allow_rule() -> None:
    rules = [rule("allow", role="member", connector="notion", rule_id="only-notion")]
    assert allowed(rules, "notion")
    assert allowed(rules, "notion", "delete_block")
    verdict = resolve_restrictions(rules, member_id="alice", role="member", connector="jira")
    assert not verdict.allowed
    assert verdict.rule_id == "only-notion"
    assert not allowed(rules, "jira", "list_issues")


def test_allow_rules_in_one_layer_combine() -> None:
    rules = [
        rule("allow", role="member", connector="notion"),
        rule("allow", role="member", connector="jira", tools=["list_*"]),
    ]
    assert allowed(rules, "notion", "delete_block")
    assert allowed(rules, "jira", "list_issues")
    assert not allowed(rules, "jira", "delete_issue")
    assert not allowed(rules, "slack", "post_message")


def test_tool_patterns_match_with_fnmatch() -> None:
    rules = [rule("block", role="member", connector="notion", tools=["delete_*", "archive_?age"])]
    assert not allowed(rules, "notion", "delete_block")
    assert not allowed(rules, "notion", "delete_")
    assert not allowed(rules, "notion", "archive_page")
    assert allowed(rules, "notion", "archive_pages")
    assert allowed(rules, "notion", "undelete_block")
    assert allowed(rules, "notion", "list_all_users")


def test_tool_patterns_are_case_sensitive() -> None:
    rules = [rule("block", role="member", connector="notion", tools=["delete_*"])]
    assert allowed(rules, "notion", "Delete_block")


def test_a_tool_rule_applies_only_to_its_connector() -> None:
    rules = [rule("block", role="member", connector="notion", tools=["delete_*"])]
    assert allowed(rules, "jira", "delete_issue")


def test_a_tool_pattern_without_a_connector_applies_to_every_connector() -> None:
    rules = [rule("block", role="member", tools=["delete_*"])]
    assert not allowed(rules, "notion", "delete_block")
    assert not allowed(rules, "jira", "delete_issue")
    assert allowed(rules, "jira", "list_issues")
    assert allowed(rules, "jira")  # a tool block never blocks the connector as a whole


def test_a_user_rule_narrows_a_role_rule() -> None:
    rules = [
        rule("allow", role="member", connector="notion"),
        rule("block", user="alice", connector="notion", tools=["delete_*"]),
    ]
    assert not allowed(rules, "notion", "delete_block")
    assert allowed(rules, "notion", "delete_block", member="bob")
    assert allowed(rules, "notion", "list_all_users")


def test_a_user_allow_never_loosens_a_role_block() -> None:
    rules = [
        rule("block", role="member", connector="notion", tools=["delete_block"], rule_id="role-block"),
        rule("allow", user="alice", connector="notion", tools=["delete_block"]),
    ]
    verdict = resolve_restrictions(rules, member_id="alice", role="member", connector="notion", tool="delete_block")
    assert not verdict.allowed
    assert verdict.rule_id == "role-block"


def test_a_user_allow_never_widens_a_role_allowlist() -> None:
    rules = [
        rule("allow", role="member", connector="notion"),
        rule("allow", user="alice", connector="jira"),
    ]
    assert not allowed(rules, "jira")  # outside the role allowlist
    assert not allowed(rules, "jira", "list_issues")
    assert not allowed(rules, "notion")  # outside the user's own allowlist
    assert not allowed(rules, "notion", "list_all_users")


def test_both_layers_must_allow() -> None:
    rules = [
        rule("allow", role="member", connector="notion"),
        rule("allow", user="alice", connector="notion", tools=["list_*"]),
    ]
    assert allowed(rules, "notion", "list_all_users")
    assert not allowed(rules, "notion", "delete_block")
    assert allowed(rules, "notion", "delete_block", member="bob")


def test_a_rule_for_another_role_does_not_apply() -> None:
    rules = [rule("block", role="guest", connector="notion"), rule("allow", role="admin", connector="jira")]
    assert allowed(rules, "notion", "list_all_users", role="member")
    assert allowed(rules, "notion", role="member")
    assert not allowed(rules, "notion", "list_all_users", role="guest")
    assert not allowed(rules, "notion", role="admin")


def test_a_rule_for_another_user_does_not_apply() -> None:
    rules = [rule("block", user="bob", connector="notion"), rule("allow", user="carol", connector="jira")]
    assert allowed(rules, "notion", "list_all_users", member="alice")
    assert not allowed(rules, "notion", "list_all_users", member="bob")
    assert not allowed(rules, "notion", member="carol")


def test_a_user_rule_applies_whatever_the_role() -> None:
    rules = [rule("block", user="alice", connector="notion")]
    for role in ("owner", "admin", "member"):
        assert not allowed(rules, "notion", "list_all_users", role=role)


# ---- connector level (tool=None): allow and block match differently ---------------------------------


def test_allowing_one_tool_lets_the_member_reach_the_connector() -> None:
    rules = [rule("allow", role="member", connector="notion", tools=["list_all_users"])]
    assert allowed(rules, "notion")
    assert allowed(rules, "notion", "list_all_users")
    assert not allowed(rules, "notion", "retrieve_page")
    assert not allowed(rules, "jira")


def test_allowing_a_tool_pattern_without_a_connector_reaches_every_connector() -> None:
    rules = [rule("allow", role="member", tools=["list_*"])]
    assert allowed(rules, "notion")
    assert allowed(rules, "jira")
    assert allowed(rules, "jira", "list_issues")
    assert not allowed(rules, "jira", "delete_issue")


def test_blocking_one_tool_does_not_block_the_connector() -> None:
    rules = [rule("block", role="member", connector="notion", tools=["delete_block"])]
    assert allowed(rules, "notion")
    assert not allowed(rules, "notion", "delete_block")
    assert allowed(rules, "notion", "retrieve_page")


def test_blocking_the_connector_with_no_tools_blocks_it() -> None:
    rules = [rule("block", role="member", connector="notion")]
    assert not allowed(rules, "notion")
    assert allowed(rules, "jira")


def test_a_user_allowing_one_tool_keeps_the_connector_reachable_but_narrows_tools() -> None:
    rules = [rule("allow", user="alice", connector="notion", tools=["retrieve_page"])]
    assert allowed(rules, "notion")
    assert allowed(rules, "notion", "retrieve_page")
    assert not allowed(rules, "notion", "list_all_users")
    assert not allowed(rules, "jira")
