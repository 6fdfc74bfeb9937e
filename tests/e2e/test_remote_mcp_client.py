"""A remote MCP server behind the gateway, end to end: the official Python client talks to
Cardamom, and Cardamom talks to a server built with the official SDK."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from cardamom.core.audit import AuditQuery
from cardamom.entrypoints.asgi import create_app
from tests.conftest import LiveGateway
from tests.fakes import StaticCredentials
from tests.mcp_upstream import UPSTREAM_TOKEN, RequireBearer, notes_server, serve_with_lifespan
from tests.support import free_socket, make_container, serve

ORG = """\
org: acme
connectors:
  - {{id: notes, label: Meeting Notes, kind: mcp, base_url: "{notes}/mcp", auth: {{type: bearer}}}}
connections:
  - {{account: notes-team, connector: notes, credentials: {{token_env: NOTES_TOKEN}}}}
members:
  - {{id: alice, role: member}}
"""


@pytest.fixture
def gateway(tmp_path: Path) -> Iterator[LiveGateway]:
    with serve_with_lifespan(RequireBearer(notes_server().streamable_http_app())) as notes_url:
        container = make_container(
            tmp_path / "home", org_text=ORG.format(notes=notes_url), credentials=StaticCredentials(UPSTREAM_TOKEN)
        )
        sock = free_socket()
        with serve(create_app(container), sock) as url:
            yield LiveGateway(url, container)


async def _session(gateway: LiveGateway, calls: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {gateway.token()}"}, timeout=30) as http,
        streamable_http_client(gateway.mcp_url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        out["tools"] = await session.list_tools()
        for i, (name, arguments) in enumerate(calls):
            out[f"call{i}"] = await session.call_tool(name, arguments)
    return out


def test_a_remote_mcp_servers_tool_is_found_and_run_through_the_gateway(gateway: LiveGateway) -> None:
    out = anyio.run(
        _session,
        gateway,
        [
            ("search_tools", {"query": "read meeting notes"}),
            ("execute_tool", {"name": "notes-team__read_notes", "arguments": {"topic": "launch"}}),
            ("notes-team__read_notes", {"topic": "launch"}),
            ("execute_tool", {"name": "notes-team__delete_note", "arguments": {"note_id": "n1"}}),
        ],
    )
    assert not any(t.name.startswith("notes-team__") for t in out["tools"].tools), "connected tools are never listed"
    top = out["call0"].structured_content["results"][0]
    assert (top["name"], top["classification"], top["connector"]) == ("notes-team__read_notes", "read", "Meeting Notes")
    wrapped, direct = out["call1"], out["call2"]
    assert wrapped.is_error is False
    assert wrapped.structured_content == direct.structured_content
    assert wrapped.structured_content["data"]["content"][0]["text"] == "Notes on launch: ship the gateway."
    refused = out["call3"]  # the token's scopes are mcp:read mcp:write mcp:tools: no mcp:destructive
    assert refused.is_error is True and refused.structured_content["error"]["scope"] == "mcp:destructive"
    rows = gateway.container.audit.query("acme", AuditQuery())
    assert [(r.account, r.operation, r.target_id, r.status) for r in rows] == [
        ("notes-team", "notes-team__read_notes", None, "succeeded")
    ] * 2
