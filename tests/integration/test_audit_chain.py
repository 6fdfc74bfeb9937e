"""The audit trail's hash chain on every store: SQLite, and DynamoDB on moto's server (tables as
template.yaml defines them). Rows are tampered with the way anyone with table access could:
straight through the database, beside the code."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

import pytest

from cardamom.adapters.dynamodb_audit import DynamoAuditLog
from cardamom.adapters.dynamodb_audit_chain import DynamoAuditChain, chain_pk
from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.adapters.sqlite_audit import SqliteAuditLog
from cardamom.adapters.sqlite_audit_chain import SqliteAuditChain
from cardamom.core.audit import AuditRow
from cardamom.core.audit_chain import canonical_json
from cardamom.errors import Conflict
from cardamom.ports import AuditChain, AuditLog
from cardamom.service.audit_sealing import AuditSealer, SealingPolicy
from tests.aws_support import AwsBackend

RETENTION_DAYS = 30
START = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def epoch(self) -> float:
        return self.now.timestamp()


class Tamper(Protocol):
    def edit(self, row_id: str, column: str, value: Any) -> None: ...
    def delete(self, row_id: str) -> None: ...
    def swap_start(self, first: str, second: str) -> None: ...
    def insert(self, row: AuditRow, *, seal: int | None, queued: bool) -> None: ...
    def delete_seal(self, seq: int) -> None: ...
    def edit_seal(self, seq: int, change: Callable[[dict[str, Any]], None]) -> None: ...


@dataclass
class Trail:
    audit: AuditLog
    chain: AuditChain
    sealer: AuditSealer
    clock: Clock
    tamper: Tamper


class SqliteTamper:
    def __init__(self, path: Path) -> None:
        self._conn = sqlite3.connect(path, isolation_level=None)

    def close(self) -> None:
        self._conn.close()

    def edit(self, row_id: str, column: str, value: Any) -> None:
        assert self._conn.execute(f"UPDATE audit SET {column} = ? WHERE id = ?", (value, row_id)).rowcount == 1

    def delete(self, row_id: str) -> None:
        assert self._conn.execute("DELETE FROM audit WHERE id = ?", (row_id,)).rowcount == 1

    def swap_start(self, first: str, second: str) -> None:
        a, b = (
            self._conn.execute("SELECT started_at FROM audit WHERE id = ?", (i,)).fetchone()[0] for i in (first, second)
        )
        self.edit(first, "started_at", b)
        self.edit(second, "started_at", a)

    def insert(self, row: AuditRow, *, seal: int | None, queued: bool) -> None:
        self._conn.execute(
            "INSERT INTO audit (org, id, started_at, member, account, connector, operation, classification, "
            "approved, status, error_code, target_id, completed_at, client, queued, seal) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.org,
                row.id,
                row.started_at,
                row.member,
                row.account,
                row.connector,
                row.operation,
                row.classification,
                int(row.approved),
                row.status,
                row.error_code,
                row.target_id,
                row.completed_at,
                row.client,
                1 if queued else None,
                seal,
            ),
        )

    def delete_seal(self, seq: int) -> None:
        assert self._conn.execute("DELETE FROM audit_seals WHERE seq = ?", (seq,)).rowcount == 1

    def edit_seal(self, seq: int, change: Callable[[dict[str, Any]], None]) -> None:
        (text,) = self._conn.execute("SELECT record FROM audit_seals WHERE seq = ?", (seq,)).fetchone()
        record = json.loads(text)
        change(record)
        self._conn.execute("UPDATE audit_seals SET record = ? WHERE seq = ?", (json.dumps(record), seq))


class DynamoTamper:
    def __init__(self, backend: AwsBackend) -> None:
        self._db = backend.dynamodb
        self._table = backend.tables["AuditTable"]

    def _item(self, row_id: str) -> dict[str, Any]:
        items = self._db.query(
            TableName=self._table,
            KeyConditionExpression="pk = :pk",
            ExpressionAttributeValues={":pk": {"S": "ORG#acme"}},
        )["Items"]
        (item,) = [i for i in items if i["id"]["S"] == row_id]
        return dict(item)

    def edit(self, row_id: str, column: str, value: Any) -> None:
        item = self._item(row_id)
        item[column] = {"S": value} if isinstance(value, str) else {"N": str(value)}
        self._db.put_item(TableName=self._table, Item=item)

    def delete(self, row_id: str) -> None:
        item = self._item(row_id)
        self._db.delete_item(TableName=self._table, Key={"pk": item["pk"], "sk": item["sk"]})

    def swap_start(self, first: str, second: str) -> None:
        a, b = self._item(first), self._item(second)
        for item in (a, b):
            self._db.delete_item(TableName=self._table, Key={"pk": item["pk"], "sk": item["sk"]})
        a["started_at"], b["started_at"] = b["started_at"], a["started_at"]
        for item in (a, b):
            item["sk"] = {"S": f"{item['started_at']['S']}#{item['id']['S']}"}
            self._db.put_item(TableName=self._table, Item=item)

    def insert(self, row: AuditRow, *, seal: int | None, queued: bool) -> None:
        item: dict[str, Any] = {
            "pk": {"S": f"ORG#{row.org}"},
            "sk": {"S": f"{row.started_at}#{row.id}"},
            "approved": {"BOOL": row.approved},
            "org_member": {"S": f"{row.org}#{row.member}"},
        }
        for name in ("org", "id", "started_at", "member", "account", "connector", "operation", "classification"):
            item[name] = {"S": getattr(row, name)}
        for name in ("status", "error_code", "target_id", "completed_at", "client"):
            if getattr(row, name) is not None:
                item[name] = {"S": getattr(row, name)}
        if seal is not None:
            item["seal"] = {"N": str(seal)}
        if queued:
            item["unsealed"] = {"S": row.org}
        self._db.put_item(TableName=self._table, Item=item)

    def _seal_key(self, seq: int) -> dict[str, Any]:
        return {"pk": {"S": chain_pk("acme")}, "sk": {"S": f"seal#{seq:012d}"}}

    def delete_seal(self, seq: int) -> None:
        self._db.delete_item(TableName=self._table, Key=self._seal_key(seq))

    def edit_seal(self, seq: int, change: Callable[[dict[str, Any]], None]) -> None:
        item = self._db.get_item(TableName=self._table, Key=self._seal_key(seq))["Item"]
        record = json.loads(item["record"]["S"])
        change(record)
        item["record"] = {"S": json.dumps(record)}
        self._db.put_item(TableName=self._table, Item=item)


@pytest.fixture(params=["sqlite", "aws"])
def trail(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Trail]:
    clock = Clock()
    policy = SealingPolicy(abandoned_after=timedelta(seconds=60), unsealed_bound=timedelta(minutes=2))
    if request.param == "sqlite":
        db = SqliteDatabase(tmp_path / "c.db")
        chain: AuditChain = SqliteAuditChain(db)
        audit: AuditLog = SqliteAuditLog(db, retention_days=RETENTION_DAYS, clock=clock.epoch)
        tamper = SqliteTamper(tmp_path / "c.db")
        yield Trail(audit, chain, AuditSealer(chain, policy, clock=clock), clock, tamper)
        tamper.close()
        db.close()
    else:
        backend: AwsBackend = request.getfixturevalue("aws")
        table = backend.tables["AuditTable"]
        audit = DynamoAuditLog(backend.dynamodb, table, retention_days=RETENTION_DAYS, clock=clock.epoch)
        chain = DynamoAuditChain(backend.dynamodb, table)
        yield Trail(audit, chain, AuditSealer(chain, policy, clock=clock), clock, DynamoTamper(backend))


def row(i: int, **changes: Any) -> AuditRow:
    started = START + timedelta(seconds=i)
    base = AuditRow(
        org="acme",
        id=f"r{i:03d}",
        started_at=started.isoformat(),
        member="alice" if i % 2 else "bob",
        account="notion-legal",
        connector="notion",
        operation="notion-legal__retrieve_page",
        classification="read",
        approved=True,
        target_id=f"p-{i}",
        client="claude-code",
    )
    return replace(base, **changes)


def run_calls(trail: Trail, count: int, *, first: int = 0) -> list[AuditRow]:
    """``count`` calls, each begun and completed a second apart (every third one fails)."""
    rows = []
    for i in range(first, first + count):
        begun = row(i)
        trail.audit.begin(begun)
        done = begun.completed(
            at=(START + timedelta(seconds=i, milliseconds=500)).isoformat(),
            error_code="upstream_http_404" if i % 3 == 0 else None,
        )
        trail.audit.complete(done)
        rows.append(done)
    trail.clock.now = START + timedelta(seconds=first + count + 1)
    return rows


def sealed_trail(trail: Trail, count: int = 12) -> list[AuditRow]:
    rows = run_calls(trail, count)
    run = trail.sealer.seal("acme")
    assert run.rows == count
    return rows


class TestAnUntouchedTrail:
    def test_it_verifies_and_reports_rows_awaiting_a_seal(self, trail: Trail) -> None:
        sealed_trail(trail, 12)
        result = trail.sealer.verify("acme")
        assert result.ok, result.breaks
        assert (result.first_seal, result.last_seal, result.sealed_rows) == (1, 1, 12)
        assert result.unsealed == ()

        open_row = row(50)
        trail.audit.begin(open_row)  # in flight: not sealable yet
        run_calls(trail, 2, first=60)
        trail.clock.now = START + timedelta(seconds=63)
        result = trail.sealer.verify("acme")
        assert result.ok
        assert [(u.id, u.status, u.overdue) for u in result.unsealed] == [
            ("r050", "started", False),
            ("r060", "failed", False),
            ("r061", "succeeded", False),
        ]
        trail.clock.now += timedelta(minutes=5)  # nothing sealed them: overdue, still no break
        assert all(u.overdue for u in trail.sealer.verify("acme").unsealed)

        run = trail.sealer.seal("acme")  # r050 is abandoned by now: sealed as it is
        assert (run.rows, run.seals) == (3, [2])
        with pytest.raises(Conflict):
            trail.audit.complete(open_row.completed(at=trail.clock.now.isoformat(), error_code=None))
        result = trail.sealer.verify("acme")
        assert result.ok and result.sealed_rows == 15 and result.unsealed == ()

    def test_large_passes_are_split_into_chained_seals(self, trail: Trail) -> None:
        run_calls(trail, 130)
        run = trail.sealer.seal("acme")
        assert (run.rows, run.seals) == (130, [1, 2])
        result = trail.sealer.verify("acme")
        assert result.ok and result.sealed_rows == 130
        assert run.head is not None
        assert trail.sealer.verify("acme", anchor=(2, run.head.digest)).ok
        assert not trail.sealer.verify("acme", anchor=(2, "f" * 64)).ok

    def test_a_second_seal_pass_finds_nothing_to_do(self, trail: Trail) -> None:
        sealed_trail(trail, 3)
        run = trail.sealer.seal("acme")
        assert (run.rows, run.seals, run.conflicts) == (0, [], 0)


class TestTampering:
    """Each change to a sealed row (or seal) breaks verification, naming the first break."""

    def test_an_edited_row(self, trail: Trail) -> None:
        sealed_trail(trail)
        trail.tamper.edit("r004", "error_code", "upstream_http_500")
        trail.tamper.edit("r009", "member", "mallory")
        result = trail.sealer.verify("acme")
        assert not result.ok
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.row, result.first_break.seal) == ("row_modified", "r004", 1)
        assert [b.row for b in result.breaks] == ["r004", "r009"]

    def test_a_deleted_row(self, trail: Trail) -> None:
        sealed_trail(trail)
        trail.tamper.delete("r007")
        result = trail.sealer.verify("acme")
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.row) == ("row_deleted", "r007")

    def test_reordered_rows(self, trail: Trail) -> None:
        sealed_trail(trail)
        trail.tamper.swap_start("r003", "r008")
        result = trail.sealer.verify("acme")
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.row) == ("row_reordered", "r003")
        assert {b.row for b in result.breaks} == {"r003", "r008"}

    @pytest.mark.parametrize("claims", ["a seal", "nothing"])
    def test_an_inserted_row(self, trail: Trail, claims: str) -> None:
        sealed_trail(trail)
        forged = row(5, id="forged", member="mallory").completed(at=row(6).started_at, error_code=None)
        trail.tamper.insert(forged, seal=1 if claims == "a seal" else None, queued=False)
        result = trail.sealer.verify("acme")
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.row) == ("row_inserted", "forged")

    def test_a_row_copied_under_its_own_id(self, trail: Trail) -> None:
        sealed_trail(trail)
        rows = trail.chain.listed("acme", [e for s in trail.chain.seals("acme") for e in s.entries])
        original = next(s.row for s in rows if s.row.id == "r002")
        copy = replace(original, started_at=row(30).started_at)
        if isinstance(trail.tamper, SqliteTamper):  # SQLite keys rows by (org, id): the copy cannot exist
            with pytest.raises(sqlite3.IntegrityError):
                trail.tamper.insert(copy, seal=1, queued=False)
            return
        trail.tamper.insert(copy, seal=1, queued=False)
        result = trail.sealer.verify("acme")
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.row) == ("row_inserted", "r002")

    def test_a_deleted_or_edited_seal(self, trail: Trail) -> None:
        run_calls(trail, 3)
        trail.sealer.seal("acme")
        run_calls(trail, 3, first=10)
        trail.sealer.seal("acme")
        run_calls(trail, 3, first=20)
        trail.sealer.seal("acme")
        assert trail.sealer.verify("acme").ok

        def drop_first_row(record: dict[str, Any]) -> None:
            record["rows"] = record["rows"][1:]

        trail.tamper.edit_seal(2, drop_first_row)
        result = trail.sealer.verify("acme")
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.seal) == ("seal_modified", 2)

        trail.tamper.delete_seal(2)
        result = trail.sealer.verify("acme")
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.seal) == ("seal_missing", 2)
        assert "row_inserted" in {b.kind for b in result.breaks}  # its rows now claim a seal that is gone

    def test_a_rewritten_seal_with_a_recomputed_digest_breaks_the_next_link(self, trail: Trail) -> None:
        run_calls(trail, 3)
        trail.sealer.seal("acme")
        run_calls(trail, 3, first=10)
        trail.sealer.seal("acme")
        trail.tamper.delete("r001")
        from cardamom.core.audit_chain import Seal

        def forge(record: dict[str, Any]) -> None:
            record["rows"] = [r for r in record["rows"] if r[0] != "r001"]
            record["digest"] = Seal.from_record(record).computed_digest()

        trail.tamper.edit_seal(1, forge)
        result = trail.sealer.verify("acme")
        assert result.first_break is not None
        assert (result.first_break.kind, result.first_break.seal) == ("seal_modified", 2)


def test_rows_gone_after_their_own_expiry_are_not_breaks(trail: Trail) -> None:
    sealed_trail(trail, 4)
    trail.clock.now = START + timedelta(days=RETENTION_DAYS, seconds=10)
    trail.tamper.delete("r001")  # what TTL does
    result = trail.sealer.verify("acme")
    assert result.ok and result.expired_rows == 1 and result.sealed_rows == 3


def test_an_expired_seal_prefix_is_accepted_only_after_its_own_expiry(trail: Trail) -> None:
    run_calls(trail, 2)
    trail.sealer.seal("acme")
    run_calls(trail, 2, first=10)
    trail.sealer.seal("acme")
    trail.tamper.delete_seal(1)
    trail.tamper.delete("r000")
    trail.tamper.delete("r001")
    assert not trail.sealer.verify("acme").ok  # seal 1 had not expired yet
    trail.clock.now = START + timedelta(days=RETENTION_DAYS + 8)
    result = trail.sealer.verify("acme")
    assert result.ok and result.first_seal == 2, result.breaks
    assert result.notes


def test_concurrent_sealers_never_fork_the_chain(trail: Trail) -> None:
    """Eight sealers race while calls keep completing; the chain holds every row exactly once."""
    failures: list[BaseException] = []
    stop = threading.Event()

    def sealing() -> None:
        try:
            while not stop.is_set():
                trail.sealer.seal("acme")
        except BaseException as exc:  # surfaced below
            failures.append(exc)

    threads = [threading.Thread(target=sealing) for _ in range(8)]
    for thread in threads:
        thread.start()
    try:
        run_calls(trail, 40)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    assert failures == []
    trail.sealer.seal("acme")
    result = trail.sealer.verify("acme")
    assert result.ok, result.breaks
    assert result.sealed_rows == 40 and result.unsealed == ()


def test_the_seal_record_is_canonical_json(trail: Trail) -> None:
    sealed_trail(trail, 2)
    (seal,) = list(trail.chain.seals("acme"))
    assert seal.computed_digest() == seal.digest
    assert json.loads(canonical_json(seal.as_record()))["rows"][0][0] == "r000"
