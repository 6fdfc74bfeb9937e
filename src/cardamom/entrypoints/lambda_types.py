"""What a Lambda function's handler is, for the three functions (MCP, rebuild, audit) alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# (event, context) -> the response Lambda returns: API Gateway's for the MCP function, an
# outcome the logs and metrics read for the scheduled and stream-triggered ones.
LambdaHandler = Callable[[dict[str, Any], Any], dict[str, Any]]
