"""Issue 13's twenty-eighth round: an action written as a noun or a gerund is read as its verb
(``verbal_nouns``); an undoing verb no name says removes the thing the verb adds
(``undoing_verbs``); a noun opening a request as its verb opens an object before the app's name
(``app_objects``); a person added to a place or taken out of it is read in the app's verb or as
its members (``person_moves``); and, without a switch of their own, a name saying the thing and
then the object is kept first over a tool creating the thing, "past" and "hour" say a date, and a
participle's date may follow "the"."""

from __future__ import annotations

import time
from collections.abc import Callable

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.dated_words import dated_participle
from cardamom.core.search.monologue import without_monologue
from cardamom.core.search.person_moves import person_moved
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.undoing_verbs import undone
from cardamom.core.search.value_words import is_slug
from cardamom.core.search.verbal_nouns import gerund_verb, participle_verb, verb_first
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("jira__create_issue", "Jira", "Creates an issue."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__delete_issue", "Jira", "Deletes an issue."),
    app_doc("jira__add_watcher", "Jira", "Adds a user as a watcher of an issue."),
    app_doc("jira__remove_watcher", "Jira", "Deletes a user as a watcher of an issue."),
    app_doc("jira__get_issue_watchers", "Jira", "Returns the watchers for an issue."),
    app_doc("jira__create_ui_modification", "Jira", "Creates a UI modification."),
    app_doc("jira__update_ui_modification", "Jira", "Updates a UI modification."),
    app_doc("slack__pins_add", "Slack", "Pins an item (a message or a file) to a channel."),
    app_doc("slack__pins_remove", "Slack", "Un-pins an item from a channel."),
    app_doc("slack__pins_list", "Slack", "Lists items pinned to a channel."),
    app_doc("slack__reactions_add", "Slack", "Adds a reaction to an item."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__chat_delete", "Slack", "Deletes a message."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__conversations_kick", "Slack", "Removes a user from a conversation."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_unarchive", "Slack", "Reverses conversation archival."),
    app_doc("slack__admin_usergroups_add_channels", "Slack", "Add default channels to an IDP group."),
    app_doc("asana__add_followers_for_task", "Asana", "Adds followers to a task."),
    app_doc("asana__remove_follower_for_task", "Asana", "Removes each of the specified followers from the task."),
    app_doc("asana__add_members_for_project", "Asana", "Adds the specified list of users as members of the project."),
    app_doc("asana__remove_members_for_project", "Asana", "Removes the specified list of users from members."),
    app_doc(
        "asana__add_followers_for_project", "Asana", "Adds the specified list of users as followers to the project."
    ),
    app_doc("asana__get_task", "Asana", "Returns the complete task record for a single task."),
    app_doc("asana__update_task", "Asana", "Updates the fields of a task: its name, completed state, assignee."),
    app_doc("intercom__create_tag", "Intercom", "Create or update a tag, tag or untag contacts."),
    app_doc("intercom__attach_tag_to_contact", "Intercom", "Add a tag to a contact."),
    app_doc("intercom__detach_tag_from_contact", "Intercom", "Remove a tag from a contact."),
    app_doc("intercom__create_note", "Intercom", "Add a note to a contact."),
    app_doc("github__issues_create_comment", "GitHub", "Create an issue comment."),
    app_doc("github__issues_get_comment", "GitHub", "Get an issue comment."),
    app_doc("github__issues_add_assignees", "GitHub", "Add assignees to an issue."),
    app_doc("github__issues_remove_assignees", "GitHub", "Remove assignees from an issue."),
    app_doc("github__issues_update", "GitHub", "Update an issue."),
    app_doc("github__repos_create_fork", "GitHub", "Create a fork."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("github__repos_add_collaborator", "GitHub", "Add a repository collaborator."),
    app_doc("github__repos_list_contributors", "GitHub", "List repository contributors."),
    app_doc("github__repos_remove_collaborator", "GitHub", "Remove a repository collaborator."),
    app_doc("github__orgs_list_members", "GitHub", "List organization members."),
    app_doc(
        "box__post_collaborations",
        "Box",
        "Adds a collaboration for a single user or a single group to a file or folder.",
    ),
    app_doc(
        "box__get_folders_id_collaborations",
        "Box",
        "Retrieves a list of pending and active collaborations for a folder.",
    ),
    app_doc("box__get_shield_information_barrier_reports", "Box", "Lists shield information barrier reports."),
    app_doc("box__post_group_memberships", "Box", "Creates a group membership; the members of a group."),
    app_doc("github__activity_list_notifications", "GitHub", "List notifications."),
    app_doc("github__activity_mark_notifications_as_read", "GitHub", "Marks all notifications as read."),
    app_doc("twilio__create_message", "Twilio", "Send a message."),
    app_doc("twilio__list_recording", "Twilio", "Retrieve a list of recordings."),
    app_doc("stripe__get_customers", "Stripe", "Returns a list of your customers."),
    app_doc("stripe__post_customers", "Stripe", "Creates a new customer object."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
    app_doc("digitalocean__droplets_get", "DigitalOcean", "Retrieve an existing Droplet."),
    app_doc("digitalocean__apps_create_rollback", "DigitalOcean", "Rollback an app to a previous deployment."),
    app_doc("digitalocean__apps_commit_rollback", "DigitalOcean", "Commit an app rollback."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


def _named(*words: str) -> Callable[[str], bool]:
    return lambda word: word in words


class TestVerbalNouns:
    def test_a_gerund_writes_its_verb(self) -> None:
        assert gerund_verb("pinning") == "pin"
        assert gerund_verb("creating") == "create"
        assert gerund_verb("adding") == "add"
        assert gerund_verb("tagging") == "tag"
        assert gerund_verb("billing") is None
        assert gerund_verb("upcoming") is None
        assert participle_verb("added") == "add"
        assert participle_verb("pinned") == "pin"
        assert participle_verb("needed") is None

    def test_an_opening_gerund_before_its_object(self) -> None:
        assert verb_first("pinning a message in slack #general", _named()) == "pin a message in slack #general"
        assert verb_first("tagging intercom contact 55 as vip", _named(), {"intercom"}) == (
            "tag intercom contact 55 as vip"
        )
        assert _names("pinning a message in slack #general")[:1] == ["slack__pins_add"]
        assert _names("pinning a message in slack #general", verbal_nouns=False) == []

    def test_an_opening_gerund_before_a_plural_is_an_adjective(self) -> None:
        assert verb_first("pending stripe invoices", _named(), {"stripe"}) == "pending stripe invoices"
        assert verb_first("sharing box links", _named(), {"box"}) == "sharing box links"

    def test_an_action_noun_after_the_things_words(self) -> None:
        assert verb_first("jira issue creation for the login bug", _named()) == "create jira issue for the login bug"
        assert _names("jira issue creation for the login bug")[:1] == ["jira__create_issue"]
        assert verb_first("twilio sms sending to +15551234567", _named()) == "send twilio sms to +15551234567"

    def test_an_action_noun_opening_before_of(self) -> None:
        assert verb_first("removal of bob from slack channel #eng", _named()) == "remove bob from slack channel #eng"
        assert verb_first("the creation of a jira issue", _named()) == "create a jira issue"

    def test_a_field_or_a_thing_is_no_action(self) -> None:
        assert verb_first("get the jira issue creation date", _named()) == "get the jira issue creation date"
        assert verb_first("jira issue creation date", _named()) == "jira issue creation date"
        # the names write the word: a thing of the app
        assert verb_first("jira open ui modification", _named("modification")) == "jira open ui modification"
        assert verb_first("twilio recording for call CA1", _named("recording")) == "twilio recording for call CA1"

    def test_a_verb_or_a_question_before_the_gerund(self) -> None:
        request = "In Stripe, update specified charge setting 6186436 with the text 'x'"
        assert verb_first(request, _named()) == request
        assert verb_first("is droplet 5512 running", _named()) == "is droplet 5512 running"
        assert verb_first("digitalocean droplets that aren't running", _named()) == (
            "digitalocean droplets that aren't running"
        )
        assert _names("digitalocean droplets that aren't running")[:1] == ["digitalocean__droplets_list"]

    def test_a_passive_participle_no_name_writes(self) -> None:
        assert _names("the message in slack #general should be pinned")[:1] == ["slack__pins_add"]
        assert _names("github issue 7 can be closed now")[:1] == ["github__issues_update"]


class TestUndoingVerbs:
    def test_an_un_verb_no_name_says_removes_the_verbs_thing(self) -> None:
        assert undone(_INDEX, "unpin the message in slack #general", _INDEX.tools_of(["Slack"])) == (
            "remove pins from the message in slack #general"
        )
        assert _names("unpin the message in slack #general")[:1] == ["slack__pins_remove"]
        assert _names("unpin the message in slack #general", undoing_verbs=False) == []

    def test_the_thing_as_the_names_write_it(self) -> None:
        assert _names("unfollow asana task 12")[:1] == ["asana__remove_follower_for_task"]
        assert _names("unwatch jira issue ENG-5")[:1] == ["jira__remove_watcher"]
        assert _names("unassign github issue 7")[:1] == ["github__issues_remove_assignees"]

    def test_stop_doing_is_undoing(self) -> None:
        assert _names("stop watching jira issue ENG-5")[:1] == ["jira__remove_watcher"]
        assert _names("stop following asana task 12")[:1] == ["asana__remove_follower_for_task"]

    def test_the_names_own_undoing_word_stays(self) -> None:
        assert (
            undone(_INDEX, "unarchive slack channel #old", _INDEX.tools_of(["Slack"])) == "unarchive slack channel #old"
        )
        assert _names("unarchive slack channel #old")[:1] == ["slack__conversations_unarchive"]

    def test_an_adjective_before_a_plural_is_no_undoing(self) -> None:
        assert (
            undone(_INDEX, "unread notifications on github", _INDEX.tools_of(["GitHub"]))
            == "unread notifications on github"
        )
        assert undone(_INDEX, "under which project is asana task 12", _INDEX.tools_of(["Asana"])) == (
            "under which project is asana task 12"
        )


class TestAppObjects:
    def test_a_noun_verb_before_the_apps_name(self) -> None:
        assert _names("follow asana task 12")[:1] == ["asana__add_followers_for_task"]
        assert _names("watch jira issue ENG-5")[:1] == ["jira__add_watcher"]
        assert _names("fork github repo acme/api")[:1] == ["github__repos_create_fork"]
        # (since the thirty-seventh round a bare noun after the verb opens its object too, the
        # app's name aside: the switch alone no longer changes this request)
        assert _names("watch jira issue ENG-5", app_objects=False)[:1] == ["jira__add_watcher"]

    def test_no_verb_no_object(self) -> None:
        assert _names("all stripe customers")[:1] == ["stripe__get_customers"]

    def test_a_name_saying_the_thing_then_the_object_stays_first(self) -> None:
        assert _names("tag intercom contact 55 as VIP")[:1] == ["intercom__attach_tag_to_contact"]
        assert _names("tag the intercom contact 55 as VIP")[:1] == ["intercom__attach_tag_to_contact"]
        assert _names("comment on github issue 7")[:1] == ["github__issues_create_comment"]
        assert _names("roll back the digitalocean app 7 deployment")[:1] == ["digitalocean__apps_create_rollback"]


class TestPersonMoves:
    def test_the_apps_own_verb(self) -> None:
        assert person_moved(_INDEX, "add bob to slack #eng", _INDEX.tools_of(["Slack"])) == "invite bob to slack #eng"
        assert _names("add bob to slack #eng")[:1] == ["slack__conversations_invite"]
        assert _names("remove bob from slack channel #eng")[:1] == ["slack__conversations_kick"]
        assert _names("take bob out of slack #eng")[:1] == ["slack__conversations_kick"]
        assert _names("add bob to slack #eng", person_moves=False)[:1] != ["slack__conversations_invite"]

    def test_the_places_members(self) -> None:
        assert _names("add bob to asana project 31")[:1] == ["asana__add_members_for_project"]
        assert _names("remove bob from asana project 31")[:1] == ["asana__remove_members_for_project"]
        assert _names("bob needs to be added to slack #eng")[:1] == ["slack__conversations_invite"]

    def test_access_given_and_a_thing_shared(self) -> None:
        assert person_moved(_INDEX, "give bob write access to github repo acme/api", _INDEX.tools_of(["GitHub"])) == (
            "add collaborator bob to github repo acme/api"
        )
        assert _names("give bob write access to github repo acme/api")[:1] == ["github__repos_add_collaborator"]
        assert _names("add ana to github repo acme/api")[:1] == ["github__repos_add_collaborator"]
        assert _names("share box folder 77 with bob@acme.com as editor")[:1] == ["box__post_collaborations"]
        assert _names("remove bob from github repo acme/api")[:1] == ["github__repos_remove_collaborator"]

    def test_an_invite_where_the_app_has_none(self) -> None:
        assert person_moved(_INDEX, "invite bob to github repo acme/api", _INDEX.tools_of(["GitHub"])) == (
            "add collaborator bob to github repo acme/api"
        )
        assert _names("invite bob to asana project 31")[:1] == ["asana__add_members_for_project"]
        assert _names("kick bob from asana project 31")[:1] == ["asana__remove_members_for_project"]

    def test_the_people_word_beside_the_places_kind(self) -> None:
        # Box's names say "members" (a group's), none beside a report: no move read
        request = "share the Q3 report in Box with jane@acme.com"
        assert person_moved(_INDEX, request, _INDEX.tools_of(["Box"])) == request

    def test_no_person_no_move(self) -> None:
        assert person_moved(_INDEX, "add the label bug to github issue 7", _INDEX.tools_of(["GitHub"])) == (
            "add the label bug to github issue 7"
        )
        assert person_moved(_INDEX, "add bob to jira issue 5", _INDEX.tools_of(["Jira"])) == "add bob to jira issue 5"


class TestMonologueFrames:
    def test_a_label_naming_the_search(self) -> None:
        assert without_monologue("searching for: jira issue creation") == "jira issue creation"
        assert without_monologue("Find tool: resize droplet 5512") == "resize droplet 5512"
        assert without_monologue("need xero tool: invoice emailing", {"xero"}) == "invoice emailing in xero"
        assert without_monologue("GitHub: who reviewed PR 12") == "GitHub: who reviewed PR 12"

    def test_the_model_seeking_a_tool_or_a_thing(self) -> None:
        assert without_monologue("Let me find the GitHub tool for starring a repository", {"github"}) == (
            "starring a repository in GitHub"
        )
        # a word naming no app leaves with the frame
        assert without_monologue("Let me find a good tool to archive a notion page", {"notion"}) == (
            "archive a notion page"
        )
        assert without_monologue("to answer the user I need the list of open PRs") == "the list of open PRs"
        assert without_monologue("For this task, I need Stripe customer retrieval by id") == (
            "Stripe customer retrieval by id"
        )
        assert without_monologue("the assistant must reply to intercom conversation 88") == (
            "reply to intercom conversation 88"
        )
        # a state wished is the passive's
        assert without_monologue("we need the stripe charge ch_1 to be refunded") == (
            "we need the stripe charge ch_1 to be refunded"
        )

    def test_a_trailing_search_sentence(self) -> None:
        assert without_monologue("Pin the message in slack #general. Looking for a pin tool.") == (
            "Pin the message in slack #general."
        )

    def test_a_leading_search_sentence(self) -> None:
        assert without_monologue("Need a tool. The user wants to reschedule cal.com booking 991.") == (
            "The user wants to reschedule cal.com booking 991."
        )
        assert without_monologue("The user needs xero invoices. Searching for an invoice listing tool.") == (
            "The user needs xero invoices."
        )

    def test_the_user_asking_to_be_moved(self) -> None:
        assert without_monologue("The user wants to be removed from the Asana project 31") == (
            "remove me from the Asana project 31"
        )
        assert _names("The user wants to be removed from the Asana project 31")[:1] == [
            "asana__remove_members_for_project"
        ]

    def test_switched_off(self) -> None:
        assert _names("searching for: jira issue creation")[:1] == ["jira__create_issue"]
        assert _names("searching for: jira issue creation", monologue_frames=False)[:1] == ["jira__get_issue"]
        assert _names("Let me find the Slack tool for pinning a message")[:1] == ["slack__pins_add"]
        assert _names("Let me find the Slack tool for pinning a message", monologue_frames=False) == []

    def test_nothing_left_keeps_the_request(self) -> None:
        assert without_monologue("searching for:") == "searching for:"

    def test_a_purpose_of_learning_leaves_but_not_the_wishs_own(self) -> None:
        assert without_reasons("get jira issue ENG-5 to see its status") == "get jira issue ENG-5"
        request = "I'd like to know which stripe subscriptions are past due"
        assert without_reasons(request) == request


class TestToolsThatAct:
    def test_a_tool_that_does_it_in_the_third_person(self) -> None:
        assert without_preamble("a tool that tags an intercom contact") == "tag an intercom contact"
        assert without_preamble("a function that watches a jira issue") == "watch a jira issue"
        assert without_preamble("a tool that copies a box file") == "copy a box file"
        assert without_preamble("a tool that always works") == "always works"
        assert without_preamble("a tool that news") == "news"
        assert _names("find me the intercom tool that tags a contact")[:1] == ["intercom__attach_tag_to_contact"]


class TestDates:
    def test_a_participles_date_after_the(self) -> None:
        assert dated_participle("created", ["in", "the", "past", "week"])
        assert dated_participle("updated", ["last", "week"])
        assert not dated_participle("changed", ["in", "the", "last", "commit"])
        assert _names("stripe customers created in the past week")[:1] == ["stripe__get_customers"]


def test_a_possessive_slug_is_a_value() -> None:
    assert is_slug("acme/api's", "")
    assert is_slug("acme/api\u2019s", "")
    assert not is_slug("acme/api", "")  # two plain words, nothing placing them
    assert _names("acme/api's contributors on github")[:1] == ["github__repos_list_contributors"]


def test_hostile_requests_stay_fast() -> None:
    for request in (
        "pinning " + "a message " * 400,
        "jira issue creation " + "for the login bug " * 120,
        "unfollow " + "asana task 12 " * 150,
        "stop watching " * 200,
        "add bob to " + "slack #eng " * 180,
        "stripe customers created in the past week " * 50,
        "searching for: " * 130,
        "Let me find the GitHub tool for " + "starring a repository " * 90,
    ):
        started = time.perf_counter()
        rank(_INDEX, request)
        assert time.perf_counter() - started < 1.0, request[:40]
