"""Issue 13's thirteenth round: a head no name says as written (``unsaid_head``: "add a comment
to asana task" is a story, "leave a note on the jira issue" a comment); who takes a role is a
value ("add *kim* as a collaborator", ``role_values``); what a field is set to, and what a thing
is renamed to, is a value (``set_values``); a singular field read of one item named by its id is
the item's (``item_fields``); a request to restore never gets a tool that deletes; "leave a
comment" adds it and "change the name of" renames."""

from __future__ import annotations

from cardamom.core.search.argument_values import argument_values
from cardamom.core.search.destructive_actions import contradicts, request_action
from cardamom.core.search.field_phrases import field_phrase, moved_member, role_holder, role_words, set_value
from cardamom.core.search.synonyms import join_compounds
from cardamom.core.search.value_shapes import has_value_digits
from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    # Asana calls a task's comments stories; only the story tool's description says "comment"
    app_doc("asana__add_followers_for_task", "Asana", "Add followers to a task. Adds followers to a task."),
    app_doc("asana__add_project_for_task", "Asana", "Add a project to a task. Adds the task to a project."),
    app_doc("asana__add_tag_for_task", "Asana", "Add a tag to a task. Adds a tag to a task."),
    app_doc(
        "asana__create_story_for_task",
        "Asana",
        "Create a story on a task. Adds a story to a task. This endpoint currently only allows for comment "
        "stories to be created. The comment will be authored by the currently authenticated user.",
    ),
    app_doc("asana__get_stories_for_task", "Asana", "Get stories from a task. Returns the stories on the task."),
    app_doc("asana__get_story", "Asana", "Get a story. Returns the full record of a comment or other story."),
    app_doc("asana__update_story", "Asana", "Update a story. Updates the text of a comment story."),
    app_doc("asana__delete_story", "Asana", "Delete a story. Deletes a comment story."),
    app_doc("asana__get_workspaces", "Asana", "Get multiple workspaces."),
    app_doc("asana__get_users", "Asana", "Get multiple users."),
    app_doc("asana__get_teams_for_workspace", "Asana", "Get teams in a workspace."),
    app_doc("asana__get_portfolios", "Asana", "Get multiple portfolios."),
    app_doc("asana__get_task", "Asana", "Get a task. Returns the complete task record."),
    app_doc("asana__update_task", "Asana", "Update a task. Updates the fields of a task."),
    app_doc("asana__add_members_for_project", "Asana", "Add users to a project. Adds members to a project."),
    app_doc("asana__get_project", "Asana", "Get a project. Returns the complete project record."),
    app_doc("jira__add_comment", "Jira", "Add comment. Adds a comment to an issue."),
    app_doc("jira__add_issue_types_to_context", "Jira", "Add issue types to context. Adds issue types to a context."),
    app_doc("jira__update_comment", "Jira", "Update comment. Updates a comment."),
    app_doc("jira__delete_comment", "Jira", "Delete comment. Deletes a comment."),
    app_doc("jira__get_all_projects", "Jira", "Get all projects. Returns all projects."),
    app_doc("jira__get_dashboards", "Jira", "Get all dashboards. Returns the dashboards available to the user."),
    app_doc("jira__get_filters", "Jira", "Get filters. Returns the filters available to the user."),
    app_doc("jira__get_workflows", "Jira", "Get workflows. Returns the workflows available."),
    app_doc("jira__get_groups", "Jira", "Get groups."),
    app_doc("jira__add_watcher", "Jira", "Add watcher. Adds a user as a watcher of an issue."),
    app_doc("jira__get_issue", "Jira", "Get issue. Returns the details for an issue."),
    app_doc("jira__edit_issue", "Jira", "Edit issue. Edits an issue. Issue properties may be updated."),
    app_doc(
        "jira__get_edit_issue_meta",
        "Jira",
        "Get edit issue metadata. Returns the edit screen fields for an issue, its status too.",
    ),
    app_doc("jira__get_status", "Jira", "Get status. Returns a status of a workflow."),
    app_doc("jira__get_priority", "Jira", "Get priority. Returns an issue priority."),
    app_doc("jira__get_priorities", "Jira", "Get priorities. Returns the priorities, high and low."),
    app_doc("jira__get_comments", "Jira", "Get comments. Returns all comments for an issue."),
    app_doc("jira__get_transitions", "Jira", "Get transitions. Returns the transitions of an issue."),
    app_doc(
        "jira__get_all_permission_schemes",
        "Jira",
        "Get all permission schemes. Returns the schemes available, for issue transitions too.",
    ),
    app_doc("notion__post_page", "Notion", "Create a page."),
    app_doc("notion__create_a_comment", "Notion", "Create comment. Creates a comment in a page or discussion thread."),
    app_doc("notion__retrieve_a_comment", "Notion", "Retrieve comments. Retrieves a list of comments."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("notion__patch_page", "Notion", "Update page properties."),
    app_doc("notion__get_users", "Notion", "List all users."),
    app_doc("notion__retrieve_a_block", "Notion", "Retrieve a block."),
    app_doc("notion__update_a_block", "Notion", "Update a block."),
    app_doc("notion__post_search", "Notion", "Search by title."),
    app_doc("box__get_search", "Box", "Search for content. Searches for files, folders and web links."),
    app_doc("box__post_metadata_queries", "Box", "Query files and folders by metadata: a search by metadata."),
    app_doc("box__get_files_id", "Box", "Get file information. Retrieves the details of a file: a pdf, a document."),
    app_doc("box__put_folders_id", "Box", "Update folder. Updates a folder: it can be used to move the folder."),
    app_doc(
        "box__put_users_id_folders_0",
        "Box",
        "Transfer owned folders. Moves the items owned by a user into another user's account, whatever their name.",
    ),
    app_doc("box__put_folders_id_add_shared_link", "Box", "Add shared link to folder. Adds a shared link to a folder."),
    app_doc("box__get_folders_id", "Box", "Get folder. Retrieves a folder, archived or not."),
    app_doc("box__post_collaborations", "Box", "Create collaboration. Adds a collaboration to a file or folder."),
    app_doc("box__post_files_id", "Box", "Restore file. Restores a file that has been moved to the trash."),
    app_doc("box__get_files_id_trash", "Box", "Get trashed file. Retrieves a file that has been moved to the trash."),
    app_doc("box__delete_files_id_trash", "Box", "Permanently remove file. Permanently deletes a file in the trash."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestAHeadNoNameSays:
    def test_the_tool_whose_description_says_it_comes_first(self) -> None:
        # every add_*_for_task covers "add" and "task" in its name (10); the story tool 9
        for query in ("add a comment to asana task 1234", "add a comment on the asana task 9 saying looks good"):
            assert _names(query)[0] == "asana__create_story_for_task", query
            assert _names(query, unsaid_head=False)[0] != "asana__create_story_for_task", query

    def test_tools_not_saying_it_give_way_to_the_synonyms_tool(self) -> None:
        # "note" reaches ``add_comment`` through a synonym; ``add_issue_types_to_context`` says "add"
        query = "leave a note on the jira issue ENG-4"
        assert _names(query)[0] == "jira__add_comment"
        assert _names(query, unsaid_head=False)[0] != "jira__add_comment"

    def test_tools_not_saying_a_head_names_carry_give_way(self) -> None:
        # ``post_page`` says "post" and "page" (10); the comment tool "post" through a synonym (9)
        query = 'Post a comment on Notion page c0ffee saying "Looks good"'
        assert _names(query)[0] == "notion__create_a_comment"
        # (a kind's word a comment is made with leaves with its value: ``valued_kinds`` off too)
        # (and ``elsewhere_heads``, the thirty-second round's: ``post_page`` acts on a page, another thing)
        assert _names(query, unsaid_head=False, valued_kinds=False, elsewhere_heads=False)[0] == "notion__post_page"

    def test_a_head_of_two_words_moves_nothing(self) -> None:
        # "transitions available": an adjective read into the head must not move a tool saying it
        assert _names("get the transitions available for jira issue ENG-8")[0] == "jira__get_transitions"

    def test_a_tool_that_says_the_head_keeps_its_place(self) -> None:
        assert _names("add a follower to asana task 101")[0] == "asana__add_followers_for_task"


class TestWhoTakesARole:
    def test_the_holder_is_read(self) -> None:
        assert role_holder(("add", "kim", "as", "a", "collaborator")) == ("kim",)
        assert role_holder(("add", "kim", "lee", "as", "a", "follower", "of", "asana", "task")) == ("kim", "lee")
        assert role_words(("add", "kim", "as", "a", "collaborator", "on", "the", "folder")) == ("collaborator",)
        # no action first, or three words: no holder
        assert role_holder(("box", "kim", "as", "editor")) == ()
        assert role_holder(("add", "kim", "lee", "smith", "as", "editor")) == ()

    def test_the_holder_is_a_value_beside_a_role_a_name_carries(self) -> None:
        for query, tool in (
            ("add dave lee as a watcher on jira issue ENG-2", "jira__add_watcher"),
            ("add alice chen as a member of the asana project Apollo", "asana__add_members_for_project"),
        ):
            assert _names(query)[:1] == [tool], query
            # "dave lee" is no tool's word (and "dave" a given name, a value of its own)
            assert _names(query, role_values=False, person_names=False) == [], query

    def test_the_role_is_the_head(self) -> None:
        # "add kim as a collaborator": a collaborator, not a shared link
        assert _names("add kim as a collaborator on the box folder 77")[0] == "box__post_collaborations"

    def test_beside_a_role_no_name_carries_the_holder_stays(self) -> None:
        # "editor" is a value: "add" and "folder" alone would find a wrong tool
        assert _names("add jane as an editor to box folder 12") == []


class TestWhomARequestAdds:
    def test_the_member_is_read(self) -> None:
        assert moved_member(("add", "kim", "to", "the", "asana", "project")) == ("kim",)
        assert moved_member(("invite", "bob", "to", "the", "channel")) == ("bob",)
        assert moved_member(("remove", "kim", "lee", "from", "the", "team")) == ("kim", "lee")
        # a determiner says a thing ("add a row to the database"); no action first, no member
        assert moved_member(("add", "a", "row", "to", "the", "database")) == ()
        assert moved_member(("kim", "to", "the", "project")) == ()

    def test_a_member_no_tool_says_is_a_value(self) -> None:
        query = "add dave lee to the asana project Apollo"
        assert _names(query)[:1] == ["asana__add_members_for_project"]
        assert _names(query, role_values=False, person_names=False) == []


class TestSetTo:
    def test_the_words_after_the_last_to(self) -> None:
        words = ("change", "the", "priority", "of", "jira", "issue", "eng", "11", "to", "high")
        assert set_value(words, 1) == ("high",)
        assert set_value(("rename", "box", "folder", "9", "to", "the", "q3", "archive"), 1) == ("q3", "archive")
        assert set_value(("rename", "folder", "to", "a", "new", "q3", "board", "plan"), 1) == ()
        phrase = field_phrase(words)
        assert phrase is not None and phrase.value == ("high",)

    def test_what_a_field_is_set_to_is_a_value(self) -> None:
        query = "change the priority of jira issue ENG-11 to high"
        assert _names(query)[0] == "jira__edit_issue"
        assert _names(query, set_values=False) == []

    def test_what_a_thing_is_renamed_to_is_a_value(self) -> None:
        query = "rename box folder 9 to archive"
        assert _names(query)[0] == "box__put_folders_id"
        assert _names(query, set_values=False) == []

    def test_changing_a_things_name_renames_it(self) -> None:
        assert join_compounds(("change", "the", "name", "of", "box", "folder")) == ("rename", "box", "folder")
        # the field rule kept "name", which a long description of another tool says
        assert _names("change the name of box folder 9 to archive")[0] == "box__put_folders_id"


class TestAnItemsField:
    def test_a_singular_field_of_one_item_is_the_items(self) -> None:
        for query in ("what is the status of jira issue PAY-9", "what's the priority of jira issue ENG-7"):
            assert _names(query)[0] == "jira__get_issue", query
            # (a "what" question about one thing is its get too: ``asked_things``)
            assert _names(query, item_fields=False, asked_things=False)[:1] != ["jira__get_issue"], query

    def test_a_names_own_resource_stays_for_a_plural_or_no_item(self) -> None:
        assert _names("get the comments of jira issue PAY-9")[0] == "jira__get_comments"
        assert _names("what is the status of the jira issue")[:1] != ["jira__get_issue"]

    def test_who_asks_as_what_does(self) -> None:
        phrase = field_phrase(("who", "is", "the", "assignee", "of", "asana", "task", "8812"))
        assert phrase is not None and phrase.field == ("assignee",) and phrase.action == "get"


class TestSearchTerms:
    def test_a_searchs_topic_word_no_name_carries_is_its_query(self) -> None:
        query = "search box for contract pdfs"
        assert _names(query)[:1] == ["box__get_search"]
        assert _names(query, search_terms=False) == []


class TestRestoring:
    def test_a_request_to_restore_never_gets_a_tool_that_deletes(self) -> None:
        assert request_action(("restore", "deleted", "file", "trash")) == "restore"
        assert contradicts("restore", frozenset({"delete", "files", "id", "trash"}))
        names = _names("restore a deleted box file from trash")
        assert names[0] == "box__post_files_id"
        assert "box__delete_files_id_trash" not in names


class TestPhrases:
    def test_one_leaves_a_comment_to_add_it(self) -> None:
        assert join_compounds(("leave", "a", "comment", "on", "task")) == ("add", "a", "comment", "on", "task")
        assert join_compounds(("leave", "the", "team")) == ("leave", "the", "team")

    def test_everyday_phrases_read_as_the_words_names_say(self) -> None:
        for words, read in (
            (("get", "rid", "of", "task"), ("delete", "task")),
            (("who", "is", "assigned", "to", "task"), ("who", "is", "the", "assignee", "of", "task")),
            (("who", "working", "on", "ticket"), ("who", "is", "the", "assignee", "of", "ticket")),
            (("log", "a", "bug", "in", "jira"), ("create", "a", "bug", "in", "jira")),
            (("file", "a", "jira", "ticket"), ("create", "a", "jira", "ticket")),
            (("i", "need", "the", "full", "details"), ("get", "the", "details")),
        ):
            assert join_compounds(words) == read, words
        # one files a ticket only as the request's verb: "delete box file a.txt" files nothing
        assert join_compounds(("delete", "box", "file", "a", "txt")) == ("delete", "box", "file", "a", "txt")

    def test_a_field_pushed_is_updated(self) -> None:
        phrase = field_phrase(("push", "the", "due", "date", "of", "asana", "task", "7781", "to", "friday"))
        assert phrase is not None and phrase.field == ("due", "date") and phrase.action == "update"

    def test_a_dm_opening_a_request_sends_one(self) -> None:
        assert join_compounds(("dm", "maria", "on", "slack")) == ("send", "dm", "maria", "on", "slack")
        assert join_compounds(("send", "a", "dm", "to", "maria")) == ("send", "a", "dm", "to", "maria")


class TestValues:
    def test_a_version_and_a_long_hex_id_are_values(self) -> None:
        for word in ("v2.0", "v1.4.2", "c0ffee", "deadb33f"):
            assert has_value_digits(word), word
        for word in ("v2", "s3", "b2b", "face1", "k8s", "oauth2"):
            assert not has_value_digits(word), word

    def test_that_opens_the_text_a_message_sends(self) -> None:
        assert {"build", "green"} <= argument_values("tell kim on slack that the build is green")
        assert {"design", "approved"} <= argument_values("leave a comment on asana task 42 that the design is approved")
        # no words sent: "that" is a relative pronoun
        assert "overdue" not in argument_values("list asana tasks that are overdue")

    def test_a_request_writing_gives_its_text_after_a_colon(self) -> None:
        assert {"checkout", "unresponsive", "mobile"} <= argument_values(
            "log a bug in jira: checkout unresponsive on mobile"
        )
        assert "projects" not in argument_values("jira: list my projects")
