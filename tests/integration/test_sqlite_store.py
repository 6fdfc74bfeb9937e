"""The embedded default store: SQLite records and snapshot files, kept across restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardamom.adapters.sqlite import SqliteAuditLog, SqliteDatabase, SqliteDirectory, SqliteSnapshotStore
from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.snapshot import build_snapshot, decode_snapshot, encode_snapshot
from cardamom.errors import Conflict, NotFound
from cardamom.service.snapshots import SnapshotService
from tests.fakes import MemoryDirectory, MemorySnapshotStore
from tests.support import notion_only_org_text


def row(i: int, **changes: object) -> AuditRow:
    base = AuditRow(
        org="acme",
        id=f"r{i}",
        started_at=f"2026-11-29T12:00:0{i}+00:00",
        member="alice" if i % 2 else "bob",
        account="notion-legal",
        connector="notion",
        operation="notion-legal__retrieve_page",
        classification="read",
        approved=True,
        target_id=f"p-{i}",
    )
    return AuditRow(**{**base.__dict__, **changes}) if changes else base  # type: ignore[arg-type]


class TestDirectory:
    def test_apply_versions_and_survives_a_restart(self, tmp_path: Path) -> None:
        definition = parse_org_definition(notion_only_org_text(), "org.yaml")
        db = SqliteDatabase(tmp_path / "c.db")
        directory = SqliteDirectory(db)
        assert directory.apply_org(definition) == 1
        assert directory.apply_org(definition) == 2
        db.close()
        reopened = SqliteDirectory(SqliteDatabase(tmp_path / "c.db"))
        stored = reopened.load_org("acme")
        assert stored is not None
        assert stored.version == 2
        assert stored.definition == definition
        member = reopened.get_member("acme", "alice")
        assert member is not None and member.role == "member"
        assert reopened.get_member("acme", "nobody") is None
        assert reopened.load_org("globex") is None

    def test_members_follow_the_applied_definition(self, tmp_path: Path) -> None:
        directory = SqliteDirectory(SqliteDatabase(tmp_path / "c.db"))
        directory.apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
        renamed = notion_only_org_text().replace("{id: alice, role: member}", "{id: bob, role: admin}")
        directory.apply_org(parse_org_definition(renamed, "org.yaml"))
        assert directory.get_member("acme", "alice") is None
        bob = directory.get_member("acme", "bob")
        assert bob is not None and bob.role == "admin"


class TestAuditLog:
    def test_rows_are_written_completed_and_filtered(self, tmp_path: Path) -> None:
        audit = SqliteAuditLog(SqliteDatabase(tmp_path / "c.db"))
        for i in range(1, 5):
            audit.begin(row(i))
        audit.complete(row(1).completed(at="2026-11-29T12:00:10+00:00", error_code=None))
        audit.complete(row(2).completed(at="2026-11-29T12:00:10+00:00", error_code="upstream_http_500"))
        everything = audit.query("acme", AuditQuery())
        assert [r.id for r in everything] == ["r4", "r3", "r2", "r1"]  # newest first
        assert {r.id: r.status for r in everything} == {
            "r1": "succeeded",
            "r2": "failed",
            "r3": "started",
            "r4": "started",
        }
        assert [r.id for r in audit.query("acme", AuditQuery(member="bob"))] == ["r4", "r2"]
        assert [r.id for r in audit.query("acme", AuditQuery(status="failed"))] == ["r2"]
        assert [r.id for r in audit.query("acme", AuditQuery(limit=1))] == ["r4"]
        assert audit.query("globex", AuditQuery()) == []
        failed = audit.query("acme", AuditQuery(status="failed"))[0]
        assert failed.error_code == "upstream_http_500" and failed.target_id == "p-2"

    def test_a_row_cannot_be_written_twice_or_completed_twice(self, tmp_path: Path) -> None:
        audit = SqliteAuditLog(SqliteDatabase(tmp_path / "c.db"))
        audit.begin(row(1))
        with pytest.raises(Conflict):
            audit.begin(row(1))
        done = row(1).completed(at="2026-11-29T12:00:10+00:00", error_code=None)
        audit.complete(done)
        with pytest.raises(Conflict):
            audit.complete(done)


class TestSnapshots:
    def test_snapshot_files_and_pointer(self, tmp_path: Path) -> None:
        store = SqliteSnapshotStore(SqliteDatabase(tmp_path / "c.db"), tmp_path / "snapshots")
        assert store.current("acme") is None
        store.put("acme", 2, b"two")
        store.put("acme", 1, b"one")  # an older rebuild finishing late never moves the pointer back
        pointer = store.current("acme")
        assert pointer is not None and pointer.version == 2
        assert store.get("acme", 1) == b"one"
        assert store.get("acme", 3) is None
        assert not [p for p in (tmp_path / "snapshots" / "acme").iterdir() if p.name.startswith(".tmp")]

    def test_a_warm_request_reads_only_the_pointer(self) -> None:
        directory, store = MemoryDirectory(), MemorySnapshotStore()
        directory.apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
        SnapshotService(directory, store).rebuild("acme")
        service = SnapshotService(directory, store)  # a new cold start
        first = service.current("acme")
        reads_after_cold = store.reads
        assert service.current("acme") is first
        assert store.reads == reads_after_cold + 1

    @pytest.mark.parametrize("blob", [b"", b"garbage", b"x\x9c\x00\x01"])
    def test_a_corrupt_snapshot_is_rebuilt_never_served(self, blob: bytes) -> None:
        directory, store = MemoryDirectory(), MemorySnapshotStore()
        directory.apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
        store.put("acme", 1, blob)
        snapshot = SnapshotService(directory, store).current("acme")
        assert [t.name for t in snapshot.tools] == ["notion-legal__list_all_users", "notion-legal__retrieve_page"]
        assert decode_snapshot(store.blobs[("acme", 1)]).by_name == snapshot.by_name

    def test_a_truncated_snapshot_is_rebuilt(self) -> None:
        directory, store = MemoryDirectory(), MemorySnapshotStore()
        definition = parse_org_definition(notion_only_org_text(), "org.yaml")
        directory.apply_org(definition)
        store.put("acme", 1, encode_snapshot(build_snapshot(definition, 1))[:-10])
        assert len(SnapshotService(directory, store).current("acme").tools) == 2

    def test_a_missing_snapshot_is_rebuilt_and_an_unknown_org_is_not_found(self) -> None:
        directory, store = MemoryDirectory(), MemorySnapshotStore()
        directory.apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
        assert SnapshotService(directory, store).current("acme").version == 1
        assert store.pointers == {"acme": 1}
        with pytest.raises(NotFound):
            SnapshotService(directory, store).current("globex")
