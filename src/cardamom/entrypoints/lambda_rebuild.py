"""The rebuild function's module: importing it is the cold start.

Configuration and stores are built here, once per execution environment; the handler
(``cardamom.entrypoints.rebuild_app``) rebuilds snapshots from the directory stream and on
the one-minute schedule. Anything that only needs to build a handler imports
``rebuild_app`` instead.
"""

from __future__ import annotations

from typing import Any

from cardamom.adapters.powertools import build_metrics, configure_logging, inject_lambda_context, traced
from cardamom.bootstrap import build_rebuilder
from cardamom.config import Settings
from cardamom.entrypoints.lambda_types import LambdaHandler
from cardamom.entrypoints.rebuild_app import make_handler


def _cold_start() -> LambdaHandler:
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    metrics = build_metrics()
    rebuild = make_handler(build_rebuilder(settings), metrics)

    @metrics.log_metrics
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        inject_lambda_context(context)
        return rebuild(event, context)

    return traced(handler)


handler = _cold_start()
