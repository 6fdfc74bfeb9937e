"""Every way out of an execution closes its audit row (issue #12).

Once a row is ``started``, success, a refusal after the start, any exception (a store's
included), a timeout and a cancellation all complete it as ``succeeded`` or ``failed`` with
a code. Only a killed process leaves ``started`` (tests/reliability/test_sigkill.py).
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest

from cardamom.core.audit import AuditRow
from cardamom.core.orgdef import AuthSpec
from cardamom.core.outbound import Credential, OutboundRequest
from cardamom.core.pool import AccountInfo
from cardamom.errors import StoreError
from cardamom.ports import OutboundResponse
from tests.fakes import RecordingTransport, StaticCredentials
from tests.harness import FakeApp
from tests.orgs import NOTION_LEGAL, notion, notion_only_org_text, notion_tool, org_yaml


def only_row(app: FakeApp) -> AuditRow:
    (row,) = app.audit.rows.values()
    return row


def answering(status: int, body: bytes, headers: dict[str, str] | None = None) -> RecordingTransport:
    return RecordingTransport(lambda _: OutboundResponse(status, headers or {"content-type": "application/json"}, body))


class BrokenSecretStore(StaticCredentials):
    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        raise StoreError("Secrets Manager: ThrottlingException")


class ExplodingTransport(RecordingTransport):
    async def send(self, request: OutboundRequest) -> OutboundResponse:
        self.sent.append(request)
        raise RuntimeError("a bug in a transport")


class HangingTransport(RecordingTransport):
    async def send(self, request: OutboundRequest) -> OutboundResponse:
        self.sent.append(request)
        await anyio.sleep_forever()
        raise AssertionError("unreachable")


def app_with(**parts: Any) -> FakeApp:
    app = FakeApp(**parts)
    app.apply(notion_only_org_text())
    return app


def call_page(app: FakeApp, page_id: str = "p-1") -> dict[str, Any]:
    return app.call("notion-legal__retrieve_page", {"page_id": page_id})


def test_success_completes_the_row() -> None:
    app = app_with()
    assert call_page(app)["isError"] is False
    row = only_row(app)
    assert (row.status, row.error_code) == ("succeeded", None) and row.completed_at is not None


def test_a_secret_store_failure_is_in_band_and_closes_the_row() -> None:
    app = app_with(credentials=BrokenSecretStore())
    result = call_page(app)
    assert result["isError"] is True
    assert result["structuredContent"]["error"]["code"] == "credential_unavailable"
    assert "secret store" in result["structuredContent"]["error"]["message"]
    assert (only_row(app).status, only_row(app).error_code) == ("failed", "credential_unavailable")
    assert app.transport.sent == []


def test_an_unexpected_exception_closes_the_row_as_an_internal_error() -> None:
    app = app_with(transport=ExplodingTransport())
    reply = app.rpc("tools/call", {"name": "notion-legal__retrieve_page", "arguments": {"page_id": "p"}})
    assert reply.body is not None and reply.body["error"]["code"] == -32603  # a real bug stays a bug
    assert (only_row(app).status, only_row(app).error_code) == ("failed", "internal_error")


def test_a_cancelled_call_closes_the_row() -> None:
    app = app_with(transport=HangingTransport())
    caller = app.caller()

    async def run() -> None:
        with anyio.move_on_after(0.2):
            await app.container.execution.execute(caller, "notion-legal__retrieve_page", {"page_id": "p"})

    anyio.run(run)
    assert (only_row(app).status, only_row(app).error_code) == ("failed", "cancelled")


def test_a_timeout_closes_the_row() -> None:
    app = app_with(transport=HangingTransport())
    app.container.execution._connectors._timeout = 0.2  # the connector deadline, short for the test
    result = call_page(app)
    assert result["structuredContent"]["error"]["detail"] == "connector_timeout"
    assert (only_row(app).status, only_row(app).error_code) == ("failed", "connector_timeout")


@pytest.mark.parametrize(
    "location",
    [
        "data:text/plain,hi",
        "javascript:alert(1)",
        "http:\\\\evil.example\\path",
        "/v1/pages/\x00",
        "https://api.notion.com/v1/pages/a b",
        "https://[::1",
        "https://api.notion.com:99999/v1/pages/x",
    ],
)
def test_a_redirect_nothing_can_parse_is_refused_and_closes_the_row(location: str) -> None:
    app = app_with(transport=answering(302, b"", {"location": location}))
    result = call_page(app)
    assert result["structuredContent"]["error"]["code"] == "outbound_refused", result
    assert (only_row(app).status, only_row(app).error_code) == ("failed", "outbound_refused")
    assert len(app.transport.sent) == 1


def test_an_upstream_nested_past_any_reader_is_text_not_a_crash() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    app = app_with(transport=answering(200, deep))
    result = call_page(app)
    assert result["isError"] is False
    assert result["structuredContent"]["cardamom_truncated"] is True
    assert only_row(app).status == "succeeded"


def test_a_header_argument_must_be_printable_ascii() -> None:
    traced = notion_tool(
        "list_all_users",
        input_schema={"type": "object", "properties": {"X-Trace": {"type": "string"}}},
        arguments_in={"X-Trace": "header"},
    )
    org = org_yaml(notion(traced, "retrieve_page"), connections=[NOTION_LEGAL], members={"alice": "member"})
    app = FakeApp()
    app.apply(org)
    for value in ("a\r\nInjected: 1", "caf\u00e9", "\x00"):
        result = app.call("notion-legal__list_all_users", {"X-Trace": value})
        assert result["structuredContent"]["error"]["code"] == "invalid_arguments", json.dumps(result)
    assert app.transport.sent == [] and app.audit.rows == {}
