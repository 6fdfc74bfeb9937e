"""The ranker refinements of issue 13's seventh round, each against the ranker without it: "all"
(``get_all_{app}_{object}``, "show me all customers") that no name or label of the ranked pool
carries leaves the query, whatever descriptions say; a frame noun ("the details of") no name
carries weighs nothing but still scores; a tool only the request's values reach is no answer;
"find" where no name of the app searches is "get"; and the readings with no switch (qualifiers
among name words, a compound never eats an app's name, participles before or after a person
are filters, amounts, durations and ids in capitals are values, "another" is filler, "record"
first creates, a question's first word is no verb)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.request_verbs import leading_verb
from cardamom.core.search.synonyms import join_vocabulary_compounds
from cardamom.core.search.tokens import QUERY_FILLER_WORDS
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("notion__retrieve_a_block", "Notion", "Retrieve a block."),
    app_doc("notion__update_a_block", "Notion", "Update a block."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("notion__get_users", "Notion", "List all users."),
    app_doc("jira__get_all_issue_field_options", "Jira", "Returns all options of an issue field."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("box__get_folders_id_items", "Box", "Retrieves a page of items in a folder."),
    app_doc("box__get_folders_id", "Box", "Retrieves details for a folder."),
    app_doc("xero__get_inbox", "Xero", "Retrieves the inbox folder of the organisation's files."),
    app_doc("stripe__get_radar_early_fraud_warnings", "Stripe", "Returns a list of early fraud warnings."),
    app_doc("stripe__get_customers", "Stripe", "Returns a list of your customers, sorted by creation date."),
    app_doc(
        "stripe__get_invoices", "Stripe", "You can list all invoices, or list the invoices for a specific customer."
    ),
    app_doc("stripe__get_invoices_upcoming", "Stripe", "Shows all upcoming invoice items of customers."),
    app_doc(
        "stripe__get_radar_early_fraud_warnings_early_fraud_warning",
        "Stripe",
        "Retrieves the details of an early fraud warning that has previously been created.",
    ),
    app_doc("intercom__list_conversations", "Intercom", "List all conversations."),
    app_doc(
        "intercom__manage_conversation",
        "Intercom",
        "Close, snooze, open or assign a conversation (assigned to an admin).",
    ),
    app_doc("intercom__get_conversation", "Intercom", "Retrieve a single conversation."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__create_invoices", "Xero", "Creates one or more sales invoices or purchase bills."),
    app_doc("xero__get_contacts", "Xero", "Retrieves all contacts in a Xero organisation."),
    app_doc("notion__post_search", "Notion", "Searches pages and data sources shared with the integration."),
    app_doc("twilio__list_usage_record_today", "Twilio", "Retrieve a list of usage records for today."),
    app_doc("twilio__list_call", "Twilio", "Retrieves a collection of calls."),
    app_doc("calcom__get_bookings", "Cal.com", "Get all bookings; a calendar of meetings and events."),
    app_doc(
        "stripe__get_subscriptions",
        "Stripe",
        "By default, returns a list of subscriptions that have not been canceled.",
    ),
    app_doc(
        "box__get_shield_information_barriers_id", "Box", "Retrieves shield information barrier based on provided ID."
    ),
    app_doc("box__get_files_id", "Box", "Retrieves the details about a file."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestNamedGrammar:
    def test_a_guessed_names_all_no_name_of_the_app_carries_leaves_it(self) -> None:
        # Inside Notion, no name says "all" and one description does: as the rarest word of the
        # app's pool it weighed most, and "List all users" answered a request for a block.
        assert _names("retrieve_all_notion_block")[0] == "notion__retrieve_a_block"
        assert "notion__get_users" not in _names("retrieve_all_notion_block")
        assert "notion__get_users" in _names("retrieve_all_notion_block", named_grammar=False)

    def test_an_all_some_name_carries_still_counts(self) -> None:
        assert _names("get_all_jira_issue_field_options")[0] == "jira__get_all_issue_field_options"

    def test_a_request_in_words_drops_it_too(self) -> None:
        # Stripe's names never say "all"; the invoice tools' descriptions do, and the customers'
        # list sank under the floor for want of it
        assert _names("show me all stripe customers created this month")[0] == "stripe__get_customers"
        assert "stripe__get_customers" not in _names(
            "show me all stripe customers created this month", named_grammar=False
        )
        assert _names("list all notion users")[0] == "notion__get_users"


class TestFrameNouns:
    def test_details_no_name_carries_leaves_the_mass(self) -> None:
        # Notion's tools never say "details": as the rarest word it sank every page tool
        assert _names("get the details of notion page 1a2b3c4d")[:1] == ["notion__retrieve_a_page"]
        # the field a request reads is the page's too (eleventh round): both rules off
        assert (
            _names(
                "get the details of notion page 1a2b3c4d", frame_nouns=False, field_phrases=False, asked_pieces=False
            )
            == []
        )

    def test_it_still_orders_the_tools_whose_descriptions_say_it(self) -> None:
        # one warning's details, not the list: "details" scores 1 where the description says it
        assert _names("stripe fetch details early fraud warning")[0] == (
            "stripe__get_radar_early_fraud_warnings_early_fraud_warning"
        )

    def test_a_name_it_only_prefixes_does_not_carry_it(self) -> None:
        # Box's shield_information_barriers: "info" prefixes "information" (seeds: 3), which says
        # nothing of a file
        names = _names("get the info of box file 55")
        assert names[0] == "box__get_files_id" and "box__get_shield_information_barriers_id" not in names

    def test_it_stays_when_nothing_else_names_the_object(self) -> None:
        # "get information" alone: only the verb would be left, and any tool that gets answers
        index = SearchIndex.build(DOCS)
        assert rank(index, "notion get information about sharing").idf["information"] > 0
        assert rank(index, "notion get information about a page").idf["information"] == 0


class TestValueEvidence:
    def test_a_tool_only_the_values_reach_is_no_answer(self) -> None:
        # "today" is a date the request filters by; the calendar it asks about is not connected
        assert _names("what's on my calendar today") == []
        assert _names("what's on my calendar today", value_evidence=False) == ["twilio__list_usage_record_today"]

    def test_a_request_of_values_only_keeps_the_seeds_reading(self) -> None:
        assert "twilio__list_usage_record_today" in _names("today")


class TestSearchVerbs:
    def test_find_where_no_name_searches_is_get(self) -> None:
        assert _names("find xero invoices that are overdue")[0] == "xero__get_invoices"
        assert _names("find xero invoices that are overdue", search_verbs=False) == []

    def test_an_app_that_searches_keeps_it(self) -> None:
        assert _names("find notion pages about onboarding")[0] == "notion__post_search"

    def test_only_for_a_thing_some_name_carries(self) -> None:
        # Xero has no customers (it says contacts): "get customers" would answer from descriptions
        assert rank(SearchIndex.build(DOCS), "search the customers on Xero").read_as == ()


class TestReadings:
    def test_a_compound_never_eats_an_apps_name(self) -> None:
        assert join_vocabulary_compounds(("list", "items", "in", "box"), {"inbox"}) == ("list", "items", "inbox")
        assert join_vocabulary_compounds(("items", "in", "box"), {"inbox"}, {"box"}) == ("items", "in", "box")
        assert _names("list the items in box folder 0")[0] == "box__get_folders_id_items"

    def test_a_participle_before_a_person_is_a_filter(self) -> None:
        for request in ("conversations assigned to me", "files shared with Maria", "issues reported by @bob"):
            assert {"assigned", "shared", "reported"} & read_values(request).values, request
        assert "assigned" not in read_values("list assigned tasks").values
        assert _names("list intercom conversations assigned to me")[0] == "intercom__list_conversations"

    def test_a_participle_after_its_person_is_a_filter(self) -> None:
        assert "sent" in read_values("delete the slack message I just sent in #random").values
        assert "uploaded" in read_values("the file you uploaded yesterday").values
        # a sentence's own verb, not a relative clause
        assert "created" not in read_values("I created a jira issue, now delete it").values

    def test_amounts_durations_and_ids_in_capitals(self) -> None:
        assert "20" in read_values("refund $20 of charge ch_1").values
        assert "20" in read_values("a coupon for 20% off").values
        assert {"2", "hours"} <= read_values("log 2 hours of work on ENG-12").values
        assert {"re", "55"} <= read_values("delete twilio recording RE55").values
        assert not {"s", "3", "ec", "2"} & read_values("list s3 buckets and EC2 instances").values

    def test_an_adjective_among_grammar_words(self) -> None:
        # "all" (grammar) is no object the app lacks: "active" is still a filter
        assert _names("list all active stripe subscriptions")[0] == "stripe__get_subscriptions"

    def test_short_prefixed_ids_and_unplaced_slugs(self) -> None:
        assert {"dp", "1"} <= read_values("close stripe dispute dp_1").values
        assert {"acme", "api"} <= read_values("fork acme/api on github").topics

    def test_a_questions_first_word_is_no_verb(self) -> None:
        index = SearchIndex.build(DOCS)
        assert "create" not in rank(index, "how many open conversations in intercom").query_tokens
        assert "create" in rank(index, "open an intercom conversation").query_tokens

    def test_another_is_filler_and_record_first_creates(self) -> None:
        assert {"another", "several", "existing", "many", "much", "nobody"} <= QUERY_FILLER_WORDS
        assert leading_verb(("record", "payment")) == ("create", "payment")
        assert leading_verb(("get", "dns", "record")) == ("get", "dns", "record")
