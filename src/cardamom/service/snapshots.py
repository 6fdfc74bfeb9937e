"""Loading the current snapshot of an org, once per version, and rebuilding it when needed.

A warm request costs one read (the pointer); the blob is read and decoded only when the
pointer moved. A missing or corrupt snapshot is rebuilt from the directory on the spot,
logged, and never served half-read. A snapshot of an older format this code still reads is
served as it is: the rebuild function replaces it (``outdated``), not the request path. One
of a newer format (newer code wrote it, during a deploy) is built for this process alone and
never stored over the newer one.

A rebuild lists the tools of the org's remote MCP servers (``ToolDiscovery``) before the pure
build: a server that cannot be listed contributes no tools, and never fails the rebuild.
Without a discovery, mcp connections contribute nothing. A listing can write to the
directory (a refused grant marks its connection ``needs_reauth``); when the directory moved
while the servers were listed, the build starts over from it, so the snapshot stored is
the directory's latest.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence

from cardamom.core.orgdef import OrgDefinition
from cardamom.core.pool_builder import mcp_upstreams
from cardamom.core.remote_tools import RemoteTool
from cardamom.core.snapshot import Snapshot, build_snapshot
from cardamom.core.snapshot_codec import (
    SNAPSHOT_FORMAT,
    CorruptSnapshot,
    NewerSnapshot,
    blob_format,
    decode_snapshot,
    encode_snapshot,
)
from cardamom.errors import NotFound
from cardamom.ports import Directory, SnapshotStore, StoredOrg, ToolDiscovery

log = logging.getLogger(__name__)

MAX_BUILD_PASSES = 3  # a listing that moved the directory starts the build over, this many times at most


class SnapshotService:
    def __init__(self, directory: Directory, store: SnapshotStore, discovery: ToolDiscovery | None = None) -> None:
        self._directory = directory
        self._store = store
        self._discovery = discovery
        self._cache: dict[str, Snapshot] = {}
        self._lock = threading.Lock()
        self._current_format: dict[str, int] = {}  # org -> a version ``outdated`` found in SNAPSHOT_FORMAT

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
                except NewerSnapshot as exc:
                    log.warning(
                        "snapshot of a newer format, building one here", extra={"org": org, "problem": str(exc)}
                    )
                    return self.rebuild(org, store=False)
                except CorruptSnapshot as exc:
                    log.error("snapshot corrupt, rebuilding", extra={"org": org, "problem": str(exc)})
                else:
                    self._remember(snapshot)
                    return snapshot
        return self.rebuild(org)

    def rebuild(self, org: str, *, store: bool = True) -> Snapshot:
        """Build the snapshot of the directory as it is now, store it and move the pointer
        (``store=False``: keep it in this process only)."""
        stored = self._load(org)
        discovered = self._discover(stored.definition)
        for _ in range(MAX_BUILD_PASSES - 1):
            if discovered is None:
                break
            latest = self._load(org)
            if latest.version == stored.version:
                break
            stored, discovered = latest, self._discover(latest.definition)
        snapshot = build_snapshot(stored.definition, stored.version, discovered or {})
        if store:
            self._store.put(org, stored.version, encode_snapshot(snapshot))
        self._remember(snapshot)
        return snapshot

    def outdated(self, stored: Mapping[str, int]) -> list[str]:
        """The orgs whose stored snapshot (at the version ``stored`` gives) is of an older format.

        For the rebuild function, which replaces them. Each org's blob is read once per
        version and process: a version found in the current format is remembered. A missing
        or unreadable blob is not reported: the request path rebuilds those.
        """
        found = []
        for org, version in stored.items():
            if self._current_format.get(org) == version:
                continue
            blob = self._store.get(org, version)
            format_version = None if blob is None else blob_format(blob)
            if format_version == SNAPSHOT_FORMAT:
                self._current_format[org] = version
            elif format_version is not None and format_version < SNAPSHOT_FORMAT:
                found.append(org)
        return found

    def _load(self, org: str) -> StoredOrg:
        stored = self._directory.load_org(org)
        if stored is None:
            raise NotFound(f"org {org!r} does not exist")
        return stored

    def _discover(self, definition: OrgDefinition) -> Mapping[str, Sequence[RemoteTool]] | None:
        """The listed tools by account; None when nothing was listed (no server, no discovery)."""
        upstreams = mcp_upstreams(definition)
        if not upstreams or self._discovery is None:
            return None
        started = time.perf_counter()
        try:
            found = self._discovery.discover(definition.org, upstreams)
        except Exception:  # a discovery fault must not take the rest of the org's tools down with it
            log.exception("tool discovery failed; no MCP server contributes tools", extra={"org": definition.org})
            return {}
        log.info(
            "listed the tools of remote MCP servers",
            extra={
                "org": definition.org,
                "servers": len(upstreams),
                "listed": len(found),
                "tools": sum(len(tools) for tools in found.values()),
                "elapsed_ms": round((time.perf_counter() - started) * 1000, 1),
            },
        )
        return found

    def _remember(self, snapshot: Snapshot) -> None:
        with self._lock:
            cached = self._cache.get(snapshot.org)
            if cached is None or cached.version <= snapshot.version:
                self._cache[snapshot.org] = snapshot
