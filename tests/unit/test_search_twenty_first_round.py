"""Issue 13's twenty-first round: a list asked for by a thing of another kind ("charges *for
customer* cus_123") leaves the kind's word with its value, where the app names the list and no
name says the list for that kind; a place's code after its kind ("region nyc3") is a value
(``filtering_things``); a request naming no action, opening with things an app lists only by
searching, searches them (``unsaid_searches``); a thing's name written before its kind ("the
*acme* github org") is a topic (``names_before_kinds``); among equal scores an administrators'
tool comes after the others (``admin_last``)."""

from __future__ import annotations

import dataclasses

from cardamom.core.search import SearchIndex, SearchOptions, rank
from cardamom.core.search.admin_tools import unasked_admin
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.filtering_things import ListFilter
from cardamom.core.search.kind_names import named_before_kinds
from cardamom.core.search.query import analyse_query
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Stripe lists charges (filtered by customer) and a customer's own lists
    app_doc("stripe__get_charges", "Stripe", "Returns a list of charges you've previously created."),
    app_doc("stripe__get_charges_charge", "Stripe", "Retrieves the details of a charge."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieves a Customer object."),
    app_doc(
        "stripe__get_customers_customer_balance_transactions",
        "Stripe",
        "Returns a list of transactions that updated the customer's balances.",
    ),
    app_doc("stripe__get_customers_customer_subscriptions", "Stripe", "Lists the customer's subscriptions."),
    app_doc("stripe__get_subscriptions", "Stripe", "Lists your subscriptions."),
    # Xero's invoices and contacts
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__get_contact", "Xero", "Retrieves a specific contact in a Xero organisation."),
    app_doc("xero__get_contact_history", "Xero", "Retrieves history records for a specific contact."),
    # Asana lists a project's tasks
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
    app_doc("asana__get_tasks_for_project", "Asana", "Get tasks from a project."),
    app_doc("asana__get_project", "Asana", "Get a project."),
    # DigitalOcean lists droplets; regions have their own list
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all droplets."),
    app_doc("digitalocean__regions_list", "DigitalOcean", "List all data center regions."),
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing droplet."),
    # GitHub lists an organisation's repositories
    app_doc("github__repos_list_for_org", "GitHub", "Lists repositories for the specified organization."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    # Slack archives a channel for its member and, by its administrators' API, for the owner
    app_doc("slack__admin_conversations_archive", "Slack", "Archive a public or private channel."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    # Jira lists issues only by searching
    app_doc("jira__search_for_issues_using_jql", "Jira", "Search for issues using JQL."),
    app_doc("jira__get_component_related_issues", "Jira", "Get component issues count."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _before(request: str) -> frozenset[int]:
    return named_before_kinds(request.split(" "), {"project", "team", "channel"})


def _filter(query: str, **switches: bool) -> ListFilter | None:
    return analyse_query(query, dataclasses.replace(SearchOptions(), **switches)).filters


class TestFilteringThings:
    def test_a_kind_filtering_a_list_leaves_with_its_value(self) -> None:
        for query in (
            "list stripe charges for customer cus_123",
            "list the stripe charges of the customer cus_9s6X",
            "stripe charges for customer cus_123",  # naming no action: the list is its first word
        ):
            assert _names(query)[:1] == ["stripe__get_charges"], query
            assert _names(query, filtering_things=False)[:1] != ["stripe__get_charges"], query
        assert _names("show the invoices of xero contact Acme Ltd")[:1] == ["xero__get_invoices"]

    def test_a_name_saying_the_list_for_that_kind_keeps_it(self) -> None:
        assert _names("list asana tasks of project 1204")[:1] == ["asana__get_tasks_for_project"]
        assert _names("list stripe subscriptions of customer cus_42")[:1] == [
            "stripe__get_customers_customer_subscriptions"
        ]

    def test_what_the_reading_takes(self) -> None:
        found = _filter("list stripe charges for customer cus_123")
        assert found == ListFilter("charges", "list", frozenset({"customer"}))
        # two words of a kind, an owner's word before them
        found = _filter("list bookings for the event type 12")
        assert found is not None and found.kinds == {"event", "type"}
        # no list: one thing, no value after the kind, a kind of three words, a destination
        assert _filter("get stripe charge for customer cus_123") is None
        # (the thirty-third round's ``listed_criteria`` reads a kind ending the list as its filter)
        assert _filter("list stripe charges for the customer", listed_criteria=False) is None
        assert _filter("list stripe charges for new big customer cus_1") is None
        assert _filter("list intercom conversations assigned to admin 991") is None
        # a thing holding others has its own rules ("files in folder 0": Box's folder items)
        assert _filter("list box files in folder 123") is None
        # a first word naming no action may be the thing; one after "give me" is not
        assert _filter("give me the details of jira issue PAY-1") is None

    def test_a_places_code_after_its_kind_is_a_value(self) -> None:
        assert {"nyc", "3"} <= read_values("list the droplets in region nyc3").values
        assert not {"nyc", "3"} & read_values("list the droplets in region nyc3", places=False).values
        query = "list the digitalocean droplets in region nyc3"
        assert _names(query)[:1] == ["digitalocean__droplets_list"]
        assert _names(query, filtering_things=False)[:1] != ["digitalocean__droplets_list"]


class TestUnsaidSearches:
    def test_a_request_naming_no_action_searches_what_is_only_searched(self) -> None:
        for query in ("jira issues assigned to me", "jira issues in status Done"):
            assert _names(query)[:1] == ["jira__search_for_issues_using_jql"], query
            assert _names(query, unsaid_searches=False)[:1] != ["jira__search_for_issues_using_jql"], query

    def test_the_result_says_the_things_were_searched_for(self) -> None:
        ranking = rank(SearchIndex.build(DOCS), "jira issues assigned to me")
        assert ("issues", "search issues") in ranking.read_as
        # a listing verb is read as the search verb, as the twentieth round's rule says
        assert ("list", "search") in rank(SearchIndex.build(DOCS), "list jira issues").read_as

    def test_a_list_made_otherwise_is_left_as_it_is(self) -> None:
        # Asana reads its tasks with ``get_tasks``: no search there
        assert _names("asana tasks")[:1] == ["asana__get_tasks"]
        # a guessed name's words are a name's
        assert _names("jira_issues_list")[:1] != ["jira__search_for_issues_using_jql"]


class TestNamesBeforeKinds:
    def test_a_name_before_its_kind_is_a_topic(self) -> None:
        for query, tool in (
            ("list the repositories in the acme github org", "github__repos_list_for_org"),
            ("list the tasks in the Q1 Launch project on asana", "asana__get_tasks_for_project"),
        ):
            assert _names(query)[:1] == [tool], query
            assert _names(query, names_before_kinds=False, unsaid_modifiers=False) == [], (
                query
            )  # the name weighed, no tool says it

    def test_what_the_reading_takes(self) -> None:
        assert _before("list the tasks in the Q1 Launch project") == {5, 6}
        # the app's name may stand in it; an owner's word opens it
        assert _before("archive our old-project slack channel") == {2, 3}
        # no opener, a filler word, four words, a kind inside, a clause's end: no name
        assert not _before("list marketing team users")
        assert not _before("the tasks in project")
        assert not _before("the very big old green project")
        assert 3 not in _before("the box project domains project")
        assert not _before("the tasks, project")


class TestAdminLast:
    def test_an_administrators_tool_comes_after_its_equals(self) -> None:
        query = "archive slack channel C123"
        assert _names(query)[:2] == ["slack__conversations_archive", "slack__admin_conversations_archive"]
        assert _names(query, admin_last=False)[:1] == ["slack__admin_conversations_archive"]

    def test_unless_the_request_asks_for_an_administrator(self) -> None:
        assert _names("archive slack channel C123 as admin")[:1] == ["slack__admin_conversations_archive"]
        index = SearchIndex.build(DOCS)
        unasked = unasked_admin(index, ("archive", "channel"))
        assert {DOCS[d].name for d in range(len(DOCS)) if d in unasked} == {"slack__admin_conversations_archive"}
        asked = unasked_admin(index, ("admin", "archive"))
        assert not any(d in asked for d in range(len(DOCS)))
