"""Issue 13's fifty-first round: a word the named app never says before its thing read as a value
where nothing is found (``unsaid_modifiers``, ``second_readings``); "turn" and "switch" as writes
(``switching_writes``); a created thing's bare name (``named_creations``); a "which ... can I
<verb>" question's verb (``possible_actions``); "replace" an update's word."""

from __future__ import annotations

import pytest

from cardamom.core.search import SearchDocument, SearchIndex, rank
from cardamom.core.search.destructive_actions import request_action
from cardamom.core.search.named_creations import quoted_created_name
from cardamom.core.search.possible_actions import possible_verbs
from cardamom.core.search.synonyms import synonyms_of
from cardamom.core.search.unsaid_modifiers import quoted_modifiers
from tests.unit.search_documents import app_doc, without

TWILIO = [
    app_doc("twilio__list_flow", "Twilio", "Retrieve a list of all Flows."),
    app_doc("twilio__fetch_flow", "Twilio", "Retrieve a Flow."),
    app_doc("twilio__list_call", "Twilio", "Retrieve a list of calls made to and from your account."),
    app_doc("twilio__create_message", "Twilio", "Send a message from the account used to make the request."),
]
GITHUB = [
    app_doc("github__packages_get_package_for_organization", "GitHub", "Get a package for an organization."),
    app_doc("github__packages_list_packages_for_organization", "GitHub", "List packages for an organization."),
    app_doc("github__code_quality_get_setup", "GitHub", "Get the code quality setup of a repository."),
    app_doc("github__code_quality_update_setup", "GitHub", "Update the code quality setup of a repository."),
    app_doc("github__repos_create_in_org", "GitHub", "Create an organization repository."),
    app_doc(
        "github__copilot_spaces_create_resource_for_org",
        "GitHub",
        "Create a resource for an organization Copilot Space: docs, files or repositories.",
    ),
    app_doc("digitalocean__registry_list_npm_packages", "DigitalOcean", "List the npm packages of a registry."),
    app_doc("github__issues_create_comment", "GitHub", "Create an issue comment."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
]
BOX = [
    app_doc("box__post_folders", "Box", "Create folder. Creates a new empty folder within the specified parent."),
    app_doc("box__post_shield_information_barrier_reports", "Box", "Create shield information barrier report."),
    app_doc("box__get_folders_id", "Box", "Get folder information."),
]
JIRA = [
    app_doc("jira__add_gadget", "Jira", "Add gadget to dashboard. Adds a gadget to a dashboard."),
    app_doc(
        "jira__get_all_available_dashboard_gadgets",
        "Jira",
        "Get available gadgets. Gets a list of all available gadgets that can be added to all dashboards.",
    ),
    app_doc("jira__get_all_gadgets", "Jira", "Get gadgets. Returns a list of dashboard gadgets on a dashboard."),
    app_doc("jira__update_issue", "Jira", "Edit an issue."),
]
XERO = [
    app_doc(
        "xero__update_manual_journal_attachment_by_file_name", "Xero", "Updates an attachment on a manual journal."
    ),
    app_doc(
        "xero__create_manual_journal_attachment_by_file_name", "Xero", "Creates an attachment on a manual journal."
    ),
]
_INDEXES: dict[int, SearchIndex] = {}


def _index(documents: list[SearchDocument]) -> SearchIndex:
    return _INDEXES.setdefault(id(documents), SearchIndex.build(documents))


def _names(documents: list[SearchDocument], query: str, **switches: bool) -> list[str]:
    index = SearchIndex.build(documents, without(**switches)) if switches else _index(documents)
    return [h.name for h in rank(index, query).hits]


class TestUnsaidModifiers:
    def test_a_word_the_app_never_says_before_its_thing_is_a_value(self) -> None:
        assert _names(TWILIO, "list all twilio studio flows")[0] == "twilio__list_flow"
        assert _names(TWILIO, "list all twilio studio flows", unsaid_modifiers=False) == []

    def test_the_value_is_reported(self) -> None:
        ranking = rank(_index(TWILIO), "list all twilio studio flows")
        assert "studio" in ranking.values

    @pytest.mark.parametrize(
        "query",
        [
            "twilio create a spreadsheet",  # the thing itself, no modifier
            "list all twilio studio things",  # before a word no name says
            "list the twilio studio in flows",  # before a preposition
            "studio twilio flows",  # the request's first word
            "archive twilio flows",  # a verb stays the request's action
            "list all studio flows",  # no app named
        ],
    )
    def test_what_stays_a_word(self, query: str) -> None:
        assert quoted_modifiers(_index(TWILIO), query) == (query, ())

    @pytest.mark.parametrize(
        ("documents", "request_text", "expected"),
        [
            (TWILIO, "list all twilio studio flows", 'list all twilio "studio" flows'),
            # another app's tool says "npm": the app's own never do
            (GITHUB, "get the npm package cli-tools on github", 'get the "npm" package cli-tools on github'),
        ],
    )
    def test_the_quoted_request(self, documents: list[SearchDocument], request_text: str, expected: str) -> None:
        assert quoted_modifiers(_index(documents), request_text)[0] == expected

    def test_a_request_finding_something_keeps_its_words(self) -> None:
        # "calls" is said: nothing is read again, whatever the switch
        assert _names(TWILIO, "list twilio calls") == _names(TWILIO, "list twilio calls", unsaid_modifiers=False)

    def test_a_request_naming_no_app_is_read_as_written(self) -> None:
        assert _names(TWILIO, "list all studio flows") == _names(
            TWILIO, "list all studio flows", unsaid_modifiers=False
        )


class TestSwitchingWrites:
    @pytest.mark.parametrize(
        "query", ["turn off the code quality setup for acme/api on github", "turn on github code quality setup"]
    )
    def test_turning_a_thing_writes(self, query: str) -> None:
        assert _names(GITHUB, query)[0] == "github__code_quality_update_setup"
        # (the twins' mood reads "turn" as a write too: ``mood_twins``)
        assert _names(GITHUB, query, switching_writes=False, mood_twins=False)[0] == "github__code_quality_get_setup"

    def test_the_action_read(self) -> None:
        assert request_action(["turn", "setup"], switching=True) == "set"
        assert request_action(["switch", "registry"], switching=True) == "set"
        assert request_action(["turn", "setup"]) is None
        assert request_action(["show", "setup"], switching=True) == "show"


class TestNamedCreations:
    @pytest.mark.parametrize(
        ("documents", "query", "expected"),
        [
            (BOX, "create folder reports in box folder 0", "box__post_folders"),
        ],
    )
    def test_a_created_things_bare_name_is_a_value(
        self, documents: list[SearchDocument], query: str, expected: str
    ) -> None:
        assert _names(documents, query)[0] == expected
        assert _names(documents, query, named_creations=False)[0] != expected

    @pytest.mark.parametrize(
        ("request_text", "expected"),
        [
            ("create folder reports in box folder 0", 'create folder "reports" in box folder 0'),
            ("create repo docs in the acme org on github", 'create repo "docs" in the acme org on github'),
            ("create a new folder reports in box", 'create a new folder "reports" in box'),
            # a name says the kind and the word together: one thing in two words
            ("create issue comment on PR 5 in github", "create issue comment on PR 5 in github"),
            # no verb that creates; no place after the name; an action's word; an app's name
            ("get folder reports in box", "get folder reports in box"),
            ("create folder reports", "create folder reports"),
            ("create folder delete in box", "create folder delete in box"),
            ("create folder box in box", "create folder box in box"),
        ],
    )
    def test_what_is_quoted(self, request_text: str, expected: str) -> None:
        index = _index(BOX + GITHUB)
        tools = frozenset(range(len(index.documents)))
        app_words = frozenset({"box", "github"})
        assert quoted_created_name(index, request_text, tools, app_words) == expected


class TestPossibleActions:
    def test_which_things_can_i_add_lists_them(self) -> None:
        query = "which gadgets can I add to a jira dashboard"
        assert _names(JIRA, query)[0] == "jira__get_all_available_dashboard_gadgets"
        assert _names(JIRA, query, possible_actions=False)[0] == "jira__add_gadget"

    @pytest.mark.parametrize(
        ("query", "expected"),
        [
            ("which gadgets can I add to a jira dashboard", {"add"}),
            ("What fields could we edit on a jira issue?", {"edit"}),
            # how to do it, or whether one may: the verb stays the request's action
            ("how can I add a gadget to a jira dashboard", set()),
            ("can I add a gadget to a jira dashboard", set()),
            ("which gadgets are on dashboard 5", set()),
        ],
    )
    def test_the_verb_read(self, query: str, expected: set[str]) -> None:
        assert possible_verbs(query) == expected


class TestReplace:
    def test_replace_is_an_update(self) -> None:
        assert "update" in synonyms_of("replace")
        query = "replace the file scan.pdf attached to xero manual journal 4a2c"
        assert _names(XERO, query)[0] == "xero__update_manual_journal_attachment_by_file_name"
