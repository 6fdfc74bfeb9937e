"""Merged tools: one tool reaching several accounts of a connector, frozen values per account,
account labels and scaffolding words in search, aliases for names that merging or a rename
retired (and dead ones removed), and merged tools that keep serving through a partial outage."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from cardamom.entrypoints.cli import main
from tests.harness import FakeApp

ORG = """\
org: acme
connectors:
  - id: notion
    label: Notion
    base_url: https://api.notion.com
    auth: {type: bearer}
    merge_accounts: true
    tools:
      - {name: list_all_users, description: List all users in the workspace., method: GET, path: /v1/users}
      - name: create_page
        description: Create a page.
        method: POST
        path: /v1/pages
        input_schema: {type: object, properties: {title: {type: string}}, required: [title]}
      - name: query_database
        description: Query a database for its pages.
        method: POST
        path: /v1/databases/{database_id}/query
        target: database_id
        classification: read
connections:
  - {account: notion-legal, connector: notion, credentials: {token_env: LEGAL}}
  - account: notion-marketing
    connector: notion
    credentials: {token_env: MKT}
    frozen: {database_id: db-campaigns}
members:
  - {id: alice, role: admin}
restrictions: []
"""


@pytest.fixture
def app() -> FakeApp:
    fake = FakeApp()
    fake.apply(ORG)
    return fake


def result_named(found: dict[str, Any], name: str) -> dict[str, Any]:
    return next(r for r in found["results"] if r["name"] == name)


class TestSearch:
    def test_one_tool_per_operation_with_an_account_argument(self, app: FakeApp) -> None:
        found = app.search("list all users")
        assert [r["name"] for r in found["results"]] == ["notion__list_all_users"]
        schema = found["results"][0]["inputSchema"]
        assert schema["properties"]["account"]["enum"] == ["notion-legal", "notion-marketing"]
        assert schema["required"][0] == "account"

    @pytest.mark.parametrize(
        ("query", "first"), [("legal list users", "notion-legal"), ("list users for marketing", "notion-marketing")]
    )
    def test_a_query_naming_an_account_ranks_that_account_first(self, app: FakeApp, query: str, first: str) -> None:
        top = result_named(app.search(query), "notion__list_all_users")
        assert top["accounts"][0] == first
        assert top["suggested_arguments"] == {"account": first}
        label_word = first.removeprefix("notion-")
        # A merged tool's account labels are name words, as an unmerged tool's account is part of its name.
        assert {
            "token": label_word,
            "field": "name",
            "weight": 5,
            "matched": label_word,
            "relation": "exact",
        } in top["matched"]

    def test_connection_does_not_tie_every_merged_tool(self, app: FakeApp) -> None:
        found = app.search("connection create page")
        assert found["results"][0]["name"] == "notion__create_page"
        scores = [r["score"] for r in app.search("connection create page list users query", limit=50)["results"]]
        assert len(set(scores)) == len(scores)
        assert app.search("connection")["results"] == []  # a scaffolding word alone matches nothing

    def test_frozen_values_are_searchable_and_per_account(self, app: FakeApp) -> None:
        top = app.search("campaigns database")["results"][0]
        assert top["name"] == "notion__query_database"
        assert "database_id" in top["inputSchema"]["properties"]  # frozen on one account only: still settable


class TestExecution:
    def test_the_account_argument_chooses_the_account(self, app: FakeApp) -> None:
        result = app.call("notion__list_all_users", {"account": "notion-marketing"})
        assert result["isError"] is False
        (row,) = app.audit.rows.values()
        assert row.account == "notion-marketing" and row.operation == "notion__list_all_users"
        assert "account" not in app.transport.sent[-1].url

    def test_frozen_values_apply_to_their_account_only(self, app: FakeApp) -> None:
        app.call("notion__query_database", {"account": "notion-marketing", "database_id": "db-other"})
        assert app.transport.sent[-1].url.endswith("/v1/databases/db-campaigns/query")
        app.call("notion__query_database", {"account": "notion-legal", "database_id": "db-contracts"})
        assert app.transport.sent[-1].url.endswith("/v1/databases/db-contracts/query")

    @pytest.mark.parametrize("arguments", [{}, {"account": "notion-nope"}, {"account": 3}])
    def test_the_account_must_be_one_of_the_merged_accounts(self, app: FakeApp, arguments: dict[str, Any]) -> None:
        result = app.call("notion__list_all_users", arguments)
        assert result["structuredContent"]["error"]["code"] == "invalid_arguments"
        assert app.audit.rows == {}


class TestAliases:
    def test_a_second_account_merges_names_and_the_old_name_keeps_working(self) -> None:
        app = FakeApp()
        single = ORG.replace(
            """  - account: notion-marketing
    connector: notion
    credentials: {token_env: MKT}
    frozen: {database_id: db-campaigns}
""",
            "",
        )
        app.apply(single)
        assert [r["name"] for r in app.search("list all users")["results"]] == ["notion-legal__list_all_users"]
        created = app.call(
            "cardamom__connections__create",
            {"account": "notion-marketing", "connector": "notion", "credentials": {"token_env": "MKT"}},
        )
        assert created["isError"] is False
        assert [r["name"] for r in app.search("list all users")["results"]] == ["notion__list_all_users"]

        old = app.call("notion-legal__list_all_users")  # a remembered name
        assert old["isError"] is False
        assert list(app.audit.rows.values())[-1].account == "notion-legal"
        aliases = app.call("cardamom__aliases__list")["structuredContent"]["aliases"]
        assert {
            "name": "notion-legal__list_all_users",
            "connector": "notion",
            "tool": "list_all_users",
            "account": "notion-legal",
        } in aliases

        app.call("cardamom__aliases__delete", {"name": "notion-legal__list_all_users"})
        gone = app.rpc("tools/call", {"name": "notion-legal__list_all_users", "arguments": {}})
        assert gone.body is not None and gone.body["error"]["code"] == -32602

    def test_turning_merging_on_in_the_org_file_records_aliases(self) -> None:
        app = FakeApp()
        app.apply(ORG.replace("    merge_accounts: true\n", ""))
        assert app.call("notion-marketing__create_page", {"title": "x"})["isError"] is False
        app.apply(ORG)
        names = {a.name for a in app.directory.orgs["acme"].definition.aliases}
        assert "notion-marketing__create_page" in names and "notion-legal__query_database" in names
        result = app.call("notion-marketing__create_page", {"title": "y"})
        assert result["isError"] is False
        assert app.transport.sent[-1].json_body == {"title": "y"}
        assert list(app.audit.rows.values())[-1].account == "notion-marketing"

    def test_aliases_survive_a_reapplied_file_until_removed(self) -> None:
        app = FakeApp()
        app.apply(ORG.replace("    merge_accounts: true\n", ""))
        app.apply(ORG)
        app.apply(ORG)  # the file knows nothing of aliases; they are carried over
        assert len(app.directory.orgs["acme"].definition.aliases) == 6


class TestPartialOutage:
    """One account of a merged connector goes needs_reauth (or pending): the others keep serving."""

    def test_the_merged_tools_keep_serving_the_active_accounts(self) -> None:
        app = FakeApp()
        app.apply(
            ORG.replace(
                "connector: notion, credentials: {token_env: LEGAL}",
                "connector: notion, status: needs_reauth, credentials: {token_env: LEGAL}",
            )
        )
        found = app.search("list all users")
        assert [r["name"] for r in found["results"]] == ["notion__list_all_users"]  # the name a model remembers
        assert found["results"][0]["inputSchema"]["properties"]["account"]["enum"] == ["notion-marketing"]
        result = app.call("notion__list_all_users", {"account": "notion-marketing"})
        assert result["isError"] is False
        assert list(app.audit.rows.values())[-1].account == "notion-marketing"

    def test_the_inactive_account_is_named_as_the_reason(self) -> None:
        app = FakeApp()
        app.apply(ORG)
        app.call("cardamom__connections__update", {"account": "notion-legal", "status": "needs_reauth"})
        result = app.call("notion__list_all_users", {"account": "notion-legal"})
        error = result["structuredContent"]["error"]
        assert (error["code"], error["account"], error["connection_status"]) == (
            "connection_inactive",
            "notion-legal",
            "needs_reauth",
        )
        assert app.audit.rows == {}
        app.call("cardamom__connections__update", {"account": "notion-legal", "status": "active"})
        assert app.call("notion__list_all_users", {"account": "notion-legal"})["isError"] is False
        assert app.directory.orgs["acme"].definition.aliases == []  # the names never moved: nothing to alias

    def test_with_every_account_inactive_the_merged_tools_are_absent(self) -> None:
        app = FakeApp()
        app.apply(ORG.replace("credentials: {token_env: LEGAL}", "status: pending, credentials: {token_env: LEGAL}"))
        app.call("cardamom__connections__update", {"account": "notion-marketing", "status": "needs_reauth"})
        assert app.search("list all users")["results"] == []
        error = app.call("notion__list_all_users", {"account": "notion-legal"})["structuredContent"]["error"]
        assert error["code"] == "connection_inactive"


BOOK = """\
org: acme
connectors:
  - id: book
    label: Address Book
    base_url: https://book.example.com
    auth: {type: bearer}
    tools:
      - {name: list_contacts, description: List the contacts., path: /contacts}
      - {name: get_contact, description: Get one contact., path: "/contacts/{id}"}
connections:
  - {account: book-main, connector: book, credentials: {token_env: BOOK}}
  - {account: book-team, connector: book, credentials: {token_env: BOOK_TEAM}}
members:
  - {id: alice, role: admin}
aliases:
  - {name: contacts, connector: book, tool: list_contacts, account: book-main}
"""


class TestRenames:
    def test_renaming_an_account_aliases_its_old_names(self) -> None:
        app = FakeApp()
        app.apply(BOOK)
        app.apply(BOOK.replace("account: book-main,", "account: book-primary,"))
        result = app.call("book-main__list_contacts")  # a remembered name
        assert result["isError"] is False
        assert list(app.audit.rows.values())[-1].account == "book-primary"
        aliases = {a.name: a.account for a in app.directory.orgs["acme"].definition.aliases}
        assert aliases == {
            "book-main__get_contact": "book-primary",
            "book-main__list_contacts": "book-primary",
            "contacts": "book-primary",  # an alias of the old account follows it
        }
        assert app.call("contacts")["isError"] is False

    def test_aliases_of_a_removed_account_are_removed_and_reported(self, caplog: pytest.LogCaptureFixture) -> None:
        app = FakeApp()
        app.apply(BOOK)
        with caplog.at_level("WARNING", logger="cardamom"):
            app.call("cardamom__connections__delete", {"account": "book-main"})
        listed = app.call("cardamom__aliases__list")["structuredContent"]["aliases"]
        assert listed == []  # not left listed but unresolvable
        assert "alias contacts removed: account book-main no longer exists" in caplog.text

    def test_a_tool_removed_from_the_connector_takes_its_aliases_along(self) -> None:
        app = FakeApp()
        app.apply(BOOK)
        app.apply(BOOK.replace("      - {name: list_contacts, description: List the contacts., path: /contacts}\n", ""))
        assert app.directory.orgs["acme"].definition.aliases == []

    def test_an_alias_of_an_inactive_account_stays_and_says_why(self) -> None:
        app = FakeApp()
        app.apply(BOOK)
        app.call("cardamom__connections__update", {"account": "book-main", "status": "needs_reauth"})
        assert [a.name for a in app.directory.orgs["acme"].definition.aliases] == ["contacts"]
        assert app.call("contacts")["structuredContent"]["error"]["code"] == "connection_inactive"

    def test_org_apply_reports_what_it_did_to_aliases(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("CARDAMOM_HOME", str(tmp_path / "home"))
        path = tmp_path / "book.yaml"
        path.write_text(BOOK)
        assert main(["org", "apply", str(path)], out=io.StringIO(), err=io.StringIO()) == 0
        path.write_text(
            BOOK.replace("account: book-main,", "account: book-primary,").replace(
                "  - {account: book-team, connector: book, credentials: {token_env: BOOK_TEAM}}\n", ""
            )
        )
        out = io.StringIO()
        assert main(["org", "apply", str(path)], out=out, err=io.StringIO()) == 0
        assert "  alias book-main__list_contacts now reaches book-primary's list_contacts\n" in out.getvalue()
        assert "  alias book-team__list_contacts" not in out.getvalue()  # removed with its account: no alias made
