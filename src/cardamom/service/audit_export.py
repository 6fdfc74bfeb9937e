"""Exporting the audit trail (JSON Lines, ``core/audit_export.py``) and verifying an exported copy.

* ``export_lines``: the CLI's export for SIEM ingestion: a header, the org's rows (sealed or
  not, each saying which seal lists it), then the seals that list them.
* ``ScheduledExport``: on AWS, sealed rows to S3 as JSON Lines partitioned by org and day
  (Athena reads them), the seals beside them under their own prefix, so an exported copy
  verifies offline. A run writes every seal after the org's export mark and then moves the
  mark, conditionally; objects are keyed by the first seal they hold, so a run repeated
  after a failure overwrites what it wrote before rather than duplicating it.
* ``verify_export``: the same verification as the store's, on exported files.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from itertools import groupby

from cardamom.core.audit_chain import Seal, StoredRow
from cardamom.core.audit_export import header_record, json_line, read_export, row_record, seal_record
from cardamom.core.audit_verify import Verification, verify_chain
from cardamom.errors import StoreError
from cardamom.ports import AuditChain, ObjectSink
from cardamom.service.audit_sealing import SealingPolicy
from cardamom.service.clock import utc_now

log = logging.getLogger(__name__)

SEALS_PER_RUN = 500


def export_lines(
    chain: AuditChain, org: str, *, since: str | None, sealed_only: bool = False, now: datetime
) -> Iterator[str]:
    head = chain.head(org)
    yield json_line(header_record(org, since, now.isoformat(), head))
    for stored in chain.trail(org, since=since):
        if sealed_only and stored.seal is None:
            continue
        yield json_line(row_record(stored))
    for seal in chain.seals(org):
        if since is None or seal.sealed_at >= since:
            yield json_line(seal_record(seal))


def verify_export(
    org: str,
    lines: Iterable[tuple[str, str]],
    *,
    now: datetime,
    policy: SealingPolicy,
    anchor: tuple[int, str] | None = None,
) -> Verification:
    """Verify exported files (``(where, line)`` pairs): the seals they hold link up and list
    exactly the rows they hold. Raises ``ValueError`` when they hold no seal of the org."""
    contents = read_export(lines, org)
    if not contents.seals:
        raise ValueError(f"the files hold no audit seal of org {org!r}, so nothing in them can be verified")
    return verify_chain(
        org,
        seals=contents.seals,
        rows=contents.rows,
        head=None,
        now=now,
        unsealed_bound=policy.unsealed_bound,
        abandoned_after=policy.abandoned_after,
        anchor=anchor,
        export_since=contents.since,
        exported=True,
    )


@dataclass(slots=True)
class ExportRun:
    org: str
    objects: list[str] = field(default_factory=list)
    seals: int = 0
    rows: int = 0
    through: int = 0


class ScheduledExport:
    def __init__(
        self, chain: AuditChain, sink: ObjectSink, prefix: str, *, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self._chain = chain
        self._sink = sink
        self._prefix = prefix
        self._clock = clock

    def key(self, kind: str, org: str, day: str, first: int) -> str:
        return f"{self._prefix}{kind}/org={org}/day={day}/seals-{first:012d}.jsonl"

    def export(self, org: str) -> ExportRun:
        head = self._chain.head(org)
        run = ExportRun(org)
        if head is None or head.seq <= head.exported_through:
            run.through = 0 if head is None else head.exported_through
            return run
        seals: list[Seal] = []
        for seal in self._chain.seals(org, after=head.exported_through):
            seals.append(seal)
            if len(seals) >= SEALS_PER_RUN:
                break
        for day, group in groupby(seals, key=lambda s: s.sealed_at[:10]):
            batch = list(group)
            rows = self._rows(org, batch)
            first = batch[0].seq
            # Rows first: a seals object never names rows that were not written.
            for kind, text in (
                ("rows", "".join(json_line(row_record(r)) for r in rows)),
                ("seals", "".join(json_line(seal_record(s)) for s in batch)),
            ):
                self._sink.put(self.key(kind, org, day, first), text.encode())
                run.objects.append(self.key(kind, org, day, first))
            run.rows += len(rows)
        run.seals = len(seals)
        run.through = seals[-1].seq if seals else head.exported_through
        self._chain.mark_exported(org, through=run.through, expected=head.exported_through)
        return run

    def _rows(self, org: str, seals: list[Seal]) -> list[StoredRow]:
        """The rows these seals list, in chain order (a row gone since is simply absent)."""
        entries = [e for s in seals for e in s.entries]
        by_id = {r.row.id: r for r in self._chain.listed(org, entries)}
        return [by_id[e.id] for e in entries if e.id in by_id]

    def export_orgs(self, orgs: Iterable[str]) -> dict[str, ExportRun | str]:
        results: dict[str, ExportRun | str] = {}
        for org in orgs:
            try:
                results[org] = self.export(org)
            except StoreError as exc:  # a Conflict too: the mark moved under us
                log.error("audit export failed", extra={"org": org, "error": str(exc)})
                results[org] = str(exc)
        return results
