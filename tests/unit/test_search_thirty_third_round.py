"""Issue 13's thirty-third round: the words describing a file uploaded or attached are its content
(``attached_files``); a kind a list is asked by, no value written, filters it
(``listed_criteria``); a name after its kind past an article and the app's name is a name
(``articled_kinds``); the situation stated before a request leaves it (``stated_situations``);
the user's words passed on as said are the request (``reported_requests``); a verb of telling
after an asking frame sends a message (``framed_telling``); a question asking which things are
there is filtered as a list (``asked_filters``); the messages of a place read are its history
(``channel_histories``); a tool asked for by the verb right after it is asked for by that verb
(``verbed_tools``); a field a name says of another thing is the thing's still (``own_fields``);
and, without a switch: a word saying a thing done again is no misspelling, the text after a
colon follows an app's name and a verb as it follows a verb, time logged after the app's name is
a worklog added, an MMS is a message, and a pronoun added to a thing or taken from it is a
member."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.attached_files import attached_words
from cardamom.core.search.channel_histories import read_history
from cardamom.core.search.filtering_things import list_filter
from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.monologue import without_monologue
from cardamom.core.search.own_fields import says_own_field
from cardamom.core.search.query import query_tokens
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.stated_situations import without_situation
from cardamom.core.search.telling import read_telling
from cardamom.core.search.value_words import plain_name_after_kind
from cardamom.core.search.written_forms import as_words
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("box__post_files_content", "Box", "Upload file. Uploads a small file to Box."),
    app_doc("box__post_files_upload_sessions", "Box", "Create upload session. Creates an upload session for files."),
    app_doc("box__get_sign_requests", "Box", "List Box Sign requests."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder. Retrieves the items in a folder."),
    app_doc("jira__add_attachment", "Jira", "Adds one or more attachments to an issue."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__assign_issue", "Jira", "Assigns an issue to a user."),
    app_doc("xero__create_invoice_attachment_by_file_name", "Xero", "Uploads an attachment to an invoice."),
    app_doc("xero__create_receipt_attachment_by_file_name", "Xero", "Uploads an attachment to a receipt."),
    app_doc("intercom__attach_contact_to_conversation", "Intercom", "Attach a contact to a conversation."),
    app_doc("intercom__list_conversations", "Intercom", "List all conversations."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing Droplet."),
    app_doc("digitalocean__droplets_list_backups", "DigitalOcean", "List backups for a Droplet."),
    app_doc("digitalocean__droplets_list_kernels", "DigitalOcean", "List all available kernels for a Droplet."),
    app_doc("digitalocean__regions_list", "DigitalOcean", "List all data center regions."),
    app_doc("digitalocean__droplet_actions_post", "DigitalOcean", "Initiate a Droplet action: reboot, power off."),
    app_doc("digitalocean__apps_restart", "DigitalOcean", "Restart an app."),
    app_doc("digitalocean__firewalls_assign_droplets", "DigitalOcean", "Add Droplets to a firewall."),
    app_doc("twilio__list_call", "Twilio", "Retrieve a list of calls made to and from your account."),
    app_doc("twilio__fetch_build_status", "Twilio", "Retrieve the status of a build."),
    app_doc("twilio__update_alarm_status", "Twilio", "Update the status of an alarm."),
    app_doc("github__orgs_remove_member", "GitHub", "Remove an organization member."),
    app_doc("github__orgs_list_members", "GitHub", "List organization members."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    app_doc("github__migrations_map_commit_author", "GitHub", "Map a commit author."),
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("stripe__post_charges_charge_refund", "Stripe", "Refund a charge."),
    app_doc("stripe__post_invoices_invoice_send", "Stripe", "Send an invoice: the invoice is sent to the customer."),
    app_doc(
        "stripe__post_test_helpers_terminal_readers_reader_present_payment_method",
        "Stripe",
        "Presents a payment method on a simulated reader.",
    ),
    app_doc("cal-com__cancel_booking", "Cal.com", "Cancel a booking."),
    app_doc("cal-com__get_bookings", "Cal.com", "Get all bookings."),
    app_doc("jira__create_issue", "Jira", "Creates an issue or a subtask."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc("slack__conversations_history", "Slack", "Fetches a conversation's history of messages and events."),
    app_doc("slack__search_messages", "Slack", "Searches for messages matching a query."),
    app_doc("slack__pins_add", "Slack", "Pins an item to a channel."),
    app_doc("intercom__list_contact_merge_history", "Intercom", "List the merge history of a contact."),
    app_doc("intercom__retrieve_conversation", "Intercom", "Retrieve a conversation with its parts."),
    app_doc("jira__add_worklog", "Jira", "Adds a worklog to an issue."),
    app_doc("jira__get_change_logs", "Jira", "Returns the change logs of an issue."),
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc(
        "digitalocean__droplets_get_destroy_associated_resources_status",
        "DigitalOcean",
        "Check the status of a request to destroy a Droplet with its associated resources.",
    ),
    app_doc("slack__conversations_set_topic", "Slack", "Sets the topic for a conversation."),
    app_doc("slack__conversations_rename", "Slack", "Renames a conversation."),
]
_INDEX = SearchIndex.build(DOCS)


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split(" "))


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestAttachedFiles:
    def test_a_file_described_by_its_content_is_uploaded(self) -> None:
        assert _names("upload the signed contract to box folder 12")[:1] == ["box__post_files_content"]
        assert _names("upload a screenshot to box")[:1] == ["box__post_files_content"]
        assert _names("upload the signed contract to box folder 12", attached_files=False)[:1] != [
            "box__post_files_content"
        ]
        assert _names("attach a screenshot to jira issue OPS-3")[:1] == ["jira__add_attachment"]
        assert _names("attach a screenshot to jira issue OPS-3", attached_files=False) == []

    def test_a_word_a_name_says_as_the_same_noun_stays(self) -> None:
        assert _names("attach the receipt to xero invoice INV-3")[:1] == [
            "xero__create_receipt_attachment_by_file_name"
        ]
        assert _names("attach the contract to xero invoice INV-3")[:1] == [
            "xero__create_invoice_attachment_by_file_name"
        ]
        # DigitalOcean attaches firewalls, no file: "firewall" is its thing
        assert "firewall" not in rank(_INDEX, "attach the firewall to droplet 99 in digitalocean").values

    def test_in_an_app_taking_no_file_nothing_is_content(self) -> None:
        assert "certificate" not in rank(_INDEX, "upload a certificate to intercom conversation 5").values
        assert _names("upload a certificate to intercom conversation 5") == []

    def test_what_the_verb_describes(self) -> None:
        sequence = _words("please upload the signed contract to box folder 12")
        assert attached_words(sequence, frozenset({"12"}), {"box"}) == {"signed", "contract"}
        # a thing named by its id is the app's, no file's content
        assert attached_words(_words("attach volume vol-123 to droplet"), frozenset({"vol-123"}), ()) == set()
        assert attached_words(_words("upload the file and share it with bob"), frozenset(), ()) == set()
        assert attached_words(_words("list files in box"), frozenset(), ()) == set()
        hostile = tuple(["upload", *["x"] * 5000, "to", "box"])
        started = time.perf_counter()
        assert attached_words(hostile, frozenset(), ()) == set()
        assert time.perf_counter() - started < 1.0


class TestListedCriteria:
    def test_a_kind_a_list_is_asked_by_filters_it(self) -> None:
        assert _names("digitalocean list droplets by region")[:1] == ["digitalocean__droplets_list"]
        assert _names("digitalocean list droplets by region", listed_criteria=False)[:1] == [
            "digitalocean__regions_list"
        ]
        assert _names("twilio calls by status")[:1] == ["twilio__list_call"]
        assert _names("github pull requests by author")[:1] == ["github__pulls_list"]

    def test_only_after_by_and_at_the_end(self) -> None:
        head = RequestHead("list", "droplets")
        words = ("list", "droplets", "by", "region")
        found = list_filter(words, head, frozenset(), (), criteria=True)
        assert found is not None and found.kinds == {"region"}
        assert list_filter(words, head, frozenset(), ()) is None
        assert list_filter(("list", "droplets", "in", "region"), head, frozenset(), (), criteria=True) is None
        assert (
            list_filter(("list", "droplets", "by", "region", "in", "nyc"), head, frozenset(), (), criteria=True) is None
        )
        charges = ("list", "charges", "for", "a", "customer")
        assert list_filter(charges, RequestHead("list", "charges"), frozenset(), ()) is None
        found = list_filter(charges, RequestHead("list", "charges"), frozenset(), (), criteria=True)
        assert found is not None and found.kinds == {"customer"}
        # whose review is no filter of a list
        prs = ("list", "prs", "waiting", "for", "my", "review")
        assert list_filter(prs, RequestHead("list", "prs"), frozenset(), (), criteria=True) is None


class TestArticledKinds:
    def test_a_name_after_its_kind_past_an_article_and_the_app(self) -> None:
        assert _names("remove bob@acme.com from the github org acme")[:1] == ["github__orgs_remove_member"]
        request = "list repos in the github org acme"
        assert _names(request)[:1] == ["github__repos_list_for_org"]
        assert "acme" in rank(_INDEX, request).values
        # (the sixty-fourth round's ``tenancy_names`` reads a name after "org" anywhere in a request too)
        off = without(articled_kinds=False, tenancy_names=False)
        assert "acme" not in rank(SearchIndex.build(DOCS, off), request).values
        assert _names("list the members of the github org acme")[:1] == ["github__orgs_list_members"]

    def test_the_place_word_before_the_article(self) -> None:
        assert plain_name_after_kind("acme", ["from", "the", "github", "org"], "", articled=True)
        assert not plain_name_after_kind("acme", ["from", "the", "github", "org"], "")
        assert plain_name_after_kind("acme", ["of", "org"], "", articled=True)
        assert not plain_name_after_kind("acme", ["list", "the", "github", "org"], "", articled=True)
        assert not plain_name_after_kind("repos", ["from", "the", "github", "org"], "", articled=True)  # a plural


class TestStatedSituations:
    def test_the_situation_stated_before_the_request_leaves_it(self) -> None:
        request = "the customer says their droplet is down, reboot digitalocean droplet 3164444"
        assert _names(request)[:1] == ["digitalocean__droplet_actions_post"]
        assert _names(request, stated_situations=False, failure_reports=False) == []
        assert _names("Someone left the company; remove bob@acme.com from github org acme")[:1] == [
            "github__orgs_remove_member"
        ]
        assert _names("the payment failed twice, refund stripe charge ch_123")[:1] == [
            "stripe__post_charges_charge_refund"
        ]

    def test_a_clause_naming_the_app_or_placing_the_request_stays(self) -> None:
        jira = (AppMention("Jira", ("jira",), True),)
        assert without_situation("the jira issue OPS-1, assign it to bob", jira) == (
            "the jira issue OPS-1, assign it to bob"
        )
        assert without_situation("the issue OPS-1, assign it to bob", jira) == "the issue OPS-1, assign it to bob"
        assert without_situation("the build failed, which jira issue is it", jira) == (
            "the build failed, which jira issue is it"
        )
        assert without_situation("list my jira issues, assign OPS-1 to bob", jira) == (
            "list my jira issues, assign OPS-1 to bob"
        )
        assert without_situation("the build failed, assign jira issue OPS-1 to bob", jira) == (
            "assign jira issue OPS-1 to bob"
        )
        assert _names("the jira issue OPS-1, assign it to bob")[:1] == ["jira__assign_issue"]

    def test_hostile_lengths(self) -> None:
        jira = (AppMention("Jira", ("jira",), True),)
        started = time.perf_counter()
        assert without_situation("the " + "a" * 5000 + ", assign jira issue 1", jira).startswith("the ")
        assert without_situation("the " + "word " * 3000 + ", assign jira issue 1", jira).startswith("the ")
        assert without_situation("the x," * 3000, jira).startswith("the x,")
        assert time.perf_counter() - started < 1.0


class TestReportedRequests:
    def test_the_users_words_passed_on_as_said(self) -> None:
        request = 'The user said: "can you cancel my 3pm meeting on cal.com"'
        assert without_monologue(request, reported=True) == "can you cancel my 3pm meeting on cal.com"
        assert without_monologue(request) == request
        assert _names(request)[:1] == ["cal-com__cancel_booking"]
        assert _names(request, reported_requests=False, quoted_requests=False) == []
        assert without_monologue("the customer asked: refund ch_3", reported=True) == "refund ch_3"
        assert without_monologue("User wrote 'post hi in #eng'", reported=True) == "post hi in #eng"

    def test_what_the_user_wrote_labelled_in_quotes(self) -> None:
        request = 'User message: "refund stripe charge ch_77"'
        assert without_monologue(request, reported=True) == "refund stripe charge ch_77"
        assert without_monologue("user's request: 'archive #old'", reported=True) == "archive #old"
        assert without_monologue("User message: hi there", reported=True) == "User message: hi there"
        assert _names(request)[:1] == ["stripe__post_charges_charge_refund"]

    def test_a_user_asking_to_be_moved_or_a_statement_is_no_quote(self) -> None:
        moved = "the user asked to be removed from asana project 31"
        assert without_monologue(moved, reported=True) == "remove me from asana project 31"
        assert without_monologue("the user said hi", reported=True) == "the user said hi"
        hostile = "the user said: " + '"' * 3000
        started = time.perf_counter()
        without_monologue(hostile, reported=True)
        assert time.perf_counter() - started < 1.0


class TestFramedTelling:
    def test_a_verb_of_telling_after_an_asking_frame(self) -> None:
        told, verb = read_telling("I need to let bob know on slack that the build is fixed", framed=True)
        assert verb == "let" and told.startswith("I need to send a message to bob")
        assert read_telling("I need to let bob know on slack that the build is fixed") == (
            "I need to let bob know on slack that the build is fixed",
            "",
        )
        request = "could you tell alice on slack that the deploy is done"
        assert _names(request)[:1] == ["slack__chat_post_message"]
        assert _names("I need to let bob know on slack that the build is fixed", framed_telling=False) == []

    def test_a_channel_after_the_app_is_where_it_is_told(self) -> None:
        told, _ = read_telling("tell the team in slack #eng the build is fixed")
        assert told == "send a message to the team in slack #eng saying the build is fixed"
        assert _names("tell the team in slack #eng the build is fixed")[:1] == ["slack__chat_post_message"]


class TestAskedFilters:
    def test_a_question_asking_which_things_are_there(self) -> None:
        assert _names("what droplets are in region nyc3 on digitalocean")[:1] == ["digitalocean__droplets_list"]
        assert _names("how many droplets are in region nyc3 on digitalocean")[:1] == ["digitalocean__droplets_list"]
        assert _names("what droplets are in region nyc3 on digitalocean", asked_filters=False)[:1] == [
            "digitalocean__regions_list"
        ]
        words = ("what", "droplets", "are", "in", "region", "nyc3")
        found = list_filter(words, None, frozenset({"nyc3"}), (), questions=True)
        assert found is not None and found.thing == "droplets" and found.kinds == {"region"}
        assert list_filter(words, None, frozenset({"nyc3"}), ()) is None


class TestChannelHistories:
    def test_the_messages_of_a_place_read_are_its_history(self) -> None:
        for request in (
            "get messages in slack channel C024",
            "what's the most recent message in slack channel C024",
            "list the last 20 messages from slack #eng",
        ):
            assert _names(request)[:1] == ["slack__conversations_history"], request
        assert _names("get messages in slack channel C024", channel_histories=False)[:1] == ["slack__search_messages"]

    def test_messages_searched_sent_or_acted_on_stay(self) -> None:
        slack = _INDEX.tools_of(["Slack"])
        apps = frozenset({"slack"})
        for request in (
            "find messages in slack #eng",
            "post a message in slack #eng",
            "pin a message in slack #eng",
            "messages from bob in slack #eng",
            "search slack messages about the outage in #incidents",
        ):
            assert read_history(_INDEX, request, slack, apps) == request
        assert read_history(_INDEX, "get messages in slack #eng", slack, apps) == "get history in slack #eng"
        # an app whose history names say no place keeps its messages
        intercom = _INDEX.tools_of(["Intercom"])
        request = "get messages in intercom conversation 5"
        assert read_history(_INDEX, request, intercom, frozenset({"intercom"})) == request
        started = time.perf_counter()
        assert read_history(_INDEX, "get " + "messages " * 400 + "in", slack, apps).startswith("get")
        assert time.perf_counter() - started < 1.0


class TestVerbedTools:
    def test_a_tool_asked_for_by_the_verb_right_after_it(self) -> None:
        assert without_preamble("which tool uploads a file to box", verbs=True) == "upload a file to box"
        assert without_preamble("which slack tool sends a message", verbs=True) == "slack send a message"
        assert without_preamble("which tool uploads a file to box") != "upload a file to box"
        assert _names("which tool uploads a file to box")[:1] == ["box__post_files_content"]
        # (the fortieth round's ``tool_words`` reads "which tool <verb>s" too)
        assert _names("which tool uploads a file to box", verbed_tools=False, tool_words=False)[:1] != [
            "box__post_files_content"
        ]

    def test_no_verb_after_the_tool(self) -> None:
        assert without_preamble("which tools exist for stripe", verbs=True) == "which tools exist for stripe"
        assert without_preamble("what tool news", verbs=True) == "what tool news"


class TestOwnFields:
    def test_a_field_a_name_says_of_another_thing(self) -> None:
        request = "get the status of digitalocean droplet 77"
        assert _names(request)[:1] == ["digitalocean__droplets_get"]
        assert _names(request, own_fields=False)[:1] == [
            "digitalocean__droplets_get_destroy_associated_resources_status"
        ]

    def test_a_field_a_name_says_as_the_things_own(self) -> None:
        assert _names("set the topic of slack channel #eng to launch")[:1] == ["slack__conversations_set_topic"]
        assert says_own_field("slack__conversations_set_topic", "channel", ("topic",))
        assert not says_own_field(
            "digitalocean__droplets_get_destroy_associated_resources_status", "droplet", ("status",)
        )
        assert says_own_field("twilio__fetch_call_status", "call", ("status",))


class TestWithoutASwitch:
    def test_a_thing_done_again_is_no_misspelling(self) -> None:
        assert _names("my stripe invoice in_1 resent") == []  # not Stripe's "present"
        assert _names("resend stripe invoice in_1")[:1] == ["stripe__post_invoices_invoice_send"]

    def test_a_pronoun_taken_from_a_thing_is_a_member(self) -> None:
        assert query_tokens("remove her from asana project 12")[:2] == ("remove", "member")
        assert query_tokens("add them to asana project 12")[:2] == ("add", "member")
        assert "member" not in query_tokens("delete her asana project 12")

    def test_time_logged_after_the_apps_name_and_an_mms(self) -> None:
        assert _names("jira log work")[:1] == ["jira__add_worklog"]
        assert _names("jira: log 2 hours on OPS-5")[:1] == ["jira__add_worklog"]
        assert as_words(_INDEX, "never log work in jira") == "never log work in jira"
        assert as_words(_INDEX, "please log 2 hours on jira issue OPS-5") == "add a worklog on jira issue OPS-5"
        assert _names("twilio send mms")[:1] == ["twilio__create_message"]

    def test_the_text_after_a_colon_past_an_apps_name(self) -> None:
        assert _names("jira create bug: checkout fails")[:1] == ["jira__create_issue"]
        assert _names("[jira] create a bug: checkout fails")[:1] == ["jira__create_issue"]
        assert "checkout" in rank(_INDEX, "jira create bug: checkout fails").values
