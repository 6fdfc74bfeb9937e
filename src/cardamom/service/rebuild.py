"""Rebuilding snapshots after policy changes, from the directory's stream and on a schedule.

On AWS a directory write rebuilds the org's snapshot right away (``DirectoryAdmin``), but
that rebuild can fail or be cut short, and a write made by other means never runs it. Two
safety nets close the gap, both in the rebuild function:

* the DynamoDB stream of the directory table: every batch of changed records names the
  orgs it touched, and each is rebuilt from the directory as it is now;
* an EventBridge schedule (every minute): every org whose snapshot pointer is behind its
  directory version is rebuilt, so a change that produced no stream record (or whose
  rebuild failed) reaches search within two minutes; so is every org whose snapshot is of
  an older format, which the MCP function serves meanwhile, and every org whose remote MCP
  servers are due for a new listing (``CARDAMOM_RELIST_INTERVAL``, 5 minutes by default, or
  30 seconds after a failed one): a rebuild lists them again.

``cardamom serve`` runs the same schedule in a thread of its own (``ScheduleThread``), so
the embedded server lists its remote servers where its credentials are, too.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardamom.errors import CardamomError, NotFound
from cardamom.ports import Directory, SnapshotStore
from cardamom.service.snapshots import SnapshotService

log = logging.getLogger(__name__)

ORG_PREFIX = "ORG#"
SCHEDULE_SECONDS = 15.0  # cardamom serve's schedule: often enough for a failed listing's 30 s retry


@dataclass(slots=True)
class RebuildReport:
    rebuilt: dict[str, int] = field(default_factory=dict)  # org -> snapshot version now current
    failed: dict[str, str] = field(default_factory=dict)  # org -> what went wrong
    skipped: list[str] = field(default_factory=list)  # orgs that no longer exist


def org_of_stream_record(record: Mapping[str, Any]) -> str | None:
    """The org a directory stream record belongs to (None for grants and anything else)."""
    keys = record.get("dynamodb", {}).get("Keys", {})
    pk = keys.get("pk", {}).get("S", "")
    if not isinstance(pk, str) or not pk.startswith(ORG_PREFIX):
        return None
    return pk[len(ORG_PREFIX) :] or None


class RebuildService:
    def __init__(self, directory: Directory, store: SnapshotStore, snapshots: SnapshotService) -> None:
        self._directory = directory
        self._store = store
        self._snapshots = snapshots

    def rebuild(self, orgs: Iterable[str]) -> RebuildReport:
        """Rebuild each org's snapshot from the directory as it is now; one failure stops no other."""
        report = RebuildReport()
        for org in dict.fromkeys(orgs):
            try:
                snapshot = self._snapshots.rebuild(org)
            except NotFound:
                report.skipped.append(org)
                log.info("org is gone, nothing to rebuild", extra={"org": org})
            except (CardamomError, OSError) as exc:
                report.failed[org] = f"{type(exc).__name__}: {exc}"
                log.error("snapshot rebuild failed", extra={"org": org, "problem": report.failed[org]})
            else:
                report.rebuilt[org] = snapshot.version
                log.info("snapshot rebuilt", extra={"org": org, "version": snapshot.version})
        return report

    def behind(self) -> list[str]:
        """Orgs whose snapshot pointer is older than their directory version (or missing), or
        whose snapshot is stored in an older format (after a deploy that bumped it)."""
        current, directory = self._store.versions(), self._directory.org_versions()
        behind = {org for org, version in directory.items() if current.get(org, 0) < version}
        up_to_date = {org: current[org] for org in directory if org in current and org not in behind}
        return sorted(behind.union(self._snapshots.outdated(up_to_date)))

    def due_for_listing(self, skip: Iterable[str] = ()) -> list[str]:
        """Orgs whose remote MCP servers should be listed again (``SnapshotService.relist_due``).
        A server's tool list changes with no directory write at all, so this is what brings
        its new tools in. Costs a pointer read per org (the snapshots stay cached)."""
        skipped, due = set(skip), []
        for org in sorted(self._directory.org_versions()):
            if org in skipped:
                continue
            try:
                if self._snapshots.relist_due(org):
                    due.append(org)
            except (CardamomError, OSError) as exc:
                log.warning("could not tell whether an org's listings are due", extra={"org": org, "problem": str(exc)})
        return due

    def on_schedule(self) -> RebuildReport:
        behind = self.behind()
        return self.rebuild([*behind, *self.due_for_listing(skip=behind)])

    def on_stream(self, records: Sequence[Mapping[str, Any]]) -> tuple[RebuildReport, list[str]]:
        """Rebuild the orgs a batch of stream records touched.

        Also returns the sequence numbers to report as failed (the first record of each org
        whose rebuild failed), so Lambda retries the batch from there and no change is lost.
        """
        first: dict[str, str] = {}
        for record in records:
            org = org_of_stream_record(record)
            if org is not None:
                first.setdefault(org, str(record.get("dynamodb", {}).get("SequenceNumber", "")))
        report = self.rebuild(first)
        return report, [first[org] for org in report.failed if first[org]]


class ScheduleThread:
    """The rebuild schedule in a long-running process (``cardamom serve``): ``on_schedule`` every
    ``period`` seconds on a daemon thread, until ``stop``. A failed round is logged and the
    next one comes as usual."""

    def __init__(self, service: RebuildService, period: float = SCHEDULE_SECONDS) -> None:
        self._service = service
        self._period = period
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cardamom-schedule", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=self._period + 5)

    def _run(self) -> None:
        while not self._stopping.wait(self._period):
            try:
                self._service.on_schedule()
            except Exception:  # the schedule keeps going: the next round may well succeed
                log.exception("scheduled rebuild failed")
