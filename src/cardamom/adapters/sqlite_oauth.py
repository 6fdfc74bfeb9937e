"""The authorization server's stores on the embedded SQLite file (beside the directory).

Each record is one row: its key, its expiry (read paths skip expired rows, and writes sweep
them now and then) and its JSON body. Single use and rotation are conditional updates, so
two racing requests cannot both win.
"""

from __future__ import annotations

import random
import sqlite3
import time
from dataclasses import replace

from cardamom.adapters.oauth_records import dump, load
from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.core.oauth_clients import OAuthClient
from cardamom.core.oauth_grants import AuthorizationCode, PendingAuthorization, RefreshFamily
from cardamom.errors import Conflict

_SCHEMA = """
CREATE TABLE IF NOT EXISTS oauth_clients (
    client_id TEXT PRIMARY KEY,
    fingerprint TEXT,
    body TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS oauth_clients_by_fingerprint ON oauth_clients (fingerprint)
    WHERE fingerprint IS NOT NULL AND fingerprint != '';
CREATE TABLE IF NOT EXISTS oauth_counters (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth_requests (
    id TEXT PRIMARY KEY,
    stage TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth_codes (
    code_hash TEXT PRIMARY KEY,
    used INTEGER NOT NULL DEFAULT 0,
    expires_at INTEGER NOT NULL,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth_families (
    id TEXT PRIMARY KEY,
    generation INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS oauth_consents (
    org TEXT NOT NULL,
    member TEXT NOT NULL,
    client_id TEXT NOT NULL,
    scopes TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (org, member, client_id)
);
"""
_SWEEP_ODDS = 50  # one write in this many also deletes expired rows


def _create(db: SqliteDatabase) -> None:
    with db.transaction() as conn:
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)


def _sweep(conn: sqlite3.Connection, table: str) -> None:
    if random.randrange(_SWEEP_ODDS) == 0:
        conn.execute(f"DELETE FROM {table} WHERE expires_at <= ?", (int(time.time()),))


class SqliteOAuthClients:
    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        _create(db)

    def get(self, client_id: str) -> OAuthClient | None:
        rows = self._db.read("SELECT body FROM oauth_clients WHERE client_id = ?", (client_id,))
        return load(OAuthClient, str(rows[0][0])) if rows else None

    def by_fingerprint(self, fingerprint: str) -> OAuthClient | None:
        rows = self._db.read("SELECT body FROM oauth_clients WHERE fingerprint = ?", (fingerprint,))
        return load(OAuthClient, str(rows[0][0])) if rows else None

    def register(self, client: OAuthClient) -> OAuthClient:
        with self._db.transaction() as conn:
            found = conn.execute(
                "SELECT body FROM oauth_clients WHERE fingerprint = ?", (client.fingerprint,)
            ).fetchone()
            if found is not None:
                return load(OAuthClient, str(found[0]))
            conn.execute(
                "INSERT INTO oauth_clients (client_id, fingerprint, body) VALUES (?, ?, ?)",
                (client.client_id, client.fingerprint or None, dump(client)),
            )
        return client

    def hit(self, key: str, *, window_seconds: int, now: int) -> int:
        window = now - now % window_seconds
        bucket = f"{key}@{window}"
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO oauth_counters (key, count, expires_at) VALUES (?, 1, ?) "
                "ON CONFLICT (key) DO UPDATE SET count = count + 1",
                (bucket, window + window_seconds),
            )
            row = conn.execute("SELECT count FROM oauth_counters WHERE key = ?", (bucket,)).fetchone()
            _sweep(conn, "oauth_counters")
        return int(row[0])


class SqliteAuthorizations:
    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        _create(db)

    def put_request(self, request: PendingAuthorization) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO oauth_requests (id, stage, expires_at, body) VALUES (?, ?, ?, ?)",
                (request.id, request.stage, request.expires_at, dump(request)),
            )
            _sweep(conn, "oauth_requests")

    def get_request(self, request_id: str, *, now: int) -> PendingAuthorization | None:
        rows = self._db.read("SELECT body FROM oauth_requests WHERE id = ? AND expires_at > ?", (request_id, now))
        return load(PendingAuthorization, str(rows[0][0])) if rows else None

    def replace_request(self, request: PendingAuthorization, *, expected_stage: str) -> None:
        with self._db.transaction() as conn:
            updated = conn.execute(
                "UPDATE oauth_requests SET stage = ?, body = ? WHERE id = ? AND stage = ?",
                (request.stage, dump(request), request.id, expected_stage),
            ).rowcount
        if updated != 1:
            raise Conflict(f"authorization request {request.id} moved on concurrently")

    def put_code(self, code: AuthorizationCode) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO oauth_codes (code_hash, used, expires_at, body) VALUES (?, 0, ?, ?)",
                (code.code_hash, code.expires_at, dump(code)),
            )
            _sweep(conn, "oauth_codes")

    def use_code(self, code_hash: str, *, now: int) -> AuthorizationCode | None:
        with self._db.transaction() as conn:
            row = conn.execute(
                "SELECT used, body FROM oauth_codes WHERE code_hash = ? AND expires_at > ?", (code_hash, now)
            ).fetchone()
            if row is None:
                return None
            conn.execute("UPDATE oauth_codes SET used = 1 WHERE code_hash = ?", (code_hash,))
        return replace(load(AuthorizationCode, str(row[1])), used=bool(row[0]))


class SqliteRefreshFamilies:
    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        _create(db)

    def create(self, family: RefreshFamily) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO oauth_families (id, generation, expires_at, body) VALUES (?, ?, ?, ?)",
                (family.id, family.generation, family.expires_at, dump(family)),
            )
            _sweep(conn, "oauth_families")

    def get(self, family_id: str, *, now: int) -> RefreshFamily | None:
        rows = self._db.read(
            "SELECT generation, body FROM oauth_families WHERE id = ? AND expires_at > ?", (family_id, now)
        )
        if not rows:
            return None
        return replace(load(RefreshFamily, str(rows[0][1])), generation=int(str(rows[0][0])))

    def advance(self, family_id: str, generation: int) -> bool:
        with self._db.transaction() as conn:
            updated = conn.execute(
                "UPDATE oauth_families SET generation = ? WHERE id = ? AND generation = ?",
                (generation + 1, family_id, generation),
            ).rowcount
        return updated == 1


class SqliteConsents:
    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        _create(db)

    def remembered(self, org: str, member: str, client_id: str) -> tuple[str, ...] | None:
        rows = self._db.read(
            "SELECT scopes FROM oauth_consents WHERE org = ? AND member = ? AND client_id = ?", (org, member, client_id)
        )
        return tuple(str(rows[0][0]).split()) if rows else None

    def remember(self, org: str, member: str, client_id: str, scopes: tuple[str, ...], *, at: int) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT INTO oauth_consents (org, member, client_id, scopes, at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (org, member, client_id) DO UPDATE SET scopes = excluded.scopes, at = excluded.at",
                (org, member, client_id, " ".join(scopes), at),
            )

    def forget(self, org: str, member: str, client_id: str) -> None:
        with self._db.transaction() as conn:
            conn.execute(
                "DELETE FROM oauth_consents WHERE org = ? AND member = ? AND client_id = ?", (org, member, client_id)
            )
