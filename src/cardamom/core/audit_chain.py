"""Tamper evidence for the audit trail: rows sealed in ordered batches, the batches hash-chained.

A row's digest is SHA-256 over its canonical serialisation: a format line
``cardamom-audit-row/{n}`` and the row's fields as RFC 8785 canonical JSON (sorted keys, no
whitespace, UTF-8; every value is a string, a boolean or null). The fields of each format are
listed explicitly in ``ROW_FIELDS`` and never change; a new field is a new format.

A *seal* binds an ordered batch of rows (each by id, start time, digest and expiry) to the
seal before it: its digest covers the org, its number, the previous seal's digest, when it
was sealed and every entry in order. The org's *head* names the newest seal. Seals are
appended one at a time, each conditional on the head the sealer read, so concurrent sealers
never fork the chain; the request path never touches the head (``docs/governance.md``).

Everything here is pure: the canonical forms and digests, and planning the seals that take the
rows awaiting one. Verifying a chain is ``core.audit_verify``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from cardamom.core.audit import AuditRow

GENESIS = "0" * 64  # the "previous digest" of seal 1
ROW_FORMAT = 2
SEAL_FORMAT = 1
# The fields each row format hashes, in no particular order (canonical JSON sorts them).
_FORMAT_1 = (
    "org",
    "id",
    "started_at",
    "completed_at",
    "member",
    "account",
    "connector",
    "operation",
    "classification",
    "approved",
    "status",
    "error_code",
    "target_id",
    "client",
)
ROW_FIELDS: Mapping[int, tuple[str, ...]] = {
    1: _FORMAT_1,
    2: (*_FORMAT_1, "mcp_name"),  # the Mcp-Name header a 2026-07-28 tools/call carried (#14)
}
# A DynamoDB transaction holds 100 actions: the seal, the head and the rows it marks.
MAX_SEAL_ROWS = 98
# A seal outlives the rows it lists by this much, so a verifier still finds it after they expire.
SEAL_GRACE_SECONDS = 7 * 86_400


def canonical_json(value: Any) -> bytes:
    """RFC 8785 for the values audit records hold (strings, booleans, null, integers, lists, objects)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def canonical_row(row: AuditRow, row_format: int = ROW_FORMAT) -> bytes:
    names = ROW_FIELDS.get(row_format)
    if names is None:
        raise ValueError(f"unknown audit row format {row_format}")
    body = {name: getattr(row, name) for name in names}
    return f"cardamom-audit-row/{row_format}\n".encode() + canonical_json(body)


def row_digest(row: AuditRow, row_format: int = ROW_FORMAT) -> str:
    return hashlib.sha256(canonical_row(row, row_format)).hexdigest()


def epoch(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()


@dataclass(frozen=True, slots=True)
class StoredRow:
    """A row as a store holds it: with its expiry, the seal its marker names, and whether it awaits one."""

    row: AuditRow
    expires_at: int | None = None
    seal: int | None = None
    queued: bool = False


@dataclass(frozen=True, slots=True)
class SealEntry:
    id: str
    started_at: str
    digest: str
    expires_at: int | None

    def as_list(self) -> list[Any]:
        return [self.id, self.started_at, self.digest, self.expires_at]

    @classmethod
    def from_list(cls, value: Sequence[Any]) -> SealEntry:
        row_id, started_at, digest, expires_at = value
        return cls(str(row_id), str(started_at), str(digest), None if expires_at is None else int(expires_at))


@dataclass(frozen=True, slots=True)
class Seal:
    org: str
    seq: int
    prev: str  # the digest of seal seq - 1 (GENESIS for seal 1)
    sealed_at: str
    chain_started_at: str  # the start of the first row seal 1 holds, repeated in every seal
    entries: tuple[SealEntry, ...]
    expires_at: int | None  # when the store may drop this seal (None: kept)
    prev_expires_at: int | None  # when it may drop the seal before (so a missing prefix can be judged)
    digest: str = ""
    row_format: int = ROW_FORMAT
    format: int = SEAL_FORMAT

    def body(self) -> dict[str, Any]:
        """What the digest covers (everything but the digest itself)."""
        return {
            "format": self.format,
            "org": self.org,
            "seq": self.seq,
            "prev": self.prev,
            "sealed_at": self.sealed_at,
            "chain_started_at": self.chain_started_at,
            "row_format": self.row_format,
            "expires_at": self.expires_at,
            "prev_expires_at": self.prev_expires_at,
            "rows": [entry.as_list() for entry in self.entries],
        }

    def computed_digest(self) -> str:
        return hashlib.sha256(f"cardamom-audit-seal/{self.format}\n".encode() + canonical_json(self.body())).hexdigest()

    def as_record(self) -> dict[str, Any]:
        return {**self.body(), "digest": self.digest}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Seal:
        return cls(
            org=str(record["org"]),
            seq=int(record["seq"]),
            prev=str(record["prev"]),
            sealed_at=str(record["sealed_at"]),
            chain_started_at=str(record["chain_started_at"]),
            entries=tuple(SealEntry.from_list(entry) for entry in record["rows"]),
            expires_at=_optional_int(record.get("expires_at")),
            prev_expires_at=_optional_int(record.get("prev_expires_at")),
            digest=str(record["digest"]),
            row_format=int(record.get("row_format", ROW_FORMAT)),
            format=int(record.get("format", SEAL_FORMAT)),
        )


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


@dataclass(frozen=True, slots=True)
class ChainHead:
    org: str
    seq: int
    digest: str
    sealed_at: str
    chain_started_at: str
    expires_at: int | None  # the newest seal's expiry (the next seal's prev_expires_at)
    exported_through: int = 0  # the last seal the scheduled export wrote


# ---- sealing ---------------------------------------------------------------------------------


def sealable(stored: StoredRow, *, now: datetime, abandoned_after: timedelta) -> bool:
    """A completed row, or one left ``started`` so long that no call can still complete it."""
    if stored.row.status != "started":
        return True
    return epoch(stored.row.started_at) <= (now - abandoned_after).timestamp()


def plan_seals(
    org: str,
    head: ChainHead | None,
    pending: Iterable[StoredRow],
    *,
    now: datetime,
    abandoned_after: timedelta,
    max_rows: int = MAX_SEAL_ROWS,
) -> list[tuple[Seal, tuple[StoredRow, ...]]]:
    """The seals that take every sealable pending row, in start order, each chained to the one before."""
    ready = sorted(
        (s for s in pending if s.queued and s.seal is None and sealable(s, now=now, abandoned_after=abandoned_after)),
        key=lambda s: (s.row.started_at, s.row.id),
    )
    plans: list[tuple[Seal, tuple[StoredRow, ...]]] = []
    sealed_at = now.isoformat()
    seq, prev = (0, GENESIS) if head is None else (head.seq, head.digest)
    # The chain begins with the first row it seals: rows started before that and never sealed
    # were written before the chain existed (verification counts them apart).
    started = (ready[0].row.started_at if ready else sealed_at) if head is None else head.chain_started_at
    prev_expires = None if head is None else head.expires_at
    for start in range(0, len(ready), max_rows):
        batch = tuple(ready[start : start + max_rows])
        entries = tuple(SealEntry(s.row.id, s.row.started_at, row_digest(s.row), s.expires_at) for s in batch)
        expiries = [e.expires_at for e in entries]
        expires = None if any(x is None for x in expiries) else max(x for x in expiries if x is not None)
        seal = Seal(
            org=org,
            seq=seq + 1,
            prev=prev,
            sealed_at=sealed_at,
            chain_started_at=started,
            entries=entries,
            expires_at=None if expires is None else expires + SEAL_GRACE_SECONDS,
            prev_expires_at=prev_expires,
        )
        seal = replace(seal, digest=seal.computed_digest())
        plans.append((seal, batch))
        seq, prev, prev_expires = seal.seq, seal.digest, seal.expires_at
    return plans


def head_after(seal: Seal, previous: ChainHead | None) -> ChainHead:
    return ChainHead(
        org=seal.org,
        seq=seal.seq,
        digest=seal.digest,
        sealed_at=seal.sealed_at,
        chain_started_at=seal.chain_started_at,
        expires_at=seal.expires_at,
        exported_through=0 if previous is None else previous.exported_through,
    )
