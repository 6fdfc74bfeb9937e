"""Issue 13's thirty-fifth round: the word right after a kind of person or of holder that no name
of the app says beside the kind is a name, a value (``names_after_kinds``); a word in camel case
is read whole where some tool's text writes it whole (``camel_words``); and, without a switch:
"organization" and "organisation" are holders as "org" is, the British spelling in the
organization's synonym group; a slug after "to" or "into" is placed in a request naming an app; a
yes/no question asking whether a thing is private, public, locked, enabled... reads the thing,
and a tool checking a state answers it only where its name checks that state alone."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.camel_words import whole_camel_words
from cardamom.core.search.stated_situations import without_situation
from cardamom.core.search.thing_questions import thing_question
from cardamom.core.search.written_forms import as_words
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc("github__users_get_by_username", "GitHub", "Get a user by their username."),
    app_doc("github__users_follow", "GitHub", "Follow a user."),
    app_doc("github__meta_get_octocat", "GitHub", "Get the octocat as ASCII art."),
    app_doc("github__gists_list_for_user", "GitHub", "List gists for a user."),
    app_doc("github__orgs_list_members", "GitHub", "List organization members."),
    app_doc("github__teams_list_members_in_org", "GitHub", "List team members."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    app_doc("github__repos_list_commits", "GitHub", "List commits of a repository."),
    app_doc("github__orgs_list_webhooks", "GitHub", "List organization webhooks."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("github__pulls_check_if_merged", "GitHub", "Check if a pull request has been merged."),
    app_doc("github__pulls_get", "GitHub", "Get a pull request."),
    app_doc(
        "github__repos_check_private_vulnerability_reporting",
        "GitHub",
        "Check if private vulnerability reporting is enabled for a repository.",
    ),
    app_doc(
        "github__actions_get_private_repo_fork_pr_workflows_settings_repository",
        "GitHub",
        "Get the private repo fork PR workflow settings for a repository.",
    ),
    app_doc("slack__users_get_presence", "Slack", "Gets user presence information."),
    app_doc("slack__users_info", "Slack", "Gets information about a user."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_unarchive", "Slack", "Reverses conversation archival."),
    app_doc("slack__admin_conversations_archive", "Slack", "Archive a public or private channel."),
    app_doc("slack__admin_conversations_unarchive", "Slack", "Unarchive a public or private channel."),
    app_doc("slack__conversations_set_topic", "Slack", "Sets the topic for a conversation."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel, such as #general."),
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    *(app_doc(f"twilio__{verb}_message", "Twilio", f"{verb.capitalize()} a message.") for verb in ("list", "fetch")),
    *(app_doc(f"twilio__{verb}_message", "Twilio", f"{verb.capitalize()} a message.") for verb in ("delete", "update")),
    app_doc("twilio__update_channels_sender", "Twilio", "Update a sender's profile. (WhatsApp only)"),
    app_doc("twilio__delete_channels_sender", "Twilio", "Delete a Sender. (WhatsApp only)"),
    *(app_doc(f"twilio__{v}_content", "Twilio", f"{v.capitalize()} a whatsapp template.") for v in ("list", "fetch")),
    *(
        app_doc(f"twilio__{v}_content", "Twilio", f"{v.capitalize()} a whatsapp template.")
        for v in ("create", "delete")
    ),
    app_doc("xero__get_organisations", "Xero", "Retrieves Xero organisation details."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestNamesAfterKinds:
    def test_a_persons_name_after_the_kind_is_a_value(self) -> None:
        assert _names("get github user octocat")[:1] == ["github__users_get_by_username"]
        assert _names("get github user octocat", names_after_kinds=False)[:1] == ["github__meta_get_octocat"]
        assert _names("follow user octocat on github")[:1] == ["github__users_follow"]
        assert _names("list gists of github user octocat")[:1] == ["github__gists_list_for_user"]

    def test_a_holders_name_some_description_says_is_a_value(self) -> None:
        # Slack's descriptions say "#general": a topic's reading kept the word
        assert _names("archive slack channel general")[:1] == ["slack__conversations_archive"]
        assert _names("archive slack channel general", names_after_kinds=False) == []

    def test_a_word_a_name_says_beside_the_kind_stays(self) -> None:
        assert _names("get the slack user presence")[:1] == ["slack__users_get_presence"]
        # through a synonym of the kind: Slack's channels are conversations
        assert _names("set the slack channel topic")[:1] == ["slack__conversations_set_topic"]
        assert _names("get slack user info")[:1] == ["slack__users_info"]


class TestCamelWords:
    def test_a_word_a_text_writes_whole_is_read_whole(self) -> None:
        known = _INDEX.knows
        assert whole_camel_words("send a WhatsApp message", known) == "send a whatsapp message"
        assert whole_camel_words("create a PostgreSQL database", known) == "create a PostgreSQL database"  # unknown
        assert whole_camel_words("WhatsApp", known) == "WhatsApp"  # one word: a guessed name's capitals part it
        for written in ("mail bob@WhatsApp.com now", "open https://x.io/WhatsApp now", "get #WhatsApp feed"):
            assert whole_camel_words(written, known) == written  # a part of an address, a link, a channel
        assert whole_camel_words("send a WhatsApp.", known) == "send a whatsapp."
        # an acronym's plural is one word as written: read again in lower case it says the same
        # words, at the cost of a second reading of the whole request (the forty-fifth round)
        every_word = lambda word: True  # noqa: E731
        assert (
            whole_camel_words("list the URLs and APIs of WhatsApp", every_word) == "list the URLs and APIs of whatsapp"
        )

    def test_the_message_is_sent_not_the_sender_updated(self) -> None:
        request = "send a WhatsApp message with twilio"
        assert _names(request)[:1] == ["twilio__create_message"]
        assert _names(request, camel_words=False)[:1] == ["twilio__update_channels_sender"]

    def test_as_written_where_whole_finds_nothing(self) -> None:
        # the sender's description wrote "WhatsApp", which the index split
        assert _names("twilio: delete the WhatsApp sender XE123")[:1] == ["twilio__delete_channels_sender"]

    def test_hostile_lengths(self) -> None:
        started = time.perf_counter()
        long = "send " + "WhatsApp " * 20_000
        assert whole_camel_words(long, _INDEX.knows) == "send " + "whatsapp " * 20_000
        assert whole_camel_words("aB" * 50_000 + " x", _INDEX.knows) == "aB" * 50_000 + " x"
        assert time.perf_counter() - started < 2.0


class TestOrganisations:
    def test_an_organizations_name_is_a_value(self) -> None:
        # (fail before this round: "acme" uncovered, and Xero's "organisation" spelled nothing out)
        assert _names("list members of the github organization acme")[:1] == ["github__orgs_list_members"]
        assert _names("list members of the github organisation acme")[:1] == ["github__orgs_list_members"]
        assert _names("list repos in the github organisation acme")[:1] == ["github__repos_list_for_org"]
        assert _names("get xero organisation details")[:1] == ["xero__get_organisations"]


class TestSlugsAfterTo:
    def test_in_a_request_naming_an_app(self) -> None:
        assert as_words(_INDEX, "who last committed to acme/web on github") == (
            "who last committed to repo acme/web on github"
        )
        assert _names("github: who last committed to acme/web")[:1] == ["github__repos_list_commits"]
        # naming no app, "to" may give a form
        assert as_words(_INDEX, "convert the report to csv/json") == "convert the report to csv/json"


class TestStatesAsked:
    def test_whether_a_thing_is_private_reads_it(self) -> None:
        assert thing_question(_INDEX, "is github repo acme/web private", ["GitHub"]) == "get repo acme/web"
        assert _names("is github repo acme/web private")[:1] == ["github__repos_get"]
        assert _names("is the github repo acme/web public")[:1] == ["github__repos_get"]

    def test_a_tool_checking_the_state_alone_answers(self) -> None:
        assert thing_question(_INDEX, "has PR 17 been merged in acme/web", ["GitHub"]) is None
        assert _names("has PR 17 been merged in github acme/web")[:1] == ["github__pulls_check_if_merged"]


def test_the_switches_leave_other_requests_as_they_were() -> None:
    for request in ("list github repos for org acme", "post a message to slack #general"):
        assert (
            rank(SearchIndex.build(DOCS, without(names_after_kinds=False, camel_words=False)), request).hits[:1]
            == rank(_INDEX, request).hits[:1]
        )


MOVES = [
    app_doc("slack__admin_users_invite", "Slack", "Invite a user to a workspace."),
    app_doc("slack__admin_users_remove", "Slack", "Remove a user from a workspace."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__conversations_kick", "Slack", "Removes a user from a conversation."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc("github__repos_rename_branch", "GitHub", "Rename a branch."),
    app_doc("github__repos_get_branch", "GitHub", "Get a branch of the main repository."),
    app_doc("github__pulls_update_branch", "GitHub", "Update a pull request branch."),
]


class TestTenancyMoves:
    def test_a_person_moved_into_the_app_itself_is_a_user(self) -> None:
        assert ranked_names(MOVES, "invite bob@acme.com to our slack")[:1] == ["slack__admin_users_invite"]
        assert ranked_names(MOVES, "invite bob@acme.com to our slack", tenancy_moves=False)[:1] == [
            "slack__conversations_invite"
        ]
        assert ranked_names(MOVES, "remove bob from the slack workspace")[:1] == ["slack__admin_users_remove"]
        assert ranked_names(MOVES, "remove bob from the slack workspace", tenancy_moves=False)[:1] == [
            "slack__conversations_kick"
        ]

    def test_an_app_that_neither_invites_nor_adds_answers_nothing(self) -> None:
        docs = [*MOVES, app_doc("notion__get_users", "Notion", "List all users.")]
        assert ranked_names(docs, "invite bob to our notion") == []

    def test_a_place_in_the_app_keeps_the_apps_verb(self) -> None:
        assert ranked_names(MOVES, "kick bob from slack channel #dev")[:1] == ["slack__conversations_kick"]
        assert ranked_names(MOVES, "add bob to slack channel #dev")[:1] == ["slack__conversations_invite"]


class TestRenamedTo:
    def test_a_new_name_is_a_value_up_to_its_place(self) -> None:
        # (empty before: "main in acme/web" was four words, no value, and "main" a description's)
        assert ranked_names(MOVES, "rename the github branch master to main in acme/web")[:1] == [
            "github__repos_rename_branch"
        ]


class TestStatedSentences:
    def test_sentences_before_the_one_asking_go(self) -> None:
        from cardamom.core.search.app_scope import AppMention

        stripe = (AppMention("Stripe", ("stripe",), True),)
        request = (
            "So I was looking at our billing and noticed something weird. Could you pull up Stripe invoice in_123?"
        )
        assert without_situation(request, stripe) == "Could you pull up Stripe invoice in_123?"
        told = "The team is growing fast! We hired two people. Please refund stripe charge ch_1."
        assert without_situation(told, stripe) == "Please refund stripe charge ch_1."

    def test_what_stays_as_written(self) -> None:
        from cardamom.core.search.app_scope import AppMention

        stripe = (AppMention("Stripe", ("stripe",), True),)
        for request in (
            "Read the charges on stripe. Then refund stripe charge ch_1.",  # a request first
            "Our stripe balance looks low. Refund stripe charge ch_1.",  # the first sentence names the app
            "I love this tool. What's the weather like in stripe?",  # no order asked
            "Something broke. in Stripe",  # a place, no order
        ):
            assert without_situation(request, stripe) == request
        started = time.perf_counter()
        long = "x. " * 5_000 + "refund stripe charge ch_1"
        assert without_situation(long, stripe) == long  # longer than a request is
        wide = "a" * 1_000 + ". refund stripe charge ch_1"  # a sentence longer than one is stated
        assert without_situation(wide, stripe) == wide
        assert time.perf_counter() - started < 1.0


def test_a_field_after_a_persons_kind_stays_a_word() -> None:
    docs = [
        app_doc("spotify__get_current_users_profile", "Spotify", "Get the current user's profile."),
        app_doc("spotify__save_albums_user", "Spotify", "Save albums for the current user."),
    ]
    index = SearchIndex.build(docs)
    assert "name" not in rank(index, "what is my spotify user name").values


def test_a_persons_name_may_end_as_a_plural_does_where_no_name_says_it() -> None:
    docs = [
        *DOCS,
        app_doc("github__repos_list_for_user", "GitHub", "List repositories for a user."),
        app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    ]
    assert ranked_names(docs, "list repos of github user torvalds")[:1] == ["github__repos_list_for_user"]
    # a plural some name says is the person's things, no name: "user *repos*"
    assert "repos" not in rank(SearchIndex.build(docs), "list github user repos").values


def test_a_word_the_names_join_to_the_kind_stays_a_word() -> None:
    docs = [
        app_doc("slack__usergroups_users_list", "Slack", "List all users in a user group."),
        app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
        app_doc("jira__get_user", "Jira", "Returns a user."),
        app_doc("jira__get_username_policy", "Jira", "Returns the policy for names."),
    ]
    index = SearchIndex.build(docs)
    assert "group" not in rank(index, "slack list users user group").values  # Slack's ``usergroups``
    assert "username" not in rank(index, "get the jira user username design-docs").values  # a field
