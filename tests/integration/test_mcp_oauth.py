"""An OAuth 2.0 remote MCP server: tokens are fetched on the discovery's private event loop and
on the endpoint's, and neither loop's HTTP client is ever reused from the other."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardamom.bootstrap import Container
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.policy import ALL_SCOPES
from cardamom.service.authorization import Caller
from tests.mcp_upstream import RequireBearer, notes_server, serve_with_lifespan
from tests.support import make_container, serve

ORG = """\
org: acme
connectors:
  - id: notes
    label: Meeting Notes
    kind: mcp
    base_url: "{notes}/mcp"
    auth: {{type: oauth2, token_url: "{auth}/token", grant: client_credentials}}
connections:
  - {{account: notes-team, connector: notes, credentials: {{secret: notes}}}}
members:
  - {{id: alice, role: owner}}
"""

RUNNER = asyncio.Runner()


class TokenServer:
    """Issues tokens that expire at once (inside the credential service's leeway), so every
    credential resolution fetches a fresh one: each loop's client is exercised every time."""

    def __init__(self) -> None:
        self.issued: list[str] = []

    def app(self) -> Starlette:
        async def token(request: Request) -> Response:
            form = await request.form()
            if form.get("grant_type") != "client_credentials":
                return JSONResponse({"error": "unsupported_grant_type"}, status_code=400)
            self.issued.append(f"at-{len(self.issued) + 1}")
            return JSONResponse({"access_token": self.issued[-1], "token_type": "Bearer", "expires_in": 1})

        return Starlette(routes=[Route("/token", token, methods=["POST"])])


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[Container, TokenServer]]:
    tokens = TokenServer()
    notes = RequireBearer(notes_server().streamable_http_app(), accept=lambda token: token in tokens.issued)
    with serve(tokens.app()) as auth_url, serve_with_lifespan(notes) as notes_url:
        container = make_container(tmp_path / "home")
        container.secrets.put("acme", "notes", {"client_id": "cid", "client_secret": "csecret"})
        container.apply_org(parse_org_definition(ORG.format(notes=notes_url, auth=auth_url), "org.yaml"))
        yield container, tokens


def call(container: Container, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    caller = Caller("acme", "alice", "owner", frozenset(ALL_SCOPES))
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    reply = RUNNER.run(container.endpoint.handle(json.dumps(body).encode(), caller))
    assert reply.body is not None
    result: dict[str, Any] = reply.body["result"]
    return result


def test_oauth_tokens_list_and_call_a_remote_server_across_event_loops(
    world: tuple[Container, TokenServer],
) -> None:
    container, tokens = world
    assert container.snapshots.current("acme").tool("notes-team__read_notes") is not None
    for round_ in range(2):  # a discovery loop, then the endpoint's loop, twice over
        result = call(container, "notes-team__read_notes", {"topic": f"round {round_}"})
        assert result["isError"] is False, result
        assert (
            result["structuredContent"]["data"]["content"][0]["text"] == f"Notes on round {round_}: ship the gateway."
        )
        container.snapshots.rebuild("acme")
        assert container.snapshots.current("acme").tool("notes-team__read_notes") is not None
    assert len(tokens.issued) == 5  # one per discovery (three) and per call (two)
