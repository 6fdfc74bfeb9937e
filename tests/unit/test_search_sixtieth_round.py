"""Issue 13's sixtieth round: an action done again opens a second action as the action does
(``redone_actions``); an adverb before the opening verb leaves it the opening (``adverb_openings``);
an id after its kind's prefix is opaque with fewer pieces (``prefixed_opaque``); the word between an
app's name and its verb is the app's product line (``product_lines``); a gloss in parentheses no tool
says leaves the request (``glossed_words``); a time log is the time logged as the app keeps it
(``time_logs``); a plural read lists in a request naming no app too (``unscoped_lists``); the kinds of
a thing are its types."""

from __future__ import annotations

from cardamom.core.search import SearchIndex
from cardamom.core.search.app_tails import app_tails
from cardamom.core.search.aside_clauses import without_asides
from cardamom.core.search.opaque_ids import opaque_pieces
from cardamom.core.search.query import analyse_query
from cardamom.core.search.request_clauses import second_action
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.written_forms import _TIME_LOG
from tests.unit.search_documents import app_doc, shipped_names

INTERCOM = [
    app_doc("intercom__update_ticket", "Intercom", "Update a ticket. You can update a ticket's state or assignee."),
    app_doc("intercom__get_ticket", "Intercom", "Retrieve a ticket."),
    app_doc("intercom__reply_ticket", "Intercom", "Reply to a ticket with a message from an admin."),
]
STRIPE = [
    app_doc("stripe__get_reporting_report_types", "Stripe", "Returns a full list of Report Types."),
    app_doc("stripe__get_reporting_report_runs", "Stripe", "Returns a list of Report Runs, most recent first."),
    app_doc("stripe__get_identity_verification_reports", "Stripe", "List all verification reports."),
    app_doc("stripe__get_customers", "Stripe", "Returns a list of your customers."),
    app_doc("stripe__delete_customers_customer", "Stripe", "Permanently deletes a customer."),
    app_doc("stripe__delete_subscriptions_subscription_exposed_id", "Stripe", "Cancels a customer's subscription."),
    app_doc(
        "stripe__get_customers_customer_balance_transactions_transaction",
        "Stripe",
        "Retrieves a specific customer balance transaction that updated the customer's balances.",
    ),
]
TWILIO = [
    app_doc("twilio__fetch_environment", "Twilio", "Retrieve a specific environment."),
    app_doc("twilio__list_environment", "Twilio", "Retrieve a list of all environments."),
    app_doc("twilio__list_workspace", "Twilio", ""),
    app_doc("twilio__fetch_workspace", "Twilio", ""),
    app_doc("twilio__create_deployment", "Twilio", "Create a new deployment."),
]
JIRA = [
    app_doc("jira__get_project_versions", "Jira", "Get project versions. Returns all versions in a project."),
    app_doc("jira__get_project", "Jira", "Get project. Returns the project details for a project."),
    app_doc("jira__get_issue", "Jira", "Get issue. Returns the details for an issue."),
]
OTHERS = [
    app_doc("twilio__delete_customer_profile", "Twilio", "Delete a specific Customer-Profile."),
    app_doc("xero__get_bank_transaction", "Xero", "Retrieves a single spent or received money transaction."),
]


class TestRedoneActions:
    def test_an_action_done_again_opens_a_second_action(self) -> None:
        words = tokenize("set intercom ticket 884 state to resolved and reassign to maria")
        cut = second_action(words, {"884", "maria"}, {"intercom"}, redone=True)
        assert cut is not None and words[cut] == "and"
        assert second_action(words, {"884", "maria"}, {"intercom"}) is None

    def test_a_word_opening_with_re_is_no_action_where_the_rest_is_none(self) -> None:
        for request in ("update intercom ticket 9 and redirects to bob", "update intercom ticket 9 and report"):
            words = tokenize(request)
            assert second_action(words, {"9", "bob"}, {"intercom"}, redone=True) is None

    def test_the_first_action_is_what_is_found(self) -> None:
        query = "Set Intercom ticket 884 state to resolved and reassign to Maria"
        assert shipped_names(INTERCOM, query)[:1] == ["intercom__update_ticket"]
        assert shipped_names(INTERCOM, query, redone_actions=False) == []  # "reassign" weighed, no tool says it


class TestAdverbOpenings:
    def test_an_adverb_before_the_verb_leaves_the_second_action(self) -> None:
        words = tokenize("permanently delete customer cus_1 and cancel their subscriptions")
        cut = second_action(words, {"cus", "1"}, (), adverbs=True)
        assert cut is not None and words[cut] == "and"
        assert second_action(words, {"cus", "1"}, ()) is None

    def test_a_word_ending_in_ly_that_acts_is_no_adverb(self) -> None:
        words = tokenize("reply to intercom ticket 9 and close it")
        assert second_action(words, {"9"}, {"intercom"}, adverbs=True) == second_action(words, {"9"}, {"intercom"})


class TestPrefixedOpaque:
    def test_an_id_after_its_kinds_prefix_is_opaque_with_fewer_pieces(self) -> None:
        for request in ("delete customer cus_NffrFeUfNV2Hib", "retrieve balance transaction cbtxn_1MrHt2"):
            assert opaque_pieces(request, prefixed=True)
            assert not opaque_pieces(request)

    def test_a_word_without_a_prefix_or_a_digit_is_none(self) -> None:
        for request in ("list getUserProfile2 calls", "open my_Team_Board", "check oauth2Token flow"):
            assert not opaque_pieces(request, prefixed=True)

    def test_a_request_naming_no_app_is_weighed_without_the_ids_pieces(self) -> None:
        documents = [*STRIPE, *OTHERS]
        query = "Permanently delete customer cus_NffrFeUfNV2Hib and cancel their subscriptions"
        assert shipped_names(documents, query)[:1] == ["stripe__delete_customers_customer"]
        assert shipped_names(documents, query, prefixed_opaque=False) == []
        # (and read with its second action, "cancel their subscriptions": the subscription's cancel first)
        assert shipped_names(documents, query, adverb_openings=False)[:1] != ["stripe__delete_customers_customer"]


class TestProductLines:
    def test_the_word_between_the_apps_name_and_its_verb(self) -> None:
        named = {"twilio"}
        assert app_tails(("twilio", "taskrouter", "list", "workspaces"), named, lines=True) == {"taskrouter"}
        assert app_tails(("twilio", "taskrouter", "list", "workspaces"), named) == frozenset()

    def test_no_adverb_nor_a_participle_after_it(self) -> None:
        for words in (("jira", "recently", "viewed", "projects"), ("jira", "most", "viewed", "projects")):
            assert app_tails(words, {"jira"}, lines=True) == frozenset()

    def test_the_line_weighs_nothing_where_no_name_of_the_app_says_it(self) -> None:
        for query, want in (
            ("twilio serverless fetch environment ZE1234", "twilio__fetch_environment"),
            ("twilio taskrouter list workspaces", "twilio__list_workspace"),
        ):
            assert shipped_names(TWILIO, query)[:1] == [want]
            assert shipped_names(TWILIO, query, product_lines=False) == []

    def test_a_line_a_name_says_stays(self) -> None:
        query = "stripe issuing list cards"
        documents = [
            app_doc("stripe__get_issuing_cards", "Stripe", "Returns a list of Issuing Card objects."),
            app_doc("stripe__get_cards", "Stripe", "Returns a list of cards."),
        ]
        assert shipped_names(documents, query)[:1] == ["stripe__get_issuing_cards"]
        assert shipped_names(documents, "stripe list cards")[:1] == ["stripe__get_cards"]  # (the line left out)


class TestGlossedWords:
    def test_a_gloss_no_tool_says_leaves_the_request(self) -> None:
        query = "Which versions (releases) does the Jira project MOBILE have?"
        assert shipped_names(JIRA, query)[:1] == ["jira__get_project_versions"]
        assert shipped_names(JIRA, query, glossed_words=False) == []  # "releases" weighed, no tool says it

    def test_a_gloss_a_tool_says_a_negation_or_a_value_stays(self) -> None:
        index = SearchIndex.build(JIRA)
        tools = frozenset(range(len(JIRA)))
        for request in (
            "get jira project (issue) MOBILE",  # a word a tool says
            "list jira versions (not releases) for project MOBILE",
            "list jira projects in Great Britain (GB) now",
        ):
            assert without_asides(request, glossed=(index, tools)) == request
        cut = without_asides("which versions (releases) does jira project MOBILE have", glossed=(index, tools))
        assert cut == "which versions does jira project MOBILE have"
        assert without_asides("which versions (releases) does it have", glossed=(index, frozenset())) == (
            "which versions (releases) does it have"  # naming no app, nothing is known of the gloss
        )


class TestTimeLogs:
    DOCUMENTS = (
        app_doc("jira__delete_worklog", "Jira", "Delete worklog. Deletes a worklog from an issue."),
        app_doc("jira__get_change_logs", "Jira", "Get changelogs. Returns a list of all changelogs for an issue."),
        app_doc("jira__delete_issue", "Jira", "Delete issue. Deletes an issue."),
        app_doc("asana__get_time_tracking_entries", "Asana", "Get time tracking entries for a task."),
        app_doc("asana__create_time_tracking_entry", "Asana", "Create a time tracking entry on a task."),
        app_doc("asana__get_audit_log_events", "Asana", "Get audit log events."),
    )

    def test_a_time_log_is_a_worklog_where_the_app_keeps_them(self) -> None:
        query = "Remove the time log 100028 from Jira ticket PROJ-12"
        assert shipped_names(list(self.DOCUMENTS), query)[:1] == ["jira__delete_worklog"]
        assert shipped_names(list(self.DOCUMENTS), query, time_logs=False)[:1] != ["jira__delete_worklog"]

    def test_and_a_time_entry_where_the_app_keeps_those(self) -> None:
        query = "list time logs on asana task 55"
        assert shipped_names(list(self.DOCUMENTS), query)[:1] == ["asana__get_time_tracking_entries"]
        assert shipped_names(list(self.DOCUMENTS), query, time_logs=False)[:1] != ["asana__get_time_tracking_entries"]

    def test_a_names_part_is_no_time_log(self) -> None:
        assert _TIME_LOG.search("upload export-time-log.csv to box folder 5") is None
        assert _TIME_LOG.search("open /reports/time-log in github acme/api") is None
        assert _TIME_LOG.search("show my time-log for jira PROJ-1") is not None


class TestUnscopedLists:
    DOCUMENTS = (
        app_doc(
            "github__codespaces_get_for_authenticated_user", "GitHub", "Get a codespace for the authenticated user."
        ),
        app_doc(
            "github__codespaces_list_for_authenticated_user", "GitHub", "List codespaces for the authenticated user."
        ),
        app_doc("github__gists_get", "GitHub", "Get a gist."),
        app_doc("github__gists_list", "GitHub", "List gists for the authenticated user."),
        app_doc("box__get_folders_id", "Box", "Get folder information."),
    )

    def test_a_plural_read_lists_naming_no_app(self) -> None:
        for query, want in (
            ("get my codespaces", "github__codespaces_list_for_authenticated_user"),
            ("get my gists", "github__gists_list"),
        ):
            assert shipped_names(list(self.DOCUMENTS), query)[:1] == [want]
            assert shipped_names(list(self.DOCUMENTS), query, unscoped_lists=False)[:1] != [want]

    def test_one_thing_by_its_id_is_no_list(self) -> None:
        names = shipped_names(list(self.DOCUMENTS), "show gist 12")
        assert names[:1] == ["github__gists_get"]


class TestKindsAreTypes:
    def test_the_kinds_of_a_thing_list_its_types(self) -> None:
        for query in ("What kinds of financial reports can I run in Stripe?", "what sorts of reports are in stripe"):
            assert shipped_names(STRIPE, query)[:1] == ["stripe__get_reporting_report_types"]

    def test_kind_of_one_thing_is_no_type(self) -> None:
        index = SearchIndex.build(STRIPE)

        def tokens(query: str) -> tuple[str, ...]:
            options = index.options
            return analyse_query(query, options, index.app_mentions, index.label_postings, index.name_postings).tokens

        assert "types" in tokens("what kinds of reports are in stripe")
        assert "types" not in tokens("what kind of plan is stripe customer cus_1 on")
