"""What a caller is told about a connection that is not active (issue #16, defect 8).

The seeds' missing-tool checks start with "does the connection exist? is it active?", so a
call naming a tool of a pending or needs_reauth connection is answered with that, not with
"unknown tool": in band, naming the connection and its status, telling an admin how to bring
it back, and only to a caller who may see the connection at all.
"""

from __future__ import annotations

from typing import Any

from tests.harness import FakeApp

ORG = """\
org: acme
connectors:
  - id: notion
    label: Notion
    base_url: https://api.notion.com
    auth: {type: bearer}
    tools:
      - {name: list_all_users, description: List all users in the workspace., path: /v1/users}
  - id: cal
    label: Cal.com
    base_url: https://api.cal.com
    auth: {type: bearer}
    tools:
      - {name: list_schedules, description: List the schedules., path: /v2/schedules}
connections:
  - {account: notion-legal, connector: notion, status: needs_reauth, credentials: {secret: notion-legal}}
  - {account: notion-ops, connector: notion, status: needs_reauth, credentials: {token_env: NOTION_OPS_TOKEN}}
  - {account: cal-main, connector: cal, status: pending, credentials: {token_env: CAL_TOKEN}}
members:
  - {id: alice, role: member}
  - {id: adam, role: admin}
  - {id: rita, role: member}
restrictions:
  - {target: {user: rita}, effect: block, connector: notion}
aliases:
  - {name: legal__list_all_users, connector: notion, tool: list_all_users, account: notion-legal}
"""


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
        ORG.replace(
            "connections:\n",
            "  - {id: wiki, label: Wiki, kind: mcp, base_url: 'https://wiki.example/mcp', auth: {type: bearer}}\n"
            "connections:\n  - {account: wiki-eng, connector: wiki, credentials: {token_env: WIKI_TOKEN}}\n",
        )
    )
    reply = app.rpc("tools/call", {"name": "wiki-eng__search_pages"})
    assert reply.body is not None
    message = reply.body["error"]["message"]
    assert "Connection wiki-eng is active, but its MCP server could not be listed (upstream_http_404" in message
    listing = app.call("cardamom__connections__get", {"account": "wiki-eng"}, caller=app.caller("adam"))
    assert listing["structuredContent"]["listing"]["last_error"]["code"] == "upstream_http_404"
