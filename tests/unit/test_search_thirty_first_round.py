"""Issue 13's thirty-first round: a suggestion's opening and a pointer to what follows are filler
(``said_fillers``); things the caller holds are the caller's own (``owned_clauses``); a verb that
is a message's kind after an article is a thing sent (``posted_updates``); a thing's number is its
id, no name's number (``numbered_ids``); "open a" thing makes one (``opened_things``); a pair's
end after a value is a value (``paired_values``); a thing read where no name reads it is read by
the name saying the thing alone (``noun_names``); a number's label is a part of it
(``labelled_numbers``); a search is done by a name saying its search alone (``bare_verbs``); and,
under older switches, a booking booked with the app in its words, a person told past an app's
label or by kind and id (a message told found only where the names send one), three more slang
verbs, and a short prefixed id ("cus_9X") a value."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.argument_values import argument_values
from cardamom.core.search.query import query_tokens
from cardamom.core.search.said_fillers import owned_as_mine, without_said_fillers
from cardamom.core.search.sent_messages import sends_text
from cardamom.core.search.telling import read_telling, sends_messages
from cardamom.core.search.value_shapes import has_value_digits
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_update", "Slack", "Updates a message."),
    app_doc("slack__conversations_members", "Slack", "Retrieve members of a conversation."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc(
        "slack__admin_conversations_ekm_list_original_connected_channel_info", "Slack", "List channel info of users."
    ),
    app_doc("slack__admin_usergroups_list_channels", "Slack", "List the channels linked to a user group."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_info", "Slack", "Retrieve information about a conversation."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__conversations_history", "Slack", "Fetches a conversation's history of messages."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc("twilio__list_incoming_phone_number", "Twilio", "Retrieve a list of incoming phone numbers."),
    app_doc("twilio__fetch_module_data_for_listing_owner", "Twilio", "Fetch the module data of a listing's owner."),
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc("github__pulls_create", "GitHub", "Create a pull request."),
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("github__pulls_update", "GitHub", "Update a pull request: its state, title or base."),
    app_doc("github__repos_list_for_authenticated_user", "GitHub", "List repositories for the authenticated user."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing Droplet."),
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
    app_doc(
        "digitalocean__monitoring_get_lb_droplets_http_response_time_99_p",
        "DigitalOcean",
        "Get the 99th percentile HTTP response time of a load balancer's droplets.",
    ),
    app_doc("jira__link_issues", "Jira", "Creates a link between two issues."),
    app_doc("jira__get_comments", "Jira", "Returns all comments for an issue."),
    app_doc("jira__get_auto_complete_post", "Jira", "Returns reference data for JQL searches, posted."),
    app_doc("jira__create_issue", "Jira", "Creates an issue. The build a bug was found in may be set."),
    app_doc("digitalocean__firewalls_create", "DigitalOcean", "Create a new firewall."),
    app_doc("digitalocean__firewalls_add_rules", "DigitalOcean", "Add rules to a firewall."),
    app_doc("box__get_search", "Box", "Search for files, folders, web links and shared files."),
    app_doc("box__get_legal_hold_policy_assignments_id_files_on_hold", "Box", "Find the files on hold."),
    app_doc("box__get_files_id", "Box", "Get information about a file."),
    app_doc("box__delete_files_id", "Box", "Delete a file."),
    app_doc("cal-com__bookings_controller_2024_08_13_create_booking", "Cal.com", "Create a booking."),
    app_doc("cal-com__bookings_controller_2024_08_13_cancel_booking", "Cal.com", "Cancel a booking."),
    app_doc("cal-com__schedules_controller_2024_06_11_create_schedule", "Cal.com", "Create a schedule."),
    app_doc("intercom__manage_conversation", "Intercom", "Manage a conversation: close, snooze, open or assign it."),
    app_doc("intercom__update_conversation", "Intercom", "Update a conversation."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestSaidFillers:
    def test_a_suggestions_opening_and_a_pointer_leave(self) -> None:
        assert without_said_fillers(("let", "close", "the", "prs")) == ("close", "the", "prs")  # "let's"
        assert without_said_fillers(("let", "us", "list", "repos")) == ("list", "repos")
        assert without_said_fillers(("let", "bob", "know", "in", "eng")) == ("let", "bob", "know", "in", "eng")
        assert without_said_fillers(("post", "the", "following", "update")) == ("post", "the", "update")
        assert without_said_fillers(("list", "following", "users")) == ("list", "following", "users")

    def test_requests_with_them(self) -> None:
        assert "let" not in query_tokens("let's list the open PRs in acme/api")
        assert "following" not in query_tokens("post the following message in slack #eng: hi")
        assert "let" in query_tokens("let's list the open PRs in acme/api", without(said_fillers=False))


class TestOwnedClauses:
    def test_things_the_caller_holds_are_mine(self) -> None:
        assert owned_as_mine(("list", "phone", "numbers", "i", "own")) == ("list", "phone", "numbers", "mine")
        assert owned_as_mine(("repos", "we", "have")) == ("repos", "mine")
        assert owned_as_mine(("i", "have", "a", "question")) == ("i", "have", "a", "question")  # no thing before
        assert owned_as_mine(("what", "do", "i", "have", "due")) == ("what", "do", "i", "have", "due")

    def test_requests_with_them(self) -> None:
        assert _names("list twilio phone numbers I own")[:1] == ["twilio__list_incoming_phone_number"]
        assert _names("list the github repos I own")[:1] == ["github__repos_list_for_authenticated_user"]
        assert "own" in query_tokens("list twilio phone numbers I own", without(owned_clauses=False))
        assert "own" not in query_tokens("list twilio phone numbers I own")


class TestPostedUpdates:
    def test_an_update_posted_is_a_message(self) -> None:
        assert _names("post an update in slack #releases: v2 is live")[:1] == ["slack__chat_post_message"]
        assert _names("post a status update in #eng on slack")[:1] == ["slack__chat_post_message"]
        assert _names("post an update in slack #releases: v2 is live", posted_updates=False)[:1] == [
            "slack__chat_update"
        ]

    def test_an_update_asked_for_stays_one(self) -> None:
        assert _names("update the message in #eng on slack")[:1] == ["slack__chat_update"]


class TestNumberedIds:
    def test_a_things_number_matches_no_names_number(self) -> None:
        assert _names("delete droplet 99")[:1] == ["digitalocean__droplets_destroy"]
        assert _names("delete droplet 99", numbered_ids=False)[:1] == [
            "digitalocean__monitoring_get_lb_droplets_http_response_time_99_p"
        ]

    def test_a_number_inside_a_named_app_still_orders(self) -> None:
        assert _names("get digitalocean droplet 99")[:1] == ["digitalocean__droplets_get"]


class TestOpenedThings:
    def test_open_a_thing_makes_it(self) -> None:
        assert _names("open a pull request in acme/web")[:1] == ["github__pulls_create"]
        assert _names("open a new github pull request")[:1] == ["github__pulls_create"]
        assert _names("open a pull request in acme/web", opened_things=False)[:1] == ["github__pulls_list"]

    def test_open_things_are_listed(self) -> None:
        assert _names("open pull requests in acme/web")[:1] == ["github__pulls_list"]
        assert _names("open PRs in acme/web on github")[:1] == ["github__pulls_list"]


class TestPairedValues:
    def test_a_pairs_end_after_a_value_is_one(self) -> None:
        assert "main" in argument_values("create a github pull request from feature/login into main")
        assert "main" in argument_values("merge from v1.2 to main")
        assert "main" not in argument_values("move the main page to the archive")

    def test_a_request_with_one(self) -> None:
        query = "create a github pull request from feature/login into main"
        assert _names(query)[:1] == ["github__pulls_create"]
        ranking = rank(SearchIndex.build(DOCS, without(paired_values=False, merged_branches=False)), query)
        assert "main" not in ranking.values


class TestNounNames:
    def test_a_name_saying_the_thing_alone_reads_it(self) -> None:
        assert _names("list members of slack channel C024")[:1] == ["slack__conversations_members"]
        assert _names("list members of slack channel C024", noun_names=False)[:1] != ["slack__conversations_members"]

    def test_a_name_with_a_verb_is_no_noun_name(self) -> None:
        # Jira's ``link_issues`` links: "get jira issue ENG-1 comments" reads comments
        assert _names("get jira issue ENG-1 comments")[:1] == ["jira__get_comments"]


class TestLabelledNumbers:
    def test_a_numbers_label_after_the_thing_is_its_value(self) -> None:
        ranking = rank(_INDEX, "create a digitalocean firewall allowing port 443")
        assert "port" in ranking.values and ranking.hits[0].name == "digitalocean__firewalls_create"
        # a word a description says, no name: still a label ("in build 142")
        assert _names("open a jira bug for the crash in build 142")[:1] == ["jira__create_issue"]
        assert _names("create a digitalocean firewall allowing port 443", labelled_numbers=False) == []

    def test_a_thing_said_first_or_the_things_own_noun_stays(self) -> None:
        assert "sprint" not in rank(_INDEX, "jira create sprint 5").values
        assert "group" not in rank(_INDEX, "update jira contact group 79").values


class TestBareVerbs:
    def test_a_name_saying_its_search_alone_searches(self) -> None:
        assert _names("find box files named contract")[:1] == ["box__get_search"]
        assert _names("find box files named contract", bare_verbs=False)[:1] == [
            "box__get_legal_hold_policy_assignments_id_files_on_hold"
        ]


class TestSentPlaces:
    def test_a_text_sent_to_a_places_kind_is_a_message(self) -> None:
        assert sends_text(("send", "channel"), {"standup"}, places=True)
        assert not sends_text(("send", "channel"), {"standup"})
        assert not sends_text(("send", "file", "channel"), {"standup"}, places=True)
        assert _names('send "standup in 10" to the #eng slack channel')[:1] == ["slack__chat_post_message"]


class TestGuessedQualifiers:
    def test_a_guessed_name_naming_its_app_says_a_state(self) -> None:
        assert _names("github_list_open_pull_requests")[:1] == ["github__pulls_list"]
        assert "overdue" in rank(_INDEX, "twilio_list_overdue_phone_numbers").values
        off = SearchIndex.build(DOCS, without(guessed_qualifiers=False))
        assert "overdue" not in rank(off, "twilio_list_overdue_phone_numbers").values


class TestWithoutASwitch:
    def test_a_place_named_before_the_apps_place_word(self) -> None:
        ranking = rank(_INDEX, "create a slack channel message in the Engineering workspace")
        assert "workspace" not in ranking.query_tokens and "engineering" in ranking.values

    def test_a_short_prefixed_id_is_a_value(self) -> None:
        assert has_value_digits("cus_9X") and has_value_digits("ch_1") and has_value_digits("acct_1Ab")
        assert not has_value_digits("oauth_v2") and not has_value_digits("get_2fa_status")

    def test_a_meeting_booked_may_be_a_booking_with_the_app_in_it(self) -> None:
        assert _names("schedule a cal.com booking")[:1] == ["cal-com__bookings_controller_2024_08_13_create_booking"]
        assert _names("schedule a booking on cal.com for friday")[:1] == [
            "cal-com__bookings_controller_2024_08_13_create_booking"
        ]

    def test_a_person_told_past_the_apps_label(self) -> None:
        assert _names("slack: let bob know the deploy finished")[:1] == ["slack__chat_post_message"]
        assert _names("slack: let bob know the deploy finished", app_labels=False)[:1] != ["slack__chat_post_message"]

    def test_a_message_told_is_a_message_sent(self) -> None:
        assert sends_messages("slack__chat_post_message") and sends_messages("intercom__reply_conversation")
        assert not sends_messages("jira__get_auto_complete_post")
        assert _names("let alice know in jira that OPS-3 is done") == []  # no message in Jira's names
        told, verb = read_telling("let user 42 know in intercom that we refunded them")
        assert verb == "let" and told.startswith("send a message to user 42 ")

    def test_slang_verbs(self) -> None:
        assert _names("box: axe file 12")[:1] == ["box__delete_files_id"]
        assert _names('slack: broadcast "deploy at 5" to #ops')[:1] == ["slack__chat_post_message"]


def test_hostile_requests_stay_fast() -> None:
    for request in (
        "let " * 500 + "us list the repos on github",
        "post the following " * 300 + "update in slack #eng",
        "list the phone numbers " + "I own " * 400 + "in twilio",
        "delete droplet " + "99 " * 500,
        "open a " * 300 + "pull request in acme/web",
        "create a pull request " + "from feature/x into main " * 200,
        "list members of " + "slack channel " * 300 + "C024",
        "create a firewall " + "allowing port 443 " * 300 + "on digitalocean",
        "find " + "box files named " * 300 + "contract",
        "slack: " + "please " * 300 + "let bob know the deploy finished",
    ):
        started = time.perf_counter()
        rank(_INDEX, request)
        assert time.perf_counter() - started < 1.0, request[:40]
