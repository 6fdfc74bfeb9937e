"""Rebuilding snapshots after policy changes, from the directory's stream and on a schedule.

On AWS a directory write rebuilds the org's snapshot right away (``DirectoryAdmin``), but
that rebuild can fail or be cut short, and a write made by other means never runs it. Two
safety nets close the gap, both in the rebuild function:

* the DynamoDB stream of the directory table: every batch of changed records names the
  orgs it touched, and each is rebuilt from the directory as it is now;
* an EventBridge schedule (every minute): every org whose snapshot pointer is behind its
  directory version is rebuilt, so a change that produced no stream record (or whose
  rebuild failed) reaches search within two minutes; so is every org whose snapshot is of
  an older format, which the MCP function serves meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardamom.errors import CardamomError, NotFound
from cardamom.ports import Directory, SnapshotStore
from cardamom.service.snapshots import SnapshotService

log = logging.getLogger(__name__)

ORG_PREFIX = "ORG#"


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

    def on_schedule(self) -> RebuildReport:
        return self.rebuild(self.behind())

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
