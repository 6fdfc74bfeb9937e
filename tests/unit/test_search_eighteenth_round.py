"""Issue 13's eighteenth round: requests about people. A given name is an argument value
wherever it stands ("message bob on slack", ``person_names``); telling someone something is
sending them a message ("notify bob on slack", "let the team know ...", ``telling``); an action
word implies no app (``actions_imply_nothing``); an issue's key written bare reads as the issue
("move PROJ-12 to done in jira", ``issue_keys``)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.call_forms import read_calls
from cardamom.core.search.issue_keys import keyed_issue
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.person_names import given_names, person_as_field
from cardamom.core.search.query import analyse_query
from cardamom.core.search.telling import read_telling
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Slack sends a message, and many other things no request here asks for
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_me_message", "Slack", "Share a me message into a channel."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    # Jira notifies for itself, and edits, transitions, moves and gets issues
    app_doc("jira__notify", "Jira", "Send notification for issue. Creates an email notification for an issue."),
    app_doc("jira__edit_issue", "Jira", "Edit issue. Edits an issue: its fields, such as priority or assignee."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Performs an issue transition to a status."),
    app_doc("jira__move_version", "Jira", "Move version. Modifies the version's sequence within the project."),
    app_doc("jira__get_issue", "Jira", "Get issue. Returns the details for an issue."),
    app_doc(
        "jira__create_issue",
        "Jira",
        "Create issue. Creates an issue or, where the option to create subtasks is enabled, a subtask.",
    ),
    app_doc("jira__create_workflow", "Jira", "Create workflow. Creates a workflow with its statuses."),
    app_doc("jira__add_worklog", "Jira", "Add worklog. Adds a worklog to an issue: time spent on it."),
    app_doc("jira__get_issue_worklog", "Jira", "Get issue worklogs. Returns worklogs for an issue."),
    app_doc("jira__get_change_logs", "Jira", "Get changelogs. Returns the changes to an issue."),
    app_doc("jira__change_filter_owner", "Jira", "Change filter owner."),
    # Stripe's names alone say "send"; Cal.com books
    app_doc("stripe__post_invoices_invoice_send", "Stripe", "Send an invoice for manual payment."),
    app_doc("cal__create_booking", "Cal.com", "Create a booking."),
    app_doc("cal__get_bookings", "Cal.com", "Get all bookings."),
    # Xero's invoice numbers look like keys
    app_doc("xero__get_invoice", "Xero", "Retrieves a specific sales invoice or purchase bill."),
    app_doc("xero__email_invoice", "Xero", "Sends a copy of a specific invoice to related contact via email."),
    # GitHub pings a webhook; its names say the resource before the verb, in the plural
    app_doc("github__repos_ping_webhook", "GitHub", "Ping a repository webhook."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("github__issues_get_comment", "GitHub", "Get an issue comment."),
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    # Stripe reads a list with "get"; Asana's names say "list" of a list of tasks
    app_doc("stripe__get_customers", "Stripe", "List all customers."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieve a customer."),
    app_doc("asana__get_users", "Asana", "Get multiple users."),
    app_doc("asana__get_user", "Asana", "Get a user."),
    app_doc("asana__get_user_task_list", "Asana", "Get a user's task list."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestPersonNames:
    def test_a_given_name_is_a_person(self) -> None:
        words = ("message", "bob", "on", "slack", "about", "priya")
        assert given_names(words, set()) == {"bob", "priya"}
        # a word some tool's name says is that word, never a person; English words are no names
        assert given_names(words, {"bob"}) == {"priya"}
        assert given_names(("mark", "will", "grant", "ruby", "jan"), set()) == frozenset()

    def test_a_person_weighs_nothing_inside_a_named_app(self) -> None:
        for query, tool in (
            ("send bob a slack message", "slack__chat_post_message"),
            ("send daniel a message on slack saying lunch at noon", "slack__chat_post_message"),
        ):
            assert _names(query)[:1] == [tool], query
            assert _names(query, person_names=False, telling=False) == [], query

    def test_a_person_alone_beside_the_action_is_still_weighed(self) -> None:
        slack = {"slack": ("Slack",)}
        assert "bob" in analyse_query("send bob a slack message", SearchOptions(), slack).values
        # "look up jane in slack": without her name the request is its verb alone
        assert "jane" not in analyse_query("look up jane in slack", SearchOptions(), slack).values

    def test_a_person_made_a_things_field_is_that_field_set(self) -> None:
        assert person_as_field("set bob as the assignee of jira issue ENG-3") == (
            "set the assignee of jira issue ENG-3 to bob"
        )
        assert (
            person_as_field("make priya the owner of asana project 12") == "set the owner of asana project 12 to priya"
        )
        assert person_as_field("set kate as owner of asana project 9") == "set the owner of asana project 9 to kate"
        for request in ("make a copy of the page", "set status of ENG-3 to done", "make the title of page 3 Roadmap"):
            assert person_as_field(request) == request, request

    def test_the_field_set_finds_the_update(self) -> None:
        query = "set bob as the assignee of jira issue ENG-3"
        assert _names(query)[:1] == ["jira__edit_issue"]
        assert _names(query, person_names=False)[:1] != ["jira__edit_issue"]


class TestTelling:
    def test_telling_someone_reads_as_the_message_sent(self) -> None:
        assert read_telling("notify bob on slack about the outage") == (
            "send a message to bob on slack about the outage",
            "notify",
        )
        assert read_telling("let the team know in slack that it is done") == (
            "send a message to the team in slack that it is done",
            "let",
        )
        assert read_telling("tell #general on slack that it shipped")[0] == (
            "send a message to #general on slack that it shipped"
        )
        assert read_telling("text +15551234567 that the order shipped")[0] == (
            "send a text message to +15551234567 that the order shipped"
        )
        assert read_telling("please ping @maria on slack")[0] == "please send a message to @maria on slack"

    def test_no_person_told_keeps_the_words(self) -> None:
        for request in (
            "tell me who is assigned to PROJ-1",
            "ping the webhook on github",
            "let me know",
            "message templates list",
            "notify Slack users",  # a capitalised word may be an app
            "notify",
        ):
            assert read_telling(request) == (request, ""), request

    def test_the_message_is_found(self) -> None:
        for query in (
            "notify bob on slack about the outage",
            "let the team know in slack that the deploy is done",
            "ping alice on slack",
            "tell #general on slack that the deploy is done",
        ):
            assert _names(query)[:1] == ["slack__chat_post_message"], query
            assert _names(query, telling=False)[:1] != ["slack__chat_post_message"], query

    def test_an_apps_own_word_for_it_comes_first(self) -> None:
        # Jira's tool says "notify": the request as written finds it
        assert _names("notify the assignee of jira issue ENG-4")[:1] == ["jira__notify"]
        assert _names("ping the github webhook 12")[:1] == ["github__repos_ping_webhook"]


class TestActionsImplyNothing:
    def test_a_verb_one_apps_names_say_implies_no_app(self) -> None:
        # "send" is in Stripe's names alone (Slack aside); the request names no app and says no
        # Stripe thing
        documents = [d for d in DOCS if not d.name.startswith("slack__")]
        query = "send a message to the team that the deploy is done"
        assert ranked_names(documents, query) == []
        # (its "message" reached ``post_*`` as a synonym before ``method_words``)
        off = {"actions_imply_nothing": False, "method_words": False}
        assert ranked_names(documents, query, **off) == ["stripe__post_invoices_invoice_send"]

    def test_a_thing_still_implies_its_app(self) -> None:
        assert _names("create a booking for friday")[:1] == ["cal__create_booking"]


class TestIssueKeys:
    def test_a_bare_key_reads_as_an_issue(self) -> None:
        assert keyed_issue("move PROJ-12 to done in jira") == "move issue PROJ-12 to done in jira"
        assert keyed_issue("link ENG-1 to ENG-2") == "link issue ENG-1 to ENG-2"  # the first key
        for request in (
            "get jira issue PROJ-12",  # its noun said
            "close the ticket ENG-4",
            "void invoice INV-3 in xero",
            "list jira projects",  # no key
            "utf-8 export",  # lower case: no key
        ):
            assert keyed_issue(request) is None, request

    def test_the_issue_is_found(self) -> None:
        for query, tool in (
            ("move PROJ-12 to done in jira", "jira__do_transition"),
            ("mark PROJ-12 as done in jira", "jira__do_transition"),
            ("set PROJ-7 priority to high in jira", "jira__edit_issue"),
        ):
            assert _names(query)[:1] == [tool], query
            assert _names(query, issue_keys=False)[:1] != [tool], query

    def test_only_where_the_named_apps_tools_say_issue(self) -> None:
        index = SearchIndex.build(DOCS)
        ranking = rank(index, "email INV-3 to the customer in xero")
        assert "issue" not in ranking.query_tokens
        assert [h.name for h in ranking.hits][:1] == ["xero__email_invoice"]


class TestReadsAsLists:
    def test_a_plural_read_lists_where_a_name_lists_it(self) -> None:
        for query, tool in (("get github issues", "github__issues_list"), ("github get issues", "github__issues_list")):
            assert _names(query)[:1] == [tool], query
            assert _names(query, reads_as_lists=False)[:1] == ["github__issues_get"], query

    def test_a_name_reading_the_plural_with_the_verb_keeps_it(self) -> None:
        # Stripe lists its customers with ``get_customers``; Asana's "list" is a thing
        assert _names("get stripe customers")[:1] == ["stripe__get_customers"]
        assert _names("asana show teammates")[:1] == ["asana__get_users"]
        # one issue, in the singular, is got; a guessed name's number is a guess
        assert _names("get github issue 12")[:1] == ["github__issues_get"]
        assert _names("github_get_issues")[:1] == ["github__issues_get"]

    def test_an_sdk_call_reading_one_thing_is_in_the_singular(self) -> None:
        assert read_calls("github repos.get") == "github get repo"
        assert read_calls("stripe.customers.retrieve") == "retrieve stripe customer"
        assert read_calls("twilio messages.list") == "twilio list messages"
        assert _names("github repos.get")[:1] == ["github__repos_get"]


class TestLoggedTime:
    def test_time_logged_adds_a_worklog(self) -> None:
        for query in (
            "log 3 hours of work on jira issue OPS-12",
            "log work on jira issue OPS-12",
            "track 2h on jira issue OPS-12",
        ):
            assert _names(query)[:1] == ["jira__add_worklog"], query
            assert _names(query, logged_time=False)[:1] != ["jira__add_worklog"], query
        # its description said it already: the rule keeps it first
        assert _names("record time spent on jira issue OPS-12")[:1] == ["jira__add_worklog"]

    def test_other_logging_keeps_its_words(self) -> None:
        # "log a bug" creates one; an app whose names keep no worklog is left as it is
        assert _names("log a bug in jira")[:1] == ["jira__create_issue"]
        index = SearchIndex.build([d for d in DOCS if "worklog" not in d.name])
        assert "worklog" not in rank(index, "log 3 hours on jira issue OPS-12").query_tokens
