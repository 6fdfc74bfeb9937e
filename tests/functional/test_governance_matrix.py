"""Every role x scope set x classification x restriction set: listing, search, tools/call and
execute_tool agree. A tool is searchable exactly when it is executable, and never otherwise.

The expected answer comes from an oracle written out here by hand, not from the policy code."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

import pytest

from cardamom.core.orgdef import Role
from tests.harness import FakeApp

ORG = """\
org: acme
connectors:
  - id: app
    label: App
    base_url: https://api.app.example
    tools:
      - {name: read_thing, description: Read a thing., method: GET, path: /things}
      - {name: write_thing, description: Write a thing., method: POST, path: /things}
      - {name: delete_thing, description: Delete a thing., method: DELETE, path: /things}
      - {name: secret_thing, description: Export every thing., method: GET, path: /export, classification: forbidden}
  - id: other
    label: Other
    base_url: https://api.other.example
    tools:
      - {name: other_read, description: Read the other thing., method: GET, path: /other}
connections:
  - {account: app-main, connector: app}
  - {account: other-main, connector: other}
members:
  - {id: olivia, role: owner}
  - {id: adam, role: admin}
  - {id: max, role: member}
  - {id: mia, role: member}
  - {id: gina, role: guest}
  - {id: audrey, role: auditor}
  - {id: bill, role: billing_admin}
"""

TOOLS = ("read_thing", "write_thing", "delete_thing", "secret_thing", "other_read")
CLASS = {
    "read_thing": "read",
    "write_thing": "write",
    "delete_thing": "destructive",
    "secret_thing": "forbidden",
    "other_read": "read",
}
ACCOUNT = {"other_read": "other-main"}
MEMBER_OF: dict[Role, str] = {
    "owner": "olivia",
    "admin": "adam",
    "member": "max",
    "guest": "gina",
    "auditor": "audrey",
    "billing_admin": "bill",
}

# restriction set -> (rules, which tools each member may reach by restrictions alone)
ALL = frozenset(TOOLS)
RESTRICTION_SETS: dict[str, tuple[str, dict[str, frozenset[str]]]] = {
    "none": ("[]", {}),
    "members cannot delete": (
        "[{target: {role: member}, effect: block, connector: app, tools: ['delete_*']}]",
        {"max": ALL - {"delete_thing"}, "mia": ALL - {"delete_thing"}},
    ),
    "members only reach other": (
        "[{target: {role: member}, effect: allow, connector: other}]",
        {"max": frozenset({"other_read"}), "mia": frozenset({"other_read"})},
    ),
    "admins allow nothing": (
        "[{target: {role: admin}, effect: allow}]",
        {"adam": frozenset()},
    ),
    "block beats allow, user narrows": (
        "[{target: {role: member}, effect: allow, connector: app},"
        " {target: {role: member}, effect: block, connector: app, tools: [write_thing]},"
        " {target: {user: max}, effect: allow, connector: other},"  # cannot loosen: role allowlist lacks other
        " {target: {user: mia}, effect: block, tools: [read_thing]}]",
        {"max": frozenset(), "mia": frozenset({"delete_thing", "secret_thing"})},
    ),
}
SCOPE_SETS: tuple[tuple[str, ...], ...] = (
    (),
    ("mcp:tools",),
    ("mcp:read",),
    ("mcp:read", "mcp:tools"),
    ("mcp:read", "mcp:write", "mcp:tools"),
    ("mcp:read", "mcp:write", "mcp:destructive", "mcp:tools"),
)
EXECUTORS = {"owner", "admin", "member"}


def expected_usable(
    role: Role, member: str, scopes: tuple[str, ...], reach: dict[str, frozenset[str]], tool: str
) -> bool:
    if role not in EXECUTORS:
        return False
    if tool not in reach.get(member, ALL):
        return False
    needed = {"read": "mcp:read", "write": "mcp:write", "destructive": "mcp:destructive"}.get(CLASS[tool])
    return needed is not None and {"mcp:tools", needed} <= set(scopes)


def advertised(tool: str) -> str:
    return f"{ACCOUNT.get(tool, 'app-main')}__{tool}"


@pytest.fixture(scope="module", params=list(RESTRICTION_SETS))
def restricted_app(request: pytest.FixtureRequest) -> Iterator[tuple[FakeApp, dict[str, frozenset[str]]]]:
    rules, reach = RESTRICTION_SETS[request.param]
    app = FakeApp()
    app.apply(ORG + f"restrictions: {rules}\n")
    yield app, reach


@pytest.mark.parametrize("role", list(MEMBER_OF))
def test_listing_search_tools_call_and_execute_tool_agree(
    restricted_app: tuple[FakeApp, dict[str, frozenset[str]]], role: Role
) -> None:
    app, reach = restricted_app
    members = [MEMBER_OF[role]] + (["mia"] if role == "member" else [])
    for member, scopes in product(members, SCOPE_SETS):
        caller = app.caller(member, scopes)
        listed = app.rpc("tools/list", caller=caller).body
        assert listed is not None
        listed_names = {t["name"] for t in listed["result"]["tools"]}
        assert not any("__" in n and not n.startswith("cardamom__") for n in listed_names)
        for tool in TOOLS:
            name = advertised(tool)
            usable = expected_usable(role, member, scopes, reach, tool)
            where = f"{member} {scopes} {tool}"

            search = app.call("search_tools", {"query": name, "limit": 50}, caller=caller)
            if role not in EXECUTORS:
                assert search["isError"] and search["structuredContent"]["error"]["permission"] == "tool:execute"
                searchable = False
            else:
                searchable = name in {r["name"] for r in search["structuredContent"]["results"]}
                reported = {r["name"] for r in search["structuredContent"]["restricted"]["tools"]}
                assert (name in reported) == (not usable), where  # withheld tools are named, never hidden

            direct = app.call(name, {}, caller=caller)
            wrapped = app.call("execute_tool", {"name": name, "arguments": {}}, caller=caller)
            assert direct == wrapped, where
            executable = direct["isError"] is False

            if "cardamom__connections__get" in listed_names:
                account = app.call("cardamom__connections__get", {"account": name.split("__")[0]}, caller=caller)
                shown = account["structuredContent"].get("tools", []) if not account["isError"] else []
                assert (name in {t["name"] for t in shown}) == usable, where

            assert searchable == executable == usable, where
