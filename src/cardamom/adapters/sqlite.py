"""The embedded default store: one SQLite file for records (local files hold snapshot blobs).

Everything lives under one directory (``.cardamom/`` by default) and survives restarts.
One connection is opened per store and shared under a lock by the stores built on it
(``sqlite_directory``, ``sqlite_audit``, ``sqlite_snapshots``); every write is a single
transaction, so a failed write leaves nothing half-done.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardamom.errors import StoreError

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
    client TEXT,
    mcp_name TEXT,
    queued INTEGER,
    seal INTEGER,
    PRIMARY KEY (org, id)
);
CREATE INDEX IF NOT EXISTS audit_by_time ON audit (org, started_at);
CREATE TABLE IF NOT EXISTS snapshot_pointers (
    org TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    path TEXT NOT NULL,
    revision TEXT NOT NULL DEFAULT ''
);
"""


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
                ("audit", "client", "TEXT"),
                ("audit", "mcp_name", "TEXT"),
                ("audit", "queued", "INTEGER"),  # 1 while the row awaits a seal (core/audit_chain.py)
                ("audit", "seal", "INTEGER"),
                ("grants", "client_id", "TEXT"),
            ):
                columns = {row[1] for row in self._conn.execute(f"PRAGMA table_info({table})")}
                if column not in columns:
                    self._conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the local store at {path}: {exc}") from exc
        # A store dropped without close() (a container's in-memory sign-in store, a finished
        # test's app) closes its connection when collected instead of leaking it.
        weakref.finalize(self, self._conn.close)

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
