"""Issue 13's nineteenth round: requests as agents write them, with their parameters. A yes/no
question filters by its states (``asked_states``); a thing's name after its kind is a value
(``named_things``); what a reminder says follows its "to" (``reminders``); a query's language
names the search (``api_words``); an endpoint written with its values (``path_values``); a list
asked for by its fields (``listed_filters``); a container's word a name says the thing for
(``named_containers``); an owner/name slug is a repository (``placed_slugs``); a word shortened in
a hurry is spelled out (``abbreviations``)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.abbreviations import spelled_out
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.call_forms import read_calls
from cardamom.core.search.container_words import says_thing_for
from cardamom.core.search.endpoint_paths import read_endpoints
from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.query import analyse_query
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.written_forms import as_words
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    # Intercom lists and searches conversations; Slack pins, posts and reminds
    app_doc("intercom__list_conversations", "Intercom", "List all conversations."),
    app_doc("intercom__search_conversations", "Intercom", "Search conversations by their attributes."),
    app_doc("intercom__list_available_datasets", "Intercom", "List available datasets and their attributes."),
    app_doc("intercom__update_contact", "Intercom", "Update a contact."),
    app_doc("slack__pins_add", "Slack", "Pins an item to a channel."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_update", "Slack", "Updates a message."),
    app_doc("slack__chat_delete", "Slack", "Deletes a message."),
    app_doc("slack__chat_me_message", "Slack", "Share a me message into a channel."),
    app_doc("slack__reminders_add", "Slack", "Creates a reminder."),
    app_doc("slack__reminders_list", "Slack", "Lists all reminders created by or for a given user."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    # Stripe's subscriptions and prices
    app_doc("stripe__get_subscriptions", "Stripe", "List subscriptions."),
    app_doc("stripe__post_prices", "Stripe", "Creates a new price for an existing product."),
    app_doc("stripe__post_products", "Stripe", "Creates a new product object."),
    # Asana's projects, and its tasks, for a project or the caller's own list
    app_doc("asana__update_project", "Asana", "Update a project."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
    app_doc("asana__get_tasks_for_project", "Asana", "Get tasks from a project."),
    app_doc("asana__get_tasks_for_user_task_list", "Asana", "Get tasks from a user task list."),
    # Jira searches with JQL, restores, and creates issues and priorities
    app_doc("jira__search_for_issues_using_jql", "Jira", "Search for issues using JQL (GET)."),
    app_doc("jira__restore", "Jira", "Restore deleted workflow."),
    app_doc("jira__create_issue", "Jira", "Create issue. Creates an issue or a subtask."),
    app_doc("jira__create_priority", "Jira", "Create priority. Creates an issue priority."),
    # GitHub's issues, the caller's and a repository's, and a pull request's files
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__issues_list_for_repo", "GitHub", "List repository issues."),
    app_doc("github__issues_get", "GitHub", "Get an issue, with its labels."),
    app_doc("github__issues_list_labels_for_repo", "GitHub", "List labels for a repository."),
    app_doc("github__pulls_list_files", "GitHub", "List pull request files."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc("github__pulls_merge", "GitHub", "Merge a pull request."),
    app_doc("github__issues_add_labels", "GitHub", "Add labels to an issue."),
    app_doc(
        "github__actions_add_custom_labels_to_self_hosted_runner_for_repo",
        "GitHub",
        "Add custom labels to a self-hosted runner configured in a repository.",
    ),
    app_doc(
        "github__pulls_list_review_comments_for_repo", "GitHub", "List review comments on pull requests in a repo."
    ),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestAskedStates:
    def test_a_yes_no_questions_state_filters(self) -> None:
        query = "are there any unread intercom conversations"
        assert _names(query)[:1] == ["intercom__list_conversations"]
        # (a request naming no action, its things in the plural, has filters too: ``unsaid_filters``,
        # and lists them: ``unsaid_lists``)
        assert _names(query, asked_states=False, unsaid_filters=False, unsaid_lists=False) == []

    def test_the_apps_own_word_for_its_action_comes_first(self) -> None:
        query = "pin the last message in #random on slack"
        assert _names(query)[:1] == ["slack__pins_add"]
        assert _names(query, asked_states=False, superlative_orders=False, unsaid_modifiers=False) == []

    def test_a_wish_to_know_asks_the_question_after_it(self) -> None:
        assert without_preamble("I'd like to know which subscriptions are past due") == (
            "which subscriptions are past due"
        )
        assert without_preamble("I'd like to know which ...", learning=False) == "know which ..."
        # "know if" asks no question the rules read: the frame stays
        assert without_preamble("I want to know if invoice 3 is paid") == "know if invoice 3 is paid"
        query = "I'd like to know which Stripe subscriptions are past due"
        assert _names(query)[:1] == ["stripe__get_subscriptions"]
        assert _names(query, asked_states=False) == []

    def test_a_questions_adjective_is_no_verb(self) -> None:
        github = {"github": ("GitHub",)}
        query = "are there open pull requests in acme/web on github"
        assert "create" not in analyse_query(query, SearchOptions(), github).tokens
        assert "create" in analyse_query(query, without(asked_states=False), github).tokens  # "open" a PR

    def test_a_recurrence_and_a_currency_are_a_things_settings(self) -> None:
        query = "Create a Stripe price of 20 EUR monthly for product prod_ABC"
        assert _names(query)[:1] == ["stripe__post_prices"]
        assert _names(query, asked_states=False) == []
        # before a noun, a recurrence names a kind of it: no "available" thing is updated
        assert _names("Update the Intercom weekly availability 'Release 4.2 notes'") == []


class TestNamedThings:
    def test_a_things_name_after_its_kind_is_a_topic(self) -> None:
        # a value where no tool of the app says it (a connection's frozen value may: "query
        # database db-mkt" finds the connection that pins it)
        assert {"website", "redesign"} <= read_values("Archive the Asana project Website Redesign").topics
        assert {"old", "project"} <= read_values("Archive the Slack channel old-project").topics
        # its digits are a value's: no tool's word stands in a name so
        assert {"q", "1"} <= read_values("archive the asana project Q1 Launch").values
        assert "website" not in read_values("Archive the Asana project Website Redesign", kinds=False).topics
        # a title capitalises every longer word: none is a name
        assert read_values("Get Project Details In Asana").topics == frozenset()

    def test_ids_in_capitals_and_emoji_by_their_shape(self) -> None:
        assert {"prod", "abc"} <= read_values("create a price for product prod_ABC").values
        assert "tada" in read_values("add the reaction :tada: to the message").values
        assert "tada" not in read_values("add the reaction :tada: to the message", kinds=False).values

    def test_the_thing_is_found(self) -> None:
        for query, tool in (
            ("Archive the Asana project Website Redesign", "asana__update_project"),
            ("Archive the Slack channel old-project", "slack__conversations_archive"),
        ):
            assert _names(query)[:1] == [tool], query
            # (since the thirty-fourth round a hyphenated name is a value too: ``hyphenated_values``)
            assert _names(query, named_things=False, hyphenated_values=False) == [], query


class TestReminders:
    def test_what_a_reminder_says_is_a_value(self) -> None:
        request = "remind me in slack tomorrow at 9 to review the PR"
        assert {"review", "pr"} <= read_values(request).values
        assert "review" not in read_values(request, reminders=False).values
        assert _names(request)[:1] == ["slack__reminders_add"]
        assert _names(request, reminders=False)[:1] != ["slack__reminders_add"]


class TestApiWords:
    def test_a_query_language_names_the_search(self) -> None:
        request = "search jira with jql 'project = CORE'"
        assert "jql" not in read_values(request).markers
        assert "jql" in read_values(request, languages=False).markers

    def test_rest_frames_as_api_does(self) -> None:
        query = "jira REST search with jql 'project = CORE AND status = Open'"
        assert _names(query) == ["jira__search_for_issues_using_jql"]
        assert "jira__restore" in _names(query, api_words=False)  # "rest" prefixes "restore"


class TestPathValues:
    def test_a_segment_in_a_parameters_place_is_a_value(self) -> None:
        known = {"repos", "repo", "pulls", "pull", "files", "file", "customers", "users"}.__contains__
        path = "GET /repos/acme/api/pulls/12/files"
        assert read_endpoints(path, known) == "list files in pull in repo"
        assert read_endpoints("DELETE /v1/customers/cus_9s6X", known) == "delete customer"
        assert read_endpoints("GET /users/me", known) == "get my user"  # the caller's own
        assert read_endpoints(path) == "list files in pulls in api in acme in repos"

    def test_the_endpoint_is_found(self) -> None:
        query = "GET /repos/acme/api/pulls/12/files on github"
        assert _names(query)[:1] == ["github__pulls_list_files"]
        assert _names(query, path_values=False, placed_names=False) == []


class TestListedFilters:
    def test_a_list_asked_for_by_its_fields(self) -> None:
        query = "list github issues in repo acme/api with label bug"
        # (since the thirty-fourth round the filter's plain value is quoted: ``filter_values``)
        unquoted = without(filter_values=False)
        assert {"label", "bug"} <= set(rank(SearchIndex.build(DOCS, unquoted), query).values)
        unlisted = without(listed_filters=False, filter_values=False)
        assert "label" not in rank(SearchIndex.build(DOCS, unlisted), query).values
        assert _names(query)[:1] == ["github__issues_list_for_repo"]

    def test_a_values_words_end_no_with_clause(self) -> None:
        query = 'Create a Jira issue in project OPS with summary "Disk full on db-3" and priority High'
        assert _names(query)[:1] == ["jira__create_issue"]
        assert _names(query, listed_filters=False)[:1] == ["jira__create_priority"]

    def test_how_a_list_is_ordered_is_a_value(self) -> None:
        assert "sorted" in read_values("list the files in folder 3 sorted by name").values
        assert "sorted" not in read_values("list the files in folder 3 sorted by name", orders=False).values


class TestNamedContainers:
    def test_the_container_stays_where_a_name_says_the_thing_for_it(self) -> None:
        query = "list asana tasks in project 1204"
        assert _names(query)[:1] == ["asana__get_tasks_for_project"]
        assert _names(query, named_containers=False)[:1] != ["asana__get_tasks_for_project"]

    def test_a_name_saying_much_else_keeps_nothing(self) -> None:
        # pulls and repo are in a review comments' name, but "merge" is not
        assert _names("merge PR 42 in repo acme/web on github")[:1] == ["github__pulls_merge"]
        # a runner's labels for a repo say labels, repo and add, and much else
        index = SearchIndex.build(DOCS)
        every = frozenset(range(len(DOCS)))
        label = RequestHead("add", "label", False, frozenset({"bug", "label"}))
        assert not says_thing_for(index, label, "repo", every)
        labels = RequestHead("list", "labels", True, frozenset({"labels"}))
        assert says_thing_for(index, labels, "repo", every)  # issues_list_labels_for_repo


class TestPlacedSlugs:
    def test_an_owner_name_slug_is_a_repository(self) -> None:
        index = SearchIndex.build(DOCS)
        assert as_words(index, "list github issues in acme/api") == "list github issues in repo acme/api"
        for request in ("list github issues in repo acme/api", "read docs/intro.md", "read/write access"):
            assert as_words(index, request) == request, request
        slack = SearchIndex.build([d for d in DOCS if d.label != "GitHub"], options=without())
        assert as_words(slack, "post in acme/api on slack") == "post in acme/api on slack"  # no name says repo

    def test_the_repositorys_tool_is_found(self) -> None:
        query = "list github issues in acme/api"
        assert _names(query)[:1] == ["github__issues_list_for_repo"]
        assert _names(query, placed_slugs=False)[:1] == ["github__issues_list"]


class TestAbbreviations:
    def test_a_shortened_word_is_spelled_out_where_no_name_carries_it(self) -> None:
        assert spelled_out(("slack", "msg", "to", "dev"), set()) == ("slack", "message", "to", "dev")
        assert spelled_out(("box", "dl", "file"), {"dl"}) == ("box", "dl", "file")  # a name's own word
        assert "with" in analyse_query("share file 882 w/ kim", SearchOptions()).dropped  # a filler word
        assert "w" in analyse_query("share file 882 w/ kim", without(abbreviations=False)).tokens

    def test_the_message_is_found(self) -> None:
        query = "send a slack msg to #random saying hi"
        assert _names(query)[:1] == ["slack__chat_post_message"]
        # (what a request sends to a channel is its content too: ``sent_things`` off beside it)
        assert _names(query, abbreviations=False, sent_things=False) == []


class TestSdkClasses:
    def test_a_class_is_no_proper_name(self) -> None:
        assert read_calls("stripe.Customer.create") == "create stripe customer"
        assert read_calls("Stripe::Customer.create") == "create stripe customer"
        assert read_calls("stripe.PaymentIntent.confirm") == "confirm stripe paymentIntent"
