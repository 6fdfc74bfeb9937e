"""The MCP function's module: importing it is the cold start.

Configuration, stores, the HTTP client and the snapshot cache are built here, once per
execution environment, and reused by every warm invocation. Anything that only needs to
build a handler imports ``cardamom.entrypoints.lambda_app`` instead.
"""

from __future__ import annotations

from aws_lambda_powertools import Metrics

from cardamom.adapters.powertools import PowertoolsTelemetry, configure_logging
from cardamom.bootstrap import build_container
from cardamom.config import Settings
from cardamom.entrypoints.lambda_app import LambdaHandler, deferred_handler, make_handler


def _cold_start() -> LambdaHandler:
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    metrics = Metrics(namespace="Cardamom", service="cardamom")

    def build(configured: Settings) -> LambdaHandler:
        return make_handler(build_container(configured, telemetry=PowertoolsTelemetry(metrics)), metrics)

    if settings.public_url is None and settings.backend == "aws":  # learned from the first request's domain
        return deferred_handler(lambda url: build(settings.with_public_url(url)))
    return build(settings)


handler = _cold_start()
