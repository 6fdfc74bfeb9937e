"""Issue 13's thirty-sixth round: what a request written as a tool's description says beside what
it asks leaves it (``aside_clauses``); a field every thing has, read of any thing of a kind, is
the thing's get (``kind_fields``); and, without a switch: a question naming a field in two words
or past the app's name, and a kind a group of names begins with; a message sent to a kind of
place no name says; a tool asked for by the app's one word and a gerund; an endpoint's query
and its action in camel case; "list" said as a thing by a name; an adverb said only by tools
doing another act; "retrieve a list of"; the filler saying a thing is some one ("a *given*
repository", "a *specific* contact"); an adjective in "-able"; a participle dated by a count of
periods ("in the past 24 hours"); and a measure summed or averaged over things listed."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.aside_clauses import without_asides
from cardamom.core.search.endpoint_paths import read_endpoints
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.thing_questions import thing_question
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("notion__patch_page", "Notion", "Update page properties."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieves a Customer object."),
    app_doc("stripe__get_customers_customer_payment_methods", "Stripe", "List a customer's payment methods."),
    app_doc("stripe__get_balance", "Stripe", "Retrieves the current account balance."),
    app_doc("stripe__get_account", "Stripe", "Retrieves the details of an account."),
    app_doc("stripe__get_invoices", "Stripe", "You can list all invoices."),
    app_doc("stripe__get_invoices_invoice", "Stripe", "Retrieves the invoice with the given ID."),
    app_doc("stripe__get_invoices_upcoming", "Stripe", "Preview the upcoming invoice and its amount due."),
    app_doc("stripe__post_refunds", "Stripe", "Create a refund."),
    app_doc("asana__add_project_for_task", "Asana", "Add a project to a task."),
    app_doc("asana__add_task_for_section", "Asana", "Add task to section."),
    app_doc("asana__update_task", "Asana", "Update a task."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks."),
    app_doc("asana__get_tasks_for_user_task_list", "Asana", "Get tasks from a user task list."),
    app_doc("asana__get_user_task_list", "Asana", "Get a user task list."),
    app_doc("asana__add_followers_for_task", "Asana", "Add followers to a task."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("twilio__fetch_message", "Twilio", "Fetch a specific Message."),
    app_doc("twilio__list_message", "Twilio", "Retrieve a list of Messages."),
    app_doc("twilio__fetch_build_status", "Twilio", "Fetch a build's status."),
    app_doc("twilio__list_call", "Twilio", "Retrieves a collection of calls."),
    app_doc("twilio__list_sip_auth_calls_credential_list_mapping", "Twilio", "Retrieve credential list mappings."),
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc("box__get_folders_id", "Box", "Get folder information. Retrieves details for a folder."),
    app_doc("box__get_folder_locks", "Box", "List folder locks. Shows the owner of each lock."),
    app_doc("box__get_folders_id_get_shared_link", "Box", "Get shared link for folder."),
    app_doc("box__delete_files_id_trash", "Box", "Permanently remove file."),
    app_doc("box__delete_files_id", "Box", "Delete file."),
    app_doc("github__repos_delete", "GitHub", "Delete a repository."),
    app_doc("github__issues_get", "GitHub", "Get an issue. Issues deleted permanently return 410."),
    app_doc("github__pulls_list", "GitHub", "List pull requests for a repository."),
    app_doc("github__pulls_list_review_comments_for_repo", "GitHub", "List review comments in a repository."),
    app_doc("github__interactions_get_pull_request_bypass_list_for_repo", "GitHub", "Get the bypass list."),
    app_doc("jira__do_transition", "Jira", "Transition issue."),
    app_doc("jira__create_issue", "Jira", "Create issue. Creates an issue, with its transition."),
    app_doc("jira__edit_issue", "Jira", "Edit issue. Edits an issue, its transition too."),
    app_doc("jira__search_for_issues_using_jql", "Jira", "Search for issues using JQL."),
    app_doc("intercom__attach_tag_to_conversation", "Intercom", "Add tag to a conversation."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices."),
    app_doc("xero__get_contact", "Xero", "Retrieves a specific contact."),
    app_doc("slack__users_info", "Slack", "Gets information about a user."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc("slack__users_get_presence", "Slack", "Gets user presence information."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__conversations_replies", "Slack", "Retrieve a thread of messages posted to a conversation."),
    app_doc("slack__usergroups_update", "Slack", "Update an existing User Group."),
    app_doc("slack__usergroups_users_list", "Slack", "List all users in a User Group."),
    app_doc("digitalocean__kubernetes_get_cluster", "DigitalOcean", "Retrieve an Existing Kubernetes Cluster."),
    app_doc("digitalocean__kubernetes_upgrade_cluster", "DigitalOcean", "Upgrade a cluster to a newer version."),
    app_doc("digitalocean__databases_get_cluster", "DigitalOcean", "Retrieve an Existing Database Cluster."),
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an Existing Droplet."),
    app_doc(
        "digitalocean__droplets_get_destroy_associated_resources_status",
        "DigitalOcean",
        "Check the status of a request to destroy a Droplet with its associated resources.",
    ),
    app_doc("digitalocean__projects_list_resources", "DigitalOcean", "List the resources of a project."),
    app_doc("slack__conversations_members", "Slack", "Retrieve members of a conversation."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestAsideClauses:
    def test_examples_included_things_and_optional_extras_go(self) -> None:
        assert without_asides("update the properties of a notion page such as title or status") == (
            "update the properties of a notion page"
        )
        assert without_asides("fetch a stripe customer including their default payment method") == (
            "fetch a stripe customer"
        )
        assert without_asides("add an asana task to a project and optionally a section") == (
            "add an asana task to a project"
        )
        assert without_asides("retrieve calls for a twilio number within a date range") == (
            "retrieve calls for a twilio number"
        )
        assert without_asides("move a box file to a folder by updating its parent") == "move a box file to a folder"
        assert without_asides("fetch detailed information about a stripe customer") == (
            "fetch information about a stripe customer"
        )
        assert without_asides("append blocks to the end of a notion page") == "append blocks to a notion page"
        assert without_asides("list all droplets in a digitalocean project with their status") == (
            "list all droplets in a digitalocean project"
        )
        assert without_asides("list all attachments of a jira issue along with their metadata") == (
            "list all attachments of a jira issue"
        )

    def test_what_quotes_hold_and_a_short_rest_stay(self) -> None:
        written = 'search slack for "such as" in #general'
        assert without_asides(written) == written
        assert without_asides("including drafts") == "including drafts"
        assert without_asides("list jira issues") == "list jira issues"

    def test_the_tool_asked_for_comes_first(self) -> None:
        request = "update the properties of a notion page such as title or status"
        assert _names(request)[:1] == ["notion__patch_page"]
        assert _names(request, aside_clauses=False) == []
        request = "fetch a stripe customer including their default payment method"
        assert _names(request)[:1] == ["stripe__get_customers_customer"]
        assert _names(request, aside_clauses=False)[:1] == ["stripe__get_customers_customer_payment_methods"]
        request = "add an asana task to a project and optionally a section"
        assert _names(request)[:1] == ["asana__add_project_for_task"]

    def test_hostile_lengths(self) -> None:
        started = time.perf_counter()
        long = "list tasks " + "such as " * 10_000
        assert without_asides(long) == long  # pasted text, never a request's aside
        assert without_asides("x, " * 120 + "y such as z") == ("x, " * 120 + "y").strip()
        assert time.perf_counter() - started < 2.0


class TestKindFields:
    def test_a_field_of_any_thing_of_a_kind_reads_it(self) -> None:
        assert _names("check the status of a twilio message")[:1] == ["twilio__fetch_message"]
        assert _names("check the status of a twilio message", kind_fields=False)[:1] == ["twilio__fetch_build_status"]
        assert _names("get the owner of a box folder")[:1] == ["box__get_folders_id"]
        assert _names("get the owner of a box folder", kind_fields=False)[:1] == ["box__get_folder_locks"]

    def test_a_name_saying_another_things_field_gives_way(self) -> None:
        assert _names("check the status of a digitalocean droplet")[:1] == ["digitalocean__droplets_get"]

    def test_a_field_a_name_says_alone_is_its_own(self) -> None:
        assert _names("what's the balance of our stripe account")[:1] == ["stripe__get_balance"]

    def test_a_field_read_through_the_things_info(self) -> None:
        # (Slack reads a user by its info; before, "timezone" was a word of the request)
        assert _names("get the timezone of a slack user")[:1] == ["slack__users_info"]


class TestQuestionsOfFields:
    def test_a_field_in_two_words_or_past_the_apps_name(self) -> None:
        assert thing_question(_INDEX, "what time zone is slack user U123 in", ["Slack"]) == "get user U123"
        assert _names("what time zone is slack user U123 in")[:1] == ["slack__users_info"]

    def test_a_kind_a_group_of_names_begins_with(self) -> None:
        request = "what version is the digitalocean kubernetes cluster k8s-1"
        assert thing_question(_INDEX, request, ["DigitalOcean"]) == "get kubernetes cluster k8s-1"
        assert _names(request)[:1] == ["digitalocean__kubernetes_get_cluster"]


class TestMessagesToPlaces:
    def test_a_place_no_name_says_is_where_it_goes(self) -> None:
        found = rank(_INDEX, "post a message to a slack thread")
        assert "thread" in found.values
        assert [h.name for h in found.hits[:1]] == ["slack__chat_post_message"]


_SLACK = [
    app_doc("slack__conversations_kick", "Slack", "Removes a user from a conversation."),
    app_doc("slack__admin_users_remove", "Slack", "Remove a user from a workspace."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc(
        "slack__admin_usergroups_remove_channels",
        "Slack",
        "Remove one or more default channels from an org-level IDP group (user group).",
    ),
    app_doc("slack__conversations_history", "Slack", "Fetches a conversation's history of messages."),
    app_doc("slack__search_messages", "Slack", "Searches for messages matching a query."),
    app_doc("slack__chat_scheduled_messages_list", "Slack", "Returns a list of scheduled messages."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_get_permalink", "Slack", "Retrieve a permalink URL for a specific extant message."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
]


class TestPeopleOfAKind:
    def test_one_of_a_kind_of_person_is_moved(self) -> None:
        # (a user's removal from the workspace before: the request's head, "user")
        assert ranked_names(_SLACK, "remove a user from a slack channel")[:1] == ["slack__conversations_kick"]
        assert ranked_names(_SLACK, "remove user U1 from slack channel C1")[:1] == ["slack__conversations_kick"]
        assert ranked_names(_SLACK, "remove a user from the slack workspace")[:1] == ["slack__admin_users_remove"]


class TestChannelHistories:
    def test_messages_posted_in_a_specific_channel(self) -> None:
        request = "list the most recent messages posted in a specific slack channel"
        assert ranked_names(_SLACK, request)[:1] == ["slack__conversations_history"]
        assert ranked_names(_SLACK, "list messages posted in slack channel C1")[:1] == ["slack__conversations_history"]


class TestConditions:
    def test_the_time_a_condition_sets_goes(self) -> None:
        assert without_reasons("mark an asana task as complete once all subtasks are done") == (
            "mark an asana task as complete"
        )
        assert without_reasons("post in slack #eng once the build is green") == "post in slack #eng"
        assert without_reasons("list the tasks done once") == "list the tasks done once"


class TestToolsAskedFor:
    def test_the_apps_word_and_a_gerund(self) -> None:
        assert without_preamble("jira tool for transitioning an issue") == "jira transition an issue"
        assert _names("jira tool for transitioning an issue")[:1] == ["jira__do_transition"]
        assert without_preamble("helper to tag an intercom conversation") == "tag an intercom conversation"
        assert without_preamble("a tool that tags an intercom contact") == "tag an intercom contact"


class TestEndpoints:
    def test_a_query_and_an_action_in_camel_case(self) -> None:
        assert read_endpoints("asana POST /tasks/12/addFollowers", _INDEX.name_postings.__contains__) == (
            "asana add followers in task"
        )
        assert _names("asana POST /tasks/12/addFollowers")[:1] == ["asana__add_followers_for_task"]
        known = _INDEX.name_postings.__contains__
        assert read_endpoints("twilio GET /2010-04-01/Accounts/AC1/Calls.json?Status=busy", known) == (
            "twilio list calls in account"
        )


class TestListsAsThings:
    def test_a_name_saying_list_as_a_thing_gives_way(self) -> None:
        assert _names("list asana tasks")[:1] == ["asana__get_tasks"]
        # ... but to the lists asked for
        assert _names("list my asana task lists")[:1] == ["asana__get_user_task_list"]

    def test_a_list_retrieved_is_listed(self) -> None:
        request = "retrieve a list of open pull requests for a github repository"
        assert _names(request)[:1] == ["github__pulls_list"]
        request = "find the tool that retrieves a list of all members in a given slack channel"
        assert _names(request)[:1] == ["slack__conversations_members"]


class TestAdverbs:
    def test_an_adverb_only_other_acts_say_goes(self) -> None:
        assert _names("permanently delete a github repository")[:1] == ["github__repos_delete"]
        # Box's "Permanently remove file" keeps it
        assert _names("permanently delete box file 5")[:1] == ["box__delete_files_id_trash"]


class TestSomeOne:
    def test_the_filler_saying_a_thing_is_some_one(self) -> None:
        assert _names("list open pull requests for a given github repository")[:1] == ["github__pulls_list"]
        assert _names("list all paid xero invoices for a specific contact")[:1] == ["xero__get_invoices"]
        assert _names("update the due date of an existing asana task")[:1] == ["asana__update_task"]


class TestReadings:
    def test_an_adjective_in_able(self) -> None:
        assert _names("get a shareable link for box folder 5")[:1] == ["box__get_folders_id_get_shared_link"]

    def test_a_participle_dated_by_a_count_of_periods(self) -> None:
        found = rank(_INDEX, "jira issues created in the past 24 hours")
        assert "created" in found.values  # which issues, no act
        assert [h.name for h in found.hits[:1]] == ["jira__search_for_issues_using_jql"]

    def test_a_measure_summed_over_things_listed(self) -> None:
        assert _names("total revenue from stripe invoices paid this month")[:1] == ["stripe__get_invoices"]
        assert _names("count twilio calls today")[:1] == ["twilio__list_call"]
        assert _names("total amount of unpaid xero invoices")[:1] == ["xero__get_invoices"]
        # ... no things listed: nothing, not a customer's payment methods
        assert _names("average payment amount for stripe customer cus_5") == []

    def test_a_state_before_the_thing_is_no_kind_of_it(self) -> None:
        docs = [
            app_doc("xero__create_invoices", "Xero", "Creates one or more sales invoices or purchase bills."),
            app_doc("xero__create_contact_group", "Xero", "Creates a contact group."),
            app_doc("xero__create_contact_history", "Xero", "Creates a new history record for a specific contact."),
            app_doc("xero__create_contacts", "Xero", "Creates multiple contacts (bulk) in a Xero organisation."),
            app_doc("xero__create_invoice_history", "Xero", "Creates a history record for a specific invoice."),
            app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
            app_doc("xero__get_contacts", "Xero", "Retrieves all contacts in a Xero organisation."),
            app_doc("xero__get_contact", "Xero", "Retrieves a specific contact."),
            app_doc("xero__update_invoice", "Xero", "Updates a specific sales invoice."),
            app_doc("xero__get_payments", "Xero", "Retrieves payments for invoices and credit notes."),
        ]
        # (the contact's tools before: "draft" made the head a phrase of two words)
        assert ranked_names(docs, "create a draft xero invoice for a contact")[:1] == ["xero__create_invoices"]

    def test_a_partial_refund(self) -> None:
        found = rank(_INDEX, "create a partial refund in stripe")
        assert "partial" in found.values  # the refund's amount, a value
        assert [h.name for h in found.hits[:1]] == ["stripe__post_refunds"]

    def test_a_user_groups_name(self) -> None:
        found = rank(_INDEX, "rename slack user group eng to platform")
        assert "eng" in found.values  # the group's name after its kind
        assert [h.name for h in found.hits[:1]] == ["slack__usergroups_update"]


def test_the_switches_leave_other_requests_as_they_were() -> None:
    for request in ("list github pull requests", "get the status of twilio message SM123", "add a task to a section"):
        assert (
            rank(SearchIndex.build(DOCS, without(aside_clauses=False, kind_fields=False)), request).hits[:1]
            == rank(_INDEX, request).hits[:1]
        )
