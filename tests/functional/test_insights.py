"""Unmet searches: recorded off the request path, never the query nor an argument value, and
summarised for admins by ``cardamom__insights__get`` and ``cardamom insights``."""

from __future__ import annotations

import io
import itertools
import json
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools import Metrics
from joserfc.jwk import ECKey

from cardamom.adapters.dynamodb_insights import DynamoUnmetSearchLog
from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.adapters.sqlite_insights import SqliteUnmetSearchLog
from cardamom.bootstrap import Stores, build_container
from cardamom.core.insights import UnmetSearch
from cardamom.core.orgfile import parse_org_definition
from cardamom.entrypoints.cli import main
from cardamom.entrypoints.lambda_app import make_handler
from cardamom.ports import UnmetSearchLog
from cardamom.service.authorization import Caller
from cardamom.service.unmet_searches import BufferedUnmetSearches
from tests.aws_support import AwsBackend, aws_settings, mint
from tests.fakes import MemorySecretStore, MemoryUnmetSearchLog, RefusingVerifier
from tests.harness import SETTINGS, FakeApp
from tests.lambda_support import FakeLambdaContext, load_event, rpc_result
from tests.orgs import block, calcom, connection, connector, notion, notion_tool, org_yaml, tool
from tests.support import make_container

ORG = org_yaml(
    notion(notion_tool("list_all_users", description="List all users."), "create_page"),
    calcom(),
    connector(
        "slack",
        "Slack",
        "https://slack.com/api",
        tool("post_message", "/chat.postMessage", method="POST", description="Post a message to a channel."),
    ),
    connections=[
        connection("notion-legal", "notion", token_env="LEGAL"),
        connection("calcom", "calcom", status="pending", token_env="CAL"),
        connection("slack-sales", "slack", token_env="SLACK"),
    ],
    members={"alice": "member", "max": "member", "olivia": "owner", "adam": "admin", "audrey": "auditor"},
    restrictions=[
        block("notion", role="member", tools=["create_page"], id="no-pages"),
        block("slack", role="member", id="no-slack"),
    ],
)
# What a model writes when it means to pass values: none of them may be stored anywhere.
VALUES = ("bob@example.com", "Nightingale", "4242", "https://files.example.com/q3", "PROJ-981")
LEAKY_QUERY = (
    "send a gmail to bob@example.com about 'Project Nightingale' ticket 4242 https://files.example.com/q3 PROJ-981"
)


@dataclass
class InsightsApp(FakeApp):
    """The in-memory app, its unmet searches kept in memory too."""

    unmet_log: MemoryUnmetSearchLog = field(default_factory=MemoryUnmetSearchLog)

    def __post_init__(self) -> None:
        ids = itertools.count(1)
        self.container = build_container(
            SETTINGS,
            stores=Stores(self.directory, self.audit, self.store, MemorySecretStore(), unmet_searches=self.unmet_log),
            transport=self.transport,
            credentials=self.credentials,
            discovery=self.discovery,
            telemetry=self.telemetry,
            verifier=RefusingVerifier(),
            clock=lambda: self.now,
            new_id=lambda: f"audit-{next(ids)}",
        )
        self.snapshots = self.container.snapshots
        self.admin = self.container.admin
        self.endpoint = self.container.endpoint
        assert self.container.unmet_searches is not None
        self.unmet = self.container.unmet_searches

    def records(self) -> list[UnmetSearch]:
        assert self.unmet.buffer.flush()
        return list(self.unmet_log.records)


@pytest.fixture
def app() -> InsightsApp:
    fake = InsightsApp()
    fake.apply(ORG)
    return fake


def test_each_kind_of_empty_search_is_recorded_without_the_query(app: InsightsApp) -> None:
    alice = app.caller("alice")
    assert app.search("list_all_cal_com_schedules", caller=alice)["results"] == []  # Cal.com: pending
    assert app.search("post a slack message", caller=alice)["results"] == []  # Slack: blocked for members
    assert app.search("create page", caller=alice)["results"] == []
    assert app.search(LEAKY_QUERY, caller=alice)["results"] == []  # Gmail: never connected
    assert app.search("archive the quarterly ticket", caller=alice)["results"] == []
    records = app.records()
    assert [(r.reason, r.apps) for r in records] == [
        ("app_without_usable_tools", ("Cal.com",)),
        ("app_without_usable_tools", ("Slack",)),
        ("restricted_only", ()),
        ("app_not_connected", ("Gmail",)),
        ("words_uncovered", ()),
    ]
    calcom, slack, pages, gmail, uncovered = records
    assert not {"cal", "com"} & set(calcom.words)  # counted as the app, not as words
    assert slack.restricted_tools == ("slack-sales__post_message",)
    assert pages.restricted_tools == ("notion-legal__create_page",)
    assert "gmail" not in gmail.words  # counted as the app
    assert {"archive", "quarterly", "ticket"} <= set(uncovered.words)
    stored = repr([(r.reason, r.apps, r.words, r.restricted_tools) for r in records])
    for value in (*VALUES, "bob", "example", "project", "nightingale", "files", "proj", "981", "q3"):
        assert value.lower() not in stored.lower(), value
    assert {(r.member, r.role) for r in app.records()} == {("alice", "member")}


def test_a_search_with_results_writes_nothing(app: InsightsApp) -> None:
    assert app.search("list notion users")["results"]
    assert app.records() == [] and app.unmet_log.writes == 0


def test_the_write_never_holds_up_the_answer(app: InsightsApp, caplog: pytest.LogCaptureFixture) -> None:
    app.unmet_log.gate = threading.Event()  # the store hangs
    started = time.monotonic()
    for _ in range(5):
        assert app.search("gmail inbox")["results"] == []
    assert time.monotonic() - started < 5  # each answer came back while the writes were stuck
    assert app.unmet_log.writes == 0
    app.unmet_log.gate.set()
    assert len(app.records()) == 5

    app.unmet_log.fail = True  # the store is down: the search still answers, the record is dropped
    assert app.search("gmail inbox")["results"] == []
    assert app.unmet.buffer.flush()
    assert "unmet search not recorded" in caplog.text


def test_a_full_queue_drops_records_rather_than_wait() -> None:
    log = MemoryUnmetSearchLog()
    log.gate = threading.Event()
    buffer = BufferedUnmetSearches(log, capacity=2)
    record = UnmetSearch("acme", "u", "2026-11-29T12:00:00+00:00", "alice", "member", "words_uncovered", words=("x",))
    for _ in range(10):
        buffer.record(record)
    assert buffer.dropped >= 7
    log.gate.set()
    assert buffer.flush()


def test_the_insights_operation_is_for_admins_and_owners(app: InsightsApp) -> None:
    for member in ("alice", "max"):
        app.search("list_all_cal_com_schedules", caller=app.caller(member))
        app.search("gmail inbox", caller=app.caller(member))
    app.search("gmail", caller=app.caller("alice"))
    app.search("create page", caller=app.caller("max"))
    app.records()
    for member in ("adam", "olivia"):
        result = app.call("cardamom__insights__get", {"since": "2020-01-01"}, caller=app.caller(member))
        assert result["isError"] is False, result
    found = result["structuredContent"]
    assert found["unmet_searches"] == 6 and found["members"] == 2
    assert found["unconnected_apps"][0] == {  # Gmail: never connected
        "name": "Gmail",
        "searches": 3,
        "members": 2,
        "last_at": found["unconnected_apps"][0]["last_at"],
    }
    assert found["unusable_apps"][0] == {  # Cal.com: its one connection is pending
        "name": "Cal.com",
        "searches": 2,
        "members": 2,
        "last_at": found["unusable_apps"][0]["last_at"],
    }
    assert found["restricted_tools"][0]["name"] == "notion-legal__create_page"
    assert found["restricted_tools"][0]["role"] == "member"
    assert sum(d["searches"] for d in found["per_day"]) == 6
    for member in ("alice", "audrey"):
        refused = app.call("cardamom__insights__get", caller=app.caller(member))
        assert refused["isError"] is True
    assert app.call("cardamom__insights__get", caller=app.caller("alice"))["structuredContent"]["error"][
        "permission"
    ] in (
        "insights:get",
        "tool:execute",
    )
    bad = app.call("cardamom__insights__get", {"since": "last week"}, caller=app.caller("adam"))
    assert bad["isError"] is True and "ISO 8601" in json.dumps(bad)
    listed = [t["name"] for t in app.rpc("tools/list", caller=app.caller("adam")).body["result"]["tools"]]  # type: ignore[index]
    assert "cardamom__insights__get" in listed
    listed = [t["name"] for t in app.rpc("tools/list", caller=app.caller("alice")).body["result"]["tools"]]  # type: ignore[index]
    assert "cardamom__insights__get" not in listed


# ---- the stores ------------------------------------------------------------------------------------

NOW = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)


def record(i: int, at: datetime, **changes: Any) -> UnmetSearch:
    base = UnmetSearch("acme", f"u{i}", at.isoformat(), "alice", "member", "app_not_connected", apps=("Gmail",))
    return replace(base, **changes)


@pytest.fixture(params=["sqlite", "aws"])
def unmet_store(request: pytest.FixtureRequest, tmp_path: Path) -> UnmetSearchLog:
    clock = NOW.timestamp
    if request.param == "sqlite":
        return SqliteUnmetSearchLog(SqliteDatabase(tmp_path / "c.db"), retention_days=30, clock=clock)
    backend: AwsBackend = request.getfixturevalue("aws")
    return DynamoUnmetSearchLog(backend.dynamodb, backend.tables["InsightsTable"], retention_days=30, clock=clock)


def test_records_are_kept_for_the_retention_only(unmet_store: UnmetSearchLog) -> None:
    unmet_store.add(record(1, NOW - timedelta(days=31)))
    unmet_store.add(record(2, NOW - timedelta(days=29), words=("gmail", "inbox"), restricted_tools=()))
    unmet_store.add(record(3, NOW - timedelta(days=1), org="globex"))
    unmet_store.add(record(4, NOW - timedelta(hours=1), reason="restricted_only", restricted_tools=("a__b",)))
    found = unmet_store.query("acme", limit=100)
    assert [r.id for r in found] == ["u2", "u4"]
    assert found[0].words == ("gmail", "inbox") and found[1].restricted_tools == ("a__b",)
    assert [r.id for r in unmet_store.query("acme", since=(NOW - timedelta(days=2)).isoformat(), limit=100)] == ["u4"]
    assert len(unmet_store.query("acme", limit=1)) == 1
    if isinstance(unmet_store, SqliteUnmetSearchLog):  # locally, expired records are deleted, not just hidden
        assert unmet_store.db.read("SELECT id FROM unmet_searches ORDER BY id") == [("u2",), ("u3",), ("u4",)]
        assert unmet_store.prune() == 0


def test_a_demo_style_run_shows_unconnected_apps_in_cardamom_insights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server records, the CLI (another process, same store) reads."""
    home = tmp_path / "home"
    monkeypatch.setenv("CARDAMOM_HOME", str(home))
    container = make_container(home, org_text=ORG)
    assert container.unmet_searches is not None
    for member in ("alice", "max"):
        caller = Caller("acme", member, "member", frozenset({"mcp:read", "mcp:tools"}))
        for query in ("list_all_cal_com_schedules", "get my gmail inbox", "list notion users"):
            container.search.search(caller, query)
    assert container.unmet_searches.buffer.flush()
    out = io.StringIO()
    assert main(["insights", "--org", "acme"], out=out) == 0
    text = out.getvalue()
    assert "4 searches by 2 members" in text
    assert "apps asked for, not connected:" in text and "Gmail" in text
    assert "Cal.com" in text  # connected, but its one connection is pending
    out = io.StringIO()
    assert main(["insights", "--org", "acme", "--json", "--since", "2000-01-01"], out=out) == 0
    assert json.loads(out.getvalue())["unconnected_apps"][0]["members"] == 2
    # An admin's `cardamom search` explains rankings: it is not a member's unmet search.
    before = len(container.unmet_searches.buffer.store.query("acme", limit=100))
    assert main(["search", "--org", "acme", "--member", "alice", "gmail"], out=io.StringIO()) == 0
    assert len(container.unmet_searches.buffer.store.query("acme", limit=100)) == before


@pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning")
def test_on_aws_an_empty_search_through_the_lambda_handler_is_recorded(aws: AwsBackend) -> None:
    key = ECKey.generate_key("P-256")
    container = build_container(aws_settings(aws, key))
    container.apply_org(parse_org_definition(ORG, "org.yaml"))
    handler = make_handler(container, Metrics(namespace="CardamomTest"))

    def search(query: str) -> dict[str, Any]:
        event = load_event("execute-tool", mint(key))
        event["body"] = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 7,
                "method": "tools/call",
                "params": {"name": "search_tools", "arguments": {"query": query}},
            }
        )
        event["headers"]["content-length"] = str(len(event["body"].encode()))
        return rpc_result(handler(event, FakeLambdaContext()), 7)

    assert search("list_all_cal_com_schedules")["structuredContent"]["results"] == []
    assert search("list notion users")["structuredContent"]["results"]
    assert container.unmet_searches is not None and container.unmet_searches.buffer.flush()
    items = aws.dynamodb.scan(TableName=aws.tables["InsightsTable"])["Items"]
    assert len(items) == 1
    (item,) = items
    assert item["reason"]["S"] == "app_without_usable_tools" and item["apps"]["L"] == [{"S": "Cal.com"}]
    assert "expires_at" in item and "query" not in json.dumps(item)
    admin = Caller("acme", "adam", "admin", frozenset({"mcp:read"}))
    op = container.control_plane.operation("cardamom__insights__get")
    assert op is not None
    found = container.control_plane.run(admin, op, {"since": "2000-01-01"})
    assert found["unusable_apps"][0]["name"] == "Cal.com"
