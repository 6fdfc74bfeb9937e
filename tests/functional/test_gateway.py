"""The gateway's use cases through the MCP endpoint, wired with in-memory fakes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from cardamom.core.truncation import MAX_ARRAY_ITEMS
from cardamom.ports import OutboundResponse
from tests.fakes import RecordingTransport, StaticCredentials
from tests.harness import FakeApp
from tests.orgs import CAST, Part, block, calcom, connection, notion, org_yaml

# Notion (four accounts: two active, one frozen to a database, one needing reauthorization) and
# Cal.com (pending), with one member of each role but admin.
NOTION = notion("list_all_users", "retrieve_page", "update_page", "delete_block", "query_database", "export_workspace")
CONNECTIONS = [
    connection("notion-legal", "notion", token_env="LEGAL"),
    connection("notion-marketing", "notion", token_env="MKT", frozen={"database_id": "db-mkt"}),
    connection("notion-archive", "notion", status="needs_reauth", token_env="ARCH"),
    connection("calcom", "calcom", status="pending", token_env="CAL"),
]
MEMBERS = {member: role for member, role in CAST.items() if role != "admin"}


def org(*restrictions: Part, accounts: Sequence[Part] = ()) -> str:
    """The org, with these restrictions and, before its own four, these ``accounts``."""
    return org_yaml(NOTION, calcom(), connections=[*accounts, *CONNECTIONS], members=MEMBERS, restrictions=restrictions)


@pytest.fixture
def app() -> FakeApp:
    fake = FakeApp()
    fake.apply(org())
    return fake


def names(results: list[dict[str, Any]]) -> list[str]:
    return [r["name"] for r in results]


class TestPool:
    def test_pending_and_needs_reauth_connections_contribute_no_tools(self, app: FakeApp) -> None:
        assert app.search("get all schedules")["results"] == []
        found = app.search("list all users")
        assert names(found["results"]) == ["notion-legal__list_all_users", "notion-marketing__list_all_users"]
        assert not any("archive" in n for n in names(app.search("retrieve page")["results"]))

    def test_account_labels_rank_the_right_account_first(self, app: FakeApp) -> None:
        found = app.search("marketing list users")
        assert names(found["results"])[0] == "notion-marketing__list_all_users"

    def test_frozen_keys_leave_the_schema_and_their_values_are_searchable(self, app: FakeApp) -> None:
        found = app.search("query database db-mkt")
        top = found["results"][0]
        assert top["name"] == "notion-marketing__query_database"
        assert "database_id" not in top["inputSchema"].get("properties", {})
        assert "db-mkt" in top["description"]

    def test_search_reports_explanations(self, app: FakeApp) -> None:
        top = app.search("retrieve pages")["results"][0]
        assert top["matched"] == [
            {"token": "retrieve", "field": "name", "weight": 5, "matched": "retrieve", "relation": "exact"},
            {"token": "pages", "field": "name_prefix", "weight": 3, "matched": "page", "relation": "inflection"},
        ]
        assert top["coverage"] == 1.0

    def test_limit_is_honoured_and_bounded(self, app: FakeApp) -> None:
        assert len(app.search("notion", limit=1)["results"]) == 1
        result = app.call("search_tools", {"query": "notion", "limit": 500})
        assert result["isError"] is True
        assert "limit" in result["structuredContent"]["error"]["message"]

    @pytest.mark.parametrize("query", ["?!", "   ...  ", "—"])
    def test_a_query_without_words_is_refused_and_not_measured(self, app: FakeApp, query: str) -> None:
        result = app.call("search_tools", {"query": query})
        assert result["isError"] is True
        assert result["structuredContent"]["error"] == {
            "code": "invalid_arguments",
            "message": "query has no words to search for (letters or digits)",
        }
        assert app.telemetry.searches == []

    def test_a_long_request_nothing_names_is_told_to_search_shorter(self, app: FakeApp) -> None:
        found = app.search("please find the quarterly revenue spreadsheet for our Berlin office")
        assert found["results"] == []
        assert "search again with just its name and the action" in found["message"]
        assert "search again" not in app.search("list_all_cal_com_schedules")["message"]

    def test_values_no_tool_says_are_named_where_no_app_is(self, app: FakeApp) -> None:
        found = app.search("retrieve the page for XQ93KZ")  # every word but the id's is a name's
        assert found["results"] == []
        assert found["reason"]["uncovered"] == []
        assert "its values (xq, 93, kz) are words no tool says" in found["message"]
        assert "search again naming the app" in found["message"]
        named = app.search("notion retrieve the page for XQ93KZ")  # inside the app the id weighs nothing
        assert [r["name"] for r in named["results"]][:1] == ["notion-legal__retrieve_page"]

    def test_every_search_is_measured(self, app: FakeApp) -> None:
        app.search("list users")
        app.search("list_all_cal_com_schedules")
        assert [(s["results"] > 0) for s in app.telemetry.searches] == [True, False]
        assert app.telemetry.searches[0]["pool_size"] == 10  # 2 active accounts x 6 tools, less the forbidden one


class TestRestrictedReporting:
    def test_a_restricted_tool_is_named_without_schema(self) -> None:
        app = FakeApp()
        app.apply(org(block("notion", role="member", tools=["retrieve_page"])))
        found = app.search("retrieve page")
        assert found["results"] == []
        assert found["restricted"]["count"] == 2
        tools = found["restricted"]["tools"]
        assert names(tools) == ["notion-legal__retrieve_page", "notion-marketing__retrieve_page"]
        assert all(t["restricted"] is True and set(t) == {"name", "restricted", "reason"} for t in tools)
        assert "restricted" in found["message"]

    def test_at_most_five_restricted_names_with_the_full_count(self) -> None:
        app = FakeApp()
        accounts = [connection(f"acct-{i}", "notion", token_env=f"T{i}") for i in range(7)]
        app.apply(org(block("notion", role="member"), accounts=accounts))
        found = app.search("list all users")
        assert found["restricted"]["count"] == 9  # 7 new accounts + legal + marketing
        assert len(found["restricted"]["tools"]) == 5

    def test_withheld_for_scope_is_reported_with_the_scope(self, app: FakeApp) -> None:
        reader = app.caller(scopes=("mcp:read", "mcp:tools"))
        found = app.search("update page", caller=reader)
        assert found["results"] == []
        assert all("mcp:write" in t["reason"] for t in found["restricted"]["tools"])

    def test_forbidden_tools_are_never_searchable(self, app: FakeApp) -> None:
        owner = app.caller("olivia")
        found = app.search("export workspace", caller=owner)
        assert found["results"] == []
        assert "forbidden" in found["restricted"]["tools"][0]["reason"]
        refused = app.call("notion-legal__export_workspace", caller=owner)
        assert refused["structuredContent"]["error"]["code"] == "forbidden"


class TestExecution:
    def test_frozen_values_are_merged_over_the_callers(self, app: FakeApp) -> None:
        result = app.call("execute_tool", {"name": "notion-marketing__query_database", "arguments": {}})
        assert result["isError"] is False
        sent = app.transport.sent[-1]
        assert sent.url == "https://api.notion.com/v1/databases/db-mkt/query"
        # passing the frozen key cannot un-freeze it
        app.call("notion-marketing__query_database", {"database_id": "db-legal"})
        assert app.transport.sent[-1].url == "https://api.notion.com/v1/databases/db-mkt/query"

    def test_credentials_are_injected_and_never_returned(self) -> None:
        echo = echo_transport()
        app = FakeApp(transport=echo)
        app.apply(org())
        result = app.call("notion-legal__list_all_users")
        sent = echo.sent[-1]
        assert sent.headers["Authorization"] == "Bearer secret-token-123"
        assert "secret-token-123" not in json.dumps(result)
        assert "***" in json.dumps(result)

    def test_one_audit_row_per_executed_call(self, app: FakeApp) -> None:
        app.call("notion-legal__retrieve_page", {"page_id": "p-1"})
        app.call("execute_tool", {"name": "notion-marketing__retrieve_page", "arguments": {"page_id": "p-2"}})
        rows = sorted(app.audit.rows.values(), key=lambda r: r.id)
        assert [(r.account, r.operation, r.target_id, r.status) for r in rows] == [
            ("notion-legal", "notion-legal__retrieve_page", "p-1", "succeeded"),
            ("notion-marketing", "notion-marketing__retrieve_page", "p-2", "succeeded"),
        ]
        assert all(r.member == "alice" and r.classification == "read" and r.error_code is None for r in rows)

    def test_a_refused_call_writes_no_audit_row(self, app: FakeApp) -> None:
        reader = app.caller(scopes=("mcp:read", "mcp:tools"))
        refused = app.call("notion-legal__delete_block", {"block_id": "b-1"}, caller=reader)
        assert refused["structuredContent"]["error"] == {
            "code": "scope_missing",
            "message": "notion-legal__delete_block is a destructive tool and needs the scope mcp:destructive",
            "scope": "mcp:destructive",
        }
        bad_arguments = app.call("notion-legal__retrieve_page", {"page": "x"})
        assert bad_arguments["structuredContent"]["error"]["code"] == "invalid_arguments"
        assert app.audit.rows == {}

    def test_connector_errors_are_in_band_and_audited(self) -> None:
        app = FakeApp(transport=status_transport(404))
        app.apply(org())
        result = app.call("notion-legal__retrieve_page", {"page_id": "missing"})
        assert result["isError"] is True
        assert result["structuredContent"]["status"] == 404
        (row,) = app.audit.rows.values()
        assert (row.status, row.error_code) == ("failed", "upstream_http_404")

    def test_no_audit_row_means_no_call(self, app: FakeApp) -> None:
        app.audit.fail_begin = True
        result = app.call("notion-legal__list_all_users")
        assert result["structuredContent"]["error"]["code"] == "audit_unavailable"
        assert app.transport.sent == []

    def test_a_failed_completion_leaves_the_row_incomplete_not_missing(self, app: FakeApp) -> None:
        app.audit.fail_complete = True
        result = app.call("notion-legal__list_all_users")
        assert result["isError"] is False
        (row,) = app.audit.rows.values()
        assert row.status == "started" and row.completed_at is None

    def test_missing_credentials_fail_the_audited_call(self) -> None:
        app = FakeApp(credentials=StaticCredentials(missing=frozenset({"notion-legal"})))
        app.apply(org())
        result = app.call("notion-legal__list_all_users")
        assert result["structuredContent"]["error"]["code"] == "credential_unavailable"
        (row,) = app.audit.rows.values()
        assert row.error_code == "credential_unavailable"
        assert app.transport.sent == []

    def test_large_outputs_are_capped_and_flagged(self) -> None:
        big = json.dumps({"results": list(range(MAX_ARRAY_ITEMS + 50))}).encode()
        app = FakeApp(transport=body_transport(big))
        app.apply(org())
        result = app.call("notion-legal__list_all_users")["structuredContent"]
        assert result["cardamom_truncated"] is True
        assert len(result["data"]["results"]) == MAX_ARRAY_ITEMS

    def test_execute_tool_cannot_wrap_itself(self, app: FakeApp) -> None:
        result = app.call("execute_tool", {"name": "execute_tool", "arguments": {"name": "x"}})
        assert result["isError"] is True

    def test_unknown_names_through_execute_tool_are_in_band(self, app: FakeApp) -> None:
        result = app.call("execute_tool", {"name": "notion-legal__nope"})
        assert result["structuredContent"]["error"]["code"] == "unknown_tool"
        assert "search_tools" in result["structuredContent"]["error"]["message"]


class TestToolExecutePermission:
    @pytest.mark.parametrize("member", ["gina", "audrey", "bill"])
    def test_without_tool_execute_the_list_is_empty_and_calls_fail_in_band(self, app: FakeApp, member: str) -> None:
        caller = app.caller(member)
        listed = app.rpc("tools/list", caller=caller).body
        assert listed is not None and listed["result"]["tools"] == []
        for name, arguments in [
            ("search_tools", {"query": "list users"}),
            ("execute_tool", {"name": "notion-legal__list_all_users"}),
            ("notion-legal__list_all_users", {}),
            ("cardamom__members__list", {}),
            ("no_such_tool", {}),
        ]:
            result = app.call(name, arguments, caller=caller)
            assert result["isError"] is True
            assert result["structuredContent"]["error"]["permission"] == "tool:execute"
        assert app.transport.sent == []

    def test_members_see_the_read_only_control_plane(self, app: FakeApp) -> None:
        listed = app.rpc("tools/list").body
        assert listed is not None
        tool_names = [t["name"] for t in listed["result"]["tools"]]
        assert tool_names == [
            "search_tools",
            "execute_tool",
            "cardamom__connections__list",
            "cardamom__connections__get",
            "cardamom__members__list",
            "cardamom__members__get",
            "cardamom__restrictions__list",
            "cardamom__aliases__list",
            "cardamom__access__get",
        ]
        connections = app.call("cardamom__connections__list")["structuredContent"]["connections"]
        assert [(c["account"], c["status"], c["usable_tools"]) for c in connections] == [
            ("notion-legal", "active", 5),  # 6 tools, one of them forbidden
            ("notion-marketing", "active", 5),
            ("notion-archive", "needs_reauth", 0),
            ("calcom", "pending", 0),
        ]

    def test_control_plane_operations_need_their_scope(self, app: FakeApp) -> None:
        no_read = app.caller(scopes=("mcp:tools", "mcp:write"))
        listed = app.rpc("tools/list", caller=no_read).body
        assert listed is not None
        assert [t["name"] for t in listed["result"]["tools"]] == ["search_tools", "execute_tool"]
        refused = app.call("cardamom__members__list", caller=no_read)
        assert refused["structuredContent"]["error"]["scope"] == "mcp:read"


def echo_transport() -> RecordingTransport:
    """Echoes the request's headers back, as a misbehaving debug endpoint would."""
    return RecordingTransport(
        lambda request: OutboundResponse(
            200, {"content-type": "application/json"}, json.dumps({"echo": request.headers}).encode()
        )
    )


def status_transport(status: int) -> RecordingTransport:
    return RecordingTransport(lambda _: OutboundResponse(status, {"content-type": "application/json"}, b'{"e": 1}'))


def body_transport(body: bytes) -> RecordingTransport:
    return RecordingTransport(lambda _: OutboundResponse(200, {"content-type": "application/json"}, body))
