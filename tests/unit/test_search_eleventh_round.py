"""Issue 13's eleventh round: "who am I" asks for the current user; "export" and "download" are a
get where the app exports or downloads nothing; "the status *property* of" names the field
"status"; among equal scores a plural request word reaching names through a synonym asks for
the plural name (``number_ties``); and an empty result names the words only descriptions say."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.field_phrases import field_phrase
from cardamom.core.search.head_nouns import RequestHead, object_is_value, request_head
from cardamom.core.search.synonyms import join_compounds
from cardamom.mcp.catalog import SEARCH_OUTPUT_SCHEMA
from cardamom.mcp.results import _empty_message, search_payload
from cardamom.service.search import SearchReport
from tests.unit.search_documents import app_doc, ranked_names, snapshot_of

DOCS = [
    app_doc("jira__get_current_user", "Jira", "Get current user. Returns details for the current user."),
    app_doc("jira__get_user", "Jira", "Get user. Returns a user."),
    app_doc("jira__get_all_projects", "Jira", "Get all projects. Returns all projects visible to the user."),
    app_doc("jira__create_project", "Jira", "Create project. Creates a project."),
    app_doc("jira__create_version", "Jira", "Create version. Creates a project version."),
    app_doc("jira__create_filter", "Jira", "Create filter. Creates a filter."),
    app_doc("jira__create_dashboard", "Jira", "Create dashboard. Creates a dashboard."),
    app_doc("jira__restore", "Jira", "Restore. Restores a deleted item."),
    app_doc(
        "jira__evaluate_jira_expression",
        "Jira",
        "Evaluate Jira expression. Evaluates an expression over the context: issue, project, sprint, board.",
    ),
    app_doc(
        "jira__get_all_permission_schemes",
        "Jira",
        "Get all permission schemes. Permissions to create a sprint are granted in the board's scheme.",
    ),
    app_doc("jira__get_attachment", "Jira", "Get attachment metadata. Returns the metadata for an attachment."),
    app_doc(
        "jira__get_attachment_content",
        "Jira",
        "Get attachment content. Returns the contents of an attachment; download it with this.",
    ),
    app_doc("jira__get_issue", "Jira", "Get issue. Returns the details for an issue."),
    app_doc("jira__create_issues", "Jira", "Bulk create issue. Creates issues and subtasks."),
    app_doc("jira__issues_bulk_move", "Jira", "Bulk move issues. Moves issues between projects."),
    app_doc("jira__get_comments", "Jira", "Get comments. Returns all comments for an issue."),
    app_doc("jira__get_change_logs", "Jira", "Get changelogs. Returns a paginated list of changelogs for an issue."),
    app_doc("notion__retrieve_page_markdown", "Notion", "Retrieve a page as Markdown. The page's content."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("notion__patch_page", "Notion", "Update page properties."),
    app_doc("notion__retrieve_a_page_property", "Notion", "Retrieve a page property item."),
    app_doc("notion__get_user", "Notion", "Retrieve a user."),
    app_doc("notion__get_users", "Notion", "List all users."),
    app_doc("asana__get_task", "Asana", "Get a task. Returns the complete task record for a single task."),
    app_doc("asana__get_tasks", "Asana", "Get multiple tasks. Returns the compact task records for some tasks."),
    app_doc("asana__update_task", "Asana", "Update a task. Updates the fields of a task."),
    app_doc("asana__delete_project", "Asana", "Delete a project. A specific, existing project can be deleted."),
    app_doc("asana__remove_members_for_project", "Asana", "Remove users from a project. Removes the members."),
    app_doc("asana__create_task", "Asana", "Create a task. Creating a new task is as easy as POSTing to /tasks."),
    app_doc("xero__get_invoices", "Xero", "Retrieves sales invoices or purchase bills."),
    app_doc("xero__get_repeating_invoices", "Xero", "Retrieves repeating invoices."),
    app_doc("box__get_folders_id", "Box", "Get folder information. Retrieves details for a folder."),
    app_doc(
        "box__get_folders_id_items",
        "Box",
        "List items in folder. Retrieves items in a folder. These items can be files, folders, and web links.",
    ),
    app_doc("box__post_folders", "Box", "Create folder. Creates a new empty folder within the specified parent."),
    app_doc("box__post_folder_locks", "Box", "Create folder lock. Creates a folder lock on a folder."),
    app_doc("box__get_files_id_content", "Box", "Download file. Returns the contents of a file in binary format."),
    app_doc("box__post_zip_downloads", "Box", "Create zip download. Creates a request to download files as a zip."),
    app_doc("box__get_files_id", "Box", "Get file information. Retrieves the details about a file."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestSelfQuestions:
    def test_who_am_i_reads_as_get_my_user(self) -> None:
        assert join_compounds(("who", "am", "i", "in", "jira")) == ("get", "my", "user", "in", "jira")
        assert join_compounds(("jira", "whoami")) == ("jira", "get", "my", "user")

    def test_it_finds_the_current_user(self) -> None:
        # before, every word but the app's name was filler, and every Jira tool came back
        for query in ("jira who am i", "Who am I in Jira?", "jira whoami"):
            assert _names(query)[0] == "jira__get_current_user", query

    def test_am_i_elsewhere_is_untouched(self) -> None:
        assert join_compounds(("am", "i", "allowed")) == ("am", "i", "allowed")

    def test_a_tool_name_is_never_read_so(self) -> None:
        assert join_compounds(("whoami", "notes"), phrases=False) == ("whoami", "notes")
        docs = [*DOCS, app_doc("notes__whoami_notes", "Notes", "Who am I notes.")]
        assert ranked_names(docs, "whoami_notes")[:1] == ["notes__whoami_notes"]


class TestRequestFrames:
    def test_give_me_frames_a_request(self) -> None:
        assert join_compounds(("give", "me", "all", "jira", "projects")) == ("please", "all", "jira", "projects")
        assert _names("give me all jira projects")[0] == "jira__get_all_projects"
        # "give" alone stays a word: "give a task to someone" is no request to read
        assert join_compounds(("give", "a", "task")) == ("give", "a", "task")

    def test_a_question_has_qualifiers_too(self) -> None:
        assert _names("What are my open Asana tasks?")[0] == "asana__get_tasks"
        assert _names("What are my open Asana tasks?", qualifiers=False) == []

    def test_a_questions_first_word_opens_no_name_as_its_action(self) -> None:
        # "issues" opens Jira's ``issues_bulk_move``: read as the action, nothing would read
        names = _names("which jira issues are open")
        assert names and "jira__create_issues" not in names and "jira__issues_bulk_move" not in names


class TestPhrasesAndQualifiers:
    def test_everything_in_a_container_is_its_items(self) -> None:
        assert join_compounds(("list", "everything", "in", "box", "folder")) == ("list", "items", "in", "box", "folder")
        assert _names("list everything in box folder 0")[0] == "box__get_folders_id_items"

    def test_recurring_is_repeating(self) -> None:
        assert _names("list recurring xero invoices")[0] == "xero__get_repeating_invoices"


class TestValuedObjects:
    def test_a_thing_after_a_valued_object_is_no_object(self) -> None:
        assert object_is_value(("remove", "kim", "acme", "com", "from", "project"), {"kim", "acme", "com"}, ())
        assert not object_is_value(("remove", "the", "project", "7788"), {"7788"}, ())
        # "Delete a project" said, the request would delete the project it removes someone from
        query = "Remove kim@acme.com from the Asana project 7788"
        assert _names(query)[0] == "asana__remove_members_for_project"


class TestHeadPhrase:
    def test_a_word_naming_the_thing_ends_its_phrase(self) -> None:
        # "folder named": the head was "named", and the folder lock's exact "folder" came first
        assert request_head(("create", "a", "folder", "named", "q3"), (), ()) == RequestHead(
            "create", "folder", True, frozenset({"folder"})
        )
        assert _names('Create a Box folder named "2026 Contracts" inside folder 0')[0] == "box__post_folders"


class TestExportAndDownloadAsGet:
    def test_an_app_that_exports_nothing_gets_the_thing(self) -> None:
        for query in ("Export a Notion page as markdown", "download notion page as markdown"):
            assert _names(query)[0] == "notion__retrieve_page_markdown", query
        assert _names("Export a Notion page as markdown", search_verbs=False) == []

    def test_an_app_whose_names_download_keeps_the_word(self) -> None:
        assert _names("box download file")[0] == "box__get_files_id_content"

    def test_a_download_the_things_tool_describes_keeps_the_word(self) -> None:
        # Jira's attachment content says "download": read as "get", the metadata would come first
        assert _names("download jira attachment 10001")[0] == "jira__get_attachment_content"


class TestFieldNouns:
    def test_the_field_before_property_or_field(self) -> None:
        phrase = field_phrase(("update", "the", "status", "property", "of", "notion", "page", "7a"))
        assert phrase is not None and phrase.field == ("status",) and phrase.after[:2] == ("notion", "page")
        phrase = field_phrase(("set", "the", "due", "date", "field", "of", "asana", "task"))
        assert phrase is not None and phrase.field == ("due", "date")
        assert field_phrase(("update", "the", "a", "b", "c", "of", "page")) is None  # three words, no field noun

    def test_set_a_things_field_by_its_id(self) -> None:
        # "set <thing> <id> <field> to <value>": the id ends the thing, "to" the field
        phrase = field_phrase(("set", "the", "asana", "task", "88221", "due", "date", "to", "2026"))
        assert phrase is not None and phrase.field == ("due", "date") and phrase.after == ("task", "asana")
        assert field_phrase(("set", "up", "a", "project", "to", "track")) is None  # no id: no field
        assert field_phrase(("update", "task", "5", "status", "to", "done")) is None  # "set" only
        assert _names("Set the Asana task 88221 due date to 2026-03-01")[0] == "asana__update_task"

    def test_a_name_saying_property_is_no_tool_of_the_field(self) -> None:
        query = 'Update the status property of Notion page 1a2b3c to "Done"'
        assert _names(query)[0] == "notion__patch_page"
        # (its title, "Update page properties", says "update" and "property": without the phrase
        # the title's words find it too)
        assert _names(query, field_phrases=False, title_words=False, unsaid_modifiers=False) == []


class TestReadFields:
    def test_the_phrase_reads(self) -> None:
        phrase = field_phrase(("what", "is", "the", "due", "date", "of", "asana", "task", "55"))
        assert phrase is not None and phrase.reads and phrase.action == "get" and phrase.field == ("due", "date")

    def test_a_field_no_name_carries_is_the_things(self) -> None:
        assert _names("Get the title of the Notion page 9a9a")[0] == "notion__retrieve_a_page"
        assert _names("Get the title of the Notion page 9a9a", field_phrases=False, asked_pieces=False) == []
        assert _names("what is the due date of asana task 55")[0] == "asana__get_task"

    def test_a_field_a_name_carries_is_its_own_resource(self) -> None:
        assert _names("get the comments of jira issue ABC-1")[0] == "jira__get_comments"
        # joined: Jira's names say "change_logs"
        assert _names("Get the changelog of Jira issue CORE-4")[0] == "jira__get_change_logs"

    def test_a_field_a_tool_getting_the_thing_describes_stays(self) -> None:
        assert _names("Get the content of Notion page 4f2a9c")[0] == "notion__retrieve_page_markdown"


class TestNumberTies:
    def test_a_plural_synonym_asks_for_the_plural_name(self) -> None:
        assert _names("notion fetch all members")[:2] == ["notion__get_users", "notion__get_user"]
        assert _names("notion fetch all members", number_ties=False)[0] == "notion__get_user"
        assert _names("asana show my to-dos")[0] == "asana__get_tasks"

    def test_a_singular_says_nothing(self) -> None:
        # REST names say the collection: "post_folders" creates one folder
        query = "box make a directory named Invoices"
        assert _names(query, head_nouns=False) == _names(query, head_nouns=False, number_ties=False)
        assert _names(query)[0] == "box__post_folders"

    def test_a_plural_said_as_written_is_the_score_s(self) -> None:
        assert _names("notion list users")[0] == "notion__get_users"


class TestDescribedOnlyWords:
    def test_words_only_descriptions_say_are_named(self) -> None:
        index = SearchIndex.build(DOCS)
        reason = rank(index, "jira create sprint").reason
        assert reason is not None and reason.closest_lacks
        assert set(reason.uncovered) == {"sprint", "create"} and "sprint" in reason.described_only
        message = _empty_message(reason, 0)
        assert "says only in its description: " in message and "sprint" in message
        assert "lacks" not in message or "lacks: sprint" not in message

    def test_a_word_no_tool_says_is_still_uncovered(self) -> None:
        index = SearchIndex.build(DOCS)
        reason = rank(index, "jira start a sprint").reason
        assert reason is not None and reason.uncovered == ("start",) and reason.described_only == ()
        assert _empty_message(reason, 0).endswith("no tool covers: start")

    def test_the_payload_declares_them(self) -> None:
        index = SearchIndex.build(DOCS)
        ranking = rank(index, "jira create sprint")
        report = SearchReport("jira create sprint", snapshot_of(index), ranking, (), 0, {})  # type: ignore[arg-type]
        payload = search_payload(report)
        assert payload["reason"]["described_only"]
        assert "described_only" in SEARCH_OUTPUT_SCHEMA["properties"]["reason"]["properties"]
