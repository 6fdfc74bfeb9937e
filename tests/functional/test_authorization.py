"""The one authorization gate: each rule decided in one function, asked by every path, and the
last gate before a request leaves given the tool the request reaches."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardamom.core import policy
from cardamom.errors import PermissionDenied, Restricted
from cardamom.service import authorization
from cardamom.service.authorization import authorize, outbound_refusal
from tests.harness import FakeApp
from tests.orgs import block, connection, notion, org_yaml, tool

SRC = Path(__file__).resolve().parents[2] / "src" / "cardamom"

ORG = org_yaml(
    notion(
        tool("list_all_users", "/v1/users", description="List all users."),
        tool("create_page", "/v1/pages", method="POST", description="Create a page."),
    ),
    connections=[connection("notion-legal", "notion", token_env="LEGAL")],
    members={"alice": "member", "gina": "guest"},
    restrictions=[block("notion", user="alice", tools=["create_page"], id="no-pages")],
)


@pytest.fixture
def app() -> FakeApp:
    fake = FakeApp()
    fake.apply(ORG)
    return fake


def test_the_last_gate_decides_a_reached_tool_afresh_and_the_permitted_one_not_again(app: FakeApp) -> None:
    alice = app.caller("alice")
    snapshot = app.snapshots.current("acme")
    permit = authorize(alice, snapshot, "notion-legal__list_all_users")
    assert outbound_refusal(permit, permit.tool) is None
    blocked = snapshot.tool("notion-legal__create_page")
    assert blocked is not None
    refusal = outbound_refusal(permit, blocked)
    assert isinstance(refusal, Restricted) and refusal.rule_id == "no-pages"


@pytest.fixture
def resolutions(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str | None]]]:
    """Every restriction resolution the gate makes, as (connector, tool)."""
    seen: list[tuple[str, str | None]] = []
    real = policy.resolve_restrictions

    def counting(*args: Any, **kwargs: Any) -> policy.Verdict:
        seen.append((kwargs["connector"], kwargs.get("tool")))
        return real(*args, **kwargs)

    monkeypatch.setattr(authorization, "resolve_restrictions", counting)
    yield seen


def test_an_execution_resolves_the_restrictions_once(app: FakeApp, resolutions: list[tuple[str, str | None]]) -> None:
    result = app.call("notion-legal__list_all_users", caller=app.caller("alice"))
    assert result["isError"] is False, result
    assert resolutions == [("notion", "list_all_users")]


def test_without_tool_execute_every_path_gives_the_same_refusal(app: FakeApp) -> None:
    guest = app.caller("gina")
    assert app.rpc("tools/list", caller=guest).body == {"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}
    for name, arguments in (
        ("search_tools", {"nonsense": 1}),
        ("execute_tool", {"name": 3}),
        ("notion-legal__nope", {}),
        ("cardamom__connections__list", {}),
    ):
        result = app.call(name, arguments, caller=guest)
        assert result["isError"] is True and result["structuredContent"]["error"]["permission"] == "tool:execute"
    with pytest.raises(PermissionDenied):
        app.container.search.search(guest, "list users")


def _functions_naming(name: str) -> set[str]:
    """``module:function`` of every function outside the pure core whose body names ``name``."""
    found: set[str] = set()
    for path in SRC.rglob("*.py"):
        if path.relative_to(SRC).parts[0] == "core":
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                isinstance(inner, ast.Name) and inner.id == name for inner in ast.walk(node)
            ):
                found.add(f"{path.relative_to(SRC).with_suffix('')}:{node.name}")
    return found


@pytest.mark.parametrize(
    ("rule", "decided_in"),
    [
        ("TOOL_EXECUTE", {"service/authorization:execute_refusal"}),
        ("resolve_restrictions", {"service/authorization:restriction_verdict"}),
        ("missing_scope", {"service/authorization:scope_refusal"}),
    ],
)
def test_each_rule_is_decided_in_one_function(rule: str, decided_in: set[str]) -> None:
    # The rules themselves are core/policy's; core's bulk pass over a whole pool is held to
    # tool_refusal tool by tool (tests/unit/test_snapshot_lazy.py). Outside the pure core, every
    # decision is the gate's.
    assert _functions_naming(rule) == decided_in
