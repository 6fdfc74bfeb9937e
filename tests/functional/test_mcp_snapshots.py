"""Discovery inside the snapshot service, with a fake discovery: when it is asked, what a
failure costs (the org's MCP tools, nothing else), and control-plane changes reaching it;
then the discovery itself over a fake transport: credentials on every message, and the
outbound guard before anything leaves."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

import pytest

from cardamom.core.listings import ListingAttempt
from cardamom.core.orgdef import AuthSpec
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.outbound import Credential, OutboundRequest
from cardamom.core.pool import AccountInfo
from cardamom.core.pool_builder import mcp_upstreams
from cardamom.core.remote_tools import RemoteTool
from cardamom.errors import ReauthorizationNeeded
from cardamom.ports import ConnectorTransport, OutboundResponse
from cardamom.service.connector_calls import ConnectorLimits
from cardamom.service.tool_discovery import McpToolDiscovery
from tests.fakes import RecordingTransport, StaticCredentials, StaticDiscovery
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
    discovery = StaticDiscovery({"notes-team": [READ_NOTES], "notes-later": [READ_NOTES]})
    fake = FakeApp(discovery=discovery)
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
    discovery = StaticDiscovery()
    fake = FakeApp(discovery=discovery)
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


# ---- the discovery itself, over a fake transport --------------------------------------------------


def answer(request: OutboundRequest) -> OutboundResponse:
    message = request.json_body or {}
    if request.method == "DELETE" or "id" not in message:
        return OutboundResponse(202)
    result: dict[str, Any] = {"tools": [{"name": "read_notes", "annotations": {"readOnlyHint": True}}]}
    if message["method"] == "initialize":
        result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}}
    body = json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}).encode()
    return OutboundResponse(200, {"Content-Type": "application/json", "Mcp-Session-Id": "s-1"}, body)


def discover(base_url: str, *, local: bool) -> tuple[Mapping[str, ListingAttempt], RecordingTransport]:
    transport = RecordingTransport(answer)

    @asynccontextmanager
    async def open_transport() -> AsyncIterator[ConnectorTransport]:
        yield transport

    definition = parse_org_definition(ORG.replace("https://mcp.notes.example/mcp", base_url), "org.yaml")
    discovery = McpToolDiscovery(StaticCredentials("tok"), open_transport, ConnectorLimits(allow_loopback_http=local))
    return discovery.discover("acme", mcp_upstreams(definition)), transport


def test_every_message_of_a_listing_carries_the_credential_and_goes_to_the_endpoint() -> None:
    found, transport = discover("https://mcp.notes.example/mcp", local=False)
    assert [t.name for t in found["notes-team"].tools or ()] == ["read_notes"]
    assert [r.method for r in transport.sent] == ["POST", "POST", "POST", "DELETE"]
    assert {r.url for r in transport.sent} == {"https://mcp.notes.example/mcp"}
    assert {r.headers["Authorization"] for r in transport.sent} == {"Bearer tok"}


@pytest.mark.parametrize(
    ("base_url", "local"),
    [
        ("http://mcp.notes.example/mcp", True),  # plain http leaves loopback: never
        ("http://127.0.0.1:9/mcp", False),  # plain http to loopback, outside local mode
    ],
)
def test_discovery_runs_the_outbound_guard_before_anything_leaves(base_url: str, local: bool) -> None:
    found, transport = discover(base_url, local=local)
    assert transport.sent == []
    assert (found["notes-team"].listed, found["notes-team"].code) == (False, "outbound_refused")


# ---- a grant refused while listing ----------------------------------------------------------------


class RefusedGrant(StaticCredentials):
    """The authorization server refuses the grant of ``refused`` for good."""

    def __init__(self, refused: str) -> None:
        super().__init__("tok")
        self.refused = refused

    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        if account.account == self.refused:
            raise ReauthorizationNeeded(f"connection {account.account} needs reauthorization", account=account.account)
        return await super().resolve(org, account, auth)


def test_a_grant_refused_while_listing_marks_the_connection_and_the_build_starts_over() -> None:
    fake = FakeApp(transport=RecordingTransport(answer), credentials=RefusedGrant("notes-team"), discovery=None)
    fake.apply(ORG.replace("status: pending, ", ""))  # both notes connections active
    stored = fake.directory.load_org("acme")
    assert stored is not None
    statuses = {c.account: c.status for c in stored.definition.connections}
    assert statuses == {"notes-team": "needs_reauth", "notes-later": "active", "cal": "active"}
    snapshot = fake.snapshots.current("acme")
    assert snapshot.version == stored.version == 2  # built from the directory the listing left, not the one before
    assert names(fake) == {"notes-later__read_notes", "cal__list_events"}
    listed = [r.json_body["method"] for r in fake.transport.sent if r.json_body and r.json_body.get("id")]
    assert listed.count("tools/list") == 2  # notes-later, once per pass; notes-team was never listed
