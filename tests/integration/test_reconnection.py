"""Recovery in one step (issue #16, defect 9): storing a new secret for a needs_reauth
connection tests it and reactivates the connection, or says exactly what to run."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardamom.bootstrap import Container, build_container
from cardamom.config import Settings
from cardamom.core.orgfile import parse_org_definition
from cardamom.entrypoints.cli import main
from tests.mcp_upstream import UPSTREAM_TOKEN, RequireBearer, notes_server, serve_with_lifespan
from tests.oauth_upstream import OAuthProvider
from tests.support import serve

ORG = """\
org: acme
connectors:
  - id: cal
    label: Calendar
    base_url: {base}/api
    auth: {{type: oauth2, token_url: "{base}/token", grant: authorization_code}}
    tools:
      - {{name: my_calendar, description: The connected calendar., path: /me}}
  - id: notes
    label: Meeting Notes
    kind: mcp
    base_url: "{notes}/mcp"
    auth: {{type: bearer}}
connections:
  - {{account: cal-main, connector: cal, status: needs_reauth, credentials: {{secret: cal}}}}
  - {{account: notes-team, connector: notes, status: needs_reauth, credentials: {{secret: notes}}}}
members:
  - {{id: adam, role: admin}}
"""


def cli(*argv: str, stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()
    finally:
        sys.stdin = saved


def statuses(container: Container) -> dict[str, str]:
    stored = container.directory.load_org("acme")
    assert stored is not None
    return {c.account: c.status for c in stored.definition.connections}


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Container, OAuthProvider]]:
    monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
    provider = OAuthProvider()
    provider.refresh_tokens = {"rt-new"}
    with serve(provider.app()) as base, serve_with_lifespan(RequireBearer(notes_server().streamable_http_app())) as url:
        container = build_container(Settings.from_env())
        container.apply_org(parse_org_definition(ORG.format(base=base, notes=url), "org.yaml"))
        yield container, provider


def test_a_working_secret_reactivates_the_connection(world: tuple[Container, OAuthProvider]) -> None:
    container, provider = world
    assert container.snapshots.current("acme").tools == ()
    secret = json.dumps({"client_id": "cid", "client_secret": "csecret", "refresh_token": "rt-new"})
    code, out, _ = cli("secrets", "put", "--org", "acme", "cal", stdin=secret)
    assert code == 0, out
    assert "connection cal-main: the authorization server issued an access token with it; it is active again" in out
    assert statuses(container) == {"cal-main": "active", "notes-team": "needs_reauth"}
    assert [t.name for t in container.snapshots.current("acme").tools] == ["cal-main__my_calendar"]
    assert provider.hits["refresh_token"] == 1

    code, out, _ = cli("secrets", "put", "--org", "acme", "notes", stdin=json.dumps({"token": UPSTREAM_TOKEN}))
    assert code == 0 and "connection notes-team: its MCP server listed 7 tools with it; it is active again" in out
    assert statuses(container)["notes-team"] == "active"
    assert "notes-team__read_notes" in {t.name for t in container.snapshots.current("acme").tools}


def test_a_secret_that_does_not_work_says_what_to_run(world: tuple[Container, OAuthProvider]) -> None:
    container, _ = world
    secret = json.dumps({"client_id": "cid", "client_secret": "csecret", "refresh_token": "rt-revoked"})
    code, out, _ = cli("secrets", "put", "--org", "acme", "cal", stdin=secret)
    assert code == 1
    assert "stored secret 'cal'" in out
    assert "connection cal-main: it does not work: the authorization server refused the grant" in out
    assert "it stays needs_reauth. Correct the secret and run `cardamom secrets put --org acme cal` again" in out
    assert statuses(container)["cal-main"] == "needs_reauth"
    code, out, _ = cli("secrets", "put", "--org", "acme", "notes", stdin=json.dumps({"token": "wrong"}))
    assert code == 1 and "could not be listed with it" in out and "upstream_http_401" in out
    assert statuses(container)["notes-team"] == "needs_reauth"


def test_a_secret_no_waiting_connection_uses_is_only_stored(world: tuple[Container, OAuthProvider]) -> None:
    code, out, _ = cli("secrets", "put", "--org", "acme", "spare", stdin='{"token": "t"}')
    assert code == 0 and out == "stored secret 'spare' of org acme (keys: token)\n"
    code, out, err = cli("secrets", "put", "--org", "globex", "spare", stdin='{"token": "t"}')
    # No such org: a typo would store a secret nothing ever reads (issue #12); apply the org first.
    assert code == 1 and out == "" and "there is no org 'globex'" in err
