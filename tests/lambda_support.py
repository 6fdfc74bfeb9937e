"""The sample API Gateway events in ``events/`` and what a Lambda handler is called with.

Shared by the tests that call a handler in-process (``tests/integration``) and by ``make
bench-cold`` (through ``tests.integration.test_lambda_events``, which imports them).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from tests.support import EVENTS

TOKEN_PLACEHOLDER = "Bearer REPLACE_WITH_TOKEN"
EVENT_FILES = sorted(EVENTS.glob("*.json"))


@dataclass(frozen=True)
class FakeLambdaContext:
    """What the Lambda runtime passes as ``context``, reduced to the attributes handlers read."""

    function_name: str = "cardamom-McpFunction-test"
    memory_limit_in_mb: int = 1024
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:cardamom-McpFunction-test"
    aws_request_id: str = "4a2c1c48-7d3e-4f6b-9a0e-0c1d2e3f4a5b"

    def get_remaining_time_in_millis(self) -> int:
        return 29_000


def load_event(name: str, token: str | None) -> dict[str, Any]:
    """An event from ``events/``; its placeholder bearer token replaced, or the header dropped if ``token`` is None."""
    event: dict[str, Any] = json.loads((EVENTS / f"{name}.json").read_text(encoding="utf-8"))
    assert event["headers"]["authorization"] == TOKEN_PLACEHOLDER
    if token is None:
        del event["headers"]["authorization"]
    else:
        event["headers"]["authorization"] = f"Bearer {token}"
    return event


def with_body(event: dict[str, Any], body: str) -> dict[str, Any]:
    changed = copy.deepcopy(event)
    changed["body"] = body
    changed["headers"]["content-length"] = str(len(body.encode()))
    return changed


def with_method(event: dict[str, Any], method: str) -> dict[str, Any]:
    """The same request as API Gateway would deliver it for a bodiless ``method`` on the same path."""
    changed = copy.deepcopy(event)
    changed["routeKey"] = changed["requestContext"]["routeKey"] = f"{method} {changed['rawPath']}"
    changed["requestContext"]["http"]["method"] = method
    del changed["body"]
    for header in ("content-type", "content-length", "mcp-protocol-version"):
        changed["headers"].pop(header, None)
    return changed


def response_json(response: dict[str, Any]) -> dict[str, Any]:
    assert response["isBase64Encoded"] is False
    assert response["headers"]["content-type"] == "application/json"
    body: dict[str, Any] = json.loads(response["body"])
    return body


def rpc_result(response: dict[str, Any], request_id: int) -> dict[str, Any]:
    assert response["statusCode"] == 200, response
    body = response_json(response)
    assert body["jsonrpc"] == "2.0"
    assert body["id"] == request_id
    assert "error" not in body, body
    result: dict[str, Any] = body["result"]
    return result
