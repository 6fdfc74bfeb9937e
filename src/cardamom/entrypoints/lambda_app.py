"""Building Lambda handlers around the ASGI app; importing this module does no work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Metrics
from mangum import Mangum

from cardamom.bootstrap import Container
from cardamom.entrypoints.asgi import create_app

LambdaHandler = Callable[[dict[str, Any], Any], dict[str, Any]]


def make_handler(container: Container, metrics: Metrics) -> LambdaHandler:
    """API Gateway (HTTP API, payload v2) -> Mangum -> the ASGI app, metrics flushed per invocation."""
    asgi = Mangum(create_app(container), lifespan="off")

    @metrics.log_metrics
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        response: dict[str, Any] = asgi(event, context)
        return response

    return handler
