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


def deferred_handler(build: Callable[[str], LambdaHandler]) -> LambdaHandler:
    """A handler built on the first event, from the domain API Gateway served it on.

    Used when CARDAMOM_PUBLIC_URL is unset on AWS: the issuer and the MCP resource URL are
    then ``https://{requestContext.domainName}``, fixed for the life of the process.
    """
    built: list[LambdaHandler] = []

    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        if not built:
            domain = event.get("requestContext", {}).get("domainName") or event.get("headers", {}).get("host")
            if not isinstance(domain, str) or not domain:
                return {"statusCode": 500, "body": "CARDAMOM_PUBLIC_URL is unset and the event names no domain"}
            built.append(build(f"https://{domain}"))
        return built[0](event, context)

    return handler
