"""Discovery inside the snapshot service, with a fake discovery: when it is asked, what a
failure costs (the org's MCP tools, nothing else), and control-plane changes reaching it."""

from __future__ import annotations

import pytest

from cardamom.core.remote_tools import RemoteTool
from tests.fakes import StaticDiscovery
from tests.harness import FakeApp

ORG = """\
org: acme
connectors:
  - {id: notes, label: Meeting Notes, kind: mcp, base_url: "https://mcp.notes.example/mcp", auth: {type: bearer}}
  - id: calendar
    label: Calendar
    base_url: https://api.calendar.example
    tools:
      - {name: list_events, description: List calendar events., path: /events}
connections:
  - {account: notes-team, connector: notes, credentials: {token_env: NOTES_TOKEN}}
  - {account: notes-later, connector: notes, status: pending, credentials: {token_env: NOTES_TOKEN}}
  - {account: cal, connector: calendar}
members:
  - {id: alice, role: owner}
"""

READ_NOTES = RemoteTool(
    "read_notes",
    "read_notes",
    "Read the meeting notes kept on a topic.",
    {"type": "object", "properties": {"topic": {"type": "string"}}},
    {"readOnlyHint": True},
)


@pytest.fixture
def app() -> tuple[FakeApp, StaticDiscovery]:
    fake = FakeApp()
    discovery = StaticDiscovery({"notes-team": [READ_NOTES], "notes-later": [READ_NOTES]})
    fake.snapshots.use_discovery(discovery)
    fake.apply(ORG)
    return fake, discovery


def names(fake: FakeApp) -> set[str]:
    return {t.name for t in fake.snapshots.current("acme").tools}


def test_the_active_mcp_connections_are_listed_at_every_rebuild(app: tuple[FakeApp, StaticDiscovery]) -> None:
    fake, discovery = app
    assert discovery.calls == [("acme", ("notes-team",))]
    assert names(fake) == {"notes-team__read_notes", "cal__list_events"}
    assert fake.search("read meeting notes")["results"][0]["name"] == "notes-team__read_notes"


def test_an_org_without_mcp_connections_never_calls_discovery() -> None:
    fake = FakeApp()
    discovery = StaticDiscovery()
    fake.snapshots.use_discovery(discovery)
    fake.apply(ORG.split("connections:")[0] + "connections:\n  - {account: cal, connector: calendar}\n")
    fake.snapshots.rebuild("acme")
    assert discovery.calls == []


def test_a_discovery_that_breaks_down_costs_the_mcp_tools_and_nothing_else(
    app: tuple[FakeApp, StaticDiscovery],
) -> None:
    fake, discovery = app
    discovery.fail = True
    fake.snapshots.rebuild("acme")
    assert names(fake) == {"cal__list_events"}
    discovery.fail = False
    fake.snapshots.rebuild("acme")
    assert names(fake) == {"notes-team__read_notes", "cal__list_events"}


def test_activating_a_connection_through_the_control_plane_lists_its_server(
    app: tuple[FakeApp, StaticDiscovery],
) -> None:
    fake, discovery = app
    result = fake.call("cardamom__connections__update", {"account": "notes-later", "status": "active"})
    assert result["isError"] is False, result
    assert discovery.calls[-1] == ("acme", ("notes-team", "notes-later"))
    assert "notes-later__read_notes" in names(fake)
