"""Building the rebuild function's handler; importing this module does no work.

One function, two triggers (``template.yaml``): the DynamoDB stream of the directory table
(a batch of ``Records``) and an EventBridge schedule (a ``Scheduled Event``). The work is
``cardamom.service.rebuild``; the handler only tells the two events apart, counts the
outcome (``SnapshotsRebuilt``, ``SnapshotRebuildFailures``) and, when any org failed, fails
the invocation: Lambda counts an error, retries the stream batch (bisecting it) a bounded
number of times and then sends it to the on-failure queue; the next scheduled run retries
the schedule's orgs.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from cardamom.entrypoints.lambda_types import LambdaHandler
from cardamom.errors import RebuildFailed
from cardamom.service.rebuild import RebuildReport, RebuildService

if TYPE_CHECKING:
    from aws_lambda_powertools.metrics import Metrics

log = logging.getLogger(__name__)


def make_handler(service: RebuildService, metrics: Metrics | None = None) -> LambdaHandler:
    def outcome(report: RebuildReport, **extra: Any) -> dict[str, Any]:
        if metrics is not None:
            from cardamom.adapters.powertools import record_rebuilds

            record_rebuilds(metrics, report)
        if report.failed:
            problems = "; ".join(f"{org}: {problem}" for org, problem in sorted(report.failed.items()))
            raise RebuildFailed(f"{len(report.failed)} snapshot rebuild(s) failed ({problems})")
        return {"rebuilt": report.rebuilt, "failed": report.failed, **extra}

    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        if isinstance(event.get("Records"), list):
            return outcome(service.on_stream(event["Records"])[0])
        if event.get("detail-type") == "Scheduled Event" or event.get("source") == "aws.events":
            report = service.on_schedule()
            return outcome(report, skipped=report.skipped)
        log.warning("unrecognised event ignored", extra={"keys": sorted(event)})
        return {"rebuilt": {}, "failed": {}, "ignored": True}

    return handler
