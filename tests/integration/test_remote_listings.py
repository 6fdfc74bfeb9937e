"""Where remote MCP servers are listed, and how their listings stay fresh (issue #16, 3, 4, 8).

Two processes share one home, as an admin's shell running ``cardamom org apply`` shares it with
``cardamom serve``: only the serving process has the server's credential (an environment
variable). The SDK-built notes server on loopback demands it.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp.server.mcpserver import Context, MCPServer
from mcp_types import ToolAnnotations, ToolListChangedNotification

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.bootstrap import Container, build_container
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.policy import ALL_SCOPES
from cardamom.entrypoints.cli import main
from cardamom.service.authorization import Caller
from tests.mcp_upstream import UPSTREAM_TOKEN, RequireBearer, notes_server, serve_with_lifespan
from tests.support import settings_for

ORG = """\
org: acme
connectors:
  - id: notes
    label: Meeting Notes
    kind: mcp
    base_url: "{notes}/mcp"
    auth: {{type: bearer}}
connections:
  - {{account: notes-team, connector: notes, credentials: {{token_env: NOTES_TOKEN}}}}
members:
  - {{id: adam, role: admin}}
"""
CALLER = Caller("acme", "adam", "admin", frozenset(ALL_SCOPES))
RUNNER = asyncio.Runner()


class Clock:
    def __init__(self) -> None:
        self.now = 1_795_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class World:
    server: MCPServer
    org_text: str
    serving: Container  # cardamom serve: it has NOTES_TOKEN
    shell: Container  # an admin's shell: it has not
    clock: Clock
    home: Path

    def plane(self, operation: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": f"cardamom__connections__{operation}", "arguments": arguments or {}},
            }
        ).encode()
        reply = RUNNER.run(self.serving.endpoint.handle(body, CALLER))
        assert reply.body is not None
        result: dict[str, Any] = reply.body["result"]
        assert result["isError"] is False, result
        structured: dict[str, Any] = result["structuredContent"]
        return structured


def tool_names(container: Container) -> set[str]:
    return {t.name for t in container.snapshots.current("acme").tools}


def found(container: Container, query: str) -> list[str]:
    """The names search_tools answers ``query`` with, through the endpoint."""
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": "search_tools", "arguments": {"query": query}},
        }
    ).encode()
    reply = RUNNER.run(container.endpoint.handle(body, CALLER))
    assert reply.body is not None and reply.body["result"]["isError"] is False, reply.body
    return [r["name"] for r in reply.body["result"]["structuredContent"]["results"]]


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    server = notes_server()
    with serve_with_lifespan(RequireBearer(server.streamable_http_app())) as url:
        clock = Clock()
        home = tmp_path / "home"
        serving = build_container(
            settings_for(home), env_credentials=EnvCredentialResolver({"NOTES_TOKEN": UPSTREAM_TOKEN}), clock=clock
        )
        shell = build_container(settings_for(home), env_credentials=EnvCredentialResolver({}), clock=clock)
        org_text = ORG.format(notes=url)
        serving.apply_org(parse_org_definition(org_text, "org.yaml"))
        yield World(server, org_text, serving, shell, clock, home)


def test_an_apply_without_the_credential_keeps_the_listing_made_with_it(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    listed = tool_names(world.serving)
    assert len(listed) == 7 and "notes-team__read_notes" in listed
    world.clock.now += 60
    with caplog.at_level(logging.WARNING, logger="cardamom"):
        snapshot = world.shell.apply_org(parse_org_definition(world.org_text, "org.yaml"))  # the admin's shell
    assert {t.name for t in snapshot.tools} == listed  # not replaced by a listing made without the credential
    assert tool_names(world.serving) == listed  # the running gateway serves them all still
    warning = next(r.getMessage() for r in caplog.records if "not listed" in r.getMessage())
    assert "notes-team" in warning and "NOTES_TOKEN" in warning and "keeping the 7 tools" in warning
    # What an admin reads: the tools it has, when they were listed, and why the latest try failed.
    row = world.plane("list")["connections"][0]
    assert row["usable_tools"] == 7
    assert row["listing"]["tools_listed"] == 7
    assert row["listing"]["listed_at"] == "2026-11-18T11:06:40+00:00"
    assert row["listing"]["last_error"]["code"] == "credential_unavailable"
    assert "NOTES_TOKEN" in row["listing"]["last_error"]["problem"]
    assert row["listing"]["last_error"]["at"] == "2026-11-18T11:07:40+00:00"
    # The serving process, where the credential is, lists it again on its schedule.
    world.clock.now += 31
    assert world.serving.rebuilds.on_schedule().rebuilt == {"acme": snapshot.version}
    assert world.plane("get", {"account": "notes-team"})["listing"]["last_error"] is None


def test_a_server_that_refuses_the_credential_is_believed(world: World) -> None:
    refused = build_container(
        settings_for(world.home), env_credentials=EnvCredentialResolver({"NOTES_TOKEN": "a-wrong-token"})
    )
    snapshot = refused.snapshots.rebuild("acme")
    assert snapshot.tools == ()  # the server answered 401: the connection contributes no tools
    listing = snapshot.listings["notes-team"]
    assert (listing.code, listing.tools) == ("upstream_http_401", ())
    assert tool_names(world.serving) == set()  # the same version stored again reaches the other process


def test_new_server_tools_arrive_on_the_schedule_and_on_demand(world: World, tmp_path: Path) -> None:
    @world.server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def list_action_items(owner: str) -> list[str]:
        """List the action items of a meeting owner."""
        return [f"{owner}: ship it"]

    assert "notes-team__list_action_items" not in tool_names(world.serving)
    assert "notes-team__list_action_items" not in found(world.serving, "list action items")
    world.clock.now += 299
    assert world.serving.rebuilds.on_schedule().rebuilt == {}  # not due yet
    world.clock.now += 2
    assert world.serving.rebuilds.on_schedule().rebuilt == {"acme": 1}  # the relist interval (300 s) passed
    assert "notes-team__list_action_items" in tool_names(world.serving)
    assert "notes-team__list_action_items" in tool_names(world.shell)  # other processes see it: same version
    # Search pools are kept per snapshot, not per version: every tool of the re-listed snapshot
    # (same version, one more tool, other positions) is found by its name at once.
    for name in sorted(tool_names(world.serving)):
        assert found(world.serving, name)[:1] == [name]

    @world.server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def list_decisions(meeting: str) -> list[str]:
        """List the decisions taken in a meeting."""
        return [meeting]

    refreshed = world.plane("refresh", {"account": "notes-team"})["refreshed"]
    assert (refreshed["tools_listed"], refreshed["last_error"]) == (9, None)
    assert "notes-team__list_decisions" in tool_names(world.serving)


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_connections_refresh_from_a_shell_says_what_happened(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAMOM_HOME", str(world.home))
    monkeypatch.delenv("NOTES_TOKEN", raising=False)
    code, out, _ = cli("connections", "refresh", "--org", "acme", "notes-team")
    assert code == 1
    assert "notes-team: not listed here (credential_unavailable" in out
    assert "the 7 tools listed at" in out and "are kept" in out
    monkeypatch.setenv("NOTES_TOKEN", UPSTREAM_TOKEN)
    code, out, _ = cli("connections", "refresh", "--org", "acme", "notes-team")
    assert (code, out.split(" at ")[0]) == (0, "notes-team: 7 tools listed")
    code, _, err = cli("connections", "refresh", "--org", "acme", "nobody")
    assert code == 1 and "no connection with account 'nobody'" in err


def test_a_server_announcing_tools_list_changed_is_listed_again_at_once(world: World) -> None:
    def list_agenda(meeting: str) -> list[str]:
        """List the agenda of a meeting."""
        return [meeting]

    @world.server.tool(annotations=ToolAnnotations(destructive_hint=False))
    async def enable_agendas(ctx: Context) -> str:
        """Turn on the agenda tools of the notes server."""
        world.server.tool(annotations=ToolAnnotations(read_only_hint=True))(list_agenda)
        # Request-scoped: the notification rides this tools/call's own event stream.
        await ctx.session.send_notification(ToolListChangedNotification(), related_request_id=ctx.request_id)
        return "enabled"

    world.plane("refresh", {"account": "notes-team"})
    assert "notes-team__list_agenda" not in tool_names(world.serving)
    body = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "notes-team__enable_agendas"}}
    ).encode()
    reply = RUNNER.run(world.serving.endpoint.handle(body, CALLER))
    assert reply.body is not None and reply.body["result"]["isError"] is False, reply.body
    assert "notes-team__list_agenda" in tool_names(world.serving)  # no schedule, no refresh: the notification
