"""The directory on the embedded store: the org's definition, members and grants in SQLite."""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime

from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.core.directory import DirectoryChange, Grant, MemberRecord, apply_change
from cardamom.core.orgdef import MemberDef, OrgDefinition
from cardamom.errors import Conflict
from cardamom.ports import StoredOrg


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

    def org_versions(self) -> dict[str, int]:
        return {str(org): int(str(version)) for org, version in self._db.read("SELECT org, version FROM orgs")}
