"""The MCP function: API Gateway (HTTP API, payload v2) -> Mangum -> the ASGI app.

Configuration, stores, the HTTP client and the snapshot cache are built at import, once
per cold start, and reused by every warm invocation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Metrics
from mangum import Mangum

from cardamom.adapters.powertools import PowertoolsTelemetry, configure_logging
from cardamom.bootstrap import Container, build_container
from cardamom.config import Settings
from cardamom.entrypoints.asgi import create_app

LambdaHandler = Callable[[dict[str, Any], Any], dict[str, Any]]


def make_handler(container: Container, metrics: Metrics) -> LambdaHandler:
    asgi = Mangum(create_app(container), lifespan="off")

    @metrics.log_metrics
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        response: dict[str, Any] = asgi(event, context)
        return response

    return handler


def _cold_start() -> LambdaHandler:
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    metrics = Metrics(namespace="Cardamom", service="cardamom")
    return make_handler(build_container(settings, telemetry=PowertoolsTelemetry(metrics)), metrics)


handler = _cold_start()
