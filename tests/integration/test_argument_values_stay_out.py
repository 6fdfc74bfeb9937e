"""An argument value never reaches an audit row, an export, a log line or an insight: only the
target id (the one path argument naming the object) is recorded, in the audit row."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

import pytest
from aws_lambda_powertools.logging.formatter import LambdaPowertoolsFormatter

from cardamom.core.audit import AuditQuery
from cardamom.service.audit_export import export_lines
from cardamom.service.authorization import Caller
from tests.fakes import RecordingTransport, StaticCredentials
from tests.orgs import connection, notion, org_yaml, tool
from tests.support import make_container

ORG = org_yaml(
    notion(
        tool(
            "search_by_title",
            "/v1/search",
            method="POST",
            description="Search pages by title.",
            classification="read",
            input_schema={
                "type": "object",
                "properties": {"query": {"type": "string"}, "owner": {"type": "string"}},
                "required": ["query"],
            },
        ),
        tool(
            "list_page_comments",
            "/v1/pages/{page_id}/comments",
            description="List the comments of a page.",
            target="page_id",
            input_schema={
                "type": "object",
                "properties": {
                    "page_id": {"type": "string"},
                    "author": {"type": "string"},
                    "page_size": {"type": "integer"},
                },
                "required": ["page_id"],
            },
        ),
    ),
    connections=[connection("notion-legal", "notion", token_env="LEGAL")],
    members={"alice": "member"},
)
SECRET_WORDS = ("zanzibar", "quokka", "55319731", "ops@", "nightjar", "77810246")


@pytest.fixture
def log_text() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(LambdaPowertoolsFormatter(service="cardamom"))
    logger = logging.getLogger("cardamom")
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield stream
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def test_argument_values_reach_no_row_export_log_or_insight(tmp_path: Path, log_text: io.StringIO) -> None:
    home = tmp_path / "home"
    transport = RecordingTransport()
    container = make_container(home, org_text=ORG, transport=transport, credentials=StaticCredentials())
    caller = Caller("acme", "alice", "member", frozenset({"mcp:read", "mcp:tools"}))

    async def calls() -> None:
        await container.execution.execute(
            caller,
            "notion-legal__search_by_title",
            {"query": "Zanzibar Quokka 55319731", "owner": "ops@zanzibar.example"},
        )
        await container.execution.execute(
            caller,
            "notion-legal__list_page_comments",
            {"page_id": "page-1", "author": "Nightjar", "page_size": 77810246},
        )

    asyncio.run(calls())
    sent = json.dumps([(r.url, r.json_body) for r in transport.sent])
    assert "Zanzibar" in sent and "Nightjar" in sent and "77810246" in sent  # the values did leave, to the connector

    for query in (
        "find 'Zanzibar Quokka' 55319731 in gmail for ops@zanzibar.example",
        "gmail nightjar https://zanzibar.example/77810246 #quokka @nightjar",
    ):
        assert container.search.search(caller, query).empty
    assert container.unmet_searches is not None and container.unmet_searches.buffer.flush()

    rows = container.audit.query("acme", AuditQuery())
    assert {r.target_id for r in rows} == {None, "page-1"}  # the target id is the one argument kept
    exported = "".join(export_lines(container.audit_sealer.chain, "acme", since=None, now=datetime.now(UTC)))
    insights = container.unmet_searches.insights("acme", since="2000-01-01")
    stored = container.unmet_searches.buffer.store.query("acme", limit=100)
    assert stored and all(r.apps == ("Gmail",) for r in stored)
    with_words = {
        "audit rows": json.dumps([asdict(r) for r in rows]),
        "export": exported,
        "log lines": log_text.getvalue(),
        "insights": json.dumps(insights.as_dict()),
        "unmet-search records": repr(stored),
    }
    assert log_text.getvalue(), "the calls should have been logged"
    for where, text in with_words.items():
        for word in SECRET_WORDS:
            assert word not in text.lower(), f"{word!r} reached the {where}"
