"""Building the audit function's handler; importing this module does no work.

Two EventBridge schedules (``template.yaml``) invoke it with a constant input: ``{"action":
"seal"}`` every minute and ``{"action": "export"}`` on the export schedule. A scheduled event
without input seals.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from cardamom.service.audit_schedule import AuditSchedule

log = logging.getLogger(__name__)

LambdaHandler = Callable[[dict[str, Any], Any], dict[str, Any]]


def make_handler(schedule: AuditSchedule) -> LambdaHandler:
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        action = event.get("action")
        if action is None and (event.get("detail-type") == "Scheduled Event" or event.get("source") == "aws.events"):
            action = "seal"
        if action == "seal":
            return schedule.seal()
        if action == "export":
            return schedule.export()
        log.warning("unrecognised event ignored", extra={"keys": sorted(event)})
        return {"ignored": True}

    return handler
