"""`cardamom connectors import`: YAML out, the report on stderr, a quiet progress bar off a terminal,
and the result applied with `cardamom org apply` through a connector file."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardamom.core.orgdef import ConnectorDef
from cardamom.entrypoints.cli import main
from cardamom.importers.openapi.command import ProgressBar
from tests.support import REPO, SHARED

# A small spec of our own (tests/fixtures): the CLI's behaviour needs no shared catalog.
NOTES = REPO / "tests" / "fixtures" / "openapi" / "tiny-notes.json"
NOTION = SHARED / "data" / "catalogs" / "notion" / "scripts" / "notion-openapi.json"
needs_notion = pytest.mark.skipif(not NOTION.is_file(), reason=f"the shared Notion catalog is not at {NOTION}")


def cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, err=ERRORS)
    return code, out.getvalue()


# main() reports errors on the stream it is given; the import's report goes to sys.stderr (capsys).
ERRORS = io.StringIO()


def test_import_writes_the_connector_yaml_to_stdout_and_the_report_to_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = cli("connectors", "import", str(NOTES), "--id", "notes", "--label", "Notes")
    assert code == 0
    assert out.startswith("# Imported from tiny-notes.json by 'cardamom connectors import': 3 tools")
    connector = ConnectorDef.model_validate(yaml.safe_load(out))
    assert (connector.id, connector.label, connector.base_url, connector.auth.type) == (
        "notes",
        "Notes",
        "https://api.tinynotes.example",
        "bearer",
    )
    assert [t.name for t in connector.tools] == ["list_users", "retrieve_page", "create_page"]
    err = capsys.readouterr().err
    assert "5 operations seen, 3 tools made, 2 skipped" in err
    assert "\r" not in err and "[#" not in err  # no progress bar when stderr is not a terminal


@needs_notion
def test_the_shared_notion_catalog_imports_every_operation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = cli("connectors", "import", str(NOTION), "--id", "notion", "--label", "Notion")
    assert code == 0
    assert len(ConnectorDef.model_validate(yaml.safe_load(out)).tools) == 24
    assert "24 operations seen, 24 tools made, 0 skipped" in capsys.readouterr().err


def test_filters_base_url_auth_and_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "notion.yaml"
    code, out = cli(
        "connectors",
        "import",
        str(NOTES),
        "--id",
        "notes",
        "--label",
        "Notes",
        "--base-url",
        "https://notes.example.test/",
        "--auth",
        "api_key:header=X-Notes-Key",
        "--method",
        "get",
        "--tag",
        "Users",
        "--operation",
        "no-such-operation",
        "--output",
        str(target),
    )
    assert (code, out) == (0, "")
    connector = ConnectorDef.model_validate(yaml.safe_load(target.read_text()))
    assert connector.base_url == "https://notes.example.test"
    assert connector.auth.model_dump(exclude_defaults=True) == {"type": "api_key", "header": "X-Notes-Key"}
    assert connector.tools == []  # no operation has that id
    err = capsys.readouterr().err
    assert "5 left out by the filters" in err
    assert "no operation has the id 'no-such-operation'" in err


def test_each_skipped_operation_is_reported_with_method_path_id_and_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _ = cli("connectors", "import", str(NOTES), "--id", "notes", "--label", "Notes")
    assert code == 0
    err = capsys.readouterr().err
    assert "skipped:\n" in err
    assert "  OPTIONS /v1/events (options_events): the gateway does not call OPTIONS\n" in err
    assert (
        "  POST /v1/files/content (upload_file): the operation is served from https://upload.tinynotes.example" in err
    )


def test_a_spec_that_is_not_openapi_is_an_error(tmp_path: Path) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps([{"name": "list_things"}]))
    ERRORS.seek(0)
    ERRORS.truncate()
    assert cli("connectors", "import", str(tools), "--id", "x", "--label", "X")[0] == 1
    assert "error: not an OpenAPI 3.x or Swagger 2.0 document" in ERRORS.getvalue()
    assert cli("connectors", "import", str(tmp_path / "missing.yaml"), "--id", "x", "--label", "X")[0] == 1
    assert "missing.yaml: cannot read the file" in ERRORS.getvalue()


def test_a_bad_auth_value_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli("connectors", "import", str(NOTES), "--id", "x", "--label", "X", "--auth", "oauth1")
    assert "auth type must be one of" in capsys.readouterr().err


def test_the_imported_connector_applies_through_a_connector_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
    (tmp_path / "connectors").mkdir()
    assert cli(
        "connectors",
        "import",
        str(NOTES),
        "--id",
        "notes",
        "--label",
        "Notes",
        "-o",
        str(tmp_path / "connectors/notes.yaml"),
    ) == (0, "")
    org = tmp_path / "acme.yaml"
    org.write_text(
        "org: acme\n"
        "connectors:\n  - file: connectors/notes.yaml\n"
        "connections:\n  - {account: notes-legal, connector: notes, credentials: {token_env: NOTES_TOKEN}}\n"
        "members:\n  - {id: alice, role: admin}\n"
    )
    code, out = cli("org", "apply", str(org))
    assert code == 0, out
    assert "1 connectors, 1/1 connections active, 3 searchable tools" in out


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream", [io.StringIO(), FakeTerminal()], ids=["pipe", "terminal"])
def test_the_progress_bar_draws_only_on_a_terminal_and_clears_its_line(stream: Any) -> None:
    bar = ProgressBar(stream, "importing spec", width=10)
    for done in range(1, 101):
        bar(done, 100)
    bar.close()
    text = stream.getvalue()
    if isinstance(stream, FakeTerminal):
        assert text.count("\r") == 11 + 1  # one redraw per tenth, then the clearing
        assert "\rimporting spec [##########] 100/100" in text
        assert text.endswith("\r\033[K")
    else:
        assert text == ""
