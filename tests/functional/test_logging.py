"""Logs are structured JSON with the correlation id, and never carry a token or credential."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
from aws_lambda_powertools.logging.formatter import LambdaPowertoolsFormatter

from tests.harness import FakeApp
from tests.orgs import notion_only_org_text


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    formatter = LambdaPowertoolsFormatter(service="cardamom")
    formatter.append_keys(correlation_id="req-123")
    handler.setFormatter(formatter)
    logger = logging.getLogger("cardamom")
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield stream
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def test_connector_calls_are_logged_without_credentials(log_lines: io.StringIO) -> None:
    app = FakeApp()
    app.apply(notion_only_org_text())
    app.call("notion-legal__retrieve_page", {"page_id": "p-1"})
    app.audit.fail_begin = True
    app.call("notion-legal__retrieve_page", {"page_id": "p-2"})
    records = [json.loads(line) for line in log_lines.getvalue().splitlines()]
    assert records, "the call should have been logged"
    assert all(r["correlation_id"] == "req-123" and r["service"] == "cardamom" for r in records)
    calling = [r for r in records if r["message"] == "calling connector"]
    assert calling[0]["url"] == "https://api.notion.com/v1/pages/{page_id}"  # never an argument value
    assert any(r["message"].startswith("audit row could not be written") for r in records)
    assert app.credentials.token not in log_lines.getvalue()
    assert "Bearer" not in log_lines.getvalue()
