"""The audit function's module: importing it is the cold start.

Configuration and stores are built here, once per execution environment; the handler
(``cardamom.entrypoints.audit_app``) seals the audit trail every minute and exports it to S3
on its own schedule.
"""

from __future__ import annotations

from typing import Any

from cardamom.adapters.powertools import configure_logging, inject_lambda_context, traced
from cardamom.bootstrap import build_audit_schedule
from cardamom.config import Settings
from cardamom.entrypoints.audit_app import make_handler
from cardamom.entrypoints.lambda_types import LambdaHandler


def _cold_start() -> LambdaHandler:
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    audit = make_handler(build_audit_schedule(settings))

    def handler(event: dict[str, Any], context: Any) -> Any:
        inject_lambda_context(context)
        return audit(event, context)

    return traced(handler)


handler = _cold_start()
