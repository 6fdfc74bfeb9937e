"""What a caller is told about a connection that is not active (issue #16, defect 8).

The seeds' missing-tool checks start with "does the connection exist? is it active?", so a
call naming a tool of a pending or needs_reauth connection is answered with that, not with
"unknown tool": in band, naming the connection and its status, telling an admin how to bring
it back, and only to a caller who may see the connection at all.
"""

from __future__ import annotations

from typing import Any

from tests.harness import FakeApp
from tests.orgs import block, connection, connector, mcp_server, notion, org_yaml, tool

CONNECTORS = (
    notion(tool("list_all_users", "/v1/users", method=None, description="List all users in the workspace.")),
    connector(
        "cal",
        "Cal.com",
        "https://api.cal.com",
        tool("list_schedules", "/v2/schedules", method=None, description="List the schedules."),
    ),
)
CONNECTIONS = [
    connection("notion-legal", "notion", status="needs_reauth", secret="notion-legal"),
    connection("notion-ops", "notion", status="needs_reauth", token_env="NOTION_OPS_TOKEN"),
    connection("cal-main", "cal", status="pending", token_env="CAL_TOKEN"),
]
# Who is in the org and what binds them (org_yaml keywords), shared by the orgs of this file.
SETTINGS = {
    "members": {"alice": "member", "adam": "admin", "rita": "member"},
    "restrictions": [block("notion", user="rita")],
    "aliases": [
        {"name": "legal__list_all_users", "connector": "notion", "tool": "list_all_users", "account": "notion-legal"}
    ],
}
ORG = org_yaml(*CONNECTORS, connections=CONNECTIONS, **SETTINGS)


def error_of(result: dict[str, Any]) -> dict[str, Any]:
    assert result["isError"] is True, result
    error: dict[str, Any] = result["structuredContent"]["error"]
    return error


def test_a_tool_of_a_needs_reauth_connection_says_so() -> None:
    app = FakeApp()
    app.apply(ORG)
    error = error_of(app.call("notion-legal__list_all_users"))
    assert (error["code"], error["account"], error["connection_status"]) == (
        "connection_inactive",
        "notion-legal",
        "needs_reauth",
    )
    assert "needs reauthorization" in error["message"]
    assert "Ask an admin" in error["message"]  # alice may not reconnect it herself
    assert app.audit.rows == {}  # refused before anything ran: no audit row


def test_an_admin_is_told_how_to_reconnect() -> None:
    app = FakeApp()
    app.apply(ORG)
    admin = app.caller("adam")
    by_secret = error_of(app.call("notion-legal__list_all_users", caller=admin))["message"]
    assert "cardamom secrets put --org acme notion-legal" in by_secret
    by_env = error_of(app.call("notion-ops__list_all_users", caller=admin))["message"]
    assert "NOTION_OPS_TOKEN" in by_env and "cardamom__connections__update" in by_env
    pending = error_of(app.call("execute_tool", {"name": "cal-main__list_schedules"}, caller=admin))
    assert pending["connection_status"] == "pending"
    assert '"status": "active"' in pending["message"]


def test_an_alias_of_an_inactive_account_says_so_too() -> None:
    app = FakeApp()
    app.apply(ORG)
    assert error_of(app.call("legal__list_all_users"))["account"] == "notion-legal"


def test_a_caller_who_may_not_see_the_connection_learns_nothing() -> None:
    app = FakeApp()
    app.apply(ORG)
    reply = app.rpc("tools/call", {"name": "notion-legal__list_all_users"}, caller=app.caller("rita"))
    assert reply.body is not None and reply.body["error"]["code"] == -32602  # unknown, as for any name
    assert "notion-legal" not in reply.body["error"]["message"].replace("'notion-legal__list_all_users'", "")


def test_unknown_names_stay_unknown() -> None:
    app = FakeApp()
    app.apply(ORG)
    for name in ("nobody__list_all_users", "list_all_users", "cal__list_schedules"):
        reply = app.rpc("tools/call", {"name": name})
        assert reply.body is not None and reply.body["error"]["code"] == -32602, name


def test_an_active_remote_server_that_could_not_be_listed_says_so() -> None:
    app = FakeApp()  # its discovery reaches no server
    app.apply(
        org_yaml(
            *CONNECTORS,
            mcp_server("wiki", "Wiki", "https://wiki.example/mcp"),
            connections=[connection("wiki-eng", "wiki", token_env="WIKI_TOKEN"), *CONNECTIONS],
            **SETTINGS,
        )
    )
    reply = app.rpc("tools/call", {"name": "wiki-eng__search_pages"})
    assert reply.body is not None
    message = reply.body["error"]["message"]
    assert "Connection wiki-eng is active, but its MCP server could not be listed (upstream_http_404" in message
    listing = app.call("cardamom__connections__get", {"account": "wiki-eng"}, caller=app.caller("adam"))
    assert listing["structuredContent"]["listing"]["last_error"]["code"] == "upstream_http_404"
