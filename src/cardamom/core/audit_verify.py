"""Verifying an org's audit chain against the rows a store, or an exported file, holds.

The first break is the earliest in chain order: seal by seal, and within a seal row by row.
Rows no seal lists are awaiting one (reported with how long they have waited), older than the
chain (written before it began), or inserted (a break at the seal that should have taken them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from cardamom.core.audit_chain import GENESIS, ChainHead, Seal, SealEntry, StoredRow, epoch, row_digest

BreakKind = Literal[
    "row_modified",
    "row_deleted",
    "row_inserted",
    "row_reordered",
    "seal_modified",
    "seal_missing",
    "seal_inserted",
    "head_mismatch",
    "anchor_mismatch",
]


@dataclass(frozen=True, slots=True)
class Break:
    kind: BreakKind
    seal: int | None
    row: str | None
    detail: str

    def __str__(self) -> str:
        where = f"seal {self.seal}" if self.seal is not None else "the chain"
        row = f", row {self.row}" if self.row else ""
        return f"{self.kind} at {where}{row}: {self.detail}"


@dataclass(frozen=True, slots=True)
class UnsealedRow:
    id: str
    status: str
    started_at: str
    waiting_seconds: float  # since it completed (or started, while still open)
    overdue: bool  # waiting longer than the sealer's bound


@dataclass(frozen=True, slots=True)
class Verification:
    org: str
    first_seal: int | None
    last_seal: int | None
    last_digest: str | None
    sealed_rows: int  # present and matching their seal
    expired_rows: int  # listed by a seal, gone after their own expiry
    outside_rows: int  # listed by a seal but before an export's start
    legacy_rows: int  # written before the chain began, never sealed
    unsealed: tuple[UnsealedRow, ...]
    breaks: tuple[Break, ...]  # in chain order: the first is the first break
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.breaks

    @property
    def first_break(self) -> Break | None:
        return self.breaks[0] if self.breaks else None


@dataclass(slots=True)
class _Findings:
    breaks: list[tuple[tuple[int, int], Break]] = field(default_factory=list)

    def add(self, position: tuple[int, int], kind: BreakKind, seal: int | None, row: str | None, detail: str) -> None:
        self.breaks.append((position, Break(kind, seal, row, detail)))

    def ordered(self) -> tuple[Break, ...]:
        return tuple(b for _, b in sorted(self.breaks, key=lambda item: item[0]))


def verify_chain(
    org: str,
    *,
    seals: Iterable[Seal],
    rows: Iterable[StoredRow],
    head: ChainHead | None,
    now: datetime,
    unsealed_bound: timedelta,
    abandoned_after: timedelta,
    anchor: tuple[int, str] | None = None,
    export_since: str | None = None,
    exported: bool = False,
) -> Verification:
    """Check the seals link up and every row they list is present and unchanged, and that no row
    claims a place it does not have.

    ``exported``: the seals and rows come from an export, which may start anywhere in the chain
    (its first seal's link is taken as given) and carries no head; ``export_since`` says which
    listed rows it left out (those started before it).
    """
    found = _Findings()
    notes: list[str] = []
    now_epoch = now.timestamp()
    ordered = _unique_seals(seals, found)
    chain: list[Seal] = []
    for seal in ordered:
        if seal.org != org:
            continue
        _check_link(seal, chain[-1] if chain else None, found, now_epoch=now_epoch, exported=exported, notes=notes)
        chain.append(seal)
    if not exported:
        _check_head(chain, head, found)
    if anchor is not None:
        _check_anchor(chain, anchor, found, notes)

    by_id: dict[str, list[StoredRow]] = {}
    for stored in rows:
        if stored.row.org == org:
            by_id.setdefault(stored.row.id, []).append(stored)
    counts = {"sealed": 0, "expired": 0, "outside": 0}
    for seal in chain:
        for index, entry in enumerate(seal.entries):
            _check_entry(seal, index, entry, by_id.pop(entry.id, []), found, counts, now_epoch, export_since, exported)

    unsealed, legacy = _unlisted(chain, by_id, found, now, unsealed_bound, abandoned_after, exported)
    return Verification(
        org=org,
        first_seal=chain[0].seq if chain else None,
        last_seal=chain[-1].seq if chain else None,
        last_digest=chain[-1].digest if chain else None,
        sealed_rows=counts["sealed"],
        expired_rows=counts["expired"],
        outside_rows=counts["outside"],
        legacy_rows=legacy,
        unsealed=tuple(sorted(unsealed, key=lambda u: (u.started_at, u.id))),
        breaks=found.ordered(),
        notes=tuple(notes),
    )


def _unique_seals(seals: Iterable[Seal], found: _Findings) -> list[Seal]:
    """Seals by number; the same seal twice (overlapping exports) counts once, two different ones break."""
    by_seq: dict[int, Seal] = {}
    for seal in seals:
        seen = by_seq.get(seal.seq)
        if seen is None:
            by_seq[seal.seq] = seal
        elif seen != seal:
            found.add((seal.seq, -1), "seal_modified", seal.seq, None, "two different seals carry this number")
    return [by_seq[seq] for seq in sorted(by_seq)]


def _check_link(
    seal: Seal, before: Seal | None, found: _Findings, *, now_epoch: float, exported: bool, notes: list[str]
) -> None:
    here = (seal.seq, -1)
    if seal.computed_digest() != seal.digest:
        found.add(here, "seal_modified", seal.seq, None, "its content does not match its digest")
    if before is None:
        if seal.seq == 1:
            if seal.prev != GENESIS:
                found.add(here, "seal_modified", seal.seq, None, "the first seal does not start from the genesis")
        elif exported:
            notes.append(
                f"the export starts at seal {seal.seq}; its link to seal {seal.seq - 1} ({seal.prev}) is taken as given"
            )
        elif seal.prev_expires_at is not None and seal.prev_expires_at <= now_epoch:
            notes.append(
                f"seals before {seal.seq} have expired with their rows; the chain is verified from seal {seal.seq}"
            )
        else:
            found.add(
                (seal.seq - 1, -1),
                "seal_missing",
                seal.seq - 1,
                None,
                "the seal is gone although it had not expired",
            )
        return
    if seal.seq != before.seq + 1:
        found.add(
            (before.seq + 1, -1),
            "seal_missing",
            before.seq + 1,
            None,
            f"seals {before.seq + 1}..{seal.seq - 1} are missing",
        )
    elif seal.prev != before.digest:
        found.add(here, "seal_modified", seal.seq, None, f"it does not link to seal {before.seq} as sealed")
    if seal.chain_started_at != before.chain_started_at:
        found.add(here, "seal_modified", seal.seq, None, "its chain start differs from the seal before")


def _check_head(chain: list[Seal], head: ChainHead | None, found: _Findings) -> None:
    last = chain[-1] if chain else None
    if head is None:
        if last is not None:
            found.add((last.seq + 1, -1), "head_mismatch", None, None, "seals exist but the chain head is gone")
        return
    if last is None or head.seq > last.seq:
        first = 1 if last is None else last.seq + 1
        found.add((first, -1), "seal_missing", first, None, f"the head names seal {head.seq}, which is missing")
    elif head.seq < last.seq:
        found.add(
            (head.seq + 1, -1), "seal_inserted", head.seq + 1, None, f"seals after the head (seal {head.seq}) exist"
        )
    elif head.digest != last.digest:
        found.add((last.seq, -1), "head_mismatch", last.seq, None, "the head's digest differs from the newest seal's")


def _check_anchor(chain: list[Seal], anchor: tuple[int, str], found: _Findings, notes: list[str]) -> None:
    seq, digest = anchor
    match = next((s for s in chain if s.seq == seq), None)
    if match is None:
        if chain and seq < chain[0].seq:
            notes.append(f"the anchor's seal {seq} precedes the seals verified here")
        else:
            found.add((seq, -1), "anchor_mismatch", seq, None, "the anchored seal is missing")
    elif match.digest != digest:
        found.add((seq, -1), "anchor_mismatch", seq, None, f"its digest is {match.digest}, not the anchored {digest}")


def _check_entry(
    seal: Seal,
    index: int,
    entry: SealEntry,
    candidates: list[StoredRow],
    found: _Findings,
    counts: dict[str, int],
    now_epoch: float,
    export_since: str | None,
    exported: bool,
) -> None:
    here = (seal.seq, index)
    match = next((c for c in candidates if c.row.started_at == entry.started_at), None)
    if match is None and candidates:
        match = candidates[0]
    for extra in candidates:
        if extra is not match:
            found.add(here, "row_inserted", seal.seq, entry.id, "a second row carries this sealed row's id")
    if match is None:
        if export_since is not None and entry.started_at < export_since:
            counts["outside"] += 1
        elif entry.expires_at is not None and entry.expires_at <= now_epoch:
            counts["expired"] += 1
        else:
            found.add(here, "row_deleted", seal.seq, entry.id, f"the row sealed at position {index} is missing")
        return
    row = match.row
    if row.started_at != entry.started_at:
        found.add(
            here,
            "row_reordered",
            seal.seq,
            entry.id,
            f"its start time moved from {entry.started_at} to {row.started_at} (its place in the trail changed)",
        )
    elif row_digest(row, seal.row_format) != entry.digest:
        found.add(here, "row_modified", seal.seq, entry.id, "its content does not match the sealed digest")
    elif match.expires_at != entry.expires_at:
        found.add(here, "row_modified", seal.seq, entry.id, "its expiry differs from the sealed one")
    elif not exported and match.seal != seal.seq:
        found.add(here, "row_modified", seal.seq, entry.id, f"its seal marker says {match.seal}")
    else:
        counts["sealed"] += 1


def _unlisted(
    chain: list[Seal],
    by_id: dict[str, list[StoredRow]],
    found: _Findings,
    now: datetime,
    unsealed_bound: timedelta,
    abandoned_after: timedelta,
    exported: bool,
) -> tuple[list[UnsealedRow], int]:
    """Rows no seal lists: awaiting one, written before the chain began, or inserted."""
    unsealed: list[UnsealedRow] = []
    legacy = 0
    chain_start = chain[0].chain_started_at if chain else None
    first = chain[0].seq if chain else None
    sealed_times = [(s.sealed_at, s.seq) for s in chain]
    now_epoch = now.timestamp()
    for stored in (s for group in by_id.values() for s in group):
        row = stored.row
        if stored.seal is not None:
            if stored.expires_at is not None and stored.expires_at <= now_epoch:
                continue  # its seal may have gone with it
            if exported and (first is None or stored.seal < first):
                continue  # sealed before the export's first seal
            position = (stored.seal, -1)
            found.add(
                position, "row_inserted", stored.seal, row.id, f"it claims seal {stored.seal}, which does not list it"
            )
        elif stored.queued:
            unsealed.append(_waiting(stored, now, unsealed_bound, abandoned_after))
        elif chain_start is None or row.started_at < chain_start:
            legacy += 1
        else:
            seq = next((q for at, q in sealed_times if at >= row.started_at), chain[-1].seq + 1)
            found.add((seq, -1), "row_inserted", seq, row.id, "it is in no seal and awaits none")
    return unsealed, legacy


def _waiting(stored: StoredRow, now: datetime, bound: timedelta, abandoned_after: timedelta) -> UnsealedRow:
    row = stored.row
    since = row.completed_at or row.started_at
    waiting = max(0.0, now.timestamp() - epoch(since))
    limit = bound if row.status != "started" else bound + abandoned_after
    return UnsealedRow(row.id, row.status, row.started_at, round(waiting, 1), waiting > limit.total_seconds())
