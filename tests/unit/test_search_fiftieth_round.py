"""Issue 13's fiftieth round: the kinds filtering a list kept whole and with the noun they qualify
(``whole_kinds``, ``qualified_kinds``); a thing given by its id said by the tools taking it
(``taken_things_said``); a name joined by underscores as a value (``joined_values``); the caller's
things asked in a question and the caller's twin of an org's tool (``asked_caller_things``,
``caller_twins``); setting verbs as writes (``setting_actions``); a slug's app before the words'
(``slug_first``); an id's prefix spelled out (``abbreviations.spelled_values``)."""

from __future__ import annotations

import dataclasses

import pytest

from cardamom.core.search import SearchDocument, SearchIndex, rank
from cardamom.core.search.abbreviations import spelled_values
from cardamom.core.search.destructive_actions import contradicts, request_action
from cardamom.core.search.filtering_things import list_filter
from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.joined_values import quoted_joins
from tests.unit.search_documents import app_doc, without


def _taking(doc: SearchDocument, *things: str) -> SearchDocument:
    return dataclasses.replace(doc, parameters=frozenset(things))


GH = "GitHub"
GITHUB = [
    _taking(
        app_doc("github__reactions_list_for_commit_comment", GH, "List reactions for a commit comment."),
        "comment",
        "owner",
        "repo",
    ),
    _taking(
        app_doc("github__reactions_list_for_issue_comment", GH, "List reactions for an issue comment."),
        "comment",
        "owner",
        "repo",
    ),
    _taking(
        app_doc(
            "github__reactions_list_for_pull_request_review_comment",
            GH,
            "List reactions for a pull request review comment.",
        ),
        "comment",
        "owner",
        "repo",
    ),
    _taking(app_doc("github__reactions_list_for_issue", GH, "List reactions for an issue."), "issu", "owner", "repo"),
    _taking(
        app_doc(
            "github__orgs_redeliver_webhook_delivery",
            GH,
            "Redeliver a delivery for an organization webhook. OAuth tokens need `admin:org_hook` scope.",
        ),
        "deliveri",
        "hook",
        "org",
    ),
    _taking(
        app_doc("github__repos_redeliver_webhook_delivery", GH, "Redeliver a delivery for a repository webhook."),
        "deliveri",
        "hook",
        "owner",
        "repo",
    ),
    app_doc("github__users_list_social_accounts_for_user", GH, "List social accounts for a user."),
    app_doc("github__users_list_social_accounts_for_authenticated_user", GH, "List social accounts for the caller."),
    _taking(
        app_doc("github__code_scanning_get_default_setup", GH, "Get a code scanning default setup configuration."),
        "owner",
        "repo",
    ),
    _taking(
        app_doc("github__code_scanning_update_default_setup", GH, "Update a code scanning default setup."),
        "owner",
        "repo",
    ),
    _taking(app_doc("github__copilot_spaces_update_for_org", GH, "Update a Copilot Space for an organization."), "org"),
    _taking(app_doc("github__copilot_spaces_update_for_user", GH, "Update a Copilot Space for a user."), "user"),
]
XERO = [
    app_doc("xero__create_credit_notes", "Xero", "Creates a new credit note."),
    _taking(app_doc("xero__create_credit_note_history", "Xero", "Creates a history record for a credit note."), "note"),
    _taking(app_doc("xero__create_receipt_history", "Xero", "Creates a history record for a receipt."), "receipt"),
    _taking(
        app_doc("xero__create_expense_claim_history", "Xero", "Creates a history record for an expense claim."), "claim"
    ),
]
STRIPE = [
    app_doc("stripe__get_coupons", "Stripe", "You can see a list of coupons."),
    _taking(app_doc("stripe__delete_coupons_coupon", "Stripe", "You can delete coupons."), "coupon"),
    app_doc("stripe__get_accounts", "Stripe", "Returns a list of accounts connected to your platform."),
    _taking(app_doc("stripe__get_accounts_account", "Stripe", "Retrieves the details of an account."), "account"),
    app_doc("stripe__get_transfers", "Stripe", "Returns a list of transfers sent to connected accounts."),
]
# a request naming no app: the words "configuration" and "hook" imply Twilio, the slug GitHub
WEBHOOKS = [
    _taking(
        app_doc("github__repos_get_webhook_config_for_repo", GH, "Get a webhook configuration for a repository."),
        "owner",
        "repo",
        "hook",
    ),
    _taking(app_doc("github__repos_list_webhooks", GH, "List repository webhooks."), "owner", "repo"),
    _taking(app_doc("github__issues_get", GH, "Get an issue."), "owner", "repo", "issu"),
    app_doc("twilio__fetch_service_webhook_configuration", "Twilio", "Fetch a specific service webhook configuration."),
    app_doc("twilio__fetch_configuration_webhook", "Twilio", "Fetch a webhook configuration."),
    app_doc("twilio__list_calls", "Twilio", "List calls."),
    app_doc("twilio__fetch_composition_hook", "Twilio", "Fetch a composition hook."),
    app_doc("box__get_files_id", "Box", "Get a file."),
    app_doc("box__post_webhooks", "Box", "Create a webhook."),
]
GITHUB_AND_STRIPE = GITHUB + STRIPE
_INDEXES: dict[int, SearchIndex] = {}


def _names(documents: list[SearchDocument], query: str, **switches: bool) -> list[str]:
    if switches:
        index = SearchIndex.build(documents, without(**switches))
    else:
        index = _INDEXES.setdefault(id(documents), SearchIndex.build(documents))
    return [h.name for h in rank(index, query).hits]


class TestWholeKinds:
    @pytest.mark.parametrize(
        "query",
        ["list reactions on github review comment 8812", "list github reactions on review comment 8 in acme/api"],
    )
    def test_a_two_word_kind_stays_whole(self, query: str) -> None:
        assert _names(GITHUB, query)[0] == "github__reactions_list_for_pull_request_review_comment"
        assert _names(GITHUB, query, whole_kinds=False)[0] != "github__reactions_list_for_pull_request_review_comment"

    def test_the_filter_keeps_its_kinds_compounds_and_qualified_nouns(self) -> None:
        words = ["list", "reactions", "on", "review", "comment", "8812"]
        found = list_filter(words, RequestHead("list", "reactions"), frozenset({"8812"}), ())
        assert found is not None
        assert found.kinds == {"review", "comment"}
        assert found.compounds == (("review", "comment"),)
        assert found.qualified == ()  # the noun before "on" is the thing listed

    def test_a_kind_of_one_word_is_no_compound(self) -> None:
        words = ["list", "charges", "for", "customer", "cus_1"]
        found = list_filter(words, RequestHead("list", "charges"), frozenset({"cus_1"}), ())
        assert found is not None and found.compounds == ()


class TestQualifiedKinds:
    @pytest.mark.parametrize(
        ("query", "expected"),
        [
            ("add a note to the history of xero receipt 5d2e", "xero__create_receipt_history"),
            ("add a note to the history of xero expense claim 8f2e", "xero__create_expense_claim_history"),
        ],
    )
    def test_a_kind_stays_where_a_name_says_the_noun_it_qualifies(self, query: str, expected: str) -> None:
        assert _names(XERO, query)[0] == expected
        assert _names(XERO, query, qualified_kinds=False)[0] != expected

    def test_the_filter_pairs_each_kind_with_the_noun_before_its_preposition(self) -> None:
        words = ["add", "note", "to", "the", "history", "of", "receipt", "5d2e"]
        found = list_filter(words, RequestHead("add", "note"), frozenset({"5d2e"}), (), singular=True)
        assert found is not None
        assert found.qualified == (("receipt", "history"),)


class TestTakenThingsSaid:
    QUERY = "redeliver github webhook delivery 991 of hook 12 in acme/api"

    def test_a_thing_given_by_its_id_is_said_by_the_tools_taking_it(self) -> None:
        # the organization's description says "hook" in a scope's name; the repository's path takes it
        assert _names(GITHUB, self.QUERY)[0] == "github__repos_redeliver_webhook_delivery"
        assert _names(GITHUB, self.QUERY, taken_things_said=False)[0] == "github__orgs_redeliver_webhook_delivery"

    def test_without_an_id_nothing_moves(self) -> None:
        found = _names(GITHUB, "redeliver github webhook delivery of the hook")
        assert found[0] == _names(GITHUB, "redeliver github webhook delivery of the hook", taken_things_said=False)[0]


class TestJoinedValues:
    def test_a_name_joined_by_underscores_is_a_value(self) -> None:
        assert _names(STRIPE, "delete stripe coupon summer_sale") == ["stripe__delete_coupons_coupon"]
        assert _names(STRIPE, "delete stripe coupon summer_sale", joined_values=False) == []

    @pytest.mark.parametrize(
        ("request_text", "expected"),
        [
            ("delete stripe coupon summer_sale", "delete stripe coupon 'summer_sale'"),
            # a tool's name, a guessed name, an app's name, words a name says in order, an id with digits
            ("call github's code_scanning_get_default_setup", "call github's code_scanning_get_default_setup"),
            ("get_stripe_coupons", "get_stripe_coupons"),
            ("list events on google_calendar", "list events on google_calendar"),
            ("use the default_setup of acme/api", "use the default_setup of acme/api"),
            ("stripe coupon summer_sale_2024", "stripe coupon summer_sale_2024"),
            ("'summer_sale' coupon in stripe", "'summer_sale' coupon in stripe"),
        ],
    )
    def test_what_is_quoted(self, request_text: str, expected: str) -> None:
        index = _INDEXES.setdefault(id(GITHUB_AND_STRIPE), SearchIndex.build(GITHUB_AND_STRIPE))
        tools = frozenset(range(len(index.documents)))
        app_words = frozenset({"stripe", "github", "google", "calendar"})
        assert quoted_joins(index, request_text, tools, app_words) == expected


class TestCallerThings:
    def test_a_question_for_the_callers_things_lists_them(self) -> None:
        query = "what social accounts are linked to my github profile"
        assert _names(GITHUB, query)[0] == "github__users_list_social_accounts_for_authenticated_user"
        unasked = _names(GITHUB, query, asked_caller_things=False, caller_user_twins=False)
        assert unasked[0] == "github__users_list_social_accounts_for_user"

    def test_the_callers_twin_of_an_orgs_tool_comes_first(self) -> None:
        query = "update my copilot space 5 on github"
        assert _names(GITHUB, query)[0] == "github__copilot_spaces_update_for_user"
        assert _names(GITHUB, query, caller_twins=False)[0] == "github__copilot_spaces_update_for_org"

    def test_no_first_person_no_twin(self) -> None:
        assert _names(GITHUB, "update copilot space 5 on github")[0] == "github__copilot_spaces_update_for_org"


class TestSettingActions:
    QUERY = "enable default code scanning setup for acme/api on github"

    def test_a_setting_verb_writes(self) -> None:
        assert _names(GITHUB, self.QUERY) == ["github__code_scanning_update_default_setup"]
        # (the twins' mood reads "enable" as a write too: ``mood_twins``)
        unset = _names(GITHUB, self.QUERY, setting_actions=False, mood_twins=False)
        assert unset[0] == "github__code_scanning_get_default_setup"

    def test_the_action_read(self) -> None:
        assert request_action(["enable", "setup"], setting=True) == "enable"
        assert request_action(["enable", "setup"]) is None
        # "disable" may delete ("disable the webhook"): the action since the sixty-third round, which
        # contradicts a name that only reads and never a delete (``TURNING_OFF``)
        assert request_action(["disable", "setup"], setting=True) == "disable"
        assert contradicts("disable", ["get", "default", "setup"], reads=True, writes=True)
        assert not contradicts("disable", ["delete", "webhook"], reads=True, writes=True)


class TestSlugFirst:
    QUERY = "show the webhook configuration of hook 12 in acme/api"

    def test_a_slug_implies_its_app_before_the_words(self) -> None:
        assert _names(WEBHOOKS, self.QUERY)[0] == "github__repos_get_webhook_config_for_repo"
        assert _names(WEBHOOKS, self.QUERY, slug_first=False)[0].startswith("twilio__")


class TestSpelledValues:
    def test_an_ids_prefix_is_no_value_of_the_word_written(self) -> None:
        assert spelled_values(frozenset({"acct", "1"}), "get stripe connected account acct_1Mx") == {"1"}
        assert spelled_values(frozenset({"acct", "1"}), "get the stripe balance of acct_1Mx") == {"1", "account"}
        assert spelled_values(frozenset({"cfg"}), "the cfg broke") == {"configuration"}

    def test_the_account_asked_for(self) -> None:
        assert _names(STRIPE, "get stripe connected account acct_1Mx")[0] == "stripe__get_accounts_account"
