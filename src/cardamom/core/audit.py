"""The audit row: one per connected-tool call that reaches execution.

A row is written *before* the call leaves (status ``started``) and completed after, so a
crash in between leaves a visible incomplete row rather than a missing one. It records
the account the call actually reached, never the arguments beyond the one path argument
that names the object acted on (``target_id``), and never a credential. ``client`` names
the MCP client that made the call (the grant's ``client_id`` or the ``clientInfo`` name),
when the entrypoint knows it: a 2026-07-28 request carries ``clientInfo`` in ``_meta``; a
handshake-era call does not (its ``initialize`` was another, unlinked request). ``mcp_name``
is the ``Mcp-Name`` header a 2026-07-28 ``tools/call`` carried, as decoded.

Every field is part of the row's canonical serialisation (``core.audit_chain``): adding a
field means a new row format there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from cardamom.core.orgdef import Classification

AuditStatus = Literal["started", "succeeded", "failed"]


@dataclass(frozen=True, slots=True)
class AuditRow:
    org: str
    id: str
    started_at: str  # ISO 8601, UTC
    member: str
    account: str
    connector: str
    operation: str  # the advertised tool name that ran
    classification: Classification
    approved: bool
    status: AuditStatus = "started"
    error_code: str | None = None
    target_id: str | None = None
    completed_at: str | None = None
    client: str | None = None
    mcp_name: str | None = None

    def completed(self, *, at: str, error_code: str | None) -> AuditRow:
        return replace(
            self,
            status="failed" if error_code else "succeeded",
            error_code=error_code,
            completed_at=at,
        )


MAX_AUDIT_ROWS = 1000  # one query returns at most this many rows (every store caps there)


def interrupted(row: AuditRow, now: datetime, after_seconds: float) -> bool:
    """A row still ``started`` long after any call could have ended: its process was killed.

    Every other way out of an execution completes the row, so only a process that died
    mid-call (SIGKILL, a Lambda timeout) leaves one; ``after_seconds`` must exceed the longest
    a call can take (``interrupted_after``).
    """
    if row.status != "started":
        return False
    return (now - datetime.fromisoformat(row.started_at)).total_seconds() > after_seconds


def interrupted_after(connector_timeout: float) -> float:
    """How long a call can stay ``started``: its credential and its connector exchange, each bounded
    by the connector timeout, with a minute to spare."""
    return 2 * connector_timeout + 60


@dataclass(frozen=True, slots=True)
class AuditQuery:
    member: str | None = None
    account: str | None = None
    operation: str | None = None
    status: AuditStatus | None = None
    since: str | None = None
    limit: int = 100
