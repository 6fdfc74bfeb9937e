"""Issue 13's twenty-fourth round: a tool asked for in other words opens the request's frame
(``tool_frames``); a verbless request reads its things as searched past an order or a quantifier
(``ordered_searches``); a container whose items a name lists keeps its word (``container_items``);
the form an answer is asked in leaves the request (``output_formats``); a field after a thing's
id is read (``trailing_fields``); in a request naming two apps, the one a thing comes from or is
sent names what it acts on (``sent_to_apps``); a short id after its kind is a value
(``short_ids``); what a request sends is a message (``sent_messages``); a count no count name
carries is a list (``counted_things``); a verbless request lists its things (``unsaid_lists``);
a request in labelled parts is its task (``labelled_parts``); and, without a switch,
"summarize" reads and someone added to a thing is its member."""

from __future__ import annotations

import time

from cardamom.core.search.app_roles import content_apps
from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.field_phrases import field_phrase
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.value_shapes import is_short_id
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Box's files, folders and uploads
    app_doc("box__get_files_id", "Box", "Retrieves the details about a file."),
    app_doc("box__get_files_id_trash", "Box", "Retrieves a file that has been moved to the trash."),
    app_doc("box__get_files_id_comments", "Box", "Retrieves a list of comments for a file."),
    app_doc("box__get_folders_id_items", "Box", "Retrieves a page of items in a folder: files, folders and links."),
    app_doc("box__post_files_content", "Box", "Uploads a small file to Box."),
    # Jira's issues, only searched for
    app_doc("jira__search_for_issues_using_jql", "Jira", "Searches for issues using JQL."),
    app_doc("jira__get_component_related_issues", "Jira", "Returns the counts of issues assigned to the component."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__create_issue", "Jira", "Creates an issue or a subtask."),
    app_doc("jira__get_issue_all_types", "Jira", "Returns all issue types."),
    # GitHub's repositories and their commits
    app_doc("github__repos_list_for_authenticated_user", "GitHub", "Lists repositories the user can access."),
    app_doc("github__repos_list_commits", "GitHub", "Lists the commits of a repository."),
    app_doc("github__code_scanning_list_codeql_databases", "GitHub", "Lists the CodeQL databases (a table of them)."),
    # Notion's pages, as markdown too
    app_doc("notion__retrieve_a_page", "Notion", "Retrieves a page."),
    app_doc("notion__retrieve_page_markdown", "Notion", "Retrieves a page as markdown."),
    # Slack's messages; Stripe's invoices and posts
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_post_ephemeral", "Slack", "Sends an ephemeral message to a user in a channel."),
    # GitHub's issues and its one count
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("asana__get_tasks", "Asana", "Returns the compact task records for some filtered set of tasks."),
    app_doc(
        "asana__get_tasks_for_user_task_list", "Asana", "Returns the compact list of tasks in a user's My Tasks list."
    ),
    app_doc("slack__reminders_add", "Slack", "Creates a reminder."),
    app_doc("github__activity_get_stargazer_count_for_repo", "GitHub", "Gets the count of stargazers of a repository."),
    app_doc("stripe__post_invoices_invoice_send", "Stripe", "Sends an invoice to a customer."),
    app_doc("stripe__get_invoices", "Stripe", "You can list all invoices."),
    # Xero's contacts; Asana's projects and their members; Intercom's conversations
    app_doc("xero__get_contacts", "Xero", "Retrieves all contacts in a Xero organisation."),
    app_doc("asana__create_project", "Asana", "Create a new project in a workspace or team."),
    app_doc("asana__add_members_for_project", "Asana", "Adds the specified list of users as members of the project."),
    app_doc("intercom__retrieve_conversation", "Intercom", "Fetch a single conversation."),
    app_doc("intercom__list_conversations", "Intercom", "Fetch a list of all conversations."),
    # DigitalOcean's functions, which a request may name as its things
    app_doc("digitalocean__functions_list_namespaces", "DigitalOcean", "Returns a list of namespaces of functions."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestToolFrames:
    def test_a_tool_asked_for_in_other_words_opens_the_frame(self) -> None:
        assert without_preamble("what tool lets me upload a file to box") == "upload a file to box"
        assert without_preamble("which tool can create a stripe refund") == "create a stripe refund"
        assert without_preamble("tools related to xero contacts") == "xero contacts"
        assert without_preamble("functions available for notion databases") == "notion databases"
        assert without_preamble("capability: list jira boards") == "list jira boards"
        assert without_preamble("what tool do I use to list stripe payouts") == "list stripe payouts"
        assert without_preamble("what tool lets me upload a file", tools=False) == "what tool lets me upload a file"

    def test_an_apps_tool_opens_with_the_apps_name(self) -> None:
        assert without_preamble("the twilio tool for sending sms") == "twilio send sms"
        assert without_preamble("looking for the intercom tool to reply to a conversation") == (
            "intercom reply to a conversation"
        )

    def test_a_thing_named_like_a_tool_keeps_its_words(self) -> None:
        # DigitalOcean's functions, a thing with its "for"; a thing's methods, with no action after
        for kept in (
            "functions for namespace abc in digitalocean",
            "list the functions for namespace abc",
            "the payment methods for customer cus_1",
            "tool format check",
        ):
            assert without_preamble(kept) == kept

    def test_ranked(self) -> None:
        query = "what tool lets me upload a file to box"
        assert _names(query)[:1] == ["box__post_files_content"]
        assert _names(query, tool_frames=False) == []
        query = "tools related to xero contacts"
        assert _names(query)[:1] == ["xero__get_contacts"]
        assert _names(query, tool_frames=False) == []
        assert _names("functions for namespace abc in digitalocean")[:1] == ["digitalocean__functions_list_namespaces"]


class TestOrderedSearches:
    def test_a_verbless_search_past_its_order(self) -> None:
        query = "the latest jira issues"
        assert _names(query)[:1] == ["jira__search_for_issues_using_jql"]
        assert _names(query, ordered_searches=False, superlative_orders=False)[:1] != [
            "jira__search_for_issues_using_jql"
        ]
        assert _names("all open jira issues")[:1] == ["jira__search_for_issues_using_jql"]
        assert _names("all open jira issues", ordered_searches=False)[:1] != ["jira__search_for_issues_using_jql"]

    def test_a_request_with_its_verb_is_read_as_before(self) -> None:
        query = "get all jira issue types"
        assert _names(query) == _names(query, ordered_searches=False)


class TestContainerItems:
    def test_a_container_whose_items_a_name_lists_keeps_its_word(self) -> None:
        query = "list box files in folder 12345"
        assert _names(query)[:1] == ["box__get_folders_id_items"]
        assert _names(query, container_items=False)[:1] != ["box__get_folders_id_items"]

    def test_one_thing_in_a_container_is_that_thing(self) -> None:
        assert _names("get box file in folder 5")[:1] == ["box__get_files_id"]


class TestOutputFormats:
    def test_the_form_an_answer_is_asked_in_leaves(self) -> None:
        query = "list my github repos as a table"
        assert _names(query)[:1] == ["github__repos_list_for_authenticated_user"]
        assert _names(query, output_formats=False)[:1] != ["github__repos_list_for_authenticated_user"]

    def test_the_page_asked_for_leaves(self) -> None:
        query = "next page of github open issues"
        assert _names(query)[:1] == ["github__issues_list"]
        assert _names(query, output_formats=False)[:1] != ["github__issues_list"]

    def test_a_form_a_name_carries_stays(self) -> None:
        assert _names("get notion page abc as markdown")[:1] == ["notion__retrieve_page_markdown"]

    def test_only_in_a_named_app(self) -> None:
        assert _names("export the invoices as csv") == _names("export the invoices as csv", output_formats=False)

    def test_a_long_request_costs_its_length(self) -> None:
        started = time.perf_counter()
        _names("list github repos " + "as a table and " * 30)
        _names("list github repos" + " as" * 2000)
        assert time.perf_counter() - started < 2.0


class TestTrailingFields:
    def test_a_field_after_the_things_id_is_read(self) -> None:
        found = field_phrase(tuple(tokenize("get jira issue ENG-1 description")), trailing=True)
        assert found is not None and found.field == ("description",) and found.reads
        assert field_phrase(tuple(tokenize("get jira issue ENG-1 description"))) is None
        # a thing's things in the plural, an action after the id: none
        assert field_phrase(tuple(tokenize("get jira issue ENG-1 comments")), trailing=True) is None
        assert field_phrase(tuple(tokenize("droplet 777 reboot")), trailing=True) is None
        assert field_phrase(tuple(tokenize("make a backup of droplet 100 now")), trailing=True) is None

    def test_ranked(self) -> None:
        query = "get jira issue ENG-1 description"
        assert _names(query)[:1] == ["jira__get_issue"]
        assert _names(query, trailing_fields=False)[:1] != ["jira__get_issue"]
        assert _names("jira issue ENG-4 status")[:1] == ["jira__get_issue"]


class TestSentToApps:
    def test_the_app_a_thing_comes_from_is_what_it_acts_on(self) -> None:
        jira, slack = AppMention("Jira", ("jira",), True), AppMention("Slack", ("slack",), True)
        sequence = tuple(tokenize("create a jira issue from this slack message"))
        assert content_apps(sequence, [jira, slack]) == ((slack,), frozenset({"slack", "message"}))
        # the app it acts in, named as a means: no source
        sequence = tuple(tokenize("create a jira issue from the slack api"))
        assert content_apps(sequence, [jira, slack]) == ((), frozenset())

    def test_the_app_sent_is_what_it_acts_on(self) -> None:
        stripe, slack = AppMention("Stripe", ("stripe",), True), AppMention("Slack", ("slack",), True)
        sequence = tuple(tokenize("post the latest stripe revenue to slack"))
        assert content_apps(sequence, [stripe, slack]) == ((stripe,), frozenset({"stripe"}))

    def test_ranked(self) -> None:
        query = "create a jira issue from this slack message"
        assert _names(query)[:1] == ["jira__create_issue"]
        assert not any(name.startswith("slack__") for name in _names(query))
        assert any(name.startswith("slack__") for name in _names(query, sent_to_apps=False))
        query = "post the latest stripe revenue to slack"
        assert _names(query)[:1] == ["slack__chat_post_message"]
        assert _names(query, sent_to_apps=False)[:1] != ["slack__chat_post_message"]


class TestShortIds:
    def test_a_short_id_after_its_kind_is_a_value(self) -> None:
        assert is_short_id("9f2", "page") and is_short_id("12a", "task")
        assert not is_short_id("s3", "aws") and not is_short_id("9f2", "")
        # the tokens of "f92" ("f", "92") are values ("9f2", letters between digits, is an id by its shape
        # alone: ``value_shapes``)
        assert set(tokenize("f92")) <= read_values("get notion page f92").values
        assert not set(tokenize("f92")) & read_values("get notion page f92", short_ids=False).values

    def test_ranked(self) -> None:
        query = "get notion page f92"
        assert _names(query)[:1] == ["notion__retrieve_a_page"]
        assert _names(query, short_ids=False) == []


class TestSentMessages:
    def test_what_a_request_sends_is_a_message(self) -> None:
        query = "post the release notes to #announcements in slack"
        assert _names(query)[:1] == ["slack__chat_post_message"]
        assert _names(query, sent_messages=False)[:1] == ["slack__chat_post_ephemeral"]

    def test_a_thing_a_name_says_is_sent_as_itself(self) -> None:
        query = "send the invoice to customer cus_1 in stripe"
        assert _names(query)[:1] == ["stripe__post_invoices_invoice_send"]


class TestCountedThings:
    def test_a_count_no_count_name_carries_is_a_list(self) -> None:
        query = "count the open github issues"
        assert _names(query)[:1] == ["github__issues_list"]
        assert _names(query, counted_things=False)[:1] == ["github__activity_get_stargazer_count_for_repo"]
        assert _names("count github stargazers")[:1] == ["github__activity_get_stargazer_count_for_repo"]


class TestUnsaidLists:
    def test_a_verbless_request_lists_its_things(self) -> None:
        query = "github open issues"
        assert _names(query)[:1] == ["github__issues_list"]
        # (a get and its list named alike: the plural puts the list first too, ``number_twins``)
        assert _names(query, unsaid_lists=False, number_twins=False)[:1] == ["github__issues_get"]

    def test_only_where_a_name_says_list_and_the_thing_alone(self) -> None:
        # Asana's list is a thing ("user task list"): its tasks are read by ``get_tasks``
        assert _names("asana tasks")[:1] == ["asana__get_tasks"]


class TestLabelledParts:
    def test_the_task_is_the_request(self) -> None:
        assert task_part("Context: our on-call rotation is in slack. Task: post a reminder") == "post a reminder"
        assert task_part("Step 1: get the jira issue ENG-9. Step 2: close it.") == "get the jira issue ENG-9."
        assert task_part("We closed a deal with Acme, so create a customer in stripe") == "create a customer in stripe"
        # a label in the middle is a field's; "so" before no action is a purpose
        assert task_part("search notion query: roadmap") == "search notion query: roadmap"
        assert task_part("list asana tasks, so I can plan") == "list asana tasks, so I can plan"

    def test_ranked(self) -> None:
        query = "Context: our on-call rotation is in slack. Task: post a reminder in #oncall"
        assert _names(query)[:1] == ["slack__reminders_add"]
        assert _names(query, labelled_parts=False) == []


class TestWordsReadAsOthers:
    def test_summarize_reads(self) -> None:
        assert _names("summarize the intercom conversation 42")[:1] == ["intercom__retrieve_conversation"]

    def test_someone_added_is_a_member(self) -> None:
        assert _names("add someone to the asana project")[:1] == ["asana__add_members_for_project"]
