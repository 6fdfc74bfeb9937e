"""The MCP function's module: importing it is the cold start (Lambda's init phase).

Here, once per execution environment: the configuration is read and checked (a missing or
malformed variable stops the init with a message naming it), logging and metrics are set up,
and the DynamoDB client every request uses is built. The application itself (stores, services,
the ASGI app) is built on the first invocation and reused by every later one
(``lambda_app.make_deferred_handler``); the S3 and Secrets Manager clients, the HTTP client
for connectors and the OAuth client are built when first needed. docs/aws.md has the figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardamom.adapters.powertools import build_metrics, configure_logging, traced
from cardamom.config import Settings
from cardamom.entrypoints.lambda_app import event_domain, make_deferred_handler
from cardamom.entrypoints.lambda_types import LambdaHandler

if TYPE_CHECKING:
    from cardamom.bootstrap import Container


def _cold_start() -> LambdaHandler:
    settings = Settings.from_env()
    settings.check_signin_state()
    configure_logging(settings.log_level)
    metrics = build_metrics()
    clients = None
    if settings.aws is not None:
        from cardamom.adapters.aws import aws_clients

        clients = aws_clients(settings.aws)

    def build(event: dict[str, Any]) -> Container | None:
        from cardamom.adapters.powertools import PowertoolsTelemetry
        from cardamom.bootstrap import build_container, build_stores

        configured = settings
        if settings.public_url is None and settings.backend == "aws":
            # The issuer and resource URL are learned from the first request's domain: the
            # template cannot name the API's own URL in its function without a dependency cycle.
            domain = event_domain(event)
            if domain is None:
                return None
            configured = settings.with_public_url(f"https://{domain}")
        stores = build_stores(configured, clients)
        return build_container(configured, stores=stores, telemetry=PowertoolsTelemetry(metrics))

    return traced(make_deferred_handler(build, metrics))


handler = _cold_start()
