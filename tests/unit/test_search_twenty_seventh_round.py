"""Issue 13's twenty-seventh round: a request naming no app, in the app a thing it names by its
id implies, is read as placed there (``implied_frames``); a yes/no question about one thing is
its get, and a past verb whose things the app lists is those things (``asked_things``); an
owner/name slug placing a numbered thing reads no repository (``placed_things``); things no name
says in the plural are found by the app's one search (``general_searches``); what someone said
is the messages they posted (``said_questions``); a word no member's name says is read as the
app's own word for it (``app_own_words``); a verb reading one thing reads its info
(``info_names``); a statement to its comma is a context (``stated_commas``); what a thing holds
is listed (``contents_questions``); an id's prefix names its kind (``prefixed_ids``); an ending
no name says is the thing's delete (``ending_deletes``); a repository's reference is its issue
or pull request (``repo_refs``); things exported are listed (``exported_lists``); and, without a switch of their own, an
aside in parentheses leaves, a field's thing ends where its value begins, a label added is no
head, a purpose after the request leaves it, an urging before an app's place leaves it,
"describe" reads, a server is a droplet and a restart a reboot."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.app_words import app_word
from cardamom.core.search.field_phrases import added_value, field_phrase
from cardamom.core.search.prefixed_ids import kinded_ids
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.thing_questions import contents_question, said_question, thing_question, with_thing
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.written_forms import read_references
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing Droplet."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a Droplet action: reboot, resize."),
    app_doc("digitalocean__apps_restart", "DigitalOcean", "Restart an app."),
    app_doc("twilio__list_last_calls", "Twilio", "List the last calls."),
    app_doc("twilio__list_messages", "Twilio", "List messages."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
    app_doc("github__issues_update", "GitHub", "Update an issue."),
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__issues_list_for_repo", "GitHub", "List repository issues."),
    app_doc("github__issues_list_comments", "GitHub", "List issue comments."),
    app_doc("github__issues_list_comments_for_repo", "GitHub", "List issue comments for a repository."),
    app_doc("github__issues_add_labels", "GitHub", "Add labels to an issue."),
    app_doc("github__issues_create_label", "GitHub", "Create a label."),
    app_doc("github__issues_check_user_can_be_assigned_to_issue", "GitHub", "Check if a user can be assigned."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc("github__pulls_merge", "GitHub", "Merge a pull request."),
    app_doc("github__pulls_check_if_merged", "GitHub", "Check if a pull request has been merged."),
    app_doc("github__pulls_get_review", "GitHub", "Get a review for a pull request."),
    app_doc("github__pulls_list_reviews", "GitHub", "List reviews for a pull request."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_delete", "Slack", "Deletes a message."),
    app_doc("slack__chat_update", "Slack", "Updates a message."),
    app_doc("slack__chat_me_message", "Slack", "Share a me message into a channel."),
    app_doc("slack__chat_unfurl", "Slack", "Provide custom unfurl behavior."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_create", "Slack", "Initiates a public or private channel-based conversation."),
    app_doc("slack__conversations_info", "Slack", "Retrieve information about a conversation."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc("slack__conversations_members", "Slack", "Retrieve members of a conversation."),
    app_doc("slack__conversations_set_topic", "Slack", "Sets the topic for a conversation."),
    app_doc("slack__admin_usergroups_list_channels", "Slack", "List the channels linked to an IDP group."),
    app_doc("slack__admin_conversations_archive", "Slack", "Archive a public or private channel."),
    app_doc("slack__users_info", "Slack", "Gets information about a user."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc("slack__calls_update", "Slack", "Updates information about a Call."),
    app_doc("slack__search_messages", "Slack", "Searches for messages matching a query."),
    app_doc("notion__post_search", "Notion", "Search by title"),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page"),
    app_doc("notion__patch_page", "Notion", "Update page properties"),
    app_doc("notion__retrieve_a_block", "Notion", "Retrieve a block"),
    app_doc("notion__get_block_children", "Notion", "Retrieve block children"),
    app_doc("notion__retrieve_a_database", "Notion", "Retrieve a database"),
    app_doc("box__get_folders_id", "Box", "Retrieves details for a folder."),
    app_doc("box__get_folders_id_items", "Box", "Retrieves a page of items in a folder."),
    app_doc("box__get_files_id", "Box", "Retrieves the details about a file."),
    app_doc("stripe__get_charges_charge", "Stripe", "Retrieves the details of a charge."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Refund a charge."),
    app_doc("stripe__get_customers", "Stripe", "Returns a list of your customers."),
    app_doc("stripe__get_customers_customer", "Stripe", "Retrieves a Customer object."),
    app_doc("stripe__get_payment_intents_intent", "Stripe", "Retrieves the details of a PaymentIntent."),
    app_doc("stripe__get_subscriptions", "Stripe", "By default, returns a list of subscriptions."),
    app_doc("stripe__delete_subscriptions_subscription_exposed_id", "Stripe", "Cancels a customer's subscription."),
    app_doc("stripe__post_subscription_schedules_schedule_cancel", "Stripe", "Cancels a subscription schedule."),
    app_doc("stripe__post_terminal_readers_reader_refund_payment", "Stripe", "Initiates an in-person refund."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__get_comments", "Jira", "Returns all comments for an issue."),
    app_doc("jira__add_comment", "Jira", "Adds a comment to an issue."),
    app_doc("jira__do_transition", "Jira", "Performs an issue transition."),
    app_doc("jira__get_auto_complete", "Jira", "Returns reference data for JQL searches."),
]
_INDEX = SearchIndex.build(DOCS)
_SLACK = frozenset(i for i, d in enumerate(_INDEX.documents) if d.name.startswith("slack__"))


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _mention(name: str) -> AppMention:
    return AppMention(name, tuple(tokenize(name)), True)


class TestImpliedFrames:
    def test_a_numbered_thing_places_a_question_in_its_app(self) -> None:
        query = "how long has droplet 5512 been running"
        assert _names(query)[:1] == ["digitalocean__droplets_get"]
        assert rank(_INDEX, query).implied
        assert _names(query, implied_frames=False) == []

    def test_an_urging_leaves_in_the_implied_app(self) -> None:
        assert _names("DELETE droplet 5512 NOW")[:1] == ["digitalocean__droplets_destroy"]
        assert _names("DELETE droplet 5512 NOW", implied_frames=False) == []

    def test_the_numbered_thing_says_which_app_where_another_word_implies_another(self) -> None:
        # "last" is a word of one Twilio name only: it would imply Twilio as "droplet" implies DigitalOcean
        assert _names("when did droplet 5512 last reboot")[:1] == ["digitalocean__droplets_get"]

    def test_a_capitalised_name_may_be_an_app_the_org_lacks(self) -> None:
        assert _names("when did the Onsched Setup droplet 5512 last reboot") == []

    def test_no_numbered_thing_no_placed_reading(self) -> None:
        assert _names("who reacted to the last message") == []


class TestAskedThings:
    def test_a_yes_no_question_about_one_thing_is_its_get(self) -> None:
        assert thing_question(_INDEX, "did stripe charge ch_1 succeed", ["Stripe"]) == "get charge ch_1"
        assert _names("did stripe charge ch_1 succeed")[:1] == ["stripe__get_charges_charge"]
        switched_off = SearchIndex.build(DOCS, without(asked_things=False))
        assert thing_question(switched_off, "did stripe charge ch_1 succeed", ["Stripe"]) is None

    def test_a_telling_have_asks_nothing(self) -> None:
        assert thing_question(_INDEX, "have jira transition OPS-5 to Done", ["Jira"]) is None
        assert _names("have jira transition OPS-5 to Done")[:1] == ["jira__do_transition"]

    def test_a_place_is_no_thing(self) -> None:
        found = thing_question(_INDEX, "who merged github PR 12 in acme/api", ["GitHub"])
        assert found == "get pr 12 in acme/api"
        assert _names("who merged github PR 12 in acme/api")[:1] == ["github__pulls_get"]

    def test_a_checking_name_answers_its_state(self) -> None:
        assert _names("has github PR 12 in acme/api been merged")[:1] == ["github__pulls_check_if_merged"]

    def test_who_holds_a_field_whatever_name_says_it(self) -> None:
        assert _names("who is assigned to github issue 7 in acme/api")[:1] == ["github__issues_get"]

    def test_a_past_verb_whose_things_the_app_lists(self) -> None:
        found = thing_question(_INDEX, "who commented on github issue 7 in acme/api", ["GitHub"])
        assert found == "list comments on issue 7 in acme/api"
        assert _names("who commented on github issue 7 in acme/api")[:1] == ["github__issues_list_comments"]
        assert _names("has anyone commented on jira issue ENG-5")[:1] == ["jira__get_comments"]
        assert _names("who reviewed github PR 12 in acme/api")[:1] == ["github__pulls_list_reviews"]

    def test_a_yes_no_question_asking_nothing_of_the_thing(self) -> None:
        assert thing_question(_INDEX, "is github PR 12 in acme/api", ["GitHub"]) is None

    def test_what_is_wrong_with_one_thing(self) -> None:
        assert thing_question(_INDEX, "what's blocking jira issue ENG-5", ["Jira"]) == "get issue ENG-5"
        assert thing_question(_INDEX, "what's the square root of 46", ["GitHub"]) is None
        assert _names("what's the square root of 46") == []

    def test_a_state_asked_yes_no(self) -> None:
        assert _names("is jira issue OPS-3 resolved")[:1] == ["jira__get_issue"]


class TestPlacedThings:
    def test_a_numbered_thing_placed_by_a_slug(self) -> None:
        assert _names("get github issue 7 in acme/api")[:1] == ["github__issues_get"]
        assert _names("get github issue 7 in acme/api", placed_things=False)[:1] == ["github__issues_list_for_repo"]

    def test_a_list_placed_by_a_slug_keeps_the_repository(self) -> None:
        assert _names("list github issues in acme/api")[:1] == ["github__issues_list_for_repo"]


class TestGeneralSearches:
    def test_things_only_the_apps_search_lists(self) -> None:
        assert _names("list notion pages in marketing")[:1] == ["notion__post_search"]
        assert _names("list notion pages in marketing", general_searches=False)[:1] == ["notion__retrieve_a_page"]

    def test_a_guessed_names_number_is_a_guess(self) -> None:
        documents = [
            app_doc("notion__post_search", "Notion", "Search by title"),
            app_doc("notion__retrieve_a_comment", "Notion", "Retrieve comments"),
            app_doc("notion__create_a_comment", "Notion", "Create comment"),
        ]
        assert ranked_names(documents, "notion_retrieve_comments")[:1] == ["notion__retrieve_a_comment"]

    def test_parts_of_a_thing_are_no_search(self) -> None:
        assert _names("list notion blocks")[:1] != ["notion__post_search"]

    def test_another_thing_holding_them(self) -> None:
        assert _names("read the notion database's properties")[:1] == ["notion__retrieve_a_database"]


class TestSaidQuestions:
    def test_what_someone_said_is_their_messages(self) -> None:
        said = said_question("what did ana post in slack #general yesterday")
        assert said == "messages ana posted in slack #general yesterday"
        assert _names("what did ana post in slack #general yesterday")[:1] == ["slack__search_messages"]
        assert _names("what did ana post in slack #general yesterday", said_questions=False) == []

    def test_said_in_one_thing_is_that_thing(self) -> None:
        said = said_question("what did the customer write in intercom conversation 88")
        assert said == "get conversation 88"

    def test_other_questions_are_left(self) -> None:
        assert said_question("what did the deploy break") == "what did the deploy break"


class TestAppOwnWords:
    def test_the_apps_word_for_a_thing(self) -> None:
        assert app_word(_INDEX, "channels", _SLACK) == "conversations"
        assert app_word(_INDEX, "messages", _SLACK) is None  # a member's name says it

    def test_listed_by_the_apps_word(self) -> None:
        assert _names("list slack channels")[:1] == ["slack__conversations_list"]
        assert _names("list slack channels", app_own_words=False)[:1] == ["slack__admin_usergroups_list_channels"]

    def test_a_things_name_after_it_stays_a_value(self) -> None:
        assert _names("post a message in the slack channel ops")[:1] == ["slack__chat_post_message"]
        assert _names("archive the slack channel ops")[:1] == ["slack__conversations_archive"]

    def test_the_apps_word_in_the_requests_number(self) -> None:
        documents = [
            app_doc("cal-com__webhooks_controller_get_webhook", "Cal.com", "Get a webhook"),
            app_doc("cal-com__webhooks_controller_get_webhooks", "Cal.com", "Get all webhooks"),
            app_doc("cal-com__webhooks_controller_delete_webhook", "Cal.com", "Delete a webhook"),
            app_doc("cal-com__webhooks_controller_create_webhook", "Cal.com", "Create a webhook"),
            app_doc("cal-com__webhooks_controller_update_webhook", "Cal.com", "Update a webhook"),
            app_doc("cal-com__event_type_webhooks_controller_get_event_type_webhooks", "Cal.com", "Get all webhooks"),
        ]
        index = SearchIndex.build(documents)
        assert app_word(index, "callback", frozenset(range(len(documents)))) == "webhook"
        assert app_word(index, "callbacks", frozenset(range(len(documents)))) == "webhooks"
        assert ranked_names(documents, "cal.com get callback")[:1] == ["cal-com__webhooks_controller_get_webhook"]

    def test_a_value_is_no_thing_acted_on(self) -> None:
        assert _names("add label bug to github issue 7")[:1] == ["github__issues_add_labels"]


class TestInfoNames:
    def test_reading_one_thing_reads_its_info(self) -> None:
        assert _names("get slack user bob")[:1] == ["slack__users_info"]
        assert _names("get slack user bob", info_names=False)[:1] != ["slack__users_info"]
        assert _names("describe slack channel #eng")[:1] == ["slack__conversations_info"]

    def test_an_app_saying_the_verb_reads_as_written(self) -> None:
        assert _names("get github issue 7")[:1] == ["github__issues_get"]


class TestStatedCommas:
    def test_a_statement_to_its_comma(self) -> None:
        request = "The droplet 5512 is no longer needed, delete it"
        assert task_part(request, sentences=True, commas=True) == "delete it"
        assert task_part(request, sentences=True) == request
        assert with_thing("delete it", request) == "delete droplet 5512"

    def test_read_in_a_named_app(self) -> None:
        query = "The droplet 5512 on DigitalOcean is no longer needed, delete it to save costs."
        assert _names(query)[:1] == ["digitalocean__droplets_destroy"]
        # (the thirty-third round's ``stated_situations`` reads the statement away too, the app moved last)
        assert _names(query, stated_commas=False, stated_situations=False)[:1] != ["digitalocean__droplets_destroy"]

    def test_an_action_before_the_comma_is_no_statement(self) -> None:
        request = "archive slack channel #old, it is unused"
        assert task_part(request, sentences=True, commas=True) == request


class TestContentsQuestions:
    def test_what_a_thing_holds(self) -> None:
        assert contents_question(_INDEX, "what's in box folder 77", ["Box"]) == "list items of folder 77"
        assert _names("what's in box folder 77")[:1] == ["box__get_folders_id_items"]
        assert _names("the contents of box folder 77")[:1] == ["box__get_folders_id_items"]
        assert _names("what's in box folder 77", contents_questions=False)[:1] == ["box__get_folders_id"]

    def test_a_thing_no_name_says_holds_anything(self) -> None:
        assert contents_question(_INDEX, "what's in jira issue ENG-5", ["Jira"]) is None


class TestPrefixedIds:
    def test_an_ids_prefix_names_its_kind(self) -> None:
        assert kinded_ids(_INDEX, "get cus_123 from stripe", ["Stripe"]) == "get customer cus_123 from stripe"
        assert kinded_ids(_INDEX, "stripe: retrieve pi_123", ["Stripe"]) == "stripe: retrieve payment intent pi_123"
        assert _names("get cus_123 from stripe")[:1] == ["stripe__get_customers_customer"]
        assert _names("get cus_123 from stripe", prefixed_ids=False)[:1] != ["stripe__get_customers_customer"]

    def test_a_synonym_before_the_id_is_its_kind(self) -> None:
        assert kinded_ids(_INDEX, "refund stripe payment ch_1", ["Stripe"]) == "refund stripe charge ch_1"
        assert _names("refund stripe payment ch_1")[:1] == ["stripe__post_charges_charge_refund"]

    def test_a_kind_said_or_an_arguments_value_stays(self) -> None:
        for request in ("fetch stripe customers cus_1 and cus_2", "stripe subscriptions list customer=cus_123"):
            assert kinded_ids(_INDEX, request, ["Stripe"]) == request
        assert kinded_ids(_INDEX, "github pulls_get 12", ["GitHub"]) == "github pulls_get 12"


class TestEndingDeletes:
    def test_an_ending_no_name_says_is_the_things_delete(self) -> None:
        query = "cancel stripe subscription sub_991"
        assert _names(query)[:1] == ["stripe__delete_subscriptions_subscription_exposed_id"]
        assert _names(query, ending_deletes=False)[:1] == ["stripe__post_subscription_schedules_schedule_cancel"]


class TestRepoRefs:
    def test_a_repositorys_reference(self) -> None:
        assert read_references("close acme/api#12 on github", True) == "close issue 12 in acme/api on github"
        assert read_references("merge acme/api#45", True) == "merge pull request 45 in acme/api on github"
        assert read_references("merge acme/api#45", False) == "merge pull request 45 in acme/api"
        assert _names("merge acme/api#45")[:1] == ["github__pulls_merge"]
        assert _names("merge acme/api#45", repo_refs=False) == []


class TestExportedLists:
    def test_things_exported_are_listed(self) -> None:
        documents = [
            app_doc("xero__get_contacts", "Xero", "Retrieves all contacts."),
            app_doc("xero__get_contact", "Xero", "Retrieves a specific contact."),
        ]
        assert ranked_names(documents, "export all xero contacts to csv")[:1] == ["xero__get_contacts"]
        assert ranked_names(documents, "export all xero contacts to csv", exported_lists=False) == []

    def test_an_app_that_exports_keeps_its_words(self) -> None:
        documents = [
            app_doc("asana__get_tasks", "Asana", "Returns the compact task records."),
            app_doc("asana__create_resource_export", "Asana", "Initiates a bulk export of tasks."),
        ]
        assert ranked_names(documents, "export asana tasks")[:1] == ["asana__create_resource_export"]


class TestWithoutASwitch:
    def test_an_aside_in_parentheses_leaves(self) -> None:
        assert without_reasons("refund charge ch_3Nabc (full amount)") == "refund charge ch_3Nabc"
        assert without_reasons("call get_invoices(tenant='x')") == "call get_invoices(tenant='x')"

    def test_a_fields_thing_ends_at_its_value(self) -> None:
        found = field_phrase(tuple(tokenize("set the topic of slack #eng to Release week")))
        assert found is not None and found.after == ("slack", "eng")
        assert _names("set the topic of slack #eng to Release week")[:1] == ["slack__conversations_set_topic"]

    def test_a_two_word_field_of_one_thing(self) -> None:
        documents = [
            app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
            app_doc("jira__get_issue_worklog", "Jira", "Returns worklogs for an issue, starting from the oldest date."),
        ]
        assert ranked_names(documents, "the due date of jira issue ENG-5")[:1] == ["jira__get_issue"]

    def test_a_label_added_is_no_head(self) -> None:
        phrase = field_phrase(tuple(tokenize("add label bug to github issue 7")))
        assert phrase is None  # read by ``added_field``; the head leaves the value
        assert _names("add the label bug to github issue 7 in acme/api")[:1] == ["github__issues_add_labels"]
        assert _names("add the bug label to github issue 7 in acme/api")[:1] == ["github__issues_add_labels"]

    def test_added_value_needs_a_named_field(self) -> None:
        from cardamom.core.search.field_phrases import added_field

        phrase = added_field(tuple(tokenize("add label bug to github issue 7")))
        assert added_value(phrase, {"labels"}) == ("bug",)
        assert added_value(phrase, {"issues"}) == ()

    def test_a_purpose_and_an_urging_before_the_place(self) -> None:
        assert without_reasons("delete droplet 5512 to save costs") == "delete droplet 5512"
        mentions = (_mention("DigitalOcean"),)
        assert (
            without_reasons("reboot droplet 5512 asap in DigitalOcean", mentions)
            == "reboot droplet 5512 in DigitalOcean"
        )
        assert without_reasons("move box file 12 to folder 9") == "move box file 12 to folder 9"

    def test_restart_is_a_reboot(self) -> None:
        assert _names("restart digitalocean droplet 5512")[:1] == ["digitalocean__droplet_actions_post"]
        assert _names("restart digitalocean app 7")[:1] == ["digitalocean__apps_restart"]


def test_hostile_requests_stay_fast() -> None:
    for request in (
        "is droplet 5512 " + "running " * 300,
        "who commented on github issue 7 " + "in acme/api " * 150,
        "what did ana post " + "in slack #general " * 120,
        "what's in box folder 77 " * 80,
        "The droplet 5512 is stuck, " * 70 + "restart it",
        "list slack channels " * 120,
    ):
        started = time.perf_counter()
        rank(_INDEX, request)
        assert time.perf_counter() - started < 1.0, request[:40]
