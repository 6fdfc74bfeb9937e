"""Snapshots on the embedded store: blobs as files, the current-version pointer in SQLite.

The pointer also holds the revision (sha256) of the blob it names: one version is stored
again when its remote MCP servers are listed anew, and a process that cached it reloads.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.errors import StoreError
from cardamom.ports import SnapshotPointer


class SqliteSnapshotStore:
    """Snapshot blobs as files, the current-version pointer in SQLite."""

    def __init__(self, db: SqliteDatabase, directory: Path) -> None:
        self._db = db
        self._dir = directory
        columns = {str(row[1]) for row in db.read("PRAGMA table_info(snapshot_pointers)")}
        if "revision" not in columns:  # a database made before pointers had revisions
            with db.transaction() as conn:
                conn.execute("ALTER TABLE snapshot_pointers ADD COLUMN revision TEXT NOT NULL DEFAULT ''")

    def current(self, org: str) -> SnapshotPointer | None:
        rows = self._db.read("SELECT version, revision FROM snapshot_pointers WHERE org = ?", (org,))
        return SnapshotPointer(org, int(str(rows[0][0])), str(rows[0][1])) if rows else None

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
                "INSERT INTO snapshot_pointers (org, version, path, revision) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (org) DO UPDATE SET version = excluded.version, path = excluded.path, "
                "revision = excluded.revision WHERE excluded.version >= snapshot_pointers.version",
                (org, version, str(path), hashlib.sha256(blob).hexdigest()),
            )
