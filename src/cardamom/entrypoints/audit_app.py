"""Building the audit function's handler; importing this module does no work.

Two EventBridge schedules (``template.yaml``) invoke it with a constant input: ``{"action":
"seal"}`` every minute and ``{"action": "export"}`` on the export schedule. A scheduled event
without input seals. One org's failure never stops the others; when any failed, the
invocation fails once all are done, so Lambda counts an error (``AuditFunctionErrorsAlarm``).
"""

from __future__ import annotations

import logging
from typing import Any

from cardamom.entrypoints.lambda_types import LambdaHandler
from cardamom.errors import AuditScheduleFailed
from cardamom.service.audit_schedule import AuditSchedule

log = logging.getLogger(__name__)


def make_handler(schedule: AuditSchedule) -> LambdaHandler:
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        action = event.get("action")
        if action is None and (event.get("detail-type") == "Scheduled Event" or event.get("source") == "aws.events"):
            action = "seal"
        if action in ("seal", "export"):
            report = schedule.seal() if action == "seal" else schedule.export()
            if report["failed"]:
                problems = "; ".join(f"{org}: {problem}" for org, problem in sorted(report["failed"].items()))
                raise AuditScheduleFailed(f"audit {action} failed for {len(report['failed'])} org(s) ({problems})")
            return report
        log.warning("unrecognised event ignored", extra={"keys": sorted(event)})
        return {"ignored": True}

    return handler
