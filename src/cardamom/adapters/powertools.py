"""Structured logs, metrics and traces with Powertools for AWS Lambda.

Every ``cardamom.*`` logger writes JSON through the Powertools formatter, carrying the
request's correlation id and, in Lambda, the invocation's context (request id, cold start,
function name, memory, ARN). Nothing here ever logs a header, token or credential: callers
pass only names, ids and redacted URLs as ``extra`` keys.

The service name, metrics namespace and log level come from the environment Powertools
itself reads (``POWERTOOLS_SERVICE_NAME``, ``POWERTOOLS_METRICS_NAMESPACE``; the level from
``CARDAMOM_LOG_LEVEL``, which template.yaml sets from the same parameter as
``POWERTOOLS_LOG_LEVEL``), so each function logs under its own service. Tracing (X-Ray through
the Powertools Tracer) is on only when ``POWERTOOLS_TRACE_DISABLED`` is false, and only then is
the X-Ray SDK imported.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from aws_lambda_powertools.logging.formatter import LambdaPowertoolsFormatter
from aws_lambda_powertools.metrics import Metrics, MetricUnit

if TYPE_CHECKING:
    from cardamom.service.rebuild import RebuildReport

DEFAULT_SERVICE = "cardamom"
DEFAULT_NAMESPACE = "Cardamom"
_FALSE = {"0", "false", "no", "off"}
_formatter: LambdaPowertoolsFormatter | None = None
_cold_start = True

Handler = TypeVar("Handler", bound=Callable[..., Any])


def service_name(env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    return env.get("POWERTOOLS_SERVICE_NAME", "").strip() or DEFAULT_SERVICE


def metrics_namespace(env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    return env.get("POWERTOOLS_METRICS_NAMESPACE", "").strip() or DEFAULT_NAMESPACE


def tracing_enabled(env: Mapping[str, str] | None = None) -> bool:
    """Powertools' own switch: tracing runs only where the template turned it on."""
    env = os.environ if env is None else env
    return env.get("POWERTOOLS_TRACE_DISABLED", "true").strip().lower() in _FALSE


def configure_logging(level: str = "INFO") -> LambdaPowertoolsFormatter:
    """Route the ``cardamom`` logger tree through one JSON formatter (idempotent)."""
    global _formatter
    if _formatter is None:
        _formatter = LambdaPowertoolsFormatter(service=service_name())
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(_formatter)
        root = logging.getLogger("cardamom")
        root.addHandler(handler)
        root.propagate = False
    logging.getLogger("cardamom").setLevel(level)
    return _formatter


def build_metrics() -> Metrics:
    return Metrics(namespace=metrics_namespace(), service=service_name())


def set_correlation_id(correlation_id: str | None) -> None:
    if _formatter is None:
        return
    if correlation_id is None:
        _formatter.remove_keys(["correlation_id"])
    else:
        _formatter.append_keys(correlation_id=correlation_id)


def inject_lambda_context(context: Any) -> None:
    """The invocation's context on every log line from here on (Powertools' key names)."""
    global _cold_start
    cold, _cold_start = _cold_start, False
    if _formatter is None:
        return
    _formatter.append_keys(
        function_name=getattr(context, "function_name", None),
        function_memory_size=getattr(context, "memory_limit_in_mb", None),
        function_arn=getattr(context, "invoked_function_arn", None),
        function_request_id=getattr(context, "aws_request_id", None),
        cold_start=cold,
    )


def traced(handler: Handler) -> Handler:
    """The handler under the Powertools Tracer when tracing is on; the handler itself otherwise."""
    if not tracing_enabled():
        return handler
    from aws_lambda_powertools.tracing import Tracer

    return cast(Handler, Tracer(service=service_name()).capture_lambda_handler(handler))


class PowertoolsTelemetry:
    """Per-search metrics as CloudWatch EMF, flushed by the Lambda handler's ``log_metrics``."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None:
        self._metrics.add_metric(name="SearchPoolSize", unit=MetricUnit.Count, value=pool_size)
        self._metrics.add_metric(name="SearchResults", unit=MetricUnit.Count, value=results)
        self._metrics.add_metric(name="SearchEmpty", unit=MetricUnit.Count, value=0 if results else 1)
        self._metrics.add_metric(name="SearchRestrictedMatches", unit=MetricUnit.Count, value=restricted)


def record_rebuilds(metrics: Metrics, report: RebuildReport) -> None:
    """``SnapshotRebuildFailures`` is what the template's alarm watches; a run with none says 0."""
    metrics.add_metric(name="SnapshotsRebuilt", unit=MetricUnit.Count, value=len(report.rebuilt))
    metrics.add_metric(name="SnapshotRebuildFailures", unit=MetricUnit.Count, value=len(report.failed))


class LogTelemetry:
    """The local stand-in: one debug line per search instead of EMF."""

    def __init__(self) -> None:
        self._log = logging.getLogger("cardamom.search")

    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None:
        self._log.debug(
            "search", extra={"org": org, "pool_size": pool_size, "results": results, "restricted": restricted}
        )
