"""The embedded store's unmet searches: one SQLite row per record, pruned after the retention.

Reads skip expired records at once; ``prune`` deletes them, and ``add`` runs it at most once
an hour, so a store nobody reads still forgets on time.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.core.audit_chain import epoch
from cardamom.core.insights import UnmetSearch

_SCHEMA = """
CREATE TABLE IF NOT EXISTS unmet_searches (
    org TEXT NOT NULL,
    id TEXT NOT NULL,
    at TEXT NOT NULL,
    member TEXT NOT NULL,
    role TEXT NOT NULL,
    reason TEXT NOT NULL,
    apps TEXT NOT NULL,
    words TEXT NOT NULL,
    restricted_tools TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (org, id)
);
CREATE INDEX IF NOT EXISTS unmet_searches_by_time ON unmet_searches (org, at);
CREATE INDEX IF NOT EXISTS unmet_searches_by_expiry ON unmet_searches (expires_at);
"""
_PRUNE_EVERY = 3600.0


class SqliteUnmetSearchLog:
    def __init__(self, db: SqliteDatabase, *, retention_days: int, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._retention = retention_days * 86_400
        self._clock = clock
        self._pruned_at = 0.0
        with db.transaction() as conn:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)

    @property
    def db(self) -> SqliteDatabase:
        return self._db

    def add(self, record: UnmetSearch) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT OR IGNORE INTO unmet_searches (org, id, at, member, role, reason, apps, words, "
                "restricted_tools, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.org,
                    record.id,
                    record.at,
                    record.member,
                    record.role,
                    record.reason,
                    json.dumps(record.apps),
                    json.dumps(record.words),
                    json.dumps(record.restricted_tools),
                    int(epoch(record.at)) + self._retention,
                ),
            )
        if self._clock() - self._pruned_at >= _PRUNE_EVERY:
            self.prune()

    def query(self, org: str, *, since: str | None = None, limit: int) -> list[UnmetSearch]:
        rows = self._db.read(
            "SELECT org, id, at, member, role, reason, apps, words, restricted_tools FROM unmet_searches "
            "WHERE org = ? AND at >= ? AND expires_at > ? ORDER BY at, id LIMIT ?",
            (org, since or "", int(self._clock()), max(1, limit)),
        )
        return [
            UnmetSearch(
                org=str(r[0]),
                id=str(r[1]),
                at=str(r[2]),
                member=str(r[3]),
                role=str(r[4]),
                reason=r[5],  # type: ignore[arg-type]
                apps=tuple(json.loads(str(r[6]))),
                words=tuple(json.loads(str(r[7]))),
                restricted_tools=tuple(json.loads(str(r[8]))),
            )
            for r in rows
        ]

    def prune(self) -> int:
        now = self._clock()
        with self._db.transaction() as conn:
            deleted = conn.execute("DELETE FROM unmet_searches WHERE expires_at <= ?", (int(now),)).rowcount
        self._pruned_at = now
        return int(deleted)
