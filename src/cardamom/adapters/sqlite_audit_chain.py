"""The embedded store's audit chain: seals and the chain head in SQLite, beside the audit rows.

A row awaits a seal while its ``queued`` column is 1 (set by ``SqliteAuditLog.begin``);
sealing clears it and records the seal number, in the same transaction that stores the seal
and moves the head, conditional on the head and on each row being as the sealer read them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence

from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.adapters.sqlite_audit import AUDIT_COLUMNS, audit_row
from cardamom.core.audit_chain import GENESIS, ChainHead, Seal, SealEntry, StoredRow, canonical_json
from cardamom.errors import Conflict

_SCHEMA = """
CREATE TABLE IF NOT EXISTS audit_seals (
    org TEXT NOT NULL,
    seq INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (org, seq)
);
CREATE TABLE IF NOT EXISTS audit_heads (
    org TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    digest TEXT NOT NULL,
    sealed_at TEXT NOT NULL,
    chain_started_at TEXT NOT NULL,
    expires_at INTEGER,
    exported_through INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS audit_queued ON audit (org, started_at) WHERE queued = 1;
"""
_STORED = f"{AUDIT_COLUMNS}, expires_at, seal, queued"
_CHUNK = 500  # ids per IN (...) list, well under SQLite's variable limit


def _stored(r: tuple[object, ...]) -> StoredRow:
    expires, seal, queued = r[-3:]
    return StoredRow(
        audit_row(r[:-3]),
        expires_at=None if expires is None else int(str(expires)),
        seal=None if seal is None else int(str(seal)),
        queued=queued == 1,
    )


class SqliteAuditChain:
    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        with db.transaction() as conn:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)

    def head(self, org: str) -> ChainHead | None:
        rows = self._db.read(
            "SELECT seq, digest, sealed_at, chain_started_at, expires_at, exported_through "
            "FROM audit_heads WHERE org = ?",
            (org,),
        )
        if not rows:
            return None
        seq, digest, sealed_at, started, expires, exported = rows[0]
        return ChainHead(
            org,
            int(str(seq)),
            str(digest),
            str(sealed_at),
            str(started),
            None if expires is None else int(str(expires)),
            int(str(exported)),
        )

    def pending(self, org: str, limit: int) -> list[StoredRow]:
        rows = self._db.read(
            f"SELECT {_STORED} FROM audit WHERE org = ? AND queued = 1 ORDER BY started_at, id LIMIT ?",
            (org, max(1, limit)),
        )
        return [_stored(r) for r in rows]

    @staticmethod
    def _check_head(conn: sqlite3.Connection, seal: Seal) -> None:
        found = conn.execute("SELECT seq, digest FROM audit_heads WHERE org = ?", (seal.org,)).fetchone()
        seq, digest = (0, GENESIS) if found is None else (int(found[0]), str(found[1]))
        if (seq, digest) != (seal.seq - 1, seal.prev):
            raise Conflict(f"the audit chain of {seal.org} moved (head at seal {seq}, not {seal.seq - 1})")

    def append(self, seal: Seal, rows: Sequence[StoredRow]) -> None:
        with self._db.transaction() as conn:
            self._check_head(conn, seal)
            conn.execute(
                "INSERT INTO audit_seals (org, seq, record) VALUES (?, ?, ?)",
                (seal.org, seal.seq, canonical_json(seal.as_record()).decode()),
            )
            conn.execute(
                "INSERT INTO audit_heads (org, seq, digest, sealed_at, chain_started_at, expires_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (org) DO UPDATE SET seq = excluded.seq, "
                "digest = excluded.digest, sealed_at = excluded.sealed_at, expires_at = excluded.expires_at",
                (seal.org, seal.seq, seal.digest, seal.sealed_at, seal.chain_started_at, seal.expires_at),
            )
            for stored in rows:
                marked = conn.execute(
                    "UPDATE audit SET queued = NULL, seal = ? WHERE org = ? AND id = ? AND queued = 1 AND status = ?",
                    (seal.seq, seal.org, stored.row.id, stored.row.status),
                ).rowcount
                if marked != 1:
                    raise Conflict(f"audit row {stored.row.id} changed while it was being sealed")

    def seals(self, org: str, *, after: int = 0) -> Iterator[Seal]:
        rows = self._db.read("SELECT record FROM audit_seals WHERE org = ? AND seq > ? ORDER BY seq", (org, after))
        for (record,) in rows:
            yield Seal.from_record(json.loads(str(record)))

    def trail(self, org: str, *, since: str | None = None) -> Iterator[StoredRow]:
        if since is None:
            rows = self._db.read(f"SELECT {_STORED} FROM audit WHERE org = ? ORDER BY started_at, id", (org,))
        else:
            rows = self._db.read(
                f"SELECT {_STORED} FROM audit WHERE org = ? AND started_at >= ? ORDER BY started_at, id", (org, since)
            )
        yield from (_stored(r) for r in rows)

    def listed(self, org: str, entries: Sequence[SealEntry]) -> list[StoredRow]:
        found: list[StoredRow] = []
        ids = [e.id for e in entries]
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            marks = ", ".join("?" * len(chunk))
            rows = self._db.read(f"SELECT {_STORED} FROM audit WHERE org = ? AND id IN ({marks})", (org, *chunk))
            found.extend(_stored(r) for r in rows)
        return found

    def mark_exported(self, org: str, *, through: int, expected: int) -> None:
        with self._db.transaction() as conn:
            moved = conn.execute(
                "UPDATE audit_heads SET exported_through = ? WHERE org = ? AND exported_through = ? AND seq >= ?",
                (through, org, expected, through),
            ).rowcount
            if moved != 1:
                raise Conflict(f"the audit export mark of {org} moved")
