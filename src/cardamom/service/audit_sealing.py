"""Sealing the audit trail into its hash chain, and verifying it (design: ``docs/governance.md``).

The request path writes rows exactly as before (begin, complete); a row awaits a seal from
``begin`` on. ``AuditSealer.seal`` takes an org's completed rows (and rows left ``started``
longer than any call can take) in start order, in batches of up to 98, and appends one seal
per batch, each conditional on the chain head it read. Two sealers racing lose nothing: the
loser's append fails as a whole and it reads again. On AWS a scheduled function seals every
minute; on the embedded store ``SealingAuditLog`` seals right after each completion.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.audit_chain import MAX_SEAL_ROWS, ChainHead, head_after, plan_seals
from cardamom.core.audit_verify import Break, Verification, verify_chain
from cardamom.errors import Conflict, StoreError
from cardamom.ports import AuditChain, AuditLog
from cardamom.service.clock import utc_now

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SealingPolicy:
    # A row still ``started`` this long after it began is sealed as it is: no call runs longer
    # (the connector deadline, and on AWS the function's 29 s timeout, are well under it).
    abandoned_after: timedelta = timedelta(seconds=60)
    # How long a completed row may await its seal before verification calls it overdue.
    unsealed_bound: timedelta = timedelta(minutes=2)
    rows_per_pass: int = 20 * MAX_SEAL_ROWS
    attempts: int = 5


@dataclass(slots=True)
class SealRun:
    org: str
    seals: list[int] = field(default_factory=list)
    rows: int = 0
    conflicts: int = 0
    head: ChainHead | None = None


class AuditSealer:
    def __init__(
        self, chain: AuditChain, policy: SealingPolicy | None = None, *, clock: Callable[[], datetime] = utc_now
    ) -> None:
        self._chain = chain
        self.policy = policy or SealingPolicy()
        self._clock = clock

    @property
    def chain(self) -> AuditChain:
        return self._chain

    def seal(self, org: str) -> SealRun:
        """Seal every row of the org that is ready, until none is left (or a pass's budget is spent)."""
        run = SealRun(org)
        attempts = 0
        while attempts < self.policy.attempts:
            head = self._chain.head(org)
            run.head = head
            pending = self._chain.pending(org, self.policy.rows_per_pass)
            plans = plan_seals(org, head, pending, now=self._clock(), abandoned_after=self.policy.abandoned_after)
            if not plans:
                return run
            try:
                for seal, rows in plans:
                    self._chain.append(seal, rows)
                    head = run.head = head_after(seal, head)
                    run.seals.append(seal.seq)
                    run.rows += len(rows)
            except Conflict:
                # Another sealer moved the head, or a row completed meanwhile: read again.
                run.conflicts += 1
                attempts += 1
                continue
            if len(pending) < self.policy.rows_per_pass:
                return run
        log.warning("audit sealing gave up after conflicts", extra={"org": org, "conflicts": run.conflicts})
        return run

    def seal_orgs(self, orgs: Iterable[str]) -> dict[str, SealRun | str]:
        """Seal each org; one org's store failure is reported and does not stop the others."""
        results: dict[str, SealRun | str] = {}
        for org in orgs:
            try:
                results[org] = self.seal(org)
            except StoreError as exc:
                log.error("audit sealing failed", extra={"org": org, "error": str(exc)})
                results[org] = str(exc)
        return results

    def verify(self, org: str, *, anchor: tuple[int, str] | None = None) -> Verification:
        # The head first: seals and rows written after it are then seen as beyond it, never missed.
        head = self._chain.head(org)
        seals = list(self._chain.seals(org))
        return verify_chain(
            org,
            seals=seals,
            rows=self._chain.trail(org),
            head=head,
            now=self._clock(),
            unsealed_bound=self.policy.unsealed_bound,
            abandoned_after=self.policy.abandoned_after,
            anchor=anchor,
        )


class SealingAuditLog:
    """An audit log that seals the org's ready rows right after each completion (the embedded
    store: one writer at a time, so a seal per completion costs a millisecond and no contention).
    A failed seal is logged and left to the next completion or ``cardamom audit seal``."""

    def __init__(self, log_: AuditLog, sealer: AuditSealer) -> None:
        self._log = log_
        self._sealer = sealer

    def begin(self, row: AuditRow) -> None:
        self._log.begin(row)

    def complete(self, row: AuditRow) -> None:
        self._log.complete(row)
        try:
            self._sealer.seal(row.org)
        except StoreError as exc:
            log.error("audit sealing failed", extra={"org": row.org, "error": str(exc)})

    def query(self, org: str, query: AuditQuery) -> list[AuditRow]:
        return self._log.query(org, query)


def parse_anchor(text: str) -> tuple[int, str]:
    """``SEQ:DIGEST``, as ``cardamom audit verify`` prints a chain's head."""
    seq, _, digest = text.partition(":")
    if not seq.isdigit() or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise ValueError("an anchor is SEQ:DIGEST, a seal number and its 64-hex-digit digest")
    return int(seq), digest


def verification_summary(result: Verification) -> dict[str, object]:
    """The verification as plain data (the CLI's --json)."""
    return {
        "org": result.org,
        "ok": result.ok,
        "seals": None if result.first_seal is None else [result.first_seal, result.last_seal],
        "head": None if result.last_seal is None else f"{result.last_seal}:{result.last_digest}",
        "sealed_rows": result.sealed_rows,
        "expired_rows": result.expired_rows,
        "outside_rows": result.outside_rows,
        "legacy_rows": result.legacy_rows,
        "unsealed_rows": [
            {
                "id": u.id,
                "status": u.status,
                "started_at": u.started_at,
                "waiting_seconds": u.waiting_seconds,
                "overdue": u.overdue,
            }
            for u in result.unsealed
        ],
        "first_break": None if result.first_break is None else _break(result.first_break),
        "breaks": [_break(b) for b in result.breaks],
        "notes": list(result.notes),
    }


def _break(b: Break) -> dict[str, object]:
    return {"kind": b.kind, "seal": b.seal, "row": b.row, "detail": b.detail, "message": str(b)}
