"""Loading the current snapshot of an org, once per version, and rebuilding it when needed.

A warm request costs one read (the pointer); the blob is read and decoded only when the
pointer moved. A missing or corrupt snapshot is rebuilt from the directory on the spot,
logged, and never served half-read.
"""

from __future__ import annotations

import logging
import threading

from cardamom.core.snapshot import CorruptSnapshot, Snapshot, build_snapshot, decode_snapshot, encode_snapshot
from cardamom.errors import NotFound
from cardamom.ports import Directory, SnapshotStore

log = logging.getLogger(__name__)


class SnapshotService:
    def __init__(self, directory: Directory, store: SnapshotStore) -> None:
        self._directory = directory
        self._store = store
        self._cache: dict[str, Snapshot] = {}
        self._lock = threading.Lock()

    def current(self, org: str) -> Snapshot:
        pointer = self._store.current(org)
        cached = self._cache.get(org)
        if pointer is not None and cached is not None and cached.version == pointer.version:
            return cached
        if pointer is not None:
            blob = self._store.get(org, pointer.version)
            if blob is None:
                log.warning("snapshot missing, rebuilding", extra={"org": org, "version": pointer.version})
            else:
                try:
                    snapshot = decode_snapshot(blob)
                except CorruptSnapshot as exc:
                    log.error("snapshot corrupt, rebuilding", extra={"org": org, "problem": str(exc)})
                else:
                    self._remember(snapshot)
                    return snapshot
        return self.rebuild(org)

    def rebuild(self, org: str) -> Snapshot:
        """Build the snapshot of the directory as it is now, store it and move the pointer."""
        stored = self._directory.load_org(org)
        if stored is None:
            raise NotFound(f"org {org!r} does not exist")
        snapshot = build_snapshot(stored.definition, stored.version)
        self._store.put(org, stored.version, encode_snapshot(snapshot))
        self._remember(snapshot)
        return snapshot

    def _remember(self, snapshot: Snapshot) -> None:
        with self._lock:
            cached = self._cache.get(snapshot.org)
            if cached is None or cached.version <= snapshot.version:
                self._cache[snapshot.org] = snapshot
