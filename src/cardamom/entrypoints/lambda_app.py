"""Building Lambda handlers around the ASGI app; importing this module does no work.

``make_handler`` wraps a built container; ``make_deferred_handler`` builds it on the first
invocation, which is what the MCP function's cold start uses (``lambda_mcp``): the module
import (Lambda's init phase) stays about as cheap as importing boto3 and building its clients,
and the application is built on the first request, which needs it anyway. Both put the
invocation's context on the log lines and flush metrics once per invocation.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardamom.adapters.powertools import inject_lambda_context
from cardamom.entrypoints.lambda_events import MalformedEvent, bad_event, http_api_request
from cardamom.entrypoints.lambda_types import LambdaHandler

if TYPE_CHECKING:
    from aws_lambda_powertools.metrics import Metrics

    from cardamom.bootstrap import Container

log = logging.getLogger(__name__)


def _asgi_handler(container: Container) -> LambdaHandler:
    """API Gateway (HTTP API, payload v2) -> Mangum -> the ASGI app."""
    from mangum import Mangum

    from cardamom.entrypoints.asgi import create_app

    asgi = Mangum(create_app(container), lifespan="off")

    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        try:
            response: dict[str, Any] = asgi(event, context)
        except Exception:
            # Mangum raises only while reading an event or shaping the answer (the app's own
            # failures it answers itself); an event that passed the check and still trips it is
            # still the event's fault.
            log.exception("an event Mangum could not serve answered 400")
            return bad_event("the event could not be served as an HTTP API request")
        return response

    return handler


def event_domain(event: dict[str, Any]) -> str | None:
    """The domain API Gateway served the event on (``requestContext.domainName``, else ``Host``)."""
    context = event.get("requestContext")
    headers = event.get("headers")
    domain = context.get("domainName") if isinstance(context, dict) else None
    if not domain and isinstance(headers, dict):
        domain = headers.get("host")
    return domain if isinstance(domain, str) and domain else None


def make_deferred_handler(build: Callable[[dict[str, Any]], Container | None], metrics: Metrics) -> LambdaHandler:
    """The handler, whose container is built by ``build`` from the first invocation's event (and
    again on the next one if that build failed, or if ``build`` could not use the event: such an
    event is answered 400)."""
    built: list[LambdaHandler] = []

    @metrics.log_metrics
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        inject_lambda_context(context)
        try:  # checked before Mangum (or the first build) reads it: a malformed event is a 400
            event = http_api_request(event)
        except MalformedEvent as exc:
            log.warning("malformed event answered 400", extra={"problem": str(exc)})
            return bad_event(str(exc))
        if not built:
            container = build(event)
            if container is None:
                return {
                    "statusCode": 400,
                    "headers": {"content-type": "application/json"},
                    "body": '{"error": "invalid_request", "error_description": "the event names no domain"}',
                }
            built.append(_asgi_handler(container))
        return built[0](event, context)

    return handler


def make_handler(container: Container, metrics: Metrics) -> LambdaHandler:
    return make_deferred_handler(lambda _event: container, metrics)
