"""Remote MCP servers as connectors, against real servers on 127.0.0.1.

The notes server is built with the official ``mcp`` SDK; the protocol server is hand-rolled
for pagination, odd listings, JSON-RPC errors and hostile answers. One org connects them all
(with an HTTP connector beside them), so every test also shows that a server that cannot be
listed leaves the others alone.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.policy import ALL_SCOPES
from cardamom.service.authorization import Caller
from tests.fakes import StaticCredentials
from tests.mcp_upstream import UPSTREAM_TOKEN, ProtocolServer, RequireBearer, notes_server, serve_with_lifespan
from tests.support import free_socket, make_container

VARIANTS = ("paged", "away", "escape", "inside", "big", "bigcall", "callaway", "rpcerror")

ORG = """\
org: acme
connectors:
  - {{id: notes, label: Meeting Notes, kind: mcp, base_url: "{notes}/mcp", auth: {{type: bearer}}}}
  - {{id: gone, label: Gone Server, kind: mcp, base_url: "{gone}/mcp"}}
{variants}
  - id: calendar
    label: Calendar
    base_url: https://api.calendar.example
    tools:
      - {{name: list_events, description: List calendar events., path: /events}}
connections:
  - {{account: notes-team, connector: notes, credentials: {{token_env: NOTES_TOKEN}}}}
  - {{account: notes-frozen, connector: notes, credentials: {{token_env: NOTES_TOKEN}}, frozen: {{topic: roadmap}}}}
  - {{account: gone, connector: gone}}
  - {{account: cal, connector: calendar}}
{variant_connections}
members:
  - {{id: alice, role: owner}}
"""

NOTES_TOOLS = {
    "read_notes": "read",
    "create_note": "write",
    "delete_note": "destructive",
    "archive_note": "destructive",
    "explode_notes": "read",
    "notes_search": "read",
    "whoami_notes": "read",
}


@dataclass
class World:
    container: Container
    notes: RequireBearer
    protocol: ProtocolServer


RUNNER = asyncio.Runner()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    notes = RequireBearer(notes_server().streamable_http_app())
    protocol = ProtocolServer()
    gone = free_socket()  # bound, never listening: connections are refused
    with serve_with_lifespan(notes) as notes_url, serve_with_lifespan(protocol.app()) as proto_url:
        org = ORG.format(
            notes=notes_url,
            gone=f"http://127.0.0.1:{gone.getsockname()[1]}",
            variants="\n".join(
                f'  - {{id: {v}, label: {v.title()} Gadget, kind: mcp, base_url: "{proto_url}/{v}/mcp"}}'
                for v in VARIANTS
            ),
            variant_connections="\n".join(f"  - {{account: {v}, connector: {v}}}" for v in VARIANTS),
        )
        container = make_container(
            tmp_path_factory.mktemp("mcp") / "home",
            org_text=org,
            credentials=StaticCredentials(token=UPSTREAM_TOKEN),
            CARDAMOM_CONNECTOR_TIMEOUT="10",
            CARDAMOM_MAX_RESPONSE_BYTES="65536",
        )
        yield World(container, notes, protocol)
    gone.close()


def owner(scopes: tuple[str, ...] = ALL_SCOPES) -> Caller:
    return Caller("acme", "alice", "owner", frozenset(scopes))


def rpc(container: Container, name: str, arguments: dict[str, Any], caller: Caller | None = None) -> dict[str, Any]:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    reply = RUNNER.run(container.endpoint.handle(json.dumps(body).encode(), caller or owner()))
    assert reply.body is not None and "result" in reply.body, reply.body
    result: dict[str, Any] = reply.body["result"]
    return result


def execute(container: Container, name: str, arguments: dict[str, Any], caller: Caller | None = None) -> dict[str, Any]:
    return rpc(container, "execute_tool", {"name": name, "arguments": arguments}, caller)


def search(container: Container, query: str, caller: Caller | None = None) -> list[dict[str, Any]]:
    result = rpc(container, "search_tools", {"query": query, "limit": 5}, caller)
    assert result["isError"] is False, result
    results: list[dict[str, Any]] = result["structuredContent"]["results"]
    return results


def last_row(container: Container) -> AuditRow:
    return container.audit.query("acme", AuditQuery(limit=1))[0]


def account_tools(container: Container, account: str) -> dict[str, str]:
    snapshot = container.snapshots.current("acme")
    return {t.tool: t.classification for t in snapshot.tools if t.account == account}


def error_detail(result: dict[str, Any]) -> str:
    assert result["isError"] is True, result
    detail: str = result["structuredContent"]["error"]["detail"]
    return detail


class TestDiscovery:
    def test_every_tool_of_the_sdk_server_is_in_the_pool_classified_by_its_annotations(self, world: World) -> None:
        assert account_tools(world.container, "notes-team") == NOTES_TOOLS

    def test_the_upstream_name_is_kept_for_tools_call_when_the_advertised_one_is_made_safe(self, world: World) -> None:
        tool = world.container.snapshots.current("acme").tool("notes-team__notes_search")
        assert tool is not None and tool.upstream_name == "notes.search"

    def test_every_page_is_listed_odd_entries_are_repaired_or_skipped(self, world: World) -> None:
        tools = account_tools(world.container, "paged")
        dotted = next(name for name in tools if name.startswith("a_b-"))
        assert tools == {"list_widgets": "read", "a_b": "destructive", dotted: "destructive", "update_widget": "write"}
        snapshot = world.container.snapshots.current("acme")
        update = snapshot.tool("paged__update_widget")
        assert update is not None and update.description == "Update a widget"  # the title stands in
        assert update.input_schema["required"] == ["id"]

    def test_the_session_and_version_ride_on_every_message_after_initialize(self, world: World) -> None:
        paged = [r for r in world.protocol.requests if r["variant"] == "paged"]
        first = paged.index(next(r for r in paged if r["method"] == "initialize"))
        listing = paged[first : first + 6]
        assert [r["method"] for r in listing] == [
            "initialize",
            "notifications/initialized",
            "tools/list",
            "tools/list",
            "tools/list",
            "DELETE",
        ]
        assert listing[0]["session"] is None and listing[0]["version"] is None
        assert {(r["session"], r["version"]) for r in listing[1:]} == {("sess-paged", "2025-06-18")}
        assert {r["accept"] for r in listing} == {"application/json, text/event-stream"}

    @pytest.mark.parametrize(
        "account",
        [
            "gone",  # nothing listens
            "away",  # redirected to another host
            "escape",  # redirected out of the endpoint's path
            "big",  # answers more than the response cap
        ],
    )
    def test_a_server_that_cannot_be_listed_contributes_no_tools_and_breaks_nothing(
        self, world: World, account: str
    ) -> None:
        assert account_tools(world.container, account) == {}
        assert account_tools(world.container, "notes-team") == NOTES_TOOLS
        assert account_tools(world.container, "cal") == {"list_events": "read"}

    def test_a_server_that_never_answers_is_left_out_at_the_deadline(self, tmp_path: Path) -> None:
        protocol = ProtocolServer()
        with serve_with_lifespan(protocol.app()) as url:
            org = ORG.split("connectors:")[0] + (
                "connectors:\n"
                f'  - {{id: slow, label: Slow Gadget, kind: mcp, base_url: "{url}/slow/mcp"}}\n'
                "  - {id: calendar, label: Calendar, base_url: https://api.calendar.example, "
                "tools: [{name: list_events, path: /events}]}\n"
                "connections:\n  - {account: slow, connector: slow}\n  - {account: cal, connector: calendar}\n"
                "members:\n  - {id: alice, role: owner}\n"
            )
            try:
                container = make_container(tmp_path / "home", org_text=org, CARDAMOM_CONNECTOR_TIMEOUT="0.3")
                assert account_tools(container, "slow") == {}
                assert account_tools(container, "cal") == {"list_events": "read"}
            finally:
                protocol.release.set()

    def test_a_redirect_within_the_endpoint_is_followed(self, world: World) -> None:
        assert account_tools(world.container, "inside") == {"poke": "write"}

    def test_a_refused_redirect_ends_the_listing_at_the_first_message(self, world: World) -> None:
        for variant in ("away", "escape"):
            assert {r["method"] for r in world.protocol.requests if r["variant"] == variant} == {"initialize"}

    def test_a_control_plane_change_lists_the_new_connection_from_inside_the_event_loop(self, world: World) -> None:
        created = rpc(
            world.container,
            "cardamom__connections__create",
            {"account": "notes-ops", "connector": "notes", "credentials": {"token_env": "NOTES_TOKEN"}},
        )
        assert created["isError"] is False, created
        assert account_tools(world.container, "notes-ops") == NOTES_TOOLS
        assert search(world.container, "notes-ops read meeting notes")[0]["name"] == "notes-ops__read_notes"


class TestSearch:
    @pytest.mark.parametrize(
        ("query", "name", "classification"),
        [
            ("read meeting notes", "notes-team__read_notes", "read"),
            ("delete a meeting note", "notes-team__delete_note", "destructive"),
            ("create note", "notes-team__create_note", "write"),
            ("archive note", "notes-team__archive_note", "destructive"),
            ("search notes by keyword", "notes-team__notes_search", "read"),
        ],
    )
    def test_remote_tools_are_found_by_the_words_of_their_names_and_descriptions(
        self, world: World, query: str, name: str, classification: str
    ) -> None:
        top = search(world.container, f"team {query}")[0]  # "team": this account's tool among several
        assert (top["name"], top["classification"], top["connector"]) == (name, classification, "Meeting Notes")

    def test_a_read_only_grant_finds_only_the_read_tools(self, world: World) -> None:
        reader = owner(("mcp:read", "mcp:tools"))
        results = search(world.container, "meeting note", reader)
        assert results and {r["classification"] for r in results} == {"read"}


class TestExecution:
    def test_tools_call_and_execute_tool_give_the_same_result_and_each_is_audited(self, world: World) -> None:
        direct = rpc(world.container, "notes-team__read_notes", {"topic": "launch"})
        assert last_row(world.container).operation == "notes-team__read_notes"
        wrapped = execute(world.container, "notes-team__read_notes", {"topic": "launch"})
        assert direct == wrapped
        assert direct["isError"] is False
        data = direct["structuredContent"]["data"]
        assert data["content"] == [{"type": "text", "text": "Notes on launch: ship the gateway."}]
        assert data["structuredContent"] == {"result": "Notes on launch: ship the gateway."}
        rows = world.container.audit.query("acme", AuditQuery(limit=2))
        assert [(r.account, r.connector, r.operation, r.classification, r.target_id, r.status) for r in rows] == [
            ("notes-team", "notes", "notes-team__read_notes", "read", None, "succeeded")
        ] * 2

    def test_the_upstream_name_goes_to_tools_call(self, world: World) -> None:
        result = execute(world.container, "notes-team__notes_search", {"query": "budget"})
        assert result["structuredContent"]["data"]["structuredContent"] == {"result": ["match for budget"]}

    def test_a_read_only_grant_runs_the_read_tool_and_is_refused_the_others(self, world: World) -> None:
        reader = owner(("mcp:read", "mcp:tools"))
        assert execute(world.container, "notes-team__read_notes", {"topic": "x"}, reader)["isError"] is False
        before = len(world.container.audit.query("acme", AuditQuery(limit=1000)))
        refusals = [
            ("delete_note", "mcp:destructive"),
            ("archive_note", "mcp:destructive"),
            ("create_note", "mcp:write"),
        ]
        for name, scope in refusals:
            arguments = {"title": "t"} if name == "create_note" else {"note_id": "n1"}
            refused = execute(world.container, f"notes-team__{name}", arguments, reader)
            assert refused["isError"] is True
            assert refused["structuredContent"]["error"]["code"] == "scope_missing"
            assert refused["structuredContent"]["error"]["scope"] == scope
        assert len(world.container.audit.query("acme", AuditQuery(limit=1000))) == before  # refused: no row

    def test_an_upstream_tool_error_comes_back_in_band_and_is_audited_failed(self, world: World) -> None:
        result = execute(world.container, "notes-team__explode_notes", {})
        assert error_detail(result) == "upstream_tool_error"
        assert result["structuredContent"]["data"]["content"][0]["text"].endswith("the notes archive is on fire")
        row = last_row(world.container)
        assert (row.operation, row.status, row.error_code) == (
            "notes-team__explode_notes",
            "failed",
            "upstream_tool_error",
        )

    def test_the_credential_reaches_the_server_and_never_comes_back(self, world: World) -> None:
        result = execute(world.container, "notes-team__whoami_notes", {})
        assert result["structuredContent"]["data"]["content"][0]["text"] == "Bearer ***"
        assert UPSTREAM_TOKEN not in json.dumps(result)
        assert {r["authorization"] for r in world.notes.seen[-4:]} == {f"Bearer {UPSTREAM_TOKEN}"}

    def test_each_call_is_one_session_initialized_then_ended(self, world: World) -> None:
        before = len(world.notes.seen)
        execute(world.container, "notes-team__read_notes", {"topic": "x"})
        seen = world.notes.seen[before:]
        assert [r["method"] for r in seen] == ["POST", "POST", "POST", "DELETE"]
        assert seen[0].get("mcp-session-id") is None
        session = seen[1]["mcp-session-id"]
        assert session and all(r["mcp-session-id"] == session for r in seen[1:])
        assert {r["mcp-protocol-version"] for r in seen[1:]} == {"2025-11-25"}

    def test_frozen_values_are_merged_and_leave_the_schema(self, world: World) -> None:
        tool = world.container.snapshots.current("acme").tool("notes-frozen__read_notes")
        assert tool is not None and "topic" not in tool.input_schema["properties"]
        result = execute(world.container, "notes-frozen__read_notes", {})
        assert result["structuredContent"]["data"]["content"][0]["text"] == "Notes on roadmap: ship the gateway."

    def test_arguments_are_checked_against_the_upstream_schema_before_anything_leaves(self, world: World) -> None:
        before = len(world.notes.seen)
        result = execute(world.container, "notes-team__read_notes", {"topic": 7})
        assert result["structuredContent"]["error"]["code"] == "invalid_arguments"
        assert len(world.notes.seen) == before

    @pytest.mark.parametrize(
        ("account", "detail"),
        [
            ("callaway", "outbound_refused"),  # tools/call redirected to another host
            ("bigcall", "response_too_large"),  # tools/call answered over the cap
            ("rpcerror", "upstream_jsonrpc_-32602"),  # a JSON-RPC error
        ],
    )
    def test_a_hostile_or_failing_answer_to_tools_call_is_refused_and_audited(
        self, world: World, account: str, detail: str
    ) -> None:
        result = execute(world.container, f"{account}__poke", {})
        code = result["structuredContent"]["error"].get("detail") or result["structuredContent"]["error"]["code"]
        assert result["isError"] is True and code == detail, result
        row = last_row(world.container)
        assert (row.account, row.operation, row.status, row.error_code) == (
            account,
            f"{account}__poke",
            "failed",
            detail,
        )
