"""Issue 13's sixtieth round: an action done again opens a second action as the action does
(``redone_actions``); the kinds of a thing are its types."""

from __future__ import annotations

from cardamom.core.search import SearchIndex
from cardamom.core.search.query import analyse_query
from cardamom.core.search.request_clauses import second_action
from cardamom.core.search.tokens import tokenize
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
