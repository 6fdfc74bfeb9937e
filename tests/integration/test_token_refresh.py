"""OAuth access tokens under concurrency and refusal (issue #16, defects 1 and 2).

A provider that rotates refresh tokens refuses a second use of one; with a slow token
endpoint, calls that find the token expired together must make exactly one refresh between
them, in one process and across processes sharing the store, or the losers' refusals would
wrongly withdraw a healthy connection. An access token the upstream stops accepting (HTTP
401) is replaced once and the call retried once, under the idempotency rule of every retry.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.policy import ALL_SCOPES
from cardamom.service.authorization import Caller
from tests.mcp_upstream import RequireBearer, notes_server, serve_with_lifespan
from tests.oauth_upstream import OAuthProvider
from tests.support import REPO, make_container, serve

ORG = """\
org: acme
connectors:
  - id: cal
    label: Calendar
    base_url: {base}/api
    auth: {{type: oauth2, token_url: "{base}/token", grant: authorization_code, client_auth: client_secret_post}}
    tools:
      - {{name: my_calendar, description: The connected calendar., path: /me}}
      - {{name: add_note, description: Add a note to the calendar., method: POST, path: /notes}}
  - id: svc
    label: Service
    base_url: {base}/api
    auth: {{type: oauth2, token_url: "{base}/token", grant: client_credentials}}
    tools:
      - {{name: who_am_i, description: Who the service thinks we are., path: /me}}
  - id: keyed
    label: Keyed
    base_url: {base}/api
    auth: {{type: bearer}}
    tools:
      - {{name: keyed_me, description: Who holds the key., path: /me}}
connections:
  - {{account: cal-main, connector: cal, credentials: {{secret: cal}}}}
  - {{account: svc-main, connector: svc, credentials: {{secret: svc}}}}
  - {{account: keyed-main, connector: keyed, credentials: {{secret: keyed}}}}
members:
  - {{id: alice, role: owner}}
"""

CALLER = Caller("acme", "alice", "owner", frozenset(ALL_SCOPES))
RUNNER = asyncio.Runner()  # one loop for every call: the connector client belongs to the loop it was opened on


def _body(name: str) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name}}).encode()


async def _call(container: Container, name: str) -> dict[str, Any]:
    reply = await container.endpoint.handle(_body(name), CALLER)
    assert reply.body is not None
    result: dict[str, Any] = reply.body["result"]
    return result


def call(container: Container, name: str) -> dict[str, Any]:
    return RUNNER.run(_call(container, name))


def concurrently(container: Container, name: str, calls: int) -> list[dict[str, Any]]:
    async def all_at_once() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(_call(container, name) for _ in range(calls))))

    return RUNNER.run(all_at_once())


def status(container: Container, account: str) -> str:
    stored = container.directory.load_org("acme")
    assert stored is not None
    return {c.account: c.status for c in stored.definition.connections}[account]


@pytest.fixture
def provider() -> OAuthProvider:
    # 150 ms per token request; a token of 30 s is inside the one-minute leeway, so it is stale at once.
    return OAuthProvider(delay=0.15, expires_in=30)


@pytest.fixture
def world(tmp_path: Path, provider: OAuthProvider) -> Iterator[Container]:
    with serve(provider.app()) as base:
        container = make_container(tmp_path / "home", org_text=ORG.format(base=base))
        container.secrets.put("acme", "cal", {"client_id": "cid", "client_secret": "csecret", "refresh_token": "rt-1"})
        container.secrets.put("acme", "svc", {"client_id": "cid", "client_secret": "csecret"})
        yield container


def test_concurrent_calls_after_expiry_share_one_refresh(world: Container, provider: OAuthProvider) -> None:
    assert call(world, "cal-main__my_calendar")["isError"] is False  # the first token, already stale
    assert provider.hits["refresh_token"] == 1
    provider.expires_in = 3600
    results = concurrently(world, "cal-main__my_calendar", 8)
    assert [r["isError"] for r in results] == [False] * 8, results
    assert provider.hits["refresh_token"] == 2  # exactly one refresh for the eight
    assert provider.refused["invalid_grant"] == 0
    assert status(world, "cal-main") == "active"
    assert len({bearer for _, bearer in provider.seen[1:]}) == 1  # all eight sent the one new token


def test_processes_sharing_the_store_share_one_refresh(
    world: Container, provider: OAuthProvider, tmp_path: Path
) -> None:
    assert call(world, "cal-main__my_calendar")["isError"] is False  # the first token, already stale
    provider.expires_in = 3600
    home = str(world.settings.home)
    ready = [tmp_path / f"ready-{i}" for i in range(2)]
    go = tmp_path / "go"
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDAMOM_")}
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.refresh_worker", home, str(r), str(go), "cal-main__my_calendar", "8"],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for r in ready
    ]
    try:
        deadline = time.monotonic() + 120
        while not all(r.exists() for r in ready):
            assert time.monotonic() < deadline, "the workers did not start"
            assert all(w.poll() is None for w in workers), [w.communicate() for w in workers]
            time.sleep(0.02)
        go.touch()
        outputs = [w.communicate(timeout=120) for w in workers]
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
    results = [result for out, err in outputs for result in json.loads(out.strip().splitlines()[-1] or "[]")]
    assert len(results) == 16, outputs
    assert [r["isError"] for r in results] == [False] * 16, results
    assert provider.hits["refresh_token"] == 2  # the warm-up's, and one for the sixteen calls of two processes
    assert provider.refused["invalid_grant"] == 0
    assert status(world, "cal-main") == "active"


def test_an_access_token_the_upstream_refuses_is_replaced_and_the_call_retried(
    world: Container, provider: OAuthProvider
) -> None:
    provider.expires_in = 3600
    assert call(world, "svc-main__who_am_i")["isError"] is False
    assert call(world, "svc-main__who_am_i")["isError"] is False
    assert provider.hits["client_credentials"] == 1  # cached
    provider.restart()  # every issued access token is now refused with 401
    result = call(world, "svc-main__who_am_i")
    assert result["isError"] is False, result
    assert provider.hits["client_credentials"] == 2  # one new token...
    assert [m for m, _ in provider.seen] == ["GET"] * 4  # ...and one retry
    assert provider.seen[-2][1] == "at-1" and provider.seen[-1][1] == "at-2"
    assert call(world, "svc-main__who_am_i")["isError"] is False
    assert provider.hits["client_credentials"] == 2  # the new token is cached in turn
    row = world.audit.query("acme", AuditQuery(limit=2))[1]
    assert (row.status, row.error_code) == ("succeeded", None)


def test_a_refused_token_is_dropped_but_a_non_idempotent_call_is_not_sent_twice(
    world: Container, provider: OAuthProvider
) -> None:
    provider.expires_in = 3600
    assert call(world, "cal-main__my_calendar")["isError"] is False
    provider.restart()
    result = call(world, "cal-main__add_note")  # POST: the server may have acted, so it is not resent
    assert result["structuredContent"]["error"]["code"] == "connector_failed", result
    assert "HTTP 401" in result["structuredContent"]["error"]["message"]
    assert [m for m, _ in provider.seen] == ["GET", "POST"]
    assert call(world, "cal-main__add_note")["isError"] is False  # ...but the refused token is gone
    assert provider.hits["refresh_token"] == 2
    assert status(world, "cal-main") == "active"


def test_a_refused_static_credential_is_not_retried(world: Container, provider: OAuthProvider) -> None:
    world.secrets.put("acme", "keyed", {"token": "not-a-token-the-api-knows"})
    result = call(world, "keyed-main__keyed_me")
    assert result["structuredContent"]["error"]["code"] == "connector_failed"
    assert len(provider.seen) == 1  # the same key would be refused the same way


MCP_ORG = """\
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


def test_a_remote_server_that_refuses_the_token_gets_a_new_one(tmp_path: Path) -> None:
    provider = OAuthProvider()
    notes = RequireBearer(notes_server().streamable_http_app(), accept=lambda token: token in provider.access_tokens)
    with serve(provider.app()) as auth, serve_with_lifespan(notes) as notes_url:
        container = make_container(tmp_path / "home")
        container.secrets.put("acme", "notes", {"client_id": "cid", "client_secret": "csecret"})
        container.apply_org(parse_org_definition(MCP_ORG.format(notes=notes_url, auth=auth), "org.yaml"))
        assert provider.hits["client_credentials"] == 1  # listed with at-1
        provider.restart()
        # A write tool too: the server refused the session's first message, so nothing ran yet.
        result = RUNNER.run(
            container.endpoint.handle(
                json.dumps(
                    {
                        "jsonrpc": "2.0",
                        "id": 1,
                        "method": "tools/call",
                        "params": {"name": "notes-team__create_note", "arguments": {"title": "retro"}},
                    }
                ).encode(),
                CALLER,
            )
        ).body
        assert result is not None and result["result"]["isError"] is False, result
        assert provider.hits["client_credentials"] == 2
        assert [seen["authorization"] for seen in notes.seen if seen["method"] == "POST"][-1] == "Bearer at-2"
        container.snapshots.rebuild("acme")  # listing with the new token needs no other
        assert container.snapshots.current("acme").tool("notes-team__create_note") is not None
        assert provider.hits["client_credentials"] == 2
