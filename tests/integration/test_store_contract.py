"""One contract for every store: the embedded SQLite store, the in-memory fake, and the AWS
backend (DynamoDB and S3 on moto's server, tables as template.yaml defines them). Each
backend fixture yields the same three ports."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from hashlib import sha256
from pathlib import Path

import pytest

from cardamom.adapters.aws import aws_stores
from cardamom.adapters.dynamodb_audit import DynamoAuditLog
from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.adapters.sqlite_audit import SqliteAuditLog
from cardamom.adapters.sqlite_directory import SqliteDirectory
from cardamom.adapters.sqlite_snapshots import SqliteSnapshotStore
from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.directory import DirectoryChange, Grant
from cardamom.core.orgdef import ConnectionDef, MemberDef, OrgDefinition, RestrictionDef, RestrictionTarget
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.snapshot import build_snapshot
from cardamom.core.snapshot_codec import decode_snapshot, encode_snapshot
from cardamom.errors import Conflict, NotFound
from cardamom.ports import AuditLog, Directory, SnapshotPointer, SnapshotStore
from cardamom.service.snapshots import SnapshotService
from tests.aws_support import AwsBackend
from tests.fakes import MemoryAuditLog, MemoryDirectory, MemorySnapshotStore
from tests.orgs import notion_only_org_text

RETENTION_DAYS = 30
NOW = datetime(2026, 11, 29, 12, 0, 30, tzinfo=UTC).timestamp()  # the audit clock: just after row(9)
INLINE_BYTES = 1024  # on AWS, snapshots larger than this go to S3


@dataclass
class Store:
    directory: Directory
    audit: AuditLog
    snapshots: SnapshotStore


@pytest.fixture(params=["sqlite", "memory", "aws"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        db = SqliteDatabase(tmp_path / "c.db")
        audit = SqliteAuditLog(db, retention_days=RETENTION_DAYS, clock=lambda: NOW)
        yield Store(SqliteDirectory(db), audit, SqliteSnapshotStore(db, tmp_path / "snapshots"))
        db.close()
    elif request.param == "memory":
        yield Store(
            MemoryDirectory(), MemoryAuditLog(retention_days=RETENTION_DAYS, clock=lambda: NOW), MemorySnapshotStore()
        )
    else:
        backend: AwsBackend = request.getfixturevalue("aws")
        backend.inline_bytes = INLINE_BYTES
        stores = aws_stores(backend.settings, audit_retention_days=RETENTION_DAYS)
        audit = DynamoAuditLog(
            backend.dynamodb, backend.tables["AuditTable"], retention_days=RETENTION_DAYS, clock=lambda: NOW
        )
        yield Store(stores.directory, audit, stores.snapshots)


def acme() -> OrgDefinition:
    return parse_org_definition(notion_only_org_text(), "org.yaml")


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
    return replace(base, **changes)  # type: ignore[arg-type]


class TestDirectory:
    def test_replace_versions_the_org(self, store: Store) -> None:
        directory = store.directory
        assert directory.load_org("acme") is None
        assert directory.replace_org(acme(), expected_version=None) == 1
        assert directory.replace_org(acme(), expected_version=1) == 2
        stored = directory.load_org("acme")
        assert stored is not None and stored.version == 2 and stored.definition == acme()
        record = directory.get_member("acme", "alice")
        assert record is not None and record.member.role == "member" and record.grants_revoked_at is None
        assert directory.get_member("acme", "nobody") is None
        assert directory.get_member("globex", "alice") is None

    def test_a_lost_race_is_a_conflict_and_writes_nothing(self, store: Store) -> None:
        directory = store.directory
        directory.replace_org(acme(), expected_version=None)
        with pytest.raises(Conflict):
            directory.replace_org(acme(), expected_version=None)  # creating an org that exists
        with pytest.raises(Conflict):
            directory.commit("acme", DirectoryChange(members={"zed": MemberDef(id="zed")}), expected_version=7)
        stored = directory.load_org("acme")
        assert stored is not None and stored.version == 1
        assert directory.get_member("acme", "zed") is None

    def test_commit_upserts_and_deletes_records(self, store: Store) -> None:
        directory = store.directory
        directory.replace_org(acme(), expected_version=None)
        rule = RestrictionDef(id="b1", target=RestrictionTarget(role="member"), effect="block", connector="notion")
        change = DirectoryChange(
            connections={
                "notion-legal": None,
                "notion-ops": ConnectionDef.model_validate(
                    {"account": "notion-ops", "connector": "notion", "credentials": {"token_env": "OPS"}}
                ),
            },
            members={"bob": MemberDef(id="bob", role="admin")},
            restrictions={"b1": rule},
        )
        assert directory.commit("acme", change, expected_version=1) == 2
        stored = directory.load_org("acme")
        assert stored is not None
        assert [c.account for c in stored.definition.connections] == ["notion-ops"]
        assert [m.id for m in stored.definition.members] == ["alice", "bob"]
        assert stored.definition.restrictions == [rule]
        bob = directory.get_member("acme", "bob")
        assert bob is not None and bob.member.role == "admin"

    def test_revocation_lands_with_the_membership_change(self, store: Store) -> None:
        directory = store.directory
        directory.replace_org(acme(), expected_version=None)
        directory.put_grant(Grant("acme", "g1", "alice", ("mcp:read",), 100, 4000))
        directory.put_grant(Grant("acme", "g2", "alice", ("mcp:tools",), 200, 4000))
        suspended = MemberDef(id="alice", status="suspended")
        directory.commit(
            "acme",
            DirectoryChange(members={"alice": suspended}, revoke_grants_of=frozenset({"alice"}), at=300),
            expected_version=1,
        )
        record = directory.get_member("acme", "alice")
        assert record is not None and record.member.status == "suspended" and record.grants_revoked_at == 300
        assert [(g.id, g.revoked_at) for g in directory.grants("acme", "alice")] == [("g1", 300), ("g2", 300)]
        # a later whole-org apply keeps the watermark: reinstating never revives old tokens
        directory.replace_org(acme(), expected_version=2)
        record = directory.get_member("acme", "alice")
        assert record is not None and record.member.status == "active" and record.grants_revoked_at == 300


class TestAuditLog:
    def test_rows_are_written_completed_and_filtered(self, store: Store) -> None:
        audit = store.audit
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
        assert [r.id for r in audit.query("acme", AuditQuery(since="2026-11-29T12:00:03+00:00"))] == ["r4", "r3"]
        assert [r.id for r in audit.query("acme", AuditQuery(limit=1))] == ["r4"]
        assert audit.query("globex", AuditQuery()) == []
        failed = audit.query("acme", AuditQuery(status="failed"))[0]
        assert failed.error_code == "upstream_http_500" and failed.target_id == "p-2"

    def test_a_row_cannot_be_written_twice_or_completed_twice(self, store: Store) -> None:
        audit = store.audit
        audit.begin(row(1))
        with pytest.raises(Conflict):
            audit.begin(row(1))
        done = row(1).completed(at="2026-11-29T12:00:10+00:00", error_code=None)
        audit.complete(done)
        with pytest.raises(Conflict):
            audit.complete(done)


class TestSnapshots:
    def test_pointer_never_moves_back(self, store: Store) -> None:
        snapshots = store.snapshots
        assert snapshots.current("acme") is None
        snapshots.put("acme", 2, b"two")
        snapshots.put("acme", 1, b"one")  # an older rebuild finishing late never moves the pointer back
        pointer = snapshots.current("acme")
        assert pointer is not None and pointer.version == 2
        assert snapshots.get("acme", 1) == b"one"
        assert snapshots.get("acme", 3) is None

    def test_the_same_version_stored_again_moves_the_revision(self, store: Store) -> None:
        """A re-listing of remote MCP servers stores the directory's version again: a reader that
        cached it must see the pointer's revision move, and read the new blob."""
        snapshots = store.snapshots
        snapshots.put("acme", 1, b"listed once")
        first = snapshots.current("acme")
        snapshots.put("acme", 1, b"listed again")
        again = snapshots.current("acme")
        assert first is not None and again is not None
        assert (first.version, again.version) == (1, 1)
        assert first.revision and again.revision and first.revision != again.revision
        assert snapshots.get("acme", 1) == b"listed again"

    def test_a_corrupt_or_missing_snapshot_is_rebuilt_never_served(self, store: Store) -> None:
        store.directory.replace_org(acme(), expected_version=None)
        store.snapshots.put("acme", 1, encode_snapshot(build_snapshot(acme(), 1))[:-10])
        snapshot = SnapshotService(store.directory, store.snapshots).current("acme")
        assert [t.name for t in snapshot.tools] == ["notion-legal__list_all_users", "notion-legal__retrieve_page"]
        blob = store.snapshots.get("acme", 1)
        assert blob is not None and decode_snapshot(blob).by_name == snapshot.by_name
        with pytest.raises(NotFound):
            SnapshotService(store.directory, store.snapshots).current("globex")


def test_the_sqlite_store_survives_a_restart(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "c.db")
    SqliteDirectory(db).replace_org(acme(), expected_version=None)
    SqliteAuditLog(db).begin(row(1))
    db.close()
    reopened = SqliteDatabase(tmp_path / "c.db")
    stored = SqliteDirectory(reopened).load_org("acme")
    assert stored is not None and stored.definition == acme()
    assert [r.id for r in SqliteAuditLog(reopened).query("acme", AuditQuery())] == ["r1"]


@pytest.mark.parametrize("blob", [b"", b"garbage", b"x\x9c\x00\x01"])
def test_garbage_snapshots_are_rebuilt(blob: bytes) -> None:
    directory, snapshots = MemoryDirectory(), MemorySnapshotStore()
    directory.replace_org(acme(), expected_version=None)
    snapshots.put("acme", 1, blob)
    assert len(SnapshotService(directory, snapshots).current("acme").tools) == 2


def test_a_warm_request_reads_only_the_pointer() -> None:
    directory, snapshots = MemoryDirectory(), MemorySnapshotStore()
    directory.replace_org(acme(), expected_version=None)
    SnapshotService(directory, snapshots).rebuild("acme")
    service = SnapshotService(directory, snapshots)  # a new cold start
    first = service.current("acme")
    reads_after_cold = snapshots.reads
    assert service.current("acme") is first
    assert snapshots.reads == reads_after_cold + 1


# ---- beyond one transaction, tombstones, expiry, large blobs: the same on every backend --------


def big_org(members: int, *, first: int = 0, tools: int = 1200) -> OrgDefinition:
    """An org with many members and a connector whose tool list is too big for one DynamoDB item."""
    base = acme()
    notion = base.connectors[0]
    many = [
        notion.tools[0].model_copy(
            update={
                "name": f"list_things_{i}",
                "description": f"List things of kind {i}: {sha256(str(i).encode()).hexdigest()}",
            }
        )
        for i in range(tools)
    ]
    return base.model_copy(
        update={
            "connectors": [notion.model_copy(update={"tools": [*notion.tools, *many]})],
            "members": [MemberDef(id=f"m{i:04d}") for i in range(first, first + members)],
        }
    )


class TestLargeOrgs:
    def test_an_org_larger_than_one_transaction_round_trips(self, store: Store) -> None:
        directory = store.directory
        version = directory.replace_org(big_org(120), expected_version=None)
        stored = directory.load_org("acme")
        assert stored is not None and stored.version == version and stored.definition == big_org(120)
        # Drop the first member, add one at the front and one at the end: the order is the file's.
        edited = big_org(120, first=1)
        edited = edited.model_copy(update={"members": [MemberDef(id="aaa"), *edited.members, MemberDef(id="zzz")]})
        newer = directory.replace_org(edited, expected_version=version, revoke_grants_of=frozenset({"m0000"}), at=50)
        stored = directory.load_org("acme")
        assert stored is not None and stored.version == newer > version and stored.definition == edited
        assert directory.get_member("acme", "m0000") is None
        assert directory.get_member("acme", "zzz") is not None
        assert directory.org_versions() == {"acme": newer}

    def test_a_removed_member_added_back_never_revives_old_tokens(self, store: Store) -> None:
        directory = store.directory
        directory.replace_org(acme(), expected_version=None)
        directory.put_grant(Grant("acme", "g1", "alice", ("mcp:read",), 100, 9000))
        removal = DirectoryChange(members={"alice": None}, revoke_grants_of=frozenset({"alice"}), at=200)
        directory.commit("acme", removal, expected_version=1)
        assert directory.get_member("acme", "alice") is None
        directory.commit("acme", DirectoryChange(members={"alice": MemberDef(id="alice")}), expected_version=2)
        record = directory.get_member("acme", "alice")
        assert record is not None and record.member.status == "active" and record.grants_revoked_at == 200
        directory.put_grant(Grant("acme", "g2", "alice", ("mcp:read",), 300, 9000))
        directory.commit("acme", DirectoryChange(revoke_grants_of=frozenset({"alice"}), at=400), expected_version=3)
        assert [(g.id, g.revoked_at) for g in directory.grants("acme", "alice")] == [("g1", 200), ("g2", 400)]
        record = directory.get_member("acme", "alice")
        assert record is not None and record.member.status == "active" and record.grants_revoked_at == 400

    def test_versions_list_every_org(self, store: Store) -> None:
        assert store.directory.org_versions() == {}
        store.directory.replace_org(acme(), expected_version=None)
        other = acme().model_copy(update={"org": "globex"})
        store.directory.replace_org(other, expected_version=None)
        store.directory.replace_org(other, expected_version=1)
        assert store.directory.org_versions() == {"acme": 1, "globex": 2}
        assert store.snapshots.versions() == {}
        store.snapshots.put("globex", 2, b"globex-2")
        assert store.snapshots.versions() == {"globex": 2}


def test_expired_audit_rows_are_never_read(store: Store) -> None:
    store.audit.begin(row(1, id="old", started_at="2026-10-29T12:00:00+00:00"))  # 31 days before NOW
    store.audit.begin(row(2, id="kept", started_at="2026-10-31T12:00:00+00:00"))
    assert [r.id for r in store.audit.query("acme", AuditQuery())] == ["kept"]
    assert [r.id for r in store.audit.query("acme", AuditQuery(member="alice"))] == []
    assert [r.id for r in store.audit.query("acme", AuditQuery(member="bob"))] == ["kept"]


def test_a_large_snapshot_round_trips(store: Store) -> None:
    blob = encode_snapshot(build_snapshot(big_org(3), 4))
    assert len(blob) > INLINE_BYTES
    store.snapshots.put("acme", 4, blob)
    pointer = store.snapshots.current("acme")
    assert pointer is not None and pointer.version == 4
    assert store.snapshots.get("acme", 4) == blob
    assert len(decode_snapshot(blob).tools) == 1202


def test_a_database_from_before_revisions_gains_the_column(tmp_path: Path) -> None:
    old = sqlite3.connect(tmp_path / "c.db")
    old.execute("CREATE TABLE snapshot_pointers (org TEXT PRIMARY KEY, version INTEGER NOT NULL, path TEXT NOT NULL)")
    old.execute("INSERT INTO snapshot_pointers VALUES ('acme', 3, 'x')")
    old.commit()
    old.close()
    db = SqliteDatabase(tmp_path / "c.db")
    store = SqliteSnapshotStore(db, tmp_path / "snapshots")
    assert store.current("acme") == SnapshotPointer("acme", 3, "")  # read as it was: reloaded once, then current
    store.put("acme", 4, b"four")
    pointer = store.current("acme")
    assert pointer is not None and pointer.version == 4 and len(pointer.revision) == 64
    db.close()
