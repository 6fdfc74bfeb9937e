"""The audit log on the embedded store: one SQLite row per connected-tool call."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from datetime import datetime

from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.errors import Conflict

AUDIT_COLUMNS = (
    "org, id, started_at, member, account, connector, operation, classification, approved, status, "
    "error_code, target_id, completed_at, client, mcp_name"
)


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
            row.client,
            row.mcp_name,
        )

    def begin(self, row: AuditRow) -> None:
        with self._db.transaction() as conn:
            try:
                conn.execute(
                    # queued: the row awaits a seal (adapters/sqlite_audit_chain.py)
                    f"INSERT INTO audit ({AUDIT_COLUMNS}, expires_at, queued) VALUES ({', '.join('?' * 17)})",
                    (*self._values(row), self._expires_at(row), 1),
                )
            except sqlite3.IntegrityError as exc:
                raise Conflict(f"audit row {row.id} already exists") from exc

    def complete(self, row: AuditRow) -> None:
        with self._db.transaction() as conn:
            updated = conn.execute(
                "UPDATE audit SET status = ?, error_code = ?, completed_at = ? "
                "WHERE org = ? AND id = ? AND status = 'started' AND seal IS NULL",
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
            f"SELECT {AUDIT_COLUMNS} FROM audit WHERE {' AND '.join(clauses)} "
            "ORDER BY started_at DESC, id DESC LIMIT ?",
            tuple(params),
        )
        return [audit_row(r) for r in rows]


def audit_row(r: tuple[object, ...]) -> AuditRow:
    """A row from the columns of ``AUDIT_COLUMNS``, in order."""

    def optional(value: object) -> str | None:
        return None if value is None else str(value)

    return AuditRow(
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
        error_code=optional(r[10]),
        target_id=optional(r[11]),
        completed_at=optional(r[12]),
        client=optional(r[13]),
        mcp_name=optional(r[14]),
    )
