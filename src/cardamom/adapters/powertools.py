"""Structured logs and metrics with Powertools for AWS Lambda.

Every ``cardamom.*`` logger writes JSON through the Powertools formatter, carrying the
request's correlation id. Nothing here ever logs a header, token or credential: callers
pass only names, ids and redacted URLs as ``extra`` keys.
"""

from __future__ import annotations

import logging
import sys

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.logging.formatter import LambdaPowertoolsFormatter
from aws_lambda_powertools.metrics import MetricUnit

SERVICE = "cardamom"
_formatter: LambdaPowertoolsFormatter | None = None


def configure_logging(level: str = "INFO") -> LambdaPowertoolsFormatter:
    """Route the ``cardamom`` logger tree through one JSON formatter (idempotent)."""
    global _formatter
    if _formatter is None:
        _formatter = LambdaPowertoolsFormatter(service=SERVICE)
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(_formatter)
        root = logging.getLogger("cardamom")
        root.addHandler(handler)
        root.propagate = False
    logging.getLogger("cardamom").setLevel(level)
    return _formatter


def set_correlation_id(correlation_id: str | None) -> None:
    if _formatter is None:
        return
    if correlation_id is None:
        _formatter.remove_keys(["correlation_id"])
    else:
        _formatter.append_keys(correlation_id=correlation_id)


class PowertoolsTelemetry:
    """Per-search metrics as CloudWatch EMF, flushed by the Lambda handler's ``log_metrics``."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None:
        self._metrics.add_metric(name="SearchPoolSize", unit=MetricUnit.Count, value=pool_size)
        self._metrics.add_metric(name="SearchResults", unit=MetricUnit.Count, value=results)
        self._metrics.add_metric(name="SearchEmpty", unit=MetricUnit.Count, value=0 if results else 1)
        self._metrics.add_metric(name="SearchRestrictedMatches", unit=MetricUnit.Count, value=restricted)


class LogTelemetry:
    """The local stand-in: one debug line per search instead of EMF."""

    def __init__(self) -> None:
        self._log = logging.getLogger("cardamom.search")

    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None:
        self._log.debug(
            "search", extra={"org": org, "pool_size": pool_size, "results": results, "restricted": restricted}
        )
