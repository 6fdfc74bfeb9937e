"""Issue 13's twenty-ninth round: a phrasal verb's particle after its object joins the verb
(``separated_particles``); a thing made into a state is the thing updated, a person asked to
review is a reviewer requested (``outcome_requests``); a person looked up by name alone is one
of the app's people (``person_lookups``); a plain name after a placed kind is a topic
(``lowercase_names``); and, without a switch of their own, a group told something may have a
word before its kind and a place before "know", a participle before the things a request lists
is their state, the tools whose names read come first there, a name's "or" between two actions
goes on with its phrase, and a name before its kind is skipped to the head."""

from __future__ import annotations

import dataclasses
import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.head_nouns import name_head, request_head
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.outcome_requests import made_state, review_asked
from cardamom.core.search.person_lookups import person_sought
from cardamom.core.search.person_names import names_a_person, names_a_person_placed, person_as_value
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.request_parts import task_part
from cardamom.core.search.separated_particles import particle_joined
from cardamom.core.search.synonyms import COMPOUNDS
from cardamom.core.search.telling import read_telling
from cardamom.core.search.value_words import plain_name_after_kind
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("intercom__search_contacts", "Intercom", "Search contacts by their attributes."),
    app_doc("intercom__show_contact", "Intercom", "Get a contact."),
    app_doc("intercom__collect_fin_voice_call_by_phone_number", "Intercom", "Collect a Fin call by phone number."),
    app_doc("intercom__reply_conversation", "Intercom", "Reply to a conversation with a message."),
    app_doc("slack__users_list", "Slack", "Lists all users in a Slack team."),
    app_doc("slack__users_profile_get", "Slack", "Retrieve a user's profile information."),
    app_doc("slack__conversations_list", "Slack", "Lists all channels in a Slack team."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("slack__conversations_history", "Slack", "Fetches a conversation's history of messages and events."),
    app_doc("slack__conversations_kick", "Slack", "Removes a user from a conversation."),
    app_doc("slack__conversations_invite", "Slack", "Invites users to a channel."),
    app_doc("slack__admin_conversations_convert_to_private", "Slack", "Convert a public channel to a private channel."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("github__repos_update", "GitHub", "Update a repository."),
    app_doc("github__repos_create_or_update_environment", "GitHub", "Create or update an environment."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories."),
    app_doc("github__pulls_request_reviewers", "GitHub", "Request reviewers for a pull request."),
    app_doc("github__pulls_get_review", "GitHub", "Get a review for a pull request."),
    app_doc("github__security_advisories_create_private_vulnerability_report", "GitHub", "Privately report a flaw."),
    app_doc("github__gists_list_public", "GitHub", "List public gists."),
    app_doc("asana__update_task", "Asana", "Updates a task: its name, completed state, assignee."),
    app_doc("asana__get_task", "Asana", "Returns the complete task record for a single task."),
    app_doc("asana__get_projects_for_workspace", "Asana", "Returns the projects in a workspace."),
    app_doc("digitalocean__droplets_create", "DigitalOcean", "Create a new Droplet."),
    app_doc("digitalocean__droplets_list", "DigitalOcean", "List all Droplets."),
    app_doc("digitalocean__droplets_destroy", "DigitalOcean", "Delete an existing Droplet."),
    app_doc("jira__assign_issue", "Jira", "Assigns an issue to a user."),
    app_doc("jira__edit_issue", "Jira", "Edits an issue: its fields, such as its priority."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
]
_INDEX = SearchIndex.build(DOCS)


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestSeparatedParticles:
    def test_the_particle_moves_next_to_its_verb(self) -> None:
        pairs = COMPOUNDS.keys()
        assert particle_joined(("look", "bob", "up", "in", "intercom"), 0, pairs) == (
            "look",
            "up",
            "bob",
            "in",
            "intercom",
        )
        assert particle_joined(("check", "asana", "task", "12", "off"), 0, pairs)[:2] == ("check", "off")

    def test_a_particle_taking_its_own_object_stays(self) -> None:
        pairs = COMPOUNDS.keys()
        # "in" opens a place here, not the verb's particle
        assert particle_joined(("check", "bob", "in", "slack"), 0, pairs) == ("check", "bob", "in", "slack")
        # a clause between: no object of the verb
        tokens = ("set", "the", "status", "of", "task", "12", "up")
        assert particle_joined(tokens, 0, pairs) == tokens

    def test_requests_read_with_the_particle(self) -> None:
        assert _names("tear droplet 5512 down on digitalocean")[:1] == ["digitalocean__droplets_destroy"]
        assert _names("spin a new droplet up on digitalocean")[:1] == ["digitalocean__droplets_create"]
        assert _names("hand jira issue ENG-5 over to bob")[:1] == ["jira__assign_issue"]
        assert _names("pull jira issue ENG-5 up")[:1] == ["jira__get_issue"]
        assert _names("tear droplet 5512 down on digitalocean", separated_particles=False)[:1] != [
            "digitalocean__droplets_destroy"
        ]


class TestOutcomeRequests:
    def test_a_thing_made_into_a_state_is_updated_to_it(self) -> None:
        tools = _INDEX.tools_of(["GitHub"])
        assert made_state(_INDEX, "make github repo acme/api private", tools) == (
            'update github repo acme/api to "private"'
        )
        assert made_state(_INDEX, "make the acme/api repo public on github", tools) == (
            'update the acme/api repo on github to "public"'
        )
        assert _names("make github repo acme/api private")[:1] == ["github__repos_update"]
        assert _names("make github repo acme/api private", outcome_requests=False)[:1] != ["github__repos_update"]

    def test_a_priority_is_the_things_set(self) -> None:
        tools = _INDEX.tools_of(["Jira"])
        assert made_state(_INDEX, "make jira issue ENG-5 high priority", tools) == (
            "set the priority of jira issue ENG-5 to high"
        )

    def test_something_made_anew_or_no_state_stays(self) -> None:
        tools = _INDEX.tools_of(["GitHub"])
        assert made_state(_INDEX, "make a private repo in github", tools) == "make a private repo in github"
        assert made_state(_INDEX, "make a jira issue", tools) == "make a jira issue"
        assert made_state(_INDEX, "make bob an admin in slack", tools) == "make bob an admin in slack"

    def test_a_name_making_it_so_keeps_the_request(self) -> None:
        # Slack's own "convert to private"; GitHub's ``gists_list_public`` lists, it makes nothing so
        slack = _INDEX.tools_of(["Slack"])
        assert made_state(_INDEX, "make slack channel #eng private", slack) == "make slack channel #eng private"
        assert _names("make the slack channel #eng private")[:1] == ["slack__admin_conversations_convert_to_private"]

    def test_a_person_asked_to_review_is_a_reviewer_requested(self) -> None:
        tools = _INDEX.tools_of(["GitHub"])
        assert review_asked(_INDEX, "ask bob to review PR 12 in github acme/api", tools) == (
            "request reviewers bob for PR 12 in github acme/api"
        )
        assert review_asked(_INDEX, "request a review from alice on PR 19 in acme/web", tools) == (
            "request reviewers alice for PR 19 in acme/web"
        )
        assert review_asked(_INDEX, "have frank look at PR 9 in github acme/web", tools) == (
            'request reviewers "frank" for PR 9 in github acme/web'
        )
        assert _names("have bob review PR 12 in github acme/api")[:1] == ["github__pulls_request_reviewers"]

    def test_looking_at_no_change_is_no_review(self) -> None:
        tools = _INDEX.tools_of(["GitHub"])
        request = "have bob look at the issue in github acme/api"
        assert review_asked(_INDEX, request, tools) == request
        assert review_asked(_INDEX, "ask the bot to review PR 12", tools) == "ask the bot to review PR 12"


class TestPersonLookups:
    def test_a_person_is_one_of_the_apps_people(self) -> None:
        intercom = _INDEX.tools_of(["Intercom"])
        assert person_sought(_INDEX, "find bob in intercom", intercom) == "find contacts bob in intercom"
        assert person_sought(_INDEX, "look bob up in intercom", intercom) == "look up contacts bob in intercom"
        assert _names("find bob in intercom")[:1] == ["intercom__search_contacts"]
        assert _names("find bob in intercom", person_lookups=False) == []

    def test_a_persons_details_are_the_person(self) -> None:
        intercom = _INDEX.tools_of(["Intercom"])
        assert person_sought(_INDEX, "get bob's phone number from intercom", intercom) == (
            "get contacts bob from intercom"
        )
        slack = _INDEX.tools_of(["Slack"])
        # a profile is a thing of its own
        assert person_sought(_INDEX, "pull up frank's profile in slack", slack) == (
            'pull up users "frank"\'s profile in slack'
        )

    def test_a_word_no_person_stays(self) -> None:
        intercom = _INDEX.tools_of(["Intercom"])
        assert person_sought(_INDEX, "find issues in intercom", intercom) == "find issues in intercom"
        assert person_sought(_INDEX, "find bob", intercom) == "find bob"

    def test_a_given_name_that_is_a_word_only_where_a_person_stands(self) -> None:
        assert not names_a_person("frank")
        assert names_a_person_placed("frank")
        assert person_as_value("frank") == '"frank"'
        assert person_as_value("bob") == "bob"


class TestTelling:
    def test_a_group_with_a_word_before_its_kind(self) -> None:
        told, verb = read_telling("let the on-call channel in slack know the database is down")
        assert verb == "let"
        assert told.startswith("send a message to the on-call channel in slack")
        assert _names("let the design team in slack #design know the mockups are ready")[:1] == [
            "slack__chat_post_message"
        ]

    def test_a_heads_up_is_a_message(self) -> None:
        told, verb = read_telling("give bob a heads-up on slack about the outage")
        assert verb == "give"
        assert told == "send a message to bob on slack about the outage"
        assert read_telling("give bob access to the repo") == ("give bob access to the repo", "")

    def test_a_longer_place_before_that(self) -> None:
        told, _ = read_telling("let the customer know in intercom conversation 88 that we shipped the fix")
        assert "saying" not in told
        assert _names("let the customer know in intercom conversation 88 that we shipped the fix")[:1] == [
            "intercom__reply_conversation"
        ]


class TestStatesAndNames:
    def test_a_participle_before_the_listed_things_is_their_state(self) -> None:
        assert _names("archived slack channels")[:1] == ["slack__conversations_list"]
        assert _names("deleted droplets in digitalocean")[:1] == ["digitalocean__droplets_list"]
        assert _names("list archived slack channels")[:1] == ["slack__conversations_list"]

    def test_a_plain_name_after_a_placed_kind(self) -> None:
        assert plain_name_after_kind("acme", ["repos", "in", "org"], "")
        assert plain_name_after_kind("acme", ["in", "the", "workspace"], "sorted")
        assert not plain_name_after_kind("reports", ["files", "in", "folder"], "")  # a plural
        assert not plain_name_after_kind("acme", ["repos", "org"], "")  # no place's word
        assert not plain_name_after_kind("settings", ["in", "project"], "for")
        assert _names("list asana projects in workspace acme")[:1] == ["asana__get_projects_for_workspace"]
        assert "acme" in rank(_INDEX, "list asana projects in workspace acme").values
        # (the sixty-fourth round's ``tenancy_names`` reads a name after "workspace" anywhere in a request too)
        unread = dataclasses.replace(SearchOptions(), lowercase_names=False, tenancy_names=False)
        off = SearchIndex.build(DOCS, options=unread)
        assert "acme" not in rank(off, "list asana projects in workspace acme").values

    def test_an_or_between_two_actions_goes_on(self) -> None:
        assert name_head("github__repos_create_or_update_environment").head == "environment"
        assert name_head("github__repos_update").head == "repo"
        assert _names("update github repo acme/api")[:1] == ["github__repos_update"]

    def test_a_name_before_its_kind_is_skipped_to_the_head(self) -> None:
        head = request_head(("update", "the", "acme", "api", "repo"), {"acme", "api"}, ())
        assert head is not None and head.head == "repo"
        # an amount is no name: "add a $25 credit" keeps no head past it
        assert request_head(("add", "a", "25", "credit"), {"25"}, ()) is None


class TestFrames:
    def test_a_seeker_in_a_contraction(self) -> None:
        assert without_preamble("I'm looking for the github tool that lists pull requests") == (
            "github list pull requests"
        )
        assert without_preamble("we're looking for a box tool that uploads files") == "box upload files"

    def test_a_question_or_a_subject_labels_the_request(self) -> None:
        assert task_part("Q: how many open jira issues in ENG?") == "how many open jira issues in ENG?"
        assert task_part("re: jira ENG-5 add comment 'done'") == "jira ENG-5 add comment 'done'"


def test_hostile_requests_stay_fast() -> None:
    for request in (
        "make github repo " + "acme " * 400 + "private",
        "make " + "the very big " * 150 + "repo public on github",
        "look bob " + "x " * 600 + "up in intercom",
        "find bob" + "'s phone" * 200 + " in intercom",
        "ask bob to review " + "PR 12 " * 300 + "in github acme/api",
        "let the " + "on-call " * 300 + "channel in slack know the db is down",
        "archived " * 300 + "slack channels",
        "list github repos in org " + "acme in org " * 150,
        "check " + "asana task 12 " * 200 + "off",
    ):
        started = time.perf_counter()
        rank(_INDEX, request)
        assert time.perf_counter() - started < 1.0, request[:40]
