"""The collapse threshold: an org setting under which tools/list lists the caller's connected tools.

The pool it compares is the caller's own: the control-plane operations they may run plus the
connected tools they may use. Withheld tools (restrictions, scopes) neither count nor show.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from cardamom.core.audit import AuditQuery
from cardamom.core.collapse import lists_connected_tools
from cardamom.core.orgfile import parse_org_definition
from cardamom.errors import OrgDefinitionError
from tests.harness import FakeApp
from tests.orgs import Part, block, connection, connector, org_yaml, tool
from tests.support import make_container

READER = ("mcp:read", "mcp:tools")


def org_text(tools: int, threshold: int | None, restrictions: Sequence[Part] = ()) -> str:
    """Widgets with ``tools`` shelves to list and a delete, one connection (region frozen), alice and gina."""
    shelves = [
        tool(
            f"list_widgets_{i:02d}",
            f"/v1/shelves/{i}/widgets",
            description=f"List widgets of shelf {i}.",
            input_schema={"type": "object", "properties": {"region": {"type": "string"}, "page": {"type": "integer"}}},
        )
        for i in range(tools)
    ]
    delete = tool("delete_widget", "/v1/widgets/{widget_id}", method="DELETE", description="Delete a widget.")
    settings = {} if threshold is None else {"collapse_threshold": threshold}
    return org_yaml(
        connector("widgets", "Widgets", "https://api.widgets.example", *shelves, delete),
        connections=[connection("widgets-eu", "widgets", token_env="WIDGETS_TOKEN", frozen={"region": "eu"})],
        members={"alice": "member", "gina": "guest"},
        restrictions=restrictions,
        **settings,
    )


def app_for(text: str) -> FakeApp:
    app = FakeApp()
    app.apply(text)
    return app


def listed(app: FakeApp, *, member: str = "alice", scopes: tuple[str, ...] = READER) -> list[str]:
    reply = app.rpc("tools/list", caller=app.caller(member, scopes))
    assert reply.body is not None
    return [tool["name"] for tool in reply.body["result"]["tools"]]


def connected(names: list[str]) -> list[str]:
    return [n for n in names if n.startswith("widgets-eu__")]


def operations(names: list[str]) -> list[str]:
    return [n for n in names if n.startswith("cardamom__")]


@pytest.mark.parametrize(("pool", "threshold", "lists"), [(17, 30, True), (30, 30, True), (31, 30, False)])
def test_the_rule_lists_until_the_pool_passes_the_threshold(pool: int, threshold: int, lists: bool) -> None:
    assert lists_connected_tools(threshold, pool) is lists
    assert lists_connected_tools(None, 1) is False  # no setting: always collapsed


def test_by_default_connected_tools_are_never_listed() -> None:
    assert connected(listed(app_for(org_text(3, None)))) == []


def test_ten_usable_tools_under_a_threshold_of_30_are_listed() -> None:
    app = app_for(org_text(10, 30))
    names = listed(app)
    assert len(operations(names)) + 10 <= 30  # the caller's pool: their operations plus the ten read tools
    # delete_widget is destructive: without mcp:destructive it is withheld, so neither listed nor counted.
    assert connected(names) == [f"widgets-eu__list_widgets_{i:02d}" for i in range(10)]
    # A stable order: the meta-tools, the operations, then connected tools by name.
    assert names == ["search_tools", "execute_tool", *operations(names), *connected(names)]
    assert listed(app) == names


def test_forty_usable_tools_collapse_behind_search() -> None:
    app = app_for(org_text(40, 30))
    names = listed(app)
    assert connected(names) == []
    assert names[:2] == ["search_tools", "execute_tool"]
    found = app.search("list widgets shelf 07", caller=app.caller(scopes=READER))
    assert found["results"][0]["name"] == "widgets-eu__list_widgets_07"


def test_restricted_tools_do_not_count() -> None:
    """40 tools, 32 of them blocked for members: the pool is the 8 left (plus operations), under 30."""
    blocked = [f"list_widgets_{i:02d}" for i in range(8, 40)]
    app = app_for(org_text(40, 30, restrictions=[block("widgets", role="member", tools=blocked, id="most")]))
    names = listed(app)
    assert connected(names) == [f"widgets-eu__list_widgets_{i:02d}" for i in range(8)]
    assert len(operations(names)) + 40 > 30  # had the restricted tools counted, nothing would be listed


def test_scope_withheld_tools_do_not_count() -> None:
    """The destructive delete tool counts only for a caller whose grant reaches it: here it is the
    one tool that takes the pool from exactly 30 (listed) to 31 (collapsed)."""
    app = app_for(org_text(23, 30))
    reader = listed(app)
    assert len(operations(reader)) + 23 == 30
    assert len(connected(reader)) == 23 and "widgets-eu__delete_widget" not in connected(reader)
    writer = listed(app, scopes=("mcp:read", "mcp:write", "mcp:destructive", "mcp:tools"))
    assert len(operations(writer)) == len(operations(reader))  # a member's operations need no write scope
    assert connected(writer) == []


def test_a_caller_without_tool_execute_sees_nothing() -> None:
    assert listed(app_for(org_text(5, 30)), member="gina") == []


def test_a_listed_tool_shows_its_trimmed_schema_and_runs_through_tools_call() -> None:
    app = app_for(org_text(3, 30))
    caller = app.caller(scopes=READER)
    reply = app.rpc("tools/list", caller=caller)
    assert reply.body is not None
    tools = {t["name"]: t for t in reply.body["result"]["tools"]}
    tool = tools["widgets-eu__list_widgets_01"]
    assert tool["inputSchema"]["properties"] == {"page": {"type": "integer"}}  # region is frozen: not offered
    assert tool["annotations"]["readOnlyHint"] is True
    result = app.call("widgets-eu__list_widgets_01", {"page": 2}, caller=caller)
    assert result["isError"] is False, result
    [sent] = app.transport.sent
    assert "region=eu" in sent.url and "page=2" in sent.url  # the frozen value still reaches the call
    [row] = app.audit.query("acme", AuditQuery())
    assert (row.operation, row.status) == ("widgets-eu__list_widgets_01", "succeeded")


def test_the_setting_is_validated() -> None:
    with pytest.raises(OrgDefinitionError, match="collapse_threshold"):
        parse_org_definition(org_text(1, -1), "org.yaml")


def test_the_setting_survives_the_store_and_the_snapshot(home: Path) -> None:
    container = make_container(home, org_text=org_text(1, 30))
    stored = container.directory.load_org("acme")
    assert stored is not None and stored.definition.collapse_threshold == 30
    assert container.snapshots.current("acme").collapse_threshold == 30
    # A rebuilt process reads the stored snapshot back with the setting.
    assert make_container(home).snapshots.current("acme").collapse_threshold == 30
