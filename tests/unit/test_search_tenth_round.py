"""Issue 13's tenth round: a tool's title (the short first sentence of its description, where an
OpenAPI summary goes) is what its vendor calls it, and the tool whose title a request says word
for word comes first (``title_order``); an action's plural between nouns of a name is a thing
(``post_metadata_queries_execute_read`` acts on queries)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.head_nouns import name_head
from cardamom.core.search.tokens import inflection_key, looks_like_adverb
from cardamom.core.search.tool_titles import tool_title
from cardamom.mcp.catalog import SEARCH_OUTPUT_SCHEMA
from cardamom.mcp.results import search_payload
from cardamom.service.search import SearchReport
from tests.unit.search_documents import app_doc, ranked_names, snapshot_of

DOCS = [
    app_doc(
        "box__post_zip_downloads",
        "Box",
        "Create zip download. Creates a request to download multiple files and folders as a single zip archive file.",
    ),
    app_doc("box__get_files_id_content", "Box", "Download file. Returns the contents of a file in binary format."),
    app_doc(
        "box__get_legal_hold_policy_assignments_id_file_versions_on_hold",
        "Box",
        "List previous file versions for legal hold policy assignment. Get a list of previous file versions.",
    ),
    app_doc(
        "box__get_retention_policy_assignments_id_file_versions_under_retention",
        "Box",
        "Get file versions under retention. Returns a list of file versions under retention.",
    ),
    app_doc("box__get_files_id_versions", "Box", "List all file versions. Retrieve a list of the past versions."),
    app_doc(
        "box__post_metadata_queries_execute_read",
        "Box",
        "Query files/folders by metadata. Create a search using SQL-like syntax to return items that match metadata.",
    ),
    app_doc(
        "box__post_files_id_metadata_id_id",
        "Box",
        "Create metadata instance on file. Applies an instance of a metadata template to a file.",
    ),
    app_doc("asana__get_project", "Asana", "Get a project. Returns the complete project record for a single project."),
    app_doc("asana__get_projects", "Asana", "Get multiple projects. Returns the compact project records."),
    app_doc("asana__create_task", "Asana", "Create a task. Creating a new task is as easy as POSTing to /tasks."),
    app_doc("asana__add_project_for_task", "Asana", "Add a project to a task. Adds the task to the specified project."),
    app_doc("asana__add_task_for_section", "Asana", "Add task to section. Add a task to a specific, existing section."),
    app_doc("jira__get_permitted_projects", "Jira", "Get permitted projects. Returns all the projects where the user."),
    app_doc("jira__get_all_projects", "Jira", "Get all projects. Returns all projects visible to the user."),
    app_doc("xero__get_account", "Xero", "Retrieves a single chart of accounts by using a unique account Id."),
    app_doc("xero__get_user", "Xero", "Retrieves a specific user."),
    app_doc("square__list_bank_accounts", "Square", "List bank accounts. Returns a list of bank accounts."),
    app_doc("square__get_bank_account", "Square", "Get bank account. Returns details of a bank account."),
    app_doc("box__delete_folders_id", "Box", "Delete folder. Deletes a folder, with its content if asked."),
    app_doc("box__delete_folder_locks_id", "Box", "Delete folder lock. Deletes a folder lock on a given folder."),
    app_doc("box__delete_files_id", "Box", "Delete file. Deletes a file, moving it to the trash."),
    app_doc("box__delete_files_id_trash", "Box", "Permanently remove file. Permanently deletes a file in the trash."),
    app_doc("box__get_search", "Box", "Search for content. Searches for files, folders and web links."),
    app_doc(
        "box__get_folders_id_items",
        "Box",
        "List items in folder. Retrieves items in a folder. These items can be files, folders, and web links.",
    ),
    app_doc("box__get_folders_id_collaborations", "Box", "List folder collaborations. Retrieves the collaborations."),
    app_doc(
        "box__get_terms_of_service_user_statuses",
        "Box",
        "List terms of service user statuses. Retrieves an overview of users and their status for a terms of service.",
    ),
    app_doc("box__get_users_id", "Box", "Get user. Retrieves information about a user in the enterprise."),
    app_doc("box__delete_users_id", "Box", "Delete user. Deletes a user."),
    app_doc("box__get_users_me", "Box", "Get current user. Retrieves the user who is currently authenticated."),
    app_doc("jira__do_transition", "Jira", "Transition issue. Performs an issue transition and updates its fields."),
    app_doc("jira__edit_issue", "Jira", "Edit issue. Edits an issue; the edits may be done to any field."),
    app_doc("jira__move_version", "Jira", "Move version. Modifies the version's sequence within the project."),
    app_doc("github__issues_update", "GitHub", "Update an issue. Issue owners can close or reopen it."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
]


def _names(query: str) -> list[str]:
    return ranked_names(DOCS, query)


class TestToolTitles:
    def test_the_first_sentence_when_it_names_an_operation(self) -> None:
        assert tool_title("Download file. Returns the contents of a file.") == ("download", "file")
        assert tool_title("List items in folder") == ("list", "items", "in", "folder")
        assert tool_title("Get stories from a task. Required scope: stories:read") == (
            "get",
            "stories",
            "from",
            "a",
            "task",
        )

    def test_a_longer_first_sentence_describes_and_is_no_title(self) -> None:
        assert tool_title("Gets a paginated list of webhooks for the authenticated user, newest first.") == ()
        assert tool_title("") == ()
        assert tool_title("   ") == ()

    def test_deprecated_is_no_title_and_urls_say_nothing(self) -> None:
        assert tool_title("Deprecated. Get a user.") == ("get", "a", "user")
        expected = ("see", "the", "guide", "first")
        assert tool_title("See [the guide](https://example.com/x.html) first. More.") == expected

    def test_a_decimal_point_ends_no_sentence(self) -> None:
        assert tool_title("Get v1.2 settings") == ("get", "v", "1", "2", "settings")


class TestTitleOrder:
    def test_the_tool_whose_title_the_request_says_comes_first(self) -> None:
        # both score 4: "download" is a name word of the zip tool, "file" of the content tool
        for query in ("box download file", "Download box file 12345", "box_download_file"):
            assert _names(query)[0] == "box__get_files_id_content", query
        assert ranked_names(DOCS, "box download file", title_order=False)[0] == "box__post_zip_downloads"

    def test_it_passes_higher_scores(self) -> None:
        # the legal-hold and retention names carry every word exactly and score more
        before = ranked_names(DOCS, "box get file versions", title_order=False)
        assert before[0] != "box__get_files_id_versions"
        assert _names("box get file versions")[0] == "box__get_files_id_versions"
        assert _names("list the versions of box file 7788")[0] == "box__get_files_id_versions"

    def test_a_thing_is_said_in_its_own_number(self) -> None:
        # "Get a project" says one project: a request to list them does not say it
        assert _names("list my asana projects")[0] == "asana__get_projects"
        assert _names("asana get a project")[0] == "asana__get_project"

    def test_list_says_another_verb_of_reading_only_with_a_plural_thing(self) -> None:
        assert _names("list jira projects")[0] == "jira__get_all_projects"
        # a guessed name in the singular does not say "Get bank account" (``list_bank_accounts``)
        assert _names("list_square_bank_account")[0] == "square__list_bank_accounts"

    def test_the_title_acts_on_the_requests_head(self) -> None:
        # "Add a project to a task" says every word of "create task in project", but acts on a project
        assert _names("asana: create task in project")[0] == "asana__create_task"

    def test_a_thing_a_name_says_as_written_is_not_said_through_a_synonym(self) -> None:
        # "user" is in the account's group, but xero's get_account says "account" itself
        assert _names("xero get account")[0] == "xero__get_account"

    def test_a_synonym_says_a_thing_no_name_says(self) -> None:
        assert _names("asana add a to-do")[0] == "asana__create_task"

    def test_nothing_that_did_not_clear_the_floor_comes_back(self) -> None:
        for query in ("box download the quarterly sales figures", "gmail download file", "what is 17 times 23"):
            with_titles = _names(query)
            assert set(with_titles) == set(ranked_names(DOCS, query, title_order=False)), query

    def test_a_request_naming_no_action_reads(self) -> None:
        # "Get bank account": the title's reading verb goes unsaid where the request names no action
        assert _names("box user info")[0] == "box__get_users_id"
        assert ranked_names(DOCS, "box user info", title_order=False)[0] == "box__get_terms_of_service_user_statuses"
        # ...but not where it names one: "delete" says no "Get"
        assert _names("box delete user")[0] != "box__get_users_id"

    def test_a_titles_items_in_a_container_are_any_things_it_holds(self) -> None:
        # "List items in folder": the files in it; not where the title's items are another kind
        assert _names("List the files in Box folder 0")[0] == "box__get_folders_id_items"
        assert ranked_names(DOCS, "List the files in Box folder 0", title_order=False)[0] != "box__get_folders_id_items"
        # its description says which things it holds: collaborators are none of them
        assert _names("List the collaborators on Box folder 888")[0] == "box__get_folders_id_collaborations"
        docs = [
            *DOCS,
            app_doc(
                "asana__get_items_for_portfolio", "Asana", "Get portfolio items. Returns the items in a portfolio."
            ),
            app_doc("asana__get_portfolio_memberships", "Asana", "Get multiple portfolio memberships."),
        ]
        assert ranked_names(docs, "asana get memberships portfolio")[0] == "asana__get_portfolio_memberships"

    def test_my_says_a_titles_current(self) -> None:
        assert _names("box fetch my account")[0] == "box__get_users_me"
        assert _names("box get user 123")[0] == "box__get_users_id"

    def test_the_moved_tool_says_so(self) -> None:
        index = SearchIndex.build(DOCS)
        ranking = rank(index, "box download file")
        assert ranking.hits[0].title == "download file"
        assert all(h.title is None for h in ranking.hits[1:])
        report = SearchReport("box download file", snapshot_of(index), ranking, (), 0, {})  # type: ignore[arg-type]
        payload = search_payload(report)
        assert payload["results"][0]["title_said"] == "download file"
        assert "title_said" not in payload["results"][1]
        assert "title_said" in SEARCH_OUTPUT_SCHEMA["properties"]["results"]["items"]["properties"]

    def test_a_snapshot_older_than_titles_moves_nothing(self) -> None:
        index = SearchIndex.build(DOCS)
        index.titles = ()  # as a format-13 blob decodes
        assert rank(index, "box download file").hits[0].name == "box__post_zip_downloads"


class TestNameHeads:
    def test_an_actions_plural_between_nouns_of_a_name_is_a_thing(self) -> None:
        assert name_head("box__post_metadata_queries_execute_read").head == inflection_key("queries")
        # at the end it may be the name's verb, read backwards, but not after a path's method
        assert name_head("jira__quick_filters").head == "quick"
        assert name_head("jira__get_all_quick_filters").head == "filter"
        assert _names("box create metadata on file")[0] == "box__post_files_id_metadata_id_id"


class TestManner:
    def test_an_adverb_no_tool_of_the_app_says_is_a_parameter(self) -> None:
        assert _names("box delete folder recursively")[0] == "box__delete_folders_id"
        assert _names("box recursively delete folder 42")[0] == "box__delete_folders_id"
        assert ranked_names(DOCS, "box delete folder recursively", qualifiers=False) == []

    def test_an_adverb_a_tool_says_stays_a_word(self) -> None:
        # Box's "Permanently remove file" is the trash's delete
        assert _names("box permanently delete a file")[0] == "box__delete_files_id_trash"

    def test_a_noun_in_ly_is_no_adverb(self) -> None:
        adverbs = ("recursively", "permanently", "publicly", "quickly")
        nouns = ("family", "anomaly", "assembly", "supply", "reply", "monopoly")
        assert [w for w in adverbs if not looks_like_adverb(w)] == []
        assert [w for w in nouns if looks_like_adverb(w)] == []


class TestCriteria:
    def test_the_field_after_by_is_a_filters_value_where_no_name_carries_it(self) -> None:
        assert _names("box search files by name")[0] == "box__get_search"

    def test_a_criterion_a_name_carries_stays_a_word(self) -> None:
        assert read_values("jira look up a user by email").conditions == frozenset({"email"})
        docs = [*DOCS, app_doc("jira__get_user_email", "Jira", "Get user email."), app_doc("jira__get_user", "Jira")]
        assert ranked_names(docs, "jira get a user by email")[0] == "jira__get_user_email"


class TestTransitions:
    def test_a_state_change_is_a_transition_where_the_app_transitions_the_thing(self) -> None:
        for query in ("jira close ticket", "Mark Jira issue WEB-88 as resolved", "jira resolve issue ABC-1"):
            assert _names(query)[0] == "jira__do_transition", query
        # GitHub has no transition: closing its issue is its update
        assert _names("close a github issue")[0] == "github__issues_update"

    def test_a_move_to_a_state_is_a_transition_there_only(self) -> None:
        for query in ("jira move issue to in progress", "Move Jira issue PAY-311 to Done"):
            assert _names(query)[0] == "jira__do_transition", query
        assert ranked_names(DOCS, "jira move issue to in progress", state_verbs=False)[0] == "jira__move_version"
        # Box moves by no transition: the move stays a word
        assert "box__delete_folders_id" not in _names("box move folder to folder 0")[:1]

    def test_the_state_a_transition_goes_to_is_its_argument(self) -> None:
        ranking = rank(SearchIndex.build(DOCS), "transition jira issue ABC-1 to done")
        assert ranking.hits[0].name == "jira__do_transition"
        assert "done" in ranking.values
