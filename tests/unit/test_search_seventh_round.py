"""The ranker refinements of issue 13's seventh round, each against the ranker without it: a
guessed name's "all" (``get_all_{app}_{object}``) that no name or label of the ranked pool
carries leaves the query, whatever descriptions say."""

from __future__ import annotations

from tests.unit.search_documents import app_doc, ranked_names

DOCS = [
    app_doc("notion__retrieve_a_block", "Notion", "Retrieve a block."),
    app_doc("notion__update_a_block", "Notion", "Update a block."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("notion__get_users", "Notion", "List all users."),
    app_doc("jira__get_all_issue_field_options", "Jira", "Returns all options of an issue field."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestGuessedGrammar:
    def test_a_guessed_names_all_no_name_of_the_app_carries_leaves_it(self) -> None:
        # Inside Notion, no name says "all" and one description does: as the rarest word of the
        # app's pool, every candidate had to carry it.
        assert _names("retrieve_all_notion_block")[0] == "notion__retrieve_a_block"
        assert _names("retrieve_all_notion_block", guessed_grammar=False)[:1] == ["notion__get_users"]

    def test_an_all_some_name_carries_still_counts(self) -> None:
        assert _names("get_all_jira_issue_field_options")[0] == "jira__get_all_issue_field_options"

    def test_a_request_in_words_keeps_its_all(self) -> None:
        # "all" in "list all notion users" is said by the description of the tool that lists them
        assert _names("list all notion users")[0] == "notion__get_users"
