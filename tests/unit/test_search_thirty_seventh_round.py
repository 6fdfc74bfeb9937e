"""Issue 13's thirty-seventh round: a question asking who does something to a thing is the list of
the people doing it (``people_questions``); a field given to a thing is the field set
(``given_fields``); a bag of keywords creating or moving a thing, the thing first, is read as a
sentence (``keyword_bags``); a question whether an app can do a thing is that thing done in the
app (``ability_questions``); and, without a switch: a noun used as a verb before a bare noun ("lock
folder 4411"); "what's the best way to" and "is it possible to" as a request's frame; an app's name
opening a request before a verb that moves a person or undoes ("box share folder 9 with bob",
"asana unfollow task 12") or a question ("jira who commented on ..."); who takes a role, named by
a word a name says elsewhere ("add *octocat* as a collaborator"); verbs changing a field's amount
("*raise* the priority of ..."); an id's kind written before it ("subscription item si_1"); and
what a thing no id names holds ("what's in my root folder"); a past verb a compound name of the
thing ends with ("how much time was *logged* on issue HELP-3": the issue's worklog); and things of
one thing its id names, no action said ("notion page 7fa comments"), read; "can I" a frame; an
upload where names attach but never upload; "log in asana" no "login"."""

from __future__ import annotations

import time

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.attached_files import uploaded_as_attached
from cardamom.core.search.capability_questions import asked_ability
from cardamom.core.search.keyword_bags import bag_read
from cardamom.core.search.people_questions import people_question
from cardamom.core.search.request_clauses import app_opening_left
from cardamom.core.search.request_frame import without_preamble
from cardamom.core.search.thing_fields import given_field
from tests.unit.search_documents import app_doc, ranked_names, without

DOCS = [
    app_doc(
        "github__activity_list_stargazers_for_repo", "GitHub", "List stargazers. Lists the people that have starred."
    ),
    app_doc("github__activity_list_repos_starred_by_user", "GitHub", "List repositories starred by a user."),
    app_doc(
        "github__activity_check_repo_is_starred_by_authenticated_user", "GitHub", "Check if a repository is starred."
    ),
    app_doc(
        "github__activity_list_watchers_for_repo", "GitHub", "List watchers. Lists the people watching the repository."
    ),
    app_doc("github__users_follow", "GitHub", "Follow a user."),
    app_doc("github__users_list_followers_for_user", "GitHub", "List followers of a user."),
    app_doc("github__users_check_following_for_user", "GitHub", "Check if a user follows another user."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("github__issues_list_assignees", "GitHub", "List assignees."),
    app_doc("github__issues_list_comments", "GitHub", "List issue comments."),
    app_doc("github__repos_add_collaborator", "GitHub", "Add a repository collaborator."),
    app_doc("github__meta_get_octocat", "GitHub", "Get Octocat. Get the octocat as ASCII art."),
    app_doc("jira__get_issue_watchers", "Jira", "Get issue watchers."),
    app_doc("jira__get_is_watching_issue_bulk", "Jira", "Get is watching issue bulk."),
    app_doc("jira__add_watcher", "Jira", "Add watcher to issue."),
    app_doc("jira__get_issue", "Jira", "Get issue."),
    app_doc("jira__get_comments", "Jira", "Get comments. Returns all comments for an issue."),
    app_doc("jira__get_issue_worklog", "Jira", "Get issue worklogs. Returns worklogs for an issue."),
    app_doc("jira__edit_issue", "Jira", "Edit issue. Edits an issue."),
    app_doc("jira__update_priority", "Jira", "Update priority. Updates an issue priority."),
    app_doc("jira__create_priority", "Jira", "Create priority. Creates an issue priority."),
    app_doc("asana__update_task", "Asana", "Update a task."),
    app_doc("asana__get_task", "Asana", "Get a task."),
    app_doc("asana__get_users_for_team", "Asana", "Get users in a team."),
    app_doc("asana__get_team", "Asana", "Get a team."),
    app_doc("asana__add_followers_for_task", "Asana", "Add followers to a task."),
    app_doc("asana__remove_follower_for_task", "Asana", "Remove followers from a task."),
    app_doc("intercom__attach_tag_to_contact", "Intercom", "Add tag to a contact."),
    app_doc("intercom__update_contact", "Intercom", "Update a contact."),
    app_doc("box__post_folder_locks", "Box", "Create folder lock. Creates a folder lock on a folder."),
    app_doc("box__get_folder_locks", "Box", "List folder locks. Retrieves folder lock details for a folder."),
    app_doc("box__delete_folder_locks_id", "Box", "Delete folder lock."),
    app_doc("box__post_collaborations", "Box", "Create collaboration. Adds a collaboration for a user to a folder."),
    app_doc("box__get_folders_id_collaborations", "Box", "List folder collaborations."),
    app_doc("box__get_shared_items_folders", "Box", "Find shared folder for shared link."),
    app_doc("box__put_folders_id_add_shared_link", "Box", "Add shared link to folder."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder."),
    app_doc("box__get_folders_id_metadata", "Box", "List metadata instances on folder."),
    app_doc("slack__conversations_archive", "Slack", "Archives a conversation."),
    app_doc("stripe__post_subscription_items_item", "Stripe", "Updates the plan or quantity of a subscription item."),
    app_doc("stripe__get_subscription_items_item", "Stripe", "Retrieves the subscription item with the given ID."),
    app_doc("stripe__post_setup_intents_intent", "Stripe", "Updates a SetupIntent object."),
    app_doc("stripe__get_setup_intents_intent", "Stripe", "Retrieves the details of a SetupIntent."),
    app_doc("stripe__get_setup_intents", "Stripe", "Returns a list of SetupIntents."),
]
_INDEX = SearchIndex.build(DOCS)
_GITHUB = _INDEX.tools_of(["GitHub"])


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestPeopleQuestions:
    def test_who_does_a_verb_is_the_list_of_the_people_doing_it(self) -> None:
        assert people_question(_INDEX, "who starred acme/web on github", _GITHUB) == (
            "list stargazers of acme/web on github"
        )
        assert _names("who starred acme/web on github")[:1] == ["github__activity_list_stargazers_for_repo"]
        assert _names("who starred acme/web on github", people_questions=False)[:1] != [
            "github__activity_list_stargazers_for_repo"
        ]
        assert _names("how can I see who starred a github repo")[:1] == ["github__activity_list_stargazers_for_repo"]
        assert _names("jira who is watching issue ENG-77")[:1] == ["jira__get_issue_watchers"]
        assert _names("jira who is watching issue ENG-77", people_questions=False)[:1] == [
            "jira__get_is_watching_issue_bulk"
        ]

    def test_a_name_no_word_of_the_app_says_is_a_value(self) -> None:
        assert people_question(_INDEX, "which github users follow torvalds", _GITHUB) == (
            "list followers of 'torvalds'"
        )
        assert _names("which github users follow torvalds")[:1] == ["github__users_list_followers_for_user"]

    def test_who_holds_a_field_is_the_things_own_question(self) -> None:
        request = "who is assigned to github issue 7 in acme/api"
        assert people_question(_INDEX, request, _GITHUB) == request
        assert _names(request)[:1] == ["github__issues_get"]

    def test_who_is_on_a_thing_is_its_members(self) -> None:
        assert _names("asana who's on team 5")[:1] == ["asana__get_users_for_team"]
        assert _names("asana who's on team 5", people_questions=False)[:1] == ["asana__get_team"]

    def test_a_verb_no_listing_name_says_stays(self) -> None:
        request = "who archived slack channel C1"
        assert people_question(_INDEX, request, _INDEX.tools_of(["Slack"])) == request

    def test_hostile_lengths(self) -> None:
        started = time.perf_counter()
        long = "who " * 20_000 + "starred acme/web"
        assert people_question(_INDEX, long, _GITHUB) == long
        rank(_INDEX, "which users " * 5_000 + "follow torvalds on github")
        assert time.perf_counter() - started < 2.0


class TestGivenFields:
    def test_a_field_given_to_a_thing_is_set(self) -> None:
        tools = _INDEX.tools_of(["Asana"])
        assert given_field(_INDEX, "asana give task 1209 a due date of next monday", tools, {"asana"}) == (
            "update the due date of asana task 1209 to next monday"
        )
        assert _names("asana give task 1209 a due date of next monday")[:1] == ["asana__update_task"]
        assert _names("asana give task 1209 a due date of next monday", given_fields=False) == []

    def test_a_thing_given_is_added(self) -> None:
        tools = _INDEX.tools_of(["Intercom"])
        assert given_field(_INDEX, "intercom give contact 55 the tag vip", tools, {"intercom"}) == (
            "intercom add tag vip to contact 55"
        )
        assert _names("intercom give contact 55 the tag vip")[:1] == ["intercom__attach_tag_to_contact"]

    def test_a_person_given_something_stays(self) -> None:
        request = "give bob a call"
        assert given_field(_INDEX, request, _INDEX.tools_of(["Asana"]), {"asana"}) == request

    def test_hostile_lengths(self) -> None:
        started = time.perf_counter()
        long = "give task 1 " + "a " * 20_000 + "due date"
        assert given_field(_INDEX, long, _INDEX.tools_of(["Asana"]), {"asana"}) == long
        assert time.perf_counter() - started < 2.0


_BAGS = [
    app_doc("stripe__post_customers", "Stripe", "Creates a new customer object."),
    app_doc("stripe__post_invoices_invoice_send", "Stripe", "Send an invoice by email to the customer."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("asana__update_task", "Asana", "Update a task."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Performs an issue transition to a status."),
    app_doc("jira__edit_issue", "Jira", "Edit issue."),
    app_doc("jira__add_comment", "Jira", "Add comment."),
    app_doc("box__delete_users_id", "Box", "Delete user."),
    app_doc("asana__create_project", "Asana", "Create a project."),
    app_doc("asana__create_project_for_team", "Asana", "Create a project in a team."),
]
_BAG_INDEX = SearchIndex.build(_BAGS)


def _bag(request: str, *apps: str) -> str:
    return bag_read(request, {a.casefold() for a in apps}, _BAG_INDEX, _BAG_INDEX.tools_of(apps))


class TestKeywordBags:
    def test_the_words_after_the_verb_are_what_it_is_made_with(self) -> None:
        assert _bag("stripe customer create email", "Stripe") == "create stripe customer with email"
        assert ranked_names(_BAGS, "stripe customer create email")[:1] == ["stripe__post_customers"]
        assert ranked_names(_BAGS, "stripe customer create email", keyword_bags=False)[:1] == [
            "stripe__post_invoices_invoice_send"
        ]

    def test_an_action_among_them_is_a_second_one(self) -> None:
        assert _bag("asana task create assign", "Asana") == "create asana task and assign"
        assert ranked_names(_BAGS, "asana task create assign")[:1] == ["asana__create_task"]
        assert ranked_names(_BAGS, "asana task create assign", keyword_bags=False) == []

    def test_a_thing_moved_goes_to_them(self) -> None:
        assert _bag("jira issue transition status done", "Jira") == "transition jira issue to status done"
        assert ranked_names(_BAGS, "jira issue transition status done")[:1] == ["jira__do_transition"]

    def test_what_reads_otherwise_stays(self) -> None:
        for request in (
            "create stripe customer email",  # the verb first: what follows may be one thing
            "jira issue comment add",  # nothing after the verb
            "box delete envelope transfer rule",  # an action before it
            "create a stripe customer with an email",  # a sentence
            "jira issue OPS-5 assign bob",  # a value
        ):
            assert _bag(request, "Stripe", "Jira", "Box") == request
        assert bag_read("cal-com booking create attendee", {"cal", "com"}, _BAG_INDEX, frozenset()) == (
            "create cal-com booking with attendee"
        )

    def test_a_name_saying_the_thing_and_the_next_word_keeps_it(self) -> None:
        assert _bag("asana project create team", "Asana") == "create asana project for team"
        assert ranked_names(_BAGS, "asana project create team")[:1] == ["asana__create_project_for_team"]


_ABLE = [
    app_doc("box__post_folder_locks", "Box", "Create folder lock."),
    app_doc("box__get_folder_locks", "Box", "List folder locks."),
    app_doc("box__delete_folder_locks_id", "Box", "Delete folder lock."),
    app_doc("jira__add_watcher", "Jira", "Add watcher."),
    app_doc("jira__get_issue_watchers", "Jira", "Get issue watchers."),
    app_doc("asana__create_attachment_for_object", "Asana", "Upload an attachment."),
    app_doc("asana__get_attachments_for_object", "Asana", "Get attachments from an object. Uploaded files."),
    app_doc("asana__get_audit_log_events", "Asana", "Get audit log events."),
    app_doc("github__users_get_login", "GitHub", "Get a user by login."),
]
_ABLE_INDEX = SearchIndex.build(_ABLE)


class TestAbilityQuestions:
    def test_whether_an_app_can_do_a_thing_is_that_thing(self) -> None:
        mentions = rank(_ABLE_INDEX, "box").scope
        assert mentions == ("Box",)
        assert ranked_names(_ABLE, "does box support locking folders")[:1] == ["box__post_folder_locks"]
        assert ranked_names(_ABLE, "does box support locking folders", ability_questions=False)[:1] != [
            "box__post_folder_locks"
        ]
        assert ranked_names(_ABLE, "does jira let me add a watcher to an issue")[:1] == ["jira__add_watcher"]
        assert ranked_names(_ABLE, "does jira let me add a watcher to an issue", ability_questions=False) == []

    def test_a_question_naming_no_connected_app_first_stays(self) -> None:
        for request in ("can trello archive a card", "does it support locking", "can you merge PR 12 in github"):
            assert asked_ability(request, ()) == request


class TestWithoutASwitch:
    def test_a_noun_verb_before_a_bare_noun_adds_the_thing(self) -> None:
        # (the locks' list before: the three tools tie, and the first by name came first)
        assert _names("box lock folder 4411")[:1] == ["box__post_folder_locks"]

    def test_the_best_way_to_is_a_frame(self) -> None:
        assert without_preamble("what's the best way to archive a slack channel") == "archive a slack channel"
        assert without_preamble("is it possible to archive a slack channel") == "archive a slack channel"
        assert _names("what is the easiest way to archive a slack channel")[:1] == ["slack__conversations_archive"]

    def test_an_apps_name_opening_before_the_verb(self) -> None:
        assert app_opening_left("asana unfollow task 12", {"asana"}) == "unfollow task 12"
        assert app_opening_left("asana tasks", {"asana"}) == "asana tasks"
        assert _names("asana unfollow task 12")[:1] == ["asana__remove_follower_for_task"]
        assert _names("box share folder 9 with bob@acme.com as an editor")[:1] == ["box__post_collaborations"]
        assert _names("jira who commented on issue OPS-9")[:1] == ["jira__get_comments"]

    def test_who_takes_a_role_named_by_a_word_another_name_says(self) -> None:
        request = "github add octocat as a collaborator on acme/web"
        assert _names(request)[:1] == ["github__repos_add_collaborator"]
        assert "octocat" in rank(_INDEX, request).values

    def test_a_fields_amount_changed_is_the_things_update(self) -> None:
        assert _names("lower the priority of jira issue SUP-9")[:1] == ["jira__edit_issue"]
        assert _names("increase the priority of jira issue SUP-9 to highest")[:1] == ["jira__edit_issue"]

    def test_an_ids_kind_written_before_it_stays(self) -> None:
        # ("si" is also a setup intent's initials, which more names say)
        request = "reduce the quantity of stripe subscription item si_1 to 2"
        assert _names(request)[:1] == ["stripe__post_subscription_items_item"]
        assert _names("get stripe subscription item si_1")[:1] == ["stripe__get_subscription_items_item"]

    def test_a_past_verb_a_compound_name_of_the_thing_ends_with(self) -> None:
        # (the get before: "logged" made no plural a name ends with)
        assert _names("how much time was logged on jira issue HELP-3")[:1] == ["jira__get_issue_worklog"]

    def test_things_of_one_thing_named_by_its_id_are_read(self) -> None:
        docs = [
            app_doc("notion__create_a_comment", "Notion", "Comments on a page."),
            app_doc("notion__retrieve_a_comment", "Notion", "Comments on a page."),
        ]
        # (the create before, first by its name: no action said)
        assert ranked_names(docs, "notion page 7fa comments")[:1] == ["notion__retrieve_a_comment"]
        assert ranked_names(docs, "notion create a comment on page 7fa")[:1] == ["notion__create_a_comment"]

    def test_can_i_is_a_frame(self) -> None:
        assert without_preamble("can I see the audit log in asana") == "see the audit log in asana"

    def test_an_upload_where_names_attach(self) -> None:
        tools = _ABLE_INDEX.tools_of(["Asana"])
        assert uploaded_as_attached(_ABLE_INDEX, "upload a file to an asana task", tools) == (
            "attach a file to an asana task"
        )
        assert uploaded_as_attached(_ABLE_INDEX, "upload a file to box", _ABLE_INDEX.tools_of(["Box"])) == (
            "upload a file to box"
        )
        assert ranked_names(_ABLE, "can I upload a file to an asana task")[:1] == [
            "asana__create_attachment_for_object"
        ]

    def test_log_in_an_app_is_no_login(self) -> None:
        # (nothing before: "log in" read as GitHub's "login", which no Asana tool says)
        assert ranked_names(_ABLE, "can I see the audit log in asana")[:1] == ["asana__get_audit_log_events"]

    def test_what_a_thing_no_id_names_holds(self) -> None:
        assert _names("box what's in my root folder")[:1] == ["box__get_folders_id_items"]


def test_the_switches_leave_other_requests_as_they_were() -> None:
    for request in ("list stargazers of acme/web in github", "update asana task 12", "get jira issue ENG-5"):
        assert (
            rank(
                SearchIndex.build(DOCS, without(people_questions=False, given_fields=False, keyword_bags=False)),
                request,
            ).hits[:1]
            == rank(_INDEX, request).hits[:1]
        )
