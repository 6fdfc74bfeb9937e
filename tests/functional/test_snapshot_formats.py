"""Snapshots survive deploys: a blob of an older format is served until the rebuild function
replaces it, a newer one is never overwritten, one no longer readable is rebuilt on the spot.

The formats are simulated by re-framing the current payload under another number: what a
format means is ``tests/unit/test_snapshot_format.py``'s business; here only the number moves.
"""

from __future__ import annotations

import pytest

from cardamom.core.orgfile import parse_org_definition
from cardamom.core.snapshot_codec import SNAPSHOT_FORMAT, blob_format
from cardamom.core.snapshot_codec.framing import OLDER_READABLE, frame, unframe
from cardamom.ports import StoredOrg
from cardamom.service.rebuild import RebuildService
from cardamom.service.snapshots import SnapshotService
from tests.fakes import MemoryDirectory, MemorySnapshotStore
from tests.orgs import notion_only_org_text

OLDER = max(OLDER_READABLE)
UNREAD = min(OLDER_READABLE | {SNAPSHOT_FORMAT}) - 1
NEWER = SNAPSHOT_FORMAT + 1


class CountingDirectory(MemoryDirectory):
    def __init__(self) -> None:
        super().__init__()
        self.loads = 0

    def load_org(self, org: str) -> StoredOrg | None:
        self.loads += 1
        return super().load_org(org)


@pytest.fixture
def stores() -> tuple[CountingDirectory, MemorySnapshotStore]:
    directory, store = CountingDirectory(), MemorySnapshotStore()
    directory.replace_org(parse_org_definition(notion_only_org_text(), "org.yaml"), expected_version=None)
    SnapshotService(directory, store).rebuild("acme")
    directory.loads = 0
    return directory, store


def reframe(store: MemorySnapshotStore, format_version: int) -> bytes:
    """The stored blob as if code of ``format_version`` had written it."""
    blob = frame(unframe(store.blobs[("acme", 1)]), format_version)
    store.blobs[("acme", 1)] = blob
    return blob


def test_a_snapshot_is_stored_in_the_current_format(stores: tuple[CountingDirectory, MemorySnapshotStore]) -> None:
    _, store = stores
    assert blob_format(store.blobs[("acme", 1)]) == SNAPSHOT_FORMAT


def test_an_older_readable_format_is_served_and_the_schedule_replaces_it(
    stores: tuple[CountingDirectory, MemorySnapshotStore],
) -> None:
    directory, store = stores
    older = reframe(store, OLDER)
    served = SnapshotService(directory, store).current("acme")  # a new process: a cold start after a deploy
    assert [t.name for t in served.tools] == ["notion-legal__list_all_users", "notion-legal__retrieve_page"]
    assert directory.loads == 0 and store.blobs[("acme", 1)] == older, "the request path rebuilt it"

    rebuild_function = SnapshotService(directory, store)
    schedule = RebuildService(directory, store, rebuild_function)
    assert schedule.on_schedule().rebuilt == {"acme": 1}
    assert blob_format(store.blobs[("acme", 1)]) == SNAPSHOT_FORMAT
    assert schedule.on_schedule().rebuilt == {}  # reads the new blob once, to see its format
    reads = store.reads
    assert schedule.on_schedule().rebuilt == {}
    assert store.reads == reads, "a version found current is not read again"


def test_the_schedule_leaves_current_snapshots_alone(stores: tuple[CountingDirectory, MemorySnapshotStore]) -> None:
    directory, store = stores
    schedule = RebuildService(directory, store, SnapshotService(directory, store))
    assert schedule.on_schedule().rebuilt == {}
    assert directory.loads == 0


def test_a_newer_format_is_built_here_and_never_overwritten(
    stores: tuple[CountingDirectory, MemorySnapshotStore],
) -> None:
    directory, store = stores
    newer = reframe(store, NEWER)
    service = SnapshotService(directory, store)
    served = service.current("acme")
    assert len(served.tools) == 2 and directory.loads == 1
    assert store.blobs[("acme", 1)] == newer
    assert service.current("acme") is served  # cached for the version: built once per process
    schedule = RebuildService(directory, store, SnapshotService(directory, store))
    assert schedule.on_schedule().rebuilt == {}, "older code never replaces a newer snapshot"


def test_a_format_no_longer_read_is_rebuilt_on_the_spot(
    stores: tuple[CountingDirectory, MemorySnapshotStore],
) -> None:
    directory, store = stores
    reframe(store, UNREAD)
    served = SnapshotService(directory, store).current("acme")
    assert len(served.tools) == 2 and directory.loads == 1
    assert blob_format(store.blobs[("acme", 1)]) == SNAPSHOT_FORMAT
