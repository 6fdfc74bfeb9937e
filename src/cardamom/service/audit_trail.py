"""The audit trail of connected-tool calls: a row opened before the call leaves, completed after.

If the row cannot be opened, the call is not sent (``AuditUnavailable``); if it cannot be
completed, it stays ``started``: visible as incomplete, never missing.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime

from cardamom.core.audit import AuditRow
from cardamom.core.pool import PoolTool
from cardamom.errors import AuditUnavailable, StoreError
from cardamom.ports import AuditLog
from cardamom.service.authorization import Caller

log = logging.getLogger(__name__)


def new_audit_id() -> str:
    return uuid.uuid4().hex


class AuditTrail:
    def __init__(
        self, audit: AuditLog, *, clock: Callable[[], float] = time.time, new_id: Callable[[], str] = new_audit_id
    ) -> None:
        self._audit = audit
        self._clock = clock
        self._new_id = new_id

    def _now(self) -> str:
        return datetime.fromtimestamp(self._clock(), UTC).isoformat()

    def open(self, caller: Caller, tool: PoolTool, account: str, target: object | None) -> AuditRow:
        """Write the ``started`` row of a call about to leave, or refuse the call."""
        row = AuditRow(
            org=caller.org,
            id=self._new_id(),
            started_at=self._now(),
            member=caller.member_id,
            account=account,
            connector=tool.connector,
            operation=tool.name,
            classification=tool.classification,
            approved=True,
            target_id=None if target is None else str(target),
            client=caller.client_id or caller.client_name,  # the grant's client, else its own name
            mcp_name=caller.mcp_name,
        )
        try:
            self._audit.begin(row)
        except StoreError as exc:
            log.error("audit row could not be written; call not sent", extra={"operation": tool.name})
            raise AuditUnavailable("the audit trail is unavailable, so the call was not sent") from exc
        return row

    def close(self, row: AuditRow, error_code: str | None) -> None:
        """Record how the call ended (``error_code`` None: it succeeded)."""
        try:
            self._audit.complete(row.completed(at=self._now(), error_code=error_code))
        except StoreError:
            log.error("audit row could not be completed", extra={"audit_id": row.id})
