"""The audit chain's pure parts: canonical row format, seal planning, verification."""

from __future__ import annotations

import hashlib
from dataclasses import fields, replace
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from cardamom.core.audit import AuditRow
from cardamom.core.audit_chain import (
    GENESIS,
    MAX_SEAL_ROWS,
    ROW_FIELDS,
    ROW_FORMAT,
    ChainHead,
    Seal,
    StoredRow,
    canonical_row,
    head_after,
    plan_seals,
    row_digest,
)
from cardamom.core.audit_verify import Verification, verify_chain

START = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
ABANDONED = timedelta(seconds=60)
BOUND = timedelta(minutes=2)


def row(i: int, **changes: object) -> AuditRow:
    base = AuditRow(
        org="acme",
        id=f"r{i:03d}",
        started_at=(START + timedelta(seconds=i)).isoformat(),
        member="alice",
        account="notion-legal",
        connector="notion",
        operation="notion-legal__retrieve_page",
        classification="read",
        approved=True,
        status="succeeded",
        target_id=f"p-{i}",
        completed_at=(START + timedelta(seconds=i, milliseconds=300)).isoformat(),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def queued(r: AuditRow, expires_at: int | None = None) -> StoredRow:
    return StoredRow(r, expires_at=expires_at, queued=True)


def test_the_current_row_format_hashes_every_field_of_the_row() -> None:
    """A field added to AuditRow must come with a new row format, or it would go unprotected."""
    assert set(ROW_FIELDS[ROW_FORMAT]) == {f.name for f in fields(AuditRow)}
    assert set(ROW_FIELDS[2]) - set(ROW_FIELDS[1]) == {"mcp_name"}  # format 2: the Mcp-Name header (#14)


def test_row_format_2_is_fixed() -> None:
    text = canonical_row(row(1, client="claude-code", mcp_name="execute_tool"), 2)
    assert text == (
        b"cardamom-audit-row/2\n"
        b'{"account":"notion-legal","approved":true,"classification":"read","client":"claude-code",'
        b'"completed_at":"2026-11-29T12:00:01.300000+00:00","connector":"notion","error_code":null,'
        b'"id":"r001","mcp_name":"execute_tool","member":"alice","operation":"notion-legal__retrieve_page",'
        b'"org":"acme","started_at":"2026-11-29T12:00:01+00:00","status":"succeeded","target_id":"p-1"}'
    )
    assert row_digest(row(1, client="claude-code", mcp_name="execute_tool")) == hashlib.sha256(text).hexdigest()


def test_row_format_1_is_fixed() -> None:
    """The canonical form is a contract with every exported copy: it never changes."""
    text = canonical_row(row(1, client="claude-code"), 1)
    assert text == (
        b"cardamom-audit-row/1\n"
        b'{"account":"notion-legal","approved":true,"classification":"read","client":"claude-code",'
        b'"completed_at":"2026-11-29T12:00:01.300000+00:00","connector":"notion","error_code":null,'
        b'"id":"r001","member":"alice","operation":"notion-legal__retrieve_page","org":"acme",'
        b'"started_at":"2026-11-29T12:00:01+00:00","status":"succeeded","target_id":"p-1"}'
    )
    assert row_digest(row(1, client="claude-code"), 1) == hashlib.sha256(text).hexdigest()
    assert canonical_row(row(1, member="zoë")).decode().count("zoë") == 1  # UTF-8, not \\u escapes
    with pytest.raises(ValueError, match="unknown audit row format 9"):
        canonical_row(row(1), 9)


def test_plan_takes_completed_and_abandoned_rows_in_start_order() -> None:
    now = START + timedelta(seconds=100)
    pending = [
        queued(row(5)),
        queued(row(2, status="started", completed_at=None)),  # started 98 s ago: abandoned
        queued(row(50, status="started", completed_at=None)),  # in flight
        queued(row(3)),
        StoredRow(row(4), seal=1),  # already sealed: not pending after all
    ]
    ((seal, rows),) = plan_seals("acme", None, pending, now=now, abandoned_after=ABANDONED)
    assert [s.row.id for s in rows] == ["r002", "r003", "r005"]
    assert (seal.seq, seal.prev, seal.sealed_at) == (1, GENESIS, now.isoformat())
    assert seal.chain_started_at == row(2).started_at
    assert seal.digest == seal.computed_digest()
    assert [e.digest for e in seal.entries] == [row_digest(s.row) for s in rows]


def test_plan_splits_into_chained_batches_that_fit_one_transaction() -> None:
    pending = [queued(row(i), expires_at=10_000 + i) for i in range(MAX_SEAL_ROWS * 2 + 5)]
    head = ChainHead("acme", 7, "ab" * 32, START.isoformat(), START.isoformat(), expires_at=9_000)
    plans = plan_seals("acme", head, pending, now=START + timedelta(hours=1), abandoned_after=ABANDONED)
    assert [len(rows) for _, rows in plans] == [MAX_SEAL_ROWS, MAX_SEAL_ROWS, 5]
    assert [seal.seq for seal, _ in plans] == [8, 9, 10]
    assert plans[0][0].prev == head.digest and plans[0][0].prev_expires_at == 9_000
    for (before, _), (after, _) in pairwise(plans):
        assert after.prev == before.digest and after.prev_expires_at == before.expires_at
    # A seal outlives its last row by the grace period; a row kept for good keeps its seal for good.
    assert plans[-1][0].expires_at == 10_000 + MAX_SEAL_ROWS * 2 + 4 + 7 * 86_400
    (kept, _), *_ = plan_seals("acme", None, [queued(row(1))], now=START, abandoned_after=ABANDONED)
    assert kept.expires_at is None


def chain_of(batches: list[list[AuditRow]]) -> tuple[list[Seal], list[StoredRow], ChainHead]:
    seals: list[Seal] = []
    stored: list[StoredRow] = []
    head: ChainHead | None = None
    for i, batch in enumerate(batches):
        ((seal, rows),) = plan_seals(
            "acme", head, [queued(r) for r in batch], now=START + timedelta(minutes=i + 1), abandoned_after=ABANDONED
        )
        seals.append(seal)
        stored += [StoredRow(s.row, seal=seal.seq) for s in rows]
        head = head_after(seal, head)
    assert head is not None
    return seals, stored, head


def verify(seals: list[Seal], rows: list[StoredRow], head: ChainHead | None, *, exported: bool = False) -> Verification:
    return verify_chain(
        "acme",
        seals=seals,
        rows=rows,
        head=head,
        now=START + timedelta(hours=1),
        unsealed_bound=BOUND,
        abandoned_after=ABANDONED,
        exported=exported,
    )


def test_an_intact_chain_verifies() -> None:
    seals, rows, head = chain_of([[row(1), row(2)], [row(3)]])
    result = verify(seals, rows, head)
    assert result.ok and result.sealed_rows == 3


def test_a_seal_of_format_1_rows_still_verifies_and_still_catches_an_edit() -> None:
    """Seals made before format 2 name format 1: their rows are checked with it, mcp_name and all."""
    seals, rows, head = chain_of([[row(1), row(2)]])
    by_id = {stored.row.id: stored.row for stored in rows}
    entries = tuple(replace(e, digest=row_digest(by_id[e.id], 1)) for e in seals[0].entries)
    old = replace(seals[0], row_format=1, entries=entries)
    old = replace(old, digest=old.computed_digest())
    assert verify([old], rows, replace(head, digest=old.digest)).ok
    edited = [replace(rows[0], row=replace(rows[0].row, target_id="p-999")), rows[1]]
    assert not verify([old], edited, replace(head, digest=old.digest)).ok


def test_the_head_must_match_the_newest_seal() -> None:
    seals, rows, head = chain_of([[row(1)], [row(2)], [row(3)]])
    behind = verify(seals, rows, replace(head, seq=2, digest=seals[1].digest))
    assert str(behind.first_break).startswith("seal_inserted at seal 3")
    truncated = verify(seals[:2], rows, head)
    assert str(truncated.first_break).startswith("seal_missing at seal 3")
    assert not verify(seals, rows, replace(head, digest="0" * 64)).ok
    assert not verify(seals, rows, None).ok


def test_a_first_seal_must_start_from_the_genesis() -> None:
    seals, rows, head = chain_of([[row(1)]])
    forged = replace(seals[0], prev="1" * 64)
    forged = replace(forged, digest=forged.computed_digest())
    result = verify([forged], rows, replace(head, digest=forged.digest))
    assert result.first_break is not None and result.first_break.kind == "seal_modified"


def test_an_export_starting_mid_chain_takes_its_first_link_as_given() -> None:
    seals, rows, _ = chain_of([[row(1)], [row(2)], [row(3)]])
    result = verify(seals[1:], rows[1:], None, exported=True)
    assert result.ok and result.first_seal == 2 and result.notes
    gap = verify([seals[0], seals[2]], [rows[0], rows[2]], None, exported=True)
    assert str(gap.first_break).startswith("seal_missing at seal 2")
