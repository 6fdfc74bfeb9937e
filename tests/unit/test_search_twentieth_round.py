"""Issue 13's twentieth round: requests that write their call's arguments as code ("state=open",
a JSON object, a call's "(email='...')", an endpoint's "?state=open") read them as a with-clause
(``argument_lists``); a request naming no action reads (``unsaid_reads``); a filter's adjective
is read beside the values read before it (``valued_qualifiers``); a request counting things
lists them (``counted_lists``); a list an app makes only by searching is searched for
(``searched_lists``)."""

from __future__ import annotations

from collections.abc import Callable

from cardamom.core.search import SearchIndex, SearchOptions, rank
from cardamom.core.search.argument_lists import read_arguments
from cardamom.core.search.query import analyse_query
from cardamom.core.search.unsaid_actions import names_no_action
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    # Stripe's customers, created, listed and updated
    app_doc("stripe__post_customers", "Stripe", "Creates a new customer object."),
    app_doc("stripe__get_customers", "Stripe", "Returns a list of your customers."),
    app_doc("stripe__post_customers_customer", "Stripe", "Updates the specified customer."),
    # GitHub's issues, the caller's and a repository's, and a repository's labels
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__issues_list_for_repo", "GitHub", "List repository issues."),
    app_doc("github__issues_list_labels_for_repo", "GitHub", "List labels for a repository."),
    # Twilio sends messages, and lists roles in its version 3 API
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc("twilio__create_content", "Twilio", "Create a content template with a body."),
    app_doc("twilio__list_role_3", "Twilio", "List roles."),
    # Xero's invoices, created and read, and its expense claims' draft receipts
    app_doc("xero__create_invoices", "Xero", "Creates one or more sales invoices."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices."),
    app_doc("xero__create_receipt", "Xero", "Creates draft expense claim receipts for any user."),
    # Intercom lists conversations; Asana counts a project's tasks
    app_doc("intercom__list_conversations", "Intercom", "List all conversations."),
    app_doc("intercom__get_conversation", "Intercom", "Retrieve a conversation."),
    app_doc("asana__get_task_counts_for_project", "Asana", "Get counts of tasks in a project."),
    app_doc("asana__get_tasks_for_project", "Asana", "Get tasks from a project."),
    # Jira lists issues only by searching; GitHub lists a pull request's commits and searches commits
    app_doc("jira__search_for_issues_using_jql", "Jira", "Search for issues using JQL."),
    app_doc("jira__get_component_related_issues", "Jira", "Get component issues count."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
    app_doc("github__pulls_list_commits", "GitHub", "List commits on a pull request."),
    app_doc("github__search_commits", "GitHub", "Search commits."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _named(word: str) -> bool:
    return word in {"repo", "jql"}


def read_argument_lists(request: str, named: Callable[[str], bool] = lambda _: False) -> tuple[str, str]:
    """The request without its written arguments, and them as a with-clause."""
    return read_arguments(request, named)[:2]


def written_values(request: str) -> frozenset[str]:
    return read_arguments(request).words


class TestArgumentLists:
    def test_pairs_are_read_as_a_with_clause(self) -> None:
        # a key no tool is named by leaves; its value stays, quoted, an argument value
        assert read_argument_lists("github list issues state=open labels=bug repo=acme/api", _named) == (
            "github list issues",
            ' with "open" and "bug" and repo "acme/api"',
        )
        assert read_argument_lists('jira search jql="project = ABC"', _named) == (
            "jira search",
            ' with jql "project = ABC"',
        )

    def test_a_fields_key_leaves_though_a_name_says_it(self) -> None:
        # a field set is the request's argument ("name="), where a container places it ("repo=")
        assert read_argument_lists("box.files.update(file_id='123', name='final.pdf')", lambda _: True) == (
            "box.files.update",
            ' with "123" and "final.pdf"',
        )

    def test_a_json_object_a_calls_arguments_and_a_query_string(self) -> None:
        assert read_argument_lists('stripe create customer {"email": "jo@example.com", "name": "Jo"}') == (
            "stripe create customer",
            ' with "jo@example.com" and "Jo"',
        )
        assert read_argument_lists("stripe.Customer.create(email='jo@example.com', name='Jo')") == (
            "stripe.Customer.create",
            ' with "jo@example.com" and "Jo"',
        )
        assert read_argument_lists("octokit.issues.listForRepo({owner: 'acme', state: 'open'})") == (
            "octokit.issues.listForRepo",
            ' with "acme" and "open"',
        )
        assert read_argument_lists("GET /repos/acme/api/issues?state=open&labels=bug") == (
            "GET /repos/acme/api/issues",
            ' with "open" and "bug"',
        )
        # curl's command reads as the endpoint it calls, its method first (POST with data, else GET)
        assert read_argument_lists("curl -X POST https://api.stripe.com/v1/customers -d email=jo@x.io") == (
            "POST https://api.stripe.com/v1/customers",
            ' with "jo@x.io"',
        )
        assert read_argument_lists("curl -s https://api.x.io/v1/users?limit=3 -H 'Authorization: Bearer t'") == (
            "GET https://api.x.io/v1/users",
            ' with "3"',
        )
        assert read_argument_lists("curl https://api.x.io/v1/users -d name=Jo")[0] == "POST https://api.x.io/v1/users"

    def test_a_variable_passed_by_name_is_no_word(self) -> None:
        assert read_argument_lists("stripe.customers.retrieve(customer_id)") == ("stripe.customers.retrieve", "")
        assert read_argument_lists("await notion.pages.update({ page_id: 'abc', archived: true })") == (
            "notion.pages.update",
            ' with "abc" and "true"',
        )

    def test_a_key_holding_an_object_names_its_structure(self) -> None:
        request = 'notion create page {"parent": {"page_id": "abc"}, "properties": {"title": [{"content": "Hi"}]}}'
        assert read_argument_lists(request) == ("notion create page", ' with "abc" and "Hi"')

    def test_no_pairs_no_change(self) -> None:
        for request in (
            "Box: create key",
            "if a==b then stop",
            "https://github.com/acme/api/pull/12",
            "meet at 10:30 on slack",
            "jira create issue",
        ):
            assert read_argument_lists(request, _named) == (request, ""), request

    def test_github_cli_takes_a_path_without_its_slash(self) -> None:
        assert read_argument_lists("gh api repos/acme/api/issues") == ("gh api  /repos/acme/api/issues", "")
        assert read_argument_lists("gh api -X POST repos/acme/api/issues")[0] == "gh api POST /repos/acme/api/issues"

    def test_the_values_words(self) -> None:
        # keys and values: outside a named app both leave the mass
        assert written_values("list customers limit=3") == frozenset({"limit", "3"})
        assert written_values('POST /v1/customers {"email": "jo@example.com"}') == frozenset(
            {"email", "jo", "example", "com"}
        )
        assert written_values("Box: create key") == frozenset()

    def test_the_tool_is_found(self) -> None:
        query = 'stripe create customer {"email": "jo@example.com", "name": "Jo"}'
        assert _names(query)[:1] == ["stripe__post_customers"]
        assert _names(query, argument_lists=False) == []  # "jo" and "name" weigh and no tool says them
        query = "github list issues state=open labels=bug repo=acme/api"
        assert _names(query)[:1] == ["github__issues_list_for_repo"]
        assert _names(query, argument_lists=False)[:1] == ["github__issues_list_labels_for_repo"]
        query = 'twilio.messages.create(to="+15551234567", body="Hi")'
        assert _names(query)[:1] == ["twilio__create_message"]
        # ("body" weighed; the sixty-first round's SDK call read with its arguments after it finds it too: off with it)
        assert _names(query, argument_lists=False, sdk_calls=False)[:1] == ["twilio__create_content"]

    def test_values_written_as_arguments_leave_the_mass_where_no_app_is_named(self) -> None:
        query = 'POST /v1/customers {"email": "jo@example.com"}'
        ranking = rank(SearchIndex.build(DOCS), query)
        assert [h.name for h in ranking.hits][:1] == ["stripe__post_customers"]
        assert not ranking.values_weighed and set(ranking.values) == {"jo", "example", "com"}
        assert not ranking.implied  # found as written, no app implied
        # weighed, the values found nothing as written, and only the app the words imply answers
        assert rank(SearchIndex.build(DOCS, without(argument_lists=False)), query).implied
        # the value's digit is no version: "list customers limit=3" is not Twilio's ``list_role_3``
        assert _names("list customers limit=3")[:1] == ["stripe__get_customers"]
        assert _names("list customers limit=3", argument_lists=False)[:1] != ["stripe__get_customers"]


class TestUnsaidReads:
    def test_a_request_naming_no_action_reads(self) -> None:
        for query in ("xero invoices", "xero invoices from last month"):
            assert _names(query)[:1] == ["xero__get_invoices"], query
            assert _names(query, unsaid_reads=False)[:1] == ["xero__create_invoices"], query

    def test_a_first_word_in_the_singular_may_be_the_verb(self) -> None:
        options = SearchOptions()
        assert names_no_action(analyse_query("xero invoices", options), ("invoices",), None)
        assert not names_no_action(analyse_query("transition ENG-3", options), ("transition",), None)
        assert not names_no_action(analyse_query("invoices create", options), ("invoices", "create"), None)
        # a word some tool's name opens with, in the singular, acts ("link_issues")
        assert not names_no_action(analyse_query("customers post", options), ("customers", "post"), lambda w: True)


class TestValuedQualifiers:
    def test_a_filters_adjective_beside_a_things_name(self) -> None:
        query = "create a draft invoice in xero for customer Acme for 500 USD"
        assert _names(query)[:1] == ["xero__create_invoices"]
        # (the customer's word leaves with its name: ``valued_kinds`` off too)
        assert _names(query, valued_qualifiers=False, valued_kinds=False)[:1] == ["xero__create_receipt"]


class TestCountedLists:
    def test_a_count_lists_the_things(self) -> None:
        query = "count the unread intercom conversations"
        assert _names(query)[:1] == ["intercom__list_conversations"]
        assert _names(query, counted_lists=False) == []  # "count" and "unread" weigh, no tool says them

    def test_an_apps_own_count_answers_as_written(self) -> None:
        assert _names("count the tasks in asana project 12")[:1] == ["asana__get_task_counts_for_project"]


class TestSearchedLists:
    def test_a_list_made_only_by_searching_is_searched_for(self) -> None:
        for query in ("list jira issues", "show me the open jira issues"):
            assert _names(query)[:1] == ["jira__search_for_issues_using_jql"], query
            assert _names(query, searched_lists=False)[:1] != ["jira__search_for_issues_using_jql"], query

    def test_a_name_listing_it_with_another_thing_the_request_names(self) -> None:
        # the commits *on PR 88* are a pull request's, which GitHub lists
        assert _names("list the commits on github PR 88")[:1] == ["github__pulls_list_commits"]
        # one issue is read, not searched for
        assert _names("get jira issue ABC-1")[:1] == ["jira__get_issue"]
