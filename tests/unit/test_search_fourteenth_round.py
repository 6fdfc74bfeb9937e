"""Issue 13's fourteenth round: the caller's own things ("list *my* repos", "who am I",
``first_person``); a word a tool's title says covers all its weight ("box upload a file": "Upload
file", ``title_words``); an app whose searches each look for another thing gets the request's
thing (``search_things``); a role given with "as" ends at an argument value ("as blocking
API-7", ``role_values``); adding a field no tool adds is the thing's update ("add label X to
jira issue QA-8", ``added_fields``); a request of two actions is ranked on the first
(``second_actions``); a status the app moves by transitions is changed by one
(``status_transitions``); a move the app does by updating its object is an update
(``move_updates``); deleting a thing from another never deletes the other (``kept_sources``); what
a thing created is for is a value no name says (``create_topics``); an action read from a verb is
no value a quote says too."""

from __future__ import annotations

from cardamom.core.search.destructive_actions import is_question, source_of
from cardamom.core.search.field_phrases import added_field, role_words
from cardamom.core.search.first_person import says_first_person
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.query import analyse_query
from cardamom.core.search.request_clauses import second_action
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # GitHub: the caller's repositories, and others' that name the caller too
    app_doc("github__repos_list_for_authenticated_user", "GitHub", "List repositories for the authenticated user."),
    app_doc("github__repos_list_for_org", "GitHub", "List organization repositories. Lists repos for an org."),
    app_doc("github__teams_list_repos_in_org", "GitHub", "List team repositories. Lists a team's repositories."),
    app_doc(
        "github__codespaces_list_repositories_for_secret_for_authenticated_user",
        "GitHub",
        "List selected repositories for a user secret.",
    ),
    app_doc("github__issues_list", "GitHub", "List issues assigned to the authenticated user."),
    app_doc("github__issues_list_for_authenticated_user", "GitHub", "List user account issues."),
    app_doc("github__issues_get", "GitHub", "Get an issue."),
    app_doc("github__users_get_authenticated", "GitHub", "Get the authenticated user."),
    app_doc("github__users_get_by_username", "GitHub", "Get a user."),
    app_doc("github__codespaces_get_for_authenticated_user", "GitHub", "Get a codespace for the authenticated user."),
    app_doc("notion__get_self", "Notion", "Retrieve your token's bot user."),
    app_doc("notion__get_user", "Notion", "Retrieve a user."),
    app_doc("notion__get_users", "Notion", "List all users."),
    app_doc("notion__post_search", "Notion", "Search by title. Searches pages and databases."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("jira__get_my_filters", "Jira", "Get my filters. Returns the filters of the user."),
    app_doc("jira__search_for_issues_using_jql", "Jira", "Search for issues using JQL. Searches for issues."),
    app_doc("jira__link_issues", "Jira", "Create issue link. Creates a link between two issues."),
    app_doc(
        "jira__create_issue_type_avatar",
        "Jira",
        "Load issue type avatar. Loads an avatar for the issue type: a link to an image, blocking nothing.",
    ),
    app_doc("jira__get_issue", "Jira", "Get issue. Returns the details for an issue."),
    app_doc("jira__edit_issue", "Jira", "Edit issue. Edits an issue."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Performs an issue transition."),
    app_doc("jira__get_transitions", "Jira", "Get transitions. Returns the transitions of an issue."),
    app_doc("jira__get_edit_issue_meta", "Jira", "Get edit issue metadata. Returns the fields and status of an issue."),
    app_doc("jira__bulk_set_issue_property", "Jira", "Bulk set issue property. Sets a property: an assignee."),
    app_doc("github__pulls_list", "GitHub", "List pull requests."),
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("asana__update_task", "Asana", "Update a task."),
    app_doc("jira__get_all_labels", "Jira", "Get all labels. Returns the labels."),
    app_doc("jira__add_watcher", "Jira", "Add watcher. Adds a user as a watcher of an issue."),
    app_doc("jira__get_issue_watchers", "Jira", "Get issue watchers."),
    app_doc("notion__patch_block_children", "Notion", "Append block children."),
    app_doc("notion__retrieve_a_block", "Notion", "Retrieve a block."),
    app_doc("notion__patch_page", "Notion", "Update page properties."),
    app_doc("notion__post_page", "Notion", "Create a page."),
    # Box names its upload operation after its path; only its title says "upload"
    app_doc("box__post_files_content", "Box", "Upload file. Uploads a small file to Box."),
    app_doc("box__post_files_upload_sessions", "Box", "Create upload session. Creates an upload session for a file."),
    app_doc("box__put_files_upload_sessions_id", "Box", "Upload part of file. Uploads a chunk of a file."),
    app_doc("box__get_files_upload_sessions_id", "Box", "Get upload session. Returns an upload session."),
    app_doc("box__get_files_id", "Box", "Get file information. Retrieves the details about a file."),
    app_doc("box__get_folders_id", "Box", "Get folder information. Retrieves details for a folder."),
    app_doc("box__put_files_id", "Box", "Update file. Updates a file: it can be used to rename or move a file."),
    app_doc("box__post_folders_id", "Box", "Restore folder. Restores a folder that has been moved to the trash."),
    app_doc("asana__add_task_for_section", "Asana", "Add task to section. Moves a task into a section."),
    app_doc("asana__delete_task", "Asana", "Delete a task."),
    app_doc("asana__delete_story", "Asana", "Delete a story."),
    app_doc("asana__create_story_for_task", "Asana", "Create a story on a task. Adds a comment to a task."),
    app_doc("asana__get_stories_for_task", "Asana", "Get stories from a task. Returns the comments on a task."),
    app_doc("asana__update_story", "Asana", "Update a story. Updates a comment."),
    app_doc("asana__remove_tag_for_task", "Asana", "Remove a tag from a task."),
    app_doc("box__delete_files_id_trash", "Box", "Permanently remove file. Deletes a file in the trash."),
    app_doc("box__delete_files_id", "Box", "Delete file. Moves a file to the trash."),
    app_doc("notion__move_page", "Notion", "Move a page. Moves a page to another parent."),
    app_doc("notion__create_a_comment", "Notion", "Create comment. Creates a comment in a page."),
    app_doc("notion__retrieve_a_comment", "Notion", "Retrieve comments. Retrieves the comments of a page."),
    app_doc("box__get_folders_id_items", "Box", "List items in folder. Lists the files in a folder."),
    app_doc("box__post_folders", "Box", "Create folder. Creates a new empty folder."),
    app_doc("box__get_files_id_versions", "Box", "List all file versions."),
    app_doc("box__get_files_id_comments", "Box", "List file comments."),
    app_doc("box__get_collaborations_id", "Box", "Get collaboration."),
    app_doc("box__get_users_me", "Box", "Get current user."),
    app_doc("box__get_groups", "Box", "List groups for enterprise."),
    # Asana searches tasks and projects, never users
    app_doc("asana__search_tasks_for_workspace", "Asana", "Search tasks in a workspace. Find tasks of a user."),
    app_doc("asana__search_projects_for_workspace", "Asana", "Search projects in a workspace."),
    app_doc("asana__get_user", "Asana", "Get a user. Returns the user with the given ID or email."),
    app_doc("asana__get_tasks_for_user_task_list", "Asana", "Get tasks from a user task list."),
    app_doc("asana__get_task", "Asana", "Get a task."),
    app_doc("asana__create_organization_export", "Asana", "Create an organization export request."),
    app_doc("asana__get_organization_export", "Asana", "Get details on an org export request."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestTheCallersOwnThings:
    def test_my_owning_the_head_is_read(self) -> None:
        assert says_first_person(("list", "my", "repos"), "repos")
        assert says_first_person(("list", "my", "open", "pull", "requests"), "requests")
        assert says_first_person(("issues", "assigned", "to", "me"), "issues")
        assert says_first_person(("who", "am", "i"), None)
        # "my" owns the org; "me" receives; a value's "my" is a title
        assert not says_first_person(("list", "repos", "for", "my", "org"), "repos")
        assert not says_first_person(("show", "me", "the", "repos"), "repos")
        assert not says_first_person(("create", "page", "titled", "my", "notes"), "page", {"my", "notes"})

    def test_the_tool_naming_the_caller_comes_first(self) -> None:
        for query, tool in (
            ("github list my repos", "github__repos_list_for_authenticated_user"),
            ("github list my repositories", "github__repos_list_for_authenticated_user"),
            ("github show my issues", "github__issues_list_for_authenticated_user"),
            ("notion who am i", "notion__get_self"),
        ):
            assert _names(query)[0] == tool, query
            assert _names(query, first_person=False)[0] != tool, query

    def test_the_caller_must_own_the_head(self) -> None:
        # the codespace's user is the caller, the request's user is the caller: the user wins
        assert _names("github who am i")[0] == "github__users_get_authenticated"
        # a secret's repositories are not the caller's
        assert (
            "github__codespaces_list_repositories_for_secret_for_authenticated_user"
            not in _names("github list my repositories")[:1]
        )

    def test_without_a_head_or_my_nothing_moves(self) -> None:
        # no head noun: nothing says what of the caller's is asked for (``get_my_filters``)
        assert _names("search jira for issues assigned to me")[0] == "jira__search_for_issues_using_jql"
        assert _names("github list repos for my org")[0] != "github__repos_list_for_authenticated_user"


class TestTitleWords:
    def test_a_title_word_covers_all_its_weight(self) -> None:
        # "upload" is in the sessions' names; "Upload file" is the title of the one that uploads:
        # its description's "upload" covered half its weight, under the floor beside "folder"
        query = "box upload a file to folder 0"
        assert "box__post_files_content" in _names(query)
        assert "box__post_files_content" not in _names(query, title_words=False)
        assert _names("box upload a file")[0] == "box__post_files_content"  # it says the title

    def test_a_title_word_framing_a_read_covers_no_more(self) -> None:
        # "Get *details* on an org export request" says nothing a request for details lacks
        assert _names("asana get sharing recording details") == []


class TestSearchThings:
    def test_an_app_searching_other_things_gets_the_thing(self) -> None:
        query = "asana find a user by email"
        assert _names(query)[0] == "asana__get_user"
        assert _names(query, search_things=False)[0] != "asana__get_user"

    def test_an_app_searching_anything_searches(self) -> None:
        # Notion's search names no thing: it finds pages too
        assert _names("notion find a page")[0] == "notion__post_search"


class TestARoleEndsAtAValue:
    def test_the_role_is_read_up_to_a_value(self) -> None:
        sequence = ("link", "jira", "issue", "api", "3", "as", "blocking", "api", "7")
        assert role_words(sequence, {"api", "3", "7"}) == ("blocking",)
        assert role_words(sequence) == ()

    def test_the_role_leaves_the_mass(self) -> None:
        query = "Link Jira issue API-3 as blocking API-7"
        assert _names(query)[0] == "jira__link_issues"
        assert _names(query, role_values=False)[:1] != ["jira__link_issues"]


class TestAddedFields:
    def test_the_phrase_is_read(self) -> None:
        phrase = added_field(("in", "jira", "add", "the", "label", "urgent", "to", "issue", "eng", "4"), {"jira"})
        assert phrase is not None and phrase.field == ("label",) and phrase.value == ("urgent",)
        assert phrase.action == "update" and phrase.after[:1] == ("issue",)
        assert added_field(("add", "a", "new", "row", "to", "the", "database")) is None  # creates
        assert added_field(("add", "dave", "as", "a", "watcher", "on", "issue", "ops", "1")) is None  # a role
        assert added_field(("create", "a", "label", "on", "the", "issue")) is None  # no adding verb

    def test_a_field_no_tool_adds_is_the_things_update(self) -> None:
        query = "add label regression to jira issue QA-8"
        assert _names(query)[0] == "jira__edit_issue"
        assert _names(query, added_fields=False)[:1] != ["jira__edit_issue"]

    def test_a_field_some_tool_adds_keeps_that_tool(self) -> None:
        # by its name (``add_watcher``), or by its title ("Append block children")
        assert _names("jira add a watcher to issue OPS-1")[0] == "jira__add_watcher"
        assert _names("add a block to notion page 77")[:1] != ["notion__patch_page"]


class TestSecondActions:
    def test_the_second_action_is_found(self) -> None:
        sequence = ("create", "an", "asana", "task", "review", "and", "assign", "it", "to", "me")
        assert second_action(sequence, (), {"asana"}) == 5
        assert second_action(("create", "a", "task", "and", "then", "assign", "it"), (), ()) == 3
        # one action: a value's "and", a verb's pair, an object's "and"
        assert second_action(("create", "task", "build", "and", "deploy"), {"build", "and", "deploy"}, ()) is None
        assert second_action(("find", "and", "delete", "file"), (), ()) is None
        assert second_action(("list", "tasks", "and", "projects"), (), ()) is None
        assert second_action(("the", "tasks", "and", "delete", "them"), (), ()) is None  # no action opens it

    def test_the_request_is_ranked_on_the_first(self) -> None:
        query = "create an asana task called Review and assign it to me"
        assert _names(query)[0] == "asana__create_task"
        assert _names(query, second_actions=False)[:1] != ["asana__create_task"]


class TestStatusTransitions:
    def test_a_status_change_is_a_transition(self) -> None:
        query = "change the status of jira ticket WEB-42 to Done"
        assert _names(query)[0] == "jira__do_transition"
        assert _names(query, status_transitions=False)[0] != "jira__do_transition"

    def test_a_name_that_reads_is_no_update(self) -> None:
        # ``get_edit_issue_meta`` says "edit" and "status": still no tool changing the issue
        assert _names("change the status of jira ticket WEB-42 to Done", status_transitions=False)[0] == (
            "jira__edit_issue"
        )


class TestReadVerbsAndValues:
    def test_the_verb_read_is_no_value(self) -> None:
        # "assign" is read as "update", which the quoted title says too
        assert _names("Assign the Asana task 'Update website' to John")[0] == "asana__update_task"

    def test_a_values_shorthand_is_a_value(self) -> None:
        # "PR" in a quoted title is no GitHub ``pulls``
        assert _names("Create an Asana task called 'Review PR'")[0] == "asana__create_task"


class TestMoveUpdates:
    def test_a_move_by_update_is_an_update(self) -> None:
        query = "box move a file to another folder"
        assert _names(query)[0] == "box__put_files_id"
        assert _names(query, move_updates=False)[:1] != ["box__put_files_id"]

    def test_a_move_some_name_says_or_places_stays(self) -> None:
        assert _names("notion move a page")[0] == "notion__move_page"
        # Asana adds a task to a section: the place is in the name
        assert _names("asana move a task to a section")[0] == "asana__add_task_for_section"


class TestKeptSources:
    def test_the_source_is_read(self) -> None:
        sequence = ("delete", "comment", "77", "from", "asana", "task", "12")
        assert source_of(sequence, {"asana", "77", "12"}) == "task"
        assert source_of(("delete", "the", "task"), ()) is None

    def test_the_source_is_never_deleted(self) -> None:
        query = "delete comment 77 from asana task 12"
        assert "asana__delete_task" not in _names(query)
        assert "asana__delete_task" in _names(query, kept_sources=False)

    def test_a_tool_saying_the_thing_or_another_stays(self) -> None:
        assert _names("permanently delete box file 5 from the trash")[0] == "box__delete_files_id_trash"
        assert _names("remove the tag urgent from asana task 9")[0] == "asana__remove_tag_for_task"


class TestCreateTopics:
    def test_what_a_thing_is_for_is_read(self) -> None:
        analysis = analyse_query("create a notion page for the meeting notes", SearchOptions())
        assert analysis.purposes == {"meeting", "notes"}
        # where a thing goes is no purpose
        assert analyse_query("add album Mojito to my music library", SearchOptions()).purposes == frozenset()

    def test_a_purpose_no_name_says_is_a_value(self) -> None:
        # "notes" reaches ``create_a_comment`` through a synonym only
        query = "create a notion page for the meeting notes"
        assert _names(query)[0] == "notion__post_page"
        # (the thirty-second round's ``elsewhere_heads`` and the forty-third's ``created_for`` put the page first
        # too: off, to see this rule)
        off = {"create_topics": False, "elsewhere_heads": False, "created_for": False}
        assert _names(query, **off)[0] == "notion__create_a_comment"


class TestPoliteQuestions:
    def test_a_polite_frame_asks_the_question_after_it(self) -> None:
        assert is_question("Can you tell me who is assigned to Asana task 123?")
        assert is_question("tell me who is assigned to asana task 123")
        assert is_question("could you let me know what the status of ENG-4 is")
        # a request put as a question keeps its verb
        assert not is_question("can you create a jira issue")
        assert not is_question("please delete box file 5")
