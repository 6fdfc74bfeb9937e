"""``cardamom audit verify`` and ``cardamom audit export`` on the embedded store, the exported
file verified offline, and the audit function's scheduled export to S3 (moto's server)."""

from __future__ import annotations

import asyncio
import io
import json
import sqlite3
from contextlib import closing
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from joserfc.jwk import ECKey

from cardamom.bootstrap import Container, build_audit_schedule, build_container, build_stores
from cardamom.config import Settings
from cardamom.core.audit import AuditQuery
from cardamom.core.audit_export import file_lines
from cardamom.core.orgfile import parse_org_definition
from cardamom.entrypoints.audit_app import make_handler
from cardamom.entrypoints.cli import main
from cardamom.errors import AuditScheduleFailed, ConfigError, StoreError
from cardamom.service.audit_export import verify_export
from cardamom.service.audit_sealing import SealingPolicy
from cardamom.service.authorization import Caller
from tests.aws_support import AwsBackend, aws_settings
from tests.fakes import RecordingTransport, StaticCredentials
from tests.orgs import NOTION_LEGAL, notion, notion_tool, org_yaml

ARGUMENT_VALUE = "Quarterly-Plan-7f3a"  # an argument that is not the target: must never be recorded


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_calls(container: Container, count: int) -> None:
    caller = Caller("acme", "alice", "member", frozenset({"mcp:read", "mcp:tools"}))

    async def calls() -> None:
        for i in range(count):
            arguments: dict[str, Any] = {"page_id": f"page-{i}"}
            if i % 2:
                arguments["filter"] = ARGUMENT_VALUE
            await container.execution.execute(caller, "notion-legal__retrieve_page", arguments)

    asyncio.run(calls())


ORG_WITH_FILTER = org_yaml(
    notion(
        "list_all_users",
        notion_tool(
            "retrieve_page",
            input_schema={
                "type": "object",
                "properties": {"page_id": {"type": "string"}, "filter": {"type": "string"}},
                "required": ["page_id"],
            },
        ),
    ),
    connections=[NOTION_LEGAL],
    members={"alice": "member"},
)


@pytest.fixture
def local(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Container:
    monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
    container = build_container(Settings.from_env(), transport=RecordingTransport(), credentials=StaticCredentials())
    container.apply_org(parse_org_definition(ORG_WITH_FILTER, "org.yaml"))
    run_calls(container, 6)
    return container


def tamper(home: Path, sql: str, *params: object) -> None:
    with closing(sqlite3.connect(home / "cardamom.db")) as conn, conn:
        assert conn.execute(sql, params).rowcount == 1


def row_ids(container: Container) -> list[str]:
    return [r.id for r in sorted(container.audit.query("acme", AuditQuery()), key=lambda r: (r.started_at, r.id))]


def test_verify_names_the_first_break(local: Container, tmp_path: Path) -> None:
    code, out, _ = cli("audit", "verify", "--org", "acme")
    assert code == 0, out
    assert "audit trail of acme: verified" in out and "6 sealed rows unchanged" in out
    ids = row_ids(local)
    tamper(tmp_path / "home", "UPDATE audit SET target_id = 'page-99' WHERE id = ?", ids[4])
    tamper(tmp_path / "home", "DELETE FROM audit WHERE id = ?", ids[2])
    code, out, _ = cli("audit", "verify", "--org", "acme")
    assert code == 1
    assert f"first break: row_deleted at seal 3, row {ids[2]}" in out
    code, out, _ = cli("audit", "verify", "--org", "acme", "--json")
    summary = json.loads(out)
    assert summary["ok"] is False
    assert [(b["kind"], b["row"]) for b in summary["breaks"]] == [("row_deleted", ids[2]), ("row_modified", ids[4])]


def test_an_anchor_recorded_earlier_must_still_hold(local: Container, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = cli("audit", "verify", "--org", "acme", "--json")
    head = json.loads(out)["head"]
    assert cli("audit", "verify", "--org", "acme", "--anchor", head)[0] == 0
    seq = head.split(":")[0]
    code, out, _ = cli("audit", "verify", "--org", "acme", "--anchor", f"{seq}:{'0' * 64}")
    assert code == 1 and f"anchor_mismatch at seal {seq}" in out
    with pytest.raises(SystemExit) as exited:
        cli("audit", "verify", "--org", "acme", "--anchor", "3:nothex")
    assert exited.value.code == 2 and "SEQ:DIGEST" in capsys.readouterr().err


def test_the_export_verifies_offline_and_shows_any_edit(local: Container, tmp_path: Path) -> None:
    exported = tmp_path / "trail.jsonl"
    assert cli("audit", "export", "--org", "acme", "--output", str(exported))[0] == 0
    records = [json.loads(line) for line in exported.read_text().splitlines()]
    assert [r["record"] for r in records].count("audit_row") == 6
    assert [r["record"] for r in records].count("audit_seal") == 6  # one seal per completion locally
    row = next(r for r in records if r["record"] == "audit_row")
    assert {"account", "operation", "classification", "approved", "status", "target_id", "client", "seal"} <= set(row)
    assert ARGUMENT_VALUE not in exported.read_text()

    code, out, _ = cli("audit", "verify", "--org", "acme", "--file", str(exported))
    assert code == 0 and "exported audit trail of acme: verified" in out

    ids = row_ids(local)
    edited = tmp_path / "edited.jsonl"
    edited.write_text(exported.read_text().replace('"member":"alice"', '"member":"mallory"', 1))
    code, out, _ = cli("audit", "verify", "--org", "acme", "--file", str(edited))
    assert code == 1 and f"row_modified at seal 1, row {ids[0]}" in out

    lines = exported.read_text().splitlines(keepends=True)
    dropped = tmp_path / "dropped.jsonl"
    dropped.write_text("".join(line for line in lines if f'"id":"{ids[5]}"' not in line))
    code, out, _ = cli("audit", "verify", "--org", "acme", "--file", str(dropped))
    assert code == 1 and f"row_deleted at seal 6, row {ids[5]}" in out

    seals_only = tmp_path / "rows.jsonl"
    seals_only.write_text("".join(line for line in lines if '"audit_seal"' not in line))
    code, _, err = cli("audit", "verify", "--org", "acme", "--file", str(seals_only))
    assert code == 1 and "hold no audit seal of org 'acme'" in err


def test_an_export_since_a_time_verifies_with_the_rows_before_left_out(local: Container, tmp_path: Path) -> None:
    rows = sorted(local.audit.query("acme", AuditQuery()), key=lambda r: r.started_at)
    since = rows[3].started_at
    exported = tmp_path / "since.jsonl"
    assert cli("audit", "export", "--org", "acme", "--since", since, "-o", str(exported))[0] == 0
    records = [json.loads(line) for line in exported.read_text().splitlines()]
    assert [r["id"] for r in records if r["record"] == "audit_row"] == [r.id for r in rows[3:]]
    code, out, _ = cli("audit", "verify", "--org", "acme", "--file", str(exported), "--json")
    summary = json.loads(out)
    assert code == 0 and summary["sealed_rows"] == 3
    assert any("taken as given" in note for note in summary["notes"])


def test_an_unreadable_export_line_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"record": "audit_seal", "org": "acme", "seq": "x"}\nnot json\n')
    code, _, err = cli("audit", "verify", "--org", "acme", "--file", str(bad))
    assert code == 1 and f"{bad}:1: a malformed audit_seal record" in err
    with pytest.raises(ConfigError):
        Settings.from_env({"CARDAMOM_AUDIT_EXPORT_PREFIX": "/absolute"})


# ---- the scheduled export on AWS -------------------------------------------------------------------


def listed(aws: AwsBackend, prefix: str) -> list[str]:
    found = aws.s3.list_objects_v2(Bucket=aws.bucket, Prefix=prefix)
    return sorted(o["Key"] for o in found.get("Contents", []))


def download(aws: AwsBackend, keys: list[str], into: Path) -> None:
    for key in keys:
        target = into / key
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(aws.s3.get_object(Bucket=aws.bucket, Key=key)["Body"].read())


def test_the_audit_function_seals_and_exports_to_s3_by_org_and_day(aws: AwsBackend, tmp_path: Path) -> None:
    settings = aws_settings(aws, ECKey.generate_key("P-256"), CARDAMOM_AUDIT_EXPORT_PREFIX="audit-export")
    assert settings.audit_export_prefix == "audit-export/"
    container = build_container(settings, transport=RecordingTransport(), credentials=StaticCredentials())
    container.apply_org(parse_org_definition(ORG_WITH_FILTER, "org.yaml"))
    run_calls(container, 5)
    handler = make_handler(build_audit_schedule(settings))

    assert container.audit_sealer.verify("acme").unsealed  # AWS seals on the schedule, not inline
    sealed = handler({"action": "seal"}, None)
    assert sealed["sealed"] == {"acme": {"rows": 5, "seals": [1]}} and sealed["failed"] == {}
    assert handler({"detail-type": "Scheduled Event", "source": "aws.events"}, None)["sealed"] == {}

    exported = handler({"action": "export"}, None)
    day = container.audit.query("acme", AuditQuery(limit=1))[0].started_at[:10]
    assert exported["exported"]["acme"]["rows"] == 5
    keys = listed(aws, "audit-export/")
    assert keys == [
        f"audit-export/rows/org=acme/day={day}/seals-000000000001.jsonl",
        f"audit-export/seals/org=acme/day={day}/seals-000000000001.jsonl",
    ]
    assert handler({"action": "export"}, None)["exported"] == {}  # nothing new

    run_calls(container, 2)
    assert handler({"action": "export"}, None)["exported"]["acme"]["through"] == 2
    keys = listed(aws, "audit-export/")
    assert len(keys) == 4 and f"audit-export/rows/org=acme/day={day}/seals-000000000002.jsonl" in keys

    download(aws, keys, tmp_path)
    body = "".join((tmp_path / key).read_text() for key in keys)
    assert ARGUMENT_VALUE not in body
    lines = [pair for key in keys for pair in file_lines(key, (tmp_path / key).read_text())]
    result = verify_export("acme", lines, now=datetime.now(UTC), policy=SealingPolicy())
    assert result.ok and result.sealed_rows == 7, result.breaks
    code, out, _ = cli("audit", "verify", "--org", "acme", "--file", str(tmp_path / "audit-export"))
    assert code == 0 and "7 sealed rows unchanged" in out


class _ChainFailingFor:
    """The real audit chain, except that every read or write for one org fails as a store would."""

    def __init__(self, chain: Any, org: str) -> None:
        self._chain, self._org = chain, org

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._chain, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            if self._org in args or kwargs.get("org") == self._org:
                raise StoreError(f"audit chain unavailable for {self._org}")
            return method(*args, **kwargs)

        return call


def test_an_org_that_cannot_be_sealed_fails_the_invocation_after_the_others_are_sealed(aws: AwsBackend) -> None:
    settings = aws_settings(aws, ECKey.generate_key("P-256"))
    container = build_container(settings, transport=RecordingTransport(), credentials=StaticCredentials())
    container.apply_org(parse_org_definition(ORG_WITH_FILTER, "org.yaml"))
    container.apply_org(parse_org_definition(ORG_WITH_FILTER.replace("org: acme", "org: zeta", 1), "org.yaml"))
    run_calls(container, 3)
    stores = build_stores(settings)
    broken = replace(stores, audit_chain=_ChainFailingFor(stores.audit_chain, "zeta"))
    handler = make_handler(build_audit_schedule(settings, stores=broken))

    with pytest.raises(AuditScheduleFailed, match=r"audit seal failed for 1 org\(s\) \(zeta: .*unavailable"):
        handler({"action": "seal"}, None)
    assert not container.audit_sealer.verify("acme").unsealed  # the healthy org was sealed first
    with pytest.raises(AuditScheduleFailed, match="audit export failed"):
        handler({"action": "export"}, None)
    assert make_handler(build_audit_schedule(settings))({"action": "seal"}, None)["failed"] == {}
