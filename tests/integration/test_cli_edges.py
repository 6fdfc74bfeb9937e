"""The CLI list of issue #12: bad option values are usage errors, nothing silently capped or
accepted, and the servers bind before they apply or print anything."""

from __future__ import annotations

import argparse
import base64
import io
import json
import re
import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardamom import __version__
from cardamom.bootstrap import build_container
from cardamom.config import Settings
from cardamom.core.audit import AuditRow
from cardamom.entrypoints.cli import build_parser, main
from tests.orgs import notion_only_org_text
from tests.support import REPO


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        code = main(list(argv), out=out, err=err)
    except SystemExit as exc:  # argparse's usage errors (and --version)
        code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def org_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
    path = tmp_path / "acme.yaml"
    path.write_text(notion_only_org_text())
    assert cli("org", "apply", str(path))[0] == 0
    return path


@pytest.mark.parametrize("ttl", ["0", "-5", "abc", str(366 * 86_400)])
def test_a_token_lifetime_must_be_positive_and_bounded(
    org_file: Path, ttl: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli("token", "--org", "acme", "--member", "alice", "--ttl", ttl)
    assert code == 2 and out == ""
    assert "--ttl" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("audit", "--org", "acme", "--since", "garbage"), "not an ISO 8601"),
        (("audit", "--org", "acme", "--limit", "1000000"), "from 1 to 1000"),
        (("audit", "--org", "acme", "--limit", "0"), "from 1 to 1000"),
        (("search", "--org", "acme", "--member", "alice", "--limit", "0", "users"), "from 1 to 50"),
        (("search", "--org", "acme", "--member", "alice", "--limit", "51", "users"), "from 1 to 50"),
        (("serve", "--port", "70000"), "from 0 to 65535"),
    ],
)
def test_out_of_range_values_are_usage_errors(
    org_file: Path, argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(*argv)[0] == 2
    assert message in capsys.readouterr().err


def test_audit_since_reads_dates_and_times_in_any_zone(org_file: Path) -> None:
    container = build_container(Settings.from_env())
    for i, started in enumerate(["2026-01-01T10:00:00+00:00", "2026-01-02T10:00:00+00:00"]):
        row = AuditRow("acme", f"r{i}", started, "alice", "notion-legal", "notion", "op", "read", True)
        container.audit.begin(row)
        container.audit.complete(row.completed(at=started, error_code=None))
    assert len(json.loads(cli("audit", "--org", "acme", "--since", "2026-01-02", "--json")[1])) == 1
    assert len(json.loads(cli("audit", "--org", "acme", "--since", "2026-01-02T11:00:00+02:00", "--json")[1])) == 1
    assert len(json.loads(cli("audit", "--org", "acme", "--since", "2026-01-03", "--json")[1])) == 0


def test_a_started_row_older_than_any_call_is_shown_interrupted(org_file: Path) -> None:
    container = build_container(Settings.from_env())
    old = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    fresh = datetime.now(UTC).isoformat()
    container.audit.begin(AuditRow("acme", "killed", old, "alice", "notion-legal", "notion", "op", "read", True))
    container.audit.begin(AuditRow("acme", "running", fresh, "alice", "notion-legal", "notion", "op", "read", True))
    code, out, _ = cli("audit", "--org", "acme")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert "started" in lines[0] and "interrupted" not in lines[0]  # newest first: still running
    assert "interrupted" in lines[1]
    listed = json.loads(cli("audit", "--org", "acme", "--json")[1])
    assert [r["interrupted"] for r in listed] == [False, True]


@pytest.mark.parametrize(
    "argv",
    [
        ("secrets", "put", "--org", "nosuchorg", "notion"),
        ("audit", "--org", "nosuchorg"),
        ("token", "--org", "nosuchorg", "--member", "alice"),
    ],
)
def test_an_unknown_org_is_an_error(org_file: Path, argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"token": "x"}'))
    code, out, err = cli(*argv)
    assert code == 1 and out == ""
    assert "there is no org 'nosuchorg'" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("--version")[0] == 0
    assert capsys.readouterr().out.strip() == f"cardamom {__version__}"


def test_every_option_says_what_it_is_for() -> None:
    missing: list[str] = []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{path} {name}")
            elif not action.help:
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")

    walk(build_parser(), "cardamom")
    assert missing == []


def test_search_and_access_assume_the_scopes_a_minted_token_has(org_file: Path) -> None:
    code, out, _ = cli("token", "--org", "acme", "--member", "alice")
    assert code == 0
    claims = json.loads(base64.urlsafe_b64decode(out.split(".")[1] + "=="))
    granted = sorted(claims["scope"].split())
    view = json.loads(cli("access", "--org", "acme", "--member", "alice", "--json")[1])
    assert sorted(view["scopes"]) == granted


def test_serve_says_what_it_serves_and_a_busy_port_fails_before_anything(
    org_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = str(busy.getsockname()[1])
    try:
        for command in (["demo"], ["serve"]):
            code, out, err = cli(*command, "--port", port)
            assert code == 1 and out == "", command  # no token printed, nothing applied
            assert f"cannot listen on 127.0.0.1:{port}" in err
    finally:
        busy.close()
    home = tmp_path / "home"
    assert build_container(Settings.from_env()).directory.load_org("acme") is not None
    # A real start: the banner names the endpoint, the backend and the orgs.
    with subprocess.Popen(
        [sys.executable, "-m", "cardamom.entrypoints.cli", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={"CARDAMOM_HOME": str(home), "PATH": "/usr/bin:/bin"},
        cwd=REPO,
    ) as process:
        try:
            assert process.stdout is not None
            banner = process.stdout.readline() + process.stdout.readline() + process.stdout.readline()
        finally:
            process.terminate()
            process.wait(timeout=30)
    assert re.match(r"Cardamom \S+ serving POST http://127\.0\.0\.1:\d+/mcp", banner), banner
    assert "backend  sqlite" in banner and "orgs     acme" in banner


def test_a_copy_of_the_demo_org_applies_as_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
    copy = tmp_path / "org.yaml"
    text = (REPO / "src" / "cardamom" / "demo" / "org.yaml").read_text()
    copy.write_text(text.replace("status: pending", "status: active"))
    code, out, err = cli("org", "apply", str(copy))
    assert code == 0, err
    assert "3/3 connections active" in out
