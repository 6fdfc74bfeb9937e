"""Building Lambda handlers around the ASGI app; importing this module does no work."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Metrics
from mangum import Mangum

from cardamom.bootstrap import Container
from cardamom.entrypoints.asgi import create_app
from cardamom.entrypoints.lambda_events import MalformedEvent, bad_event, http_api_request

log = logging.getLogger(__name__)

LambdaHandler = Callable[[dict[str, Any], Any], dict[str, Any]]


def make_handler(container: Container, metrics: Metrics) -> LambdaHandler:
    """API Gateway (HTTP API, payload v2) -> Mangum -> the ASGI app, metrics flushed per invocation."""
    asgi = Mangum(create_app(container), lifespan="off")

    @metrics.log_metrics
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        try:
            request = http_api_request(event)
        except MalformedEvent as exc:
            log.warning("malformed event answered 400", extra={"problem": str(exc)})
            return bad_event(str(exc))
        try:
            response: dict[str, Any] = asgi(request, context)
        except Exception:
            # Mangum raises only while reading an event or shaping the answer (the app's own
            # failures it answers itself); an event that passed the check and still trips it is
            # still the event's fault.
            log.exception("an event Mangum could not serve answered 400")
            return bad_event("the event could not be served as an HTTP API request")
        return response

    return handler
