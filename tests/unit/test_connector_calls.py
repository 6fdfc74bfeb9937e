"""Retries, backoff and Retry-After, with a scripted transport and a recorded sleep."""

from __future__ import annotations

from datetime import UTC, datetime

import anyio
import pytest

from cardamom.core.outbound import OutboundRequest
from cardamom.ports import OutboundResponse
from cardamom.service.connector_calls import ConnectorCaller, ConnectorLimits, retry_after_seconds
from tests.fakes import RecordingTransport

BASE = "https://api.example.com/v1"


def scripted(*statuses: tuple[int, dict[str, str]]) -> RecordingTransport:
    queue = list(statuses)

    def respond(_: OutboundRequest) -> OutboundResponse:
        status, headers = queue.pop(0) if len(queue) > 1 else queue[0]
        return OutboundResponse(status, headers, b"{}")

    return RecordingTransport(respond)


def run(transport: RecordingTransport, method: str = "GET") -> tuple[int, list[float]]:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    caller = ConnectorCaller(transport, ConnectorLimits(allow_loopback_http=False, connector_timeout=5), sleep=sleep)
    response = anyio.run(caller.call, OutboundRequest(method, f"{BASE}/things"), BASE)
    return response.status, slept


def test_backoff_doubles_between_retries() -> None:
    transport = scripted((503, {}), (502, {}), (200, {}))
    assert run(transport) == (200, [0.25, 0.5])
    assert len(transport.sent) == 3


def test_retries_stop_after_two() -> None:
    transport = scripted((500, {}))
    assert run(transport) == (500, [0.25, 0.5])
    assert len(transport.sent) == 3


def test_retry_after_is_honoured_within_the_cap() -> None:
    assert run(scripted((429, {"Retry-After": "3"}), (200, {}))) == (200, [3.0])
    assert run(scripted((429, {"Retry-After": "60"}), (200, {}))) == (429, [])


@pytest.mark.parametrize("method", ["POST", "PATCH"])
def test_non_idempotent_methods_are_never_retried(method: str) -> None:
    transport = scripted((503, {}), (200, {}))
    assert run(transport, method) == (503, [])
    assert len(transport.sent) == 1


def test_client_errors_are_not_retried() -> None:
    transport = scripted((404, {}), (200, {}))
    assert run(transport) == (404, [])


def test_retry_after_parsing() -> None:
    now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds("7") == 7.0
    assert retry_after_seconds("Sun, 29 Nov 2026 12:00:30 GMT", now) == 30.0
    assert retry_after_seconds("Sun, 29 Nov 2026 11:00:00 GMT", now) == 0.0
    assert retry_after_seconds("soon") is None
    assert retry_after_seconds(None) is None
