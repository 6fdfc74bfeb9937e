"""The cardamom command: org apply, search, token and the demo's set-up."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardamom.bootstrap import build_container
from cardamom.config import Settings
from cardamom.core.audit import AuditRow
from cardamom.entrypoints.cli import main

# The example org as a person writes the file (the error messages below count its lines).
ORG_FILE = """\
org: acme
connectors:
  - id: notion
    label: Notion
    base_url: https://api.notion.com
    auth: {type: bearer}
    tools:
      - name: list_all_users
        description: List all users in the workspace.
        method: GET
        path: /v1/users
      - name: retrieve_page
        description: Retrieve a page by its id.
        method: GET
        path: /v1/pages/{page_id}
        target: page_id
        input_schema: {type: object, properties: {page_id: {type: string}}, required: [page_id]}
connections:
  - {account: notion-legal, connector: notion, status: active, credentials: {token_env: NOTION_LEGAL_TOKEN}}
members:
  - {id: alice, role: member}
restrictions: []
"""


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def org_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
    path = tmp_path / "acme.yaml"
    path.write_text(ORG_FILE)
    return path


def test_org_apply_reports_what_it_applied(org_file: Path) -> None:
    code, out, _ = cli("org", "apply", str(org_file))
    assert code == 0
    assert "applied org acme (directory version 1)" in out
    assert "2 searchable tools" in out


def test_an_invalid_file_names_file_line_and_path_and_changes_nothing(org_file: Path, tmp_path: Path) -> None:
    assert cli("org", "apply", str(org_file))[0] == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(ORG_FILE.replace("connector: notion, status", "connector: notin, status"))
    code, _, err = cli("org", "apply", str(bad))
    assert code == 2
    assert f"{bad}:19 connections[0].connector: unknown connector 'notin' (known: notion)" in err
    stored = build_container(Settings.from_env()).directory.load_org("acme")
    assert stored is not None and stored.version == 1


def test_a_missing_file_is_a_clear_error(org_file: Path, tmp_path: Path) -> None:
    code, _, err = cli("org", "apply", str(tmp_path / "nope.yaml"))
    assert code == 2
    assert "nope.yaml: cannot read the file" in err


def test_search_prints_the_ranking(org_file: Path) -> None:
    cli("org", "apply", str(org_file))
    code, out, _ = cli("search", "--org", "acme", "--member", "alice", "list", "notion", "users")
    assert code == 0
    first = out.splitlines()[1]
    assert first.startswith(" 1. notion-legal__list_all_users")
    assert "list:name=5" in first

    code, out, _ = cli("search", "--org", "acme", "--member", "alice", "list_all_cal_com_schedules")
    # A Notion-only org: the query names an app the org has not connected, and says so.
    assert "Cal.com is not connected" in out
    assert "Is mcp:tools on the OAuth grant?" in out


def test_search_json_matches_the_endpoint_payload(org_file: Path) -> None:
    cli("org", "apply", str(org_file))
    _, out, _ = cli("search", "--org", "acme", "--member", "alice", "--json", "--scope", "mcp:read", "retrieve page")
    payload = json.loads(out)
    assert payload["results"] == []  # without mcp:tools nothing is usable ...
    assert payload["restricted"]["count"] == 1  # ... and the withheld match says why
    assert "mcp:tools" in payload["restricted"]["tools"][0]["reason"]


def test_token_mints_a_token_the_gateway_accepts(org_file: Path) -> None:
    cli("org", "apply", str(org_file))
    code, out, _ = cli("token", "--org", "acme", "--member", "alice", "--scope", "mcp:read")
    assert code == 0
    claims = build_container(Settings.from_env()).verifier.verify(out.strip())
    assert (claims.org, claims.member, claims.scopes) == ("acme", "alice", frozenset({"mcp:read"}))
    code, _, err = cli("token", "--org", "acme", "--member", "mallory")
    assert code == 1 and "mallory" in err


def test_demo_applies_the_demo_org(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
    code, out, _ = cli("demo", "--no-serve", "--port", "8799")
    assert code == 0
    assert "http://127.0.0.1:8799/mcp" in out
    assert "mcp-remote" in out
    container = build_container(Settings.from_env())
    snapshot = container.snapshots.current("acme")
    assert {t.account for t in snapshot.tools} == {"notion-legal", "notion-marketing"}  # Cal.com is pending


def test_access_explains_what_a_member_can_use(org_file: Path, tmp_path: Path) -> None:
    text = org_file.read_text().replace(
        "restrictions: []",
        "restrictions:\n  - {id: no-pages, target: {role: member}, effect: block, tools: [retrieve_page]}",
    )
    org_file.write_text(text)
    cli("org", "apply", str(org_file))
    code, out, _ = cli("access", "--org", "acme", "--member", "alice", "--scope", "mcp:read", "--scope", "mcp:tools")
    assert code == 0
    assert "usable tools (1):\n  notion-legal__list_all_users" in out
    assert "blocked by role:member restriction no-pages" in out
    code, out, _ = cli("access", "--org", "acme", "--member", "alice", "--json")
    assert json.loads(out)["withheld_tools"][0]["withheld_by"]["rule"] == "no-pages"


def test_audit_lists_rows(org_file: Path) -> None:
    cli("org", "apply", str(org_file))
    container = build_container(Settings.from_env())
    row = AuditRow(
        "acme",
        "a1",
        "2026-11-29T12:00:00+00:00",
        "alice",
        "notion-legal",
        "notion",
        "notion-legal__retrieve_page",
        "read",
        True,
        target_id="p-1",
    )
    container.audit.begin(row)
    container.audit.complete(row.completed(at="2026-11-29T12:00:01+00:00", error_code="upstream_http_404"))
    code, out, _ = cli("audit", "--org", "acme")
    assert code == 0
    assert "notion-legal__retrieve_page" in out and "target=p-1" in out and "failed (upstream_http_404)" in out
    code, out, _ = cli("audit", "--org", "acme", "--member", "bob", "--json")
    assert json.loads(out) == []


def test_tokens_are_recorded_as_grants(org_file: Path) -> None:
    cli("org", "apply", str(org_file))
    _, out, _ = cli("token", "--org", "acme", "--member", "alice")
    claims = build_container(Settings.from_env()).verifier.verify(out.strip())
    grants = build_container(Settings.from_env()).directory.grants("acme", "alice")
    assert [g.id for g in grants] == [claims.token_id]


def test_secrets_put_stores_an_encrypted_secret(org_file: Path, tmp_path: Path) -> None:
    cli("org", "apply", str(org_file))  # a secret belongs to an org that exists
    secret = tmp_path / "s.json"
    secret.write_text('{"client_id": "cid", "client_secret": "shh"}')
    code, out, _ = cli("secrets", "put", "--org", "acme", "notion-oauth", "--file", str(secret))
    assert code == 0 and "client_id, client_secret" in out and "shh" not in out
    assert build_container(Settings.from_env()).secrets.get("acme", "notion-oauth") == {
        "client_id": "cid",
        "client_secret": "shh",
    }
    secret.write_text('["not", "an", "object"]')
    code, _, err = cli("secrets", "put", "--org", "acme", "x", "--file", str(secret))
    assert code == 1 and "JSON object" in err


@pytest.mark.parametrize("command", ["search", "access", "token"])
def test_the_commands_acting_as_a_member_take_the_same_options(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    query = ["query"] if command == "search" else []
    with pytest.raises(SystemExit) as info:
        cli(command, "--org", "acme", "--member", "alice", "--scope", "mcp:everything", *query)
    assert info.value.code == 2
    assert "invalid choice: 'mcp:everything'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli(command, "--org", "acme", *query)
    assert "the following arguments are required: --member" in capsys.readouterr().err
