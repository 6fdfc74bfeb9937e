"""Credentials from the secret store, and OAuth 2.0 through Authlib against a local
authorization server: client credentials, refresh with rotation, and a failed refresh that
moves the connection to needs_reauth so its tools leave search."""

from __future__ import annotations

import asyncio
import base64
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.core.policy import ALL_SCOPES
from cardamom.service.authorization import Caller
from tests.support import free_socket, make_container, serve


class AuthServer:
    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.refresh_tokens = {"rt-1"}
        self.access_tokens: set[str] = set()
        self.seen: list[str] = []

    def app(self) -> Starlette:
        async def token(request: Request) -> Response:
            form = await request.form()
            client_id, secret = form.get("client_id"), form.get("client_secret")
            header = request.headers.get("authorization", "")
            if header.startswith("Basic "):
                client_id, secret = base64.b64decode(header[6:]).decode().split(":", 1)
            if (client_id, secret) != ("cid", "csecret"):
                return JSONResponse({"error": "invalid_client"}, status_code=401)
            grant = form.get("grant_type")
            self.hits[str(grant)] += 1
            n = sum(self.hits.values())
            body: dict[str, Any] = {"access_token": f"at-{n}", "token_type": "Bearer", "expires_in": 3600}
            if grant == "refresh_token":
                if form.get("refresh_token") not in self.refresh_tokens:
                    return JSONResponse({"error": "invalid_grant"}, status_code=400)
                self.refresh_tokens = {f"rt-{n + 1}"}
                body["refresh_token"] = f"rt-{n + 1}"
            elif grant != "client_credentials":
                return JSONResponse({"error": "unsupported_grant_type"}, status_code=400)
            self.access_tokens.add(body["access_token"])
            return JSONResponse(body)

        async def me(request: Request) -> Response:
            bearer = request.headers.get("authorization", "").removeprefix("Bearer ")
            self.seen.append(bearer)
            if bearer not in self.access_tokens:
                return JSONResponse({"error": "unauthorized"}, status_code=401)
            return JSONResponse({"ok": True})

        return Starlette(routes=[Route("/token", token, methods=["POST"]), Route("/api/me", me)])


ORG = """\
org: acme
connectors:
  - id: svc
    label: Service
    base_url: {base}/api
    auth: {{type: oauth2, token_url: "{base}/token", grant: client_credentials, scopes: [read]}}
    tools:
      - {{name: who_am_i, description: Who the service thinks we are., path: /me}}
  - id: cal
    label: Calendar
    base_url: {base}/api
    auth: {{type: oauth2, token_url: "{base}/token", grant: authorization_code, client_auth: client_secret_post}}
    tools:
      - {{name: my_calendar, description: The connected calendar., path: /me}}
  - id: keyed
    label: Keyed
    base_url: {base}/api
    auth: {{type: bearer}}
    tools:
      - {{name: keyed_me, description: Who holds the key., path: /me}}
connections:
  - {{account: svc-main, connector: svc, credentials: {{secret: svc}}}}
  - {{account: cal-main, connector: cal, credentials: {{secret: cal}}}}
  - {{account: keyed-main, connector: keyed, credentials: {{secret: keyed}}}}
members:
  - {{id: alice, role: owner}}
"""

RUNNER = asyncio.Runner()


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[Container, AuthServer]]:
    server = AuthServer()
    sock = free_socket()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    with serve(server.app(), sock):
        container = make_container(tmp_path / "home", org_text=ORG.format(base=base))
        container.secrets.put("acme", "svc", {"client_id": "cid", "client_secret": "csecret"})
        container.secrets.put("acme", "cal", {"client_id": "cid", "client_secret": "csecret", "refresh_token": "rt-1"})
        yield container, server
        RUNNER.run(container.aclose())  # the connections it pooled on RUNNER's loop


def call(container: Container, name: str) -> dict[str, Any]:
    caller = Caller("acme", "alice", "owner", frozenset(ALL_SCOPES))
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name}}).encode()
    reply = RUNNER.run(container.endpoint.handle(body, caller))
    assert reply.body is not None
    result: dict[str, Any] = reply.body["result"]
    return result


def searchable(container: Container, query: str) -> list[str]:
    caller = Caller("acme", "alice", "owner", frozenset(ALL_SCOPES))
    report = container.search.search(caller, query)
    return [report.tool(hit).name for hit in report.ranking.hits]


def test_client_credentials_are_fetched_once_and_cached(world: tuple[Container, AuthServer]) -> None:
    container, server = world
    assert call(container, "svc-main__who_am_i")["isError"] is False
    assert call(container, "svc-main__who_am_i")["isError"] is False
    assert server.hits["client_credentials"] == 1
    assert server.seen == ["at-1", "at-1"]


def test_a_refresh_token_is_exchanged_and_its_rotation_persisted(world: tuple[Container, AuthServer]) -> None:
    container, server = world
    assert call(container, "cal-main__my_calendar")["isError"] is False
    assert server.hits["refresh_token"] == 1
    stored = container.secrets.get("acme", "cal")
    assert stored is not None and stored["refresh_token"] == "rt-2"  # the rotated one, written back
    assert "rt-2" not in json.dumps(call(container, "cal-main__my_calendar"))


def test_a_failed_refresh_withdraws_the_connections_tools(world: tuple[Container, AuthServer]) -> None:
    container, server = world
    server.refresh_tokens = set()  # the user revoked the grant at the provider
    assert searchable(container, "my calendar") == ["cal-main__my_calendar"]
    result = call(container, "cal-main__my_calendar")
    assert result["isError"] is True
    assert result["structuredContent"]["error"]["code"] == "token_refused"
    assert "needs_reauth" in result["structuredContent"]["error"]["message"]
    stored = container.directory.load_org("acme")
    assert stored is not None
    assert {c.account: c.status for c in stored.definition.connections}["cal-main"] == "needs_reauth"
    assert searchable(container, "my calendar") == []  # absent, not failing
    row = container.audit.query("acme", AuditQuery(limit=1))[0]
    assert (row.status, row.error_code) == ("failed", "token_refused")


def test_static_secrets_come_from_the_secret_store(world: tuple[Container, AuthServer]) -> None:
    container, server = world
    missing = call(container, "keyed-main__keyed_me")
    assert missing["structuredContent"]["error"]["code"] == "credential_unavailable"
    server.access_tokens.add("static-key")
    container.secrets.put("acme", "keyed", {"token": "static-key"})
    assert call(container, "keyed-main__keyed_me")["isError"] is False
    assert server.seen[-1] == "static-key"


def test_the_secrets_file_is_encrypted(world: tuple[Container, AuthServer]) -> None:
    container, _ = world
    raw = (container.settings.home / "secrets.enc").read_bytes()
    assert b"csecret" not in raw and b"rt-1" not in raw
    assert oct((container.settings.home / "secrets.key").stat().st_mode & 0o777) == "0o600"
