"""The embedded default store: SQLite for records, local files for snapshot blobs.

Everything lives under one directory (``.cardamom/`` by default) and survives restarts.
One connection is opened per store and shared under a lock; every write is a single
transaction, so a failed write leaves nothing half-done.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.directory import DirectoryChange, Grant, MemberRecord, apply_change
from cardamom.core.orgdef import MemberDef, OrgDefinition
from cardamom.errors import Conflict, StoreError
from cardamom.ports import SnapshotPointer, StoredOrg

_SCHEMA = """
CREATE TABLE IF NOT EXISTS orgs (
    org TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    definition TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS members (
    org TEXT NOT NULL,
    id TEXT NOT NULL,
    role TEXT NOT NULL,
    status TEXT NOT NULL,
    grants_revoked_at INTEGER,
    removed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (org, id)
);
CREATE TABLE IF NOT EXISTS grants (
    org TEXT NOT NULL,
    id TEXT NOT NULL,
    member TEXT NOT NULL,
    scopes TEXT NOT NULL,
    issued_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER,
    client_id TEXT,
    PRIMARY KEY (org, id)
);
CREATE INDEX IF NOT EXISTS grants_by_member ON grants (org, member);
CREATE TABLE IF NOT EXISTS audit (
    org TEXT NOT NULL,
    id TEXT NOT NULL,
    started_at TEXT NOT NULL,
    member TEXT NOT NULL,
    account TEXT NOT NULL,
    connector TEXT NOT NULL,
    operation TEXT NOT NULL,
    classification TEXT NOT NULL,
    approved INTEGER NOT NULL,
    status TEXT NOT NULL,
    error_code TEXT,
    target_id TEXT,
    completed_at TEXT,
    expires_at INTEGER,
    client_id TEXT,
    PRIMARY KEY (org, id)
);
CREATE INDEX IF NOT EXISTS audit_by_time ON audit (org, started_at);
CREATE TABLE IF NOT EXISTS snapshot_pointers (
    org TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    path TEXT NOT NULL
);
"""

_AUDIT_COLUMNS = (
    "org, id, started_at, member, account, connector, operation, classification, approved, status, "
    "error_code, target_id, completed_at, client_id"
)


class SqliteDatabase:
    """One SQLite file, opened once and shared by the stores below."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.RLock()
        try:
            self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._conn.executescript(_SCHEMA)
            # Stores created before a column existed get it added.
            for table, column, declaration in (
                ("members", "grants_revoked_at", "INTEGER"),
                ("members", "removed", "INTEGER NOT NULL DEFAULT 0"),
                ("audit", "expires_at", "INTEGER"),
                ("audit", "client_id", "TEXT"),
                ("grants", "client_id", "TEXT"),
            ):
                columns = {row[1] for row in self._conn.execute(f"PRAGMA table_info({table})")}
                if column not in columns:
                    self._conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the local store at {path}: {exc}") from exc

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield self._conn
                except BaseException:
                    self._conn.execute("ROLLBACK")
                    raise
                self._conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise StoreError(f"local store write failed: {exc}") from exc

    def read(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self._lock:
            try:
                return list(self._conn.execute(sql, params).fetchall())
            except sqlite3.Error as exc:
                raise StoreError(f"local store read failed: {exc}") from exc

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _now() -> str:
    return datetime.now(UTC).isoformat()


class SqliteDirectory:
    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db

    @staticmethod
    def _version(conn: sqlite3.Connection, org: str) -> int | None:
        row = conn.execute("SELECT version FROM orgs WHERE org = ?", (org,)).fetchone()
        return None if row is None else int(row[0])

    @staticmethod
    def _check(org: str, found: int | None, expected: int | None) -> None:
        if found != expected:
            raise Conflict(f"org {org!r} changed concurrently (directory version {found}, expected {expected})")

    @staticmethod
    def _write(conn: sqlite3.Connection, org: OrgDefinition, version: int, revoke: frozenset[str], at: int) -> None:
        conn.execute(
            "INSERT INTO orgs (org, version, definition, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (org) DO UPDATE SET version = excluded.version, definition = excluded.definition, "
            "updated_at = excluded.updated_at",
            (org.org, version, org.model_dump_json(), _now()),
        )
        before = {
            str(row[0]): (str(row[1]), str(row[2]), row[3])
            for row in conn.execute(
                "SELECT id, role, status, grants_revoked_at FROM members WHERE org = ?", (org.org,)
            ).fetchall()
        }
        conn.execute("DELETE FROM members WHERE org = ?", (org.org,))
        rows: list[tuple[object, ...]] = [
            (org.org, m.id, m.role, m.status, at if m.id in revoke else before.get(m.id, ("", "", None))[2], 0)
            for m in org.members
        ]
        # A removed member with a watermark stays as a tombstone: added back, they never revive a revoked token.
        present = {m.id for m in org.members}
        for mid in sorted((set(before) | revoke) - present):
            role, status, watermark = before.get(mid, ("member", "active", None))
            watermark = at if mid in revoke else watermark
            if watermark is not None:
                rows.append((org.org, mid, role, status, watermark, 1))
        conn.executemany(
            "INSERT INTO members (org, id, role, status, grants_revoked_at, removed) VALUES (?, ?, ?, ?, ?, ?)", rows
        )
        if revoke:
            conn.executemany(
                "UPDATE grants SET revoked_at = ? WHERE org = ? AND member = ? AND revoked_at IS NULL",
                [(at, org.org, member) for member in sorted(revoke)],
            )

    def replace_org(
        self,
        org: OrgDefinition,
        *,
        expected_version: int | None,
        revoke_grants_of: frozenset[str] = frozenset(),
        at: int = 0,
    ) -> int:
        with self._db.transaction() as conn:
            found = self._version(conn, org.org)
            self._check(org.org, found, expected_version)
            version = (found or 0) + 1
            self._write(conn, org, version, revoke_grants_of, at)
        return version

    def commit(self, org: str, change: DirectoryChange, *, expected_version: int) -> int:
        with self._db.transaction() as conn:
            row = conn.execute("SELECT definition, version FROM orgs WHERE org = ?", (org,)).fetchone()
            self._check(org, None if row is None else int(row[1]), expected_version)
            definition = apply_change(OrgDefinition.model_validate_json(str(row[0])), change)
            self._write(conn, definition, expected_version + 1, change.revoke_grants_of, change.at)
        return expected_version + 1

    def load_org(self, org: str) -> StoredOrg | None:
        rows = self._db.read("SELECT definition, version FROM orgs WHERE org = ?", (org,))
        if not rows:
            return None
        definition, version = rows[0]
        return StoredOrg(OrgDefinition.model_validate_json(str(definition)), int(str(version)))

    def get_member(self, org: str, member_id: str) -> MemberRecord | None:
        rows = self._db.read(
            "SELECT id, role, status, grants_revoked_at FROM members WHERE org = ? AND id = ? AND removed = 0",
            (org, member_id),
        )
        if not rows:
            return None
        mid, role, status, revoked = rows[0]
        member = MemberDef.model_validate({"id": mid, "role": role, "status": status})
        singly = self._db.read(
            "SELECT id FROM grants WHERE org = ? AND member = ? AND revoked_at IS NOT NULL AND expires_at > ?",
            (org, member_id, int(time.time())),
        )
        return MemberRecord(
            member, None if revoked is None else int(str(revoked)), frozenset(str(row[0]) for row in singly)
        )

    def put_grant(self, grant: Grant) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO grants (org, id, member, scopes, issued_at, expires_at, revoked_at, client_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    grant.org,
                    grant.id,
                    grant.member,
                    " ".join(grant.scopes),
                    grant.issued_at,
                    grant.expires_at,
                    grant.revoked_at,
                    grant.client_id,
                ),
            )

    def revoke_grant(self, org: str, member: str, grant_id: str, *, at: int) -> bool:
        with self._db.transaction() as conn:
            updated = conn.execute(
                "UPDATE grants SET revoked_at = ? WHERE org = ? AND member = ? AND id = ? AND revoked_at IS NULL",
                (at, org, member, grant_id),
            ).rowcount
        return bool(updated)

    def grants(self, org: str, member: str) -> list[Grant]:
        rows = self._db.read(
            "SELECT id, scopes, issued_at, expires_at, revoked_at, client_id FROM grants WHERE org = ? AND member = ? "
            "ORDER BY issued_at, id",
            (org, member),
        )
        return [
            Grant(
                org,
                str(r[0]),
                member,
                tuple(str(r[1]).split()),
                int(str(r[2])),
                int(str(r[3])),
                None if r[4] is None else int(str(r[4])),
                None if r[5] is None else str(r[5]),
            )
            for r in rows
        ]

    def orgs(self) -> list[str]:
        return [str(row[0]) for row in self._db.read("SELECT org FROM orgs ORDER BY org")]

    def org_versions(self) -> dict[str, int]:
        return {str(org): int(str(version)) for org, version in self._db.read("SELECT org, version FROM orgs")}


class SqliteAuditLog:
    """Audit rows; with a retention, each row expires that long after it started and reads skip it."""

    def __init__(
        self, db: SqliteDatabase, *, retention_days: int | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self._db = db
        self._retention = None if retention_days is None else retention_days * 86_400
        self._clock = clock

    def _expires_at(self, row: AuditRow) -> int | None:
        if self._retention is None:
            return None
        try:
            started = datetime.fromisoformat(row.started_at).timestamp()
        except ValueError:
            started = self._clock()
        return int(started) + self._retention

    @staticmethod
    def _values(row: AuditRow) -> tuple[object, ...]:
        return (
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
            row.client_id,
        )

    def begin(self, row: AuditRow) -> None:
        with self._db.transaction() as conn:
            try:
                conn.execute(
                    f"INSERT INTO audit ({_AUDIT_COLUMNS}, expires_at) VALUES ({', '.join('?' * 15)})",
                    (*self._values(row), self._expires_at(row)),
                )
            except sqlite3.IntegrityError as exc:
                raise Conflict(f"audit row {row.id} already exists") from exc

    def complete(self, row: AuditRow) -> None:
        with self._db.transaction() as conn:
            updated = conn.execute(
                "UPDATE audit SET status = ?, error_code = ?, completed_at = ? "
                "WHERE org = ? AND id = ? AND status = 'started'",
                (row.status, row.error_code, row.completed_at, row.org, row.id),
            ).rowcount
            if updated != 1:
                raise Conflict(f"audit row {row.id} is not an open row")

    def query(self, org: str, query: AuditQuery) -> list[AuditRow]:
        clauses = ["org = ?", "(expires_at IS NULL OR expires_at > ?)"]
        params: list[object] = [org, int(self._clock())]
        for column in ("member", "account", "operation", "status"):
            value = getattr(query, column)
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if query.since is not None:
            clauses.append("started_at >= ?")
            params.append(query.since)
        params.append(max(1, min(query.limit, 1000)))
        rows = self._db.read(
            f"SELECT {_AUDIT_COLUMNS} FROM audit WHERE {' AND '.join(clauses)} "
            "ORDER BY started_at DESC, id DESC LIMIT ?",
            tuple(params),
        )
        return [
            AuditRow(
                org=str(r[0]),
                id=str(r[1]),
                started_at=str(r[2]),
                member=str(r[3]),
                account=str(r[4]),
                connector=str(r[5]),
                operation=str(r[6]),
                classification=r[7],  # type: ignore[arg-type]
                approved=bool(r[8]),
                status=r[9],  # type: ignore[arg-type]
                error_code=None if r[10] is None else str(r[10]),
                target_id=None if r[11] is None else str(r[11]),
                completed_at=None if r[12] is None else str(r[12]),
                client_id=None if r[13] is None else str(r[13]),
            )
            for r in rows
        ]


class SqliteSnapshotStore:
    """Snapshot blobs as files, the current-version pointer in SQLite."""

    def __init__(self, db: SqliteDatabase, directory: Path) -> None:
        self._db = db
        self._dir = directory

    def current(self, org: str) -> SnapshotPointer | None:
        rows = self._db.read("SELECT version FROM snapshot_pointers WHERE org = ?", (org,))
        return SnapshotPointer(org, int(str(rows[0][0]))) if rows else None

    def versions(self) -> dict[str, int]:
        return {str(org): int(str(v)) for org, v in self._db.read("SELECT org, version FROM snapshot_pointers")}

    def _path(self, org: str, version: int) -> Path:
        return self._dir / org / f"{version}.snapshot"

    def get(self, org: str, version: int) -> bytes | None:
        try:
            return self._path(org, version).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"cannot read snapshot {org}/{version}: {exc}") from exc

    def put(self, org: str, version: int, blob: bytes) -> None:
        path = self._path(org, version)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Write aside, then rename: a reader sees the old file or the whole new one.
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(fd, "wb") as handle:
                handle.write(blob)
            os.replace(tmp, path)
        except OSError as exc:
            raise StoreError(f"cannot write snapshot {org}/{version}: {exc}") from exc
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO snapshot_pointers (org, version, path) VALUES (?, ?, ?) "
                "ON CONFLICT (org) DO UPDATE SET version = excluded.version, path = excluded.path "
                "WHERE excluded.version >= snapshot_pointers.version",
                (org, version, str(path)),
            )
