"""Building the rebuild function's handler; importing this module does no work.

One function, two triggers (``template.yaml``): the DynamoDB stream of the directory table
(a batch of ``Records``) and an EventBridge schedule (a ``Scheduled Event``). The work is
``cardamom.service.rebuild``; the handler only tells the two events apart.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from cardamom.service.rebuild import RebuildService

log = logging.getLogger(__name__)

LambdaHandler = Callable[[dict[str, Any], Any], dict[str, Any]]


def make_handler(service: RebuildService) -> LambdaHandler:
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        if isinstance(event.get("Records"), list):
            report, failures = service.on_stream(event["Records"])
            return {
                "rebuilt": report.rebuilt,
                "failed": report.failed,
                # ReportBatchItemFailures: Lambda retries the batch from the earliest of these.
                "batchItemFailures": [{"itemIdentifier": sequence} for sequence in failures],
            }
        if event.get("detail-type") == "Scheduled Event" or event.get("source") == "aws.events":
            report = service.on_schedule()
            return {"rebuilt": report.rebuilt, "failed": report.failed, "skipped": report.skipped}
        log.warning("unrecognised event ignored", extra={"keys": sorted(event)})
        return {"rebuilt": {}, "failed": {}, "ignored": True}

    return handler
