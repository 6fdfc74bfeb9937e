"""Loading the current snapshot of an org, once per version, and rebuilding it when needed.

A warm request costs one read (the pointer); the blob is read and decoded only when the
pointer moved. A missing or corrupt snapshot is rebuilt from the directory on the spot,
logged, and never served half-read. A snapshot of an older format this code still reads is
served as it is: the rebuild function replaces it (``outdated``), not the request path. One
of a newer format (newer code wrote it, during a deploy) is built for this process alone and
never stored over the newer one.

A rebuild lists the tools of the org's remote MCP servers (``ToolDiscovery``) before the pure
build, and the snapshot keeps each listing (``core.listings``): a server that cannot be listed
never fails the rebuild; it keeps the tools listed before when its failure says nothing of them
(this process lacks the credential, no answer in time), and contributes none otherwise. A
rebuild at the same directory version is stored again (the pointer's revision moves), which is
how a re-listing reaches every process. Without a discovery, mcp connections contribute
nothing. A listing can write to the directory (a refused grant marks its connection
``needs_reauth``); when the directory moved while the servers were listed, the build starts
over from it, so the snapshot stored is the directory's latest. A directory mid-way through a
chained write (``StoredOrg.settling``) is never built from: the snapshot already served is kept
until the chain completes.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime

from cardamom.core.listings import (
    RELIST_SECONDS,
    Listing,
    ListingAttempt,
    listing_due,
    listing_fingerprint,
    next_listing,
)
from cardamom.core.orgdef import OrgDefinition
from cardamom.core.pool import Upstream
from cardamom.core.pool_builder import mcp_upstreams
from cardamom.core.snapshot import Snapshot, build_snapshot
from cardamom.core.snapshot_codec import (
    SNAPSHOT_FORMAT,
    CorruptSnapshot,
    NewerSnapshot,
    blob_format,
    decode_snapshot,
    encode_snapshot,
)
from cardamom.errors import NotFound, StoreError
from cardamom.ports import Directory, SnapshotStore, StoredOrg, ToolDiscovery

log = logging.getLogger(__name__)

MAX_BUILD_PASSES = 3  # a listing that moved the directory starts the build over, this many times at most


def revision_of(blob: bytes) -> str:
    """What ``SnapshotPointer.revision`` says of a blob: its sha256."""
    return hashlib.sha256(blob).hexdigest()


class SnapshotService:
    def __init__(
        self,
        directory: Directory,
        store: SnapshotStore,
        discovery: ToolDiscovery | None = None,
        *,
        clock: Callable[[], float] = time.time,
        relist_seconds: float = RELIST_SECONDS,
    ) -> None:
        self._directory = directory
        self._store = store
        self._discovery = discovery
        self._clock = clock
        self._relist_seconds = relist_seconds
        self._cache: dict[str, tuple[Snapshot, str]] = {}  # org -> the snapshot and its blob's revision
        self._lock = threading.Lock()
        self._current_format: dict[str, int] = {}  # org -> a version ``outdated`` found in SNAPSHOT_FORMAT

    def current(self, org: str) -> Snapshot:
        stored = self._stored(org)
        return stored if stored is not None else self.rebuild(org)

    def _stored(self, org: str, *, build_newer: bool = True) -> Snapshot | None:
        """The snapshot the pointer names (from the cache while it names the same blob), or None
        when it must be built: missing or corrupt. One of a newer format is built here and not
        stored (``build_newer``; else None)."""
        pointer = self._store.current(org)
        cached = self._cache.get(org)
        if pointer is None:
            return None
        if cached is not None and cached[0].version == pointer.version and cached[1] == pointer.revision:
            return cached[0]
        blob = self._store.get(org, pointer.version)
        if blob is None:
            log.warning("snapshot missing, rebuilding", extra={"org": org, "version": pointer.version})
            return None
        try:
            snapshot = decode_snapshot(blob)
        except NewerSnapshot as exc:
            if not build_newer:
                return None
            log.warning("snapshot of a newer format, building one here", extra={"org": org, "problem": str(exc)})
            return self._build(org, store=False, revision=pointer.revision)
        except CorruptSnapshot as exc:
            log.error("snapshot corrupt, rebuilding", extra={"org": org, "problem": str(exc)})
            return None
        self._remember(snapshot, pointer.revision)
        return snapshot

    def rebuild(self, org: str, *, store: bool = True) -> Snapshot:
        """Build the snapshot of the directory as it is now, listing its remote MCP servers
        again, store it and move the pointer (``store=False``: keep it in this process only)."""
        return self._build(org, store=store, revision="")

    def relist_due(self, org: str) -> bool:
        """Whether the org's remote MCP servers should be listed again (``core.listings.listing_due``).

        Read from the snapshot this process holds, without a store read: listings only age, and
        one another process renewed meanwhile costs at most one listing too many."""
        cached = self._cache.get(org)
        snapshot = cached[0] if cached is not None else self.current(org)
        return listing_due(snapshot.listings, self._clock(), relist_seconds=self._relist_seconds)

    def _build(self, org: str, *, store: bool, revision: str) -> Snapshot:
        stored = self._load(org)
        if stored.settling:
            return self._held(org, stored.version)
        attempts = self._discover(stored.definition)
        for _ in range(MAX_BUILD_PASSES - 1):
            if attempts is None:
                break
            latest = self._load(org)
            if latest.version == stored.version:
                break
            stored, attempts = latest, self._discover(latest.definition)
        if stored.settling:
            return self._held(org, stored.version)
        listings = self._listings(stored.definition, attempts or {}) if attempts is not None else None
        snapshot = build_snapshot(stored.definition, stored.version, None if listings else {}, listings=listings)
        if store:
            blob = encode_snapshot(snapshot)
            self._store.put(org, stored.version, blob)
            revision = revision_of(blob)
        self._remember(snapshot, revision)
        return snapshot

    def _held(self, org: str, version: int) -> Snapshot:
        """The snapshot already served, while the directory is mid-way through a chained write:
        the one built when the chain completes replaces it (its last link triggers the rebuild)."""
        log.info("directory mid-way through a chained write; rebuild held", extra={"org": org, "version": version})
        held = self._stored(org, build_newer=False)
        if held is not None:
            return held
        raise StoreError(f"org {org!r} is being written (a chained apply); its snapshot comes when the write completes")

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

    def _discover(self, definition: OrgDefinition) -> Mapping[str, ListingAttempt] | None:
        """One listing attempt per remote MCP server, by account; None when there is nothing to
        list (no server) or nothing to list it with (no discovery)."""
        upstreams = mcp_upstreams(definition)
        if not upstreams or self._discovery is None:
            return None
        started = time.perf_counter()
        try:
            found = self._discovery.discover(definition.org, upstreams)
        except Exception as exc:  # a discovery fault must not take the rest of the org's tools down with it
            log.exception("tool discovery failed; no MCP server contributes tools", extra={"org": definition.org})
            problem = f"the listing itself failed ({type(exc).__name__})"
            return {u.account.account: ListingAttempt(problem=problem, code="internal") for u in upstreams}
        log.info(
            "listed the tools of remote MCP servers",
            extra={
                "org": definition.org,
                "servers": len(upstreams),
                "listed": sum(1 for attempt in found.values() if attempt.listed),
                "tools": sum(len(attempt.tools or ()) for attempt in found.values()),
                "elapsed_ms": round((time.perf_counter() - started) * 1000, 1),
            },
        )
        return found

    def _listings(self, definition: OrgDefinition, attempts: Mapping[str, ListingAttempt]) -> dict[str, Listing]:
        """Each server's listing after this attempt: a failure that says nothing of its tools
        keeps the listing the current snapshot holds (``core.listings.next_listing``)."""
        previous = self._previous_listings(definition.org)
        now = self._clock()
        listings: dict[str, Listing] = {}
        for upstream in mcp_upstreams(definition):
            account = upstream.account.account
            attempt = attempts.get(account) or ListingAttempt(
                problem="the listing gave no answer for it", code="internal"
            )
            listing = listings[account] = next_listing(
                previous.get(account), attempt, listing_fingerprint(upstream), now
            )
            if listing.failed:
                self._log_failed(definition.org, upstream, listing)
        return listings

    def _previous_listings(self, org: str) -> Mapping[str, Listing]:
        try:
            stored = self._stored(org, build_newer=False)
        except Exception:  # the previous snapshot is a hint: a fault reading it costs only the hint
            log.warning("the current snapshot could not be read for its listings", extra={"org": org}, exc_info=True)
            return {}
        return {} if stored is None else stored.listings

    @staticmethod
    def _log_failed(org: str, upstream: Upstream, listing: Listing) -> None:
        account = upstream.account.account
        if listing.tools and listing.listed_at is not None:
            listed = datetime.fromtimestamp(listing.listed_at, UTC).isoformat(timespec="seconds")
            outcome = f"keeping the {len(listing.tools)} tools it listed at {listed}"
        else:
            outcome = "its connection contributes no tools"
        log.warning(
            "MCP server of connection %s (connector %s) not listed: %s (%s); %s",
            account,
            upstream.connector.id,
            listing.problem,
            listing.code,
            outcome,
            extra={"org": org, "account": account, "connector": upstream.connector.id, "code": listing.code},
        )

    def _remember(self, snapshot: Snapshot, revision: str) -> None:
        with self._lock:
            cached = self._cache.get(snapshot.org)
            if cached is None or cached[0].version <= snapshot.version:
                self._cache[snapshot.org] = (snapshot, revision)
