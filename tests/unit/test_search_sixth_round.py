"""The ranker refinements of issue 13's sixth round, each against the ranker without it: a
request that reads never gets a tool that only writes, the request's first word orders equals,
a state change no name of the app says is an update; and the word lists and readings with no
switch (shorthands names use, "open" as a leading verb, a question reads, new value shapes,
an address names no app, inflection keys of four-letter words)."""

from __future__ import annotations

from cardamom.core.search import SearchIndex, rank
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.destructive_actions import contradicts, is_question, request_action
from cardamom.core.search.request_verbs import leading_verb
from cardamom.core.search.synonyms import join_vocabulary_compounds, synonyms_of
from cardamom.core.search.tokens import inflection_key
from cardamom.core.search.value_shapes import without_addresses
from tests.unit.search_documents import app_doc, ranked_names, snapshot_of, without

DOCS = [
    app_doc("asana__get_webhook", "Asana", "Get a webhook."),
    app_doc("asana__create_webhook", "Asana", "Establish a webhook."),
    app_doc("asana__get_task", "Asana", "Returns the full record for a single task."),
    app_doc("asana__update_task", "Asana", "Updates the fields of a task: its name, assignee, completed state."),
    app_doc("asana__create_task", "Asana", "Creating a new task."),
    app_doc("asana__add_dependencies_for_task", "Asana", "Marks a set of tasks as dependencies of this task."),
    app_doc("jira__create_issue", "Jira", "Creates an issue; a transition may be applied on creation."),
    app_doc("jira__do_transition", "Jira", "Performs an issue transition."),
    app_doc("jira__assign_issue", "Jira", "Assigns an issue to a user."),
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue, its assignee among them."),
    app_doc("github__issues_update", "GitHub", "Update an issue: its title, body, state or labels."),
    app_doc("github__issues_create", "GitHub", "Create an issue."),
    app_doc("github__activity_mark_thread_as_done", "GitHub", "Marks a notification thread as done."),
    app_doc("github__pulls_list", "GitHub", "Lists pull requests in a repository."),
    app_doc("github__pulls_merge", "GitHub", "Merges a pull request into the base branch."),
    app_doc("github__pull_request_stacks_unstack", "GitHub", "Remove pull requests from a stack; merged ones stay."),
    app_doc("github__pull_request_stacks_list", "GitHub", "Lists pull request stacks."),
    app_doc("github__repos_list_pull_requests_for_commit", "GitHub", "Lists the merged pull requests of a commit."),
]


def _names(query: str, **switches: bool) -> list[str]:
    return ranked_names(DOCS, query, **switches)


class TestReadActions:
    def test_a_request_to_read_never_gets_a_tool_that_only_writes(self) -> None:
        names = _names("view webhook in asana")
        assert names[0] == "asana__get_webhook" and "asana__create_webhook" not in names
        assert "asana__create_webhook" in _names("view webhook in asana", read_actions=False)

    def test_a_name_that_reads_as_well_stays(self) -> None:
        assert not contradicts("find", ("post", "search"), reads=True)
        assert contradicts("find", ("update", "page", "markdown"), reads=True)
        # a noun a writing group holds ("run", "open", "change") says nothing of the tool
        assert not contradicts("list", ("workflow", "runs"), reads=True)

    def test_a_guessed_name_keeps_its_own_verb(self) -> None:
        # the guesser's verb may be wrong: get_asana_webhook may be asked of create_webhook
        assert "asana__create_webhook" in _names("create_asana_webhook")

    def test_a_question_naming_no_action_reads(self) -> None:
        assert is_question("Who is assigned to Jira ticket OPS-19?")
        assert is_question("box what files are in folder 0", {"box"})
        assert not is_question("Can you list the invoices in Xero?")
        assert request_action(("assigned", "ticket"), question=True) == "get"
        assert request_action(("way", "create", "task"), question=True) is None  # "is there a way to create"
        names = _names("Who is assigned to Jira ticket OPS-19?")
        assert "jira__assign_issue" not in names
        assert "jira__assign_issue" in _names("Who is assigned to Jira ticket OPS-19?", read_actions=False)

    def test_an_inflected_action_asks_for_nothing(self) -> None:
        # "deleted files", "assigned issues": which things, not what to do
        assert request_action(("deleted", "files")) is None
        assert request_action(("delete", "files")) == "delete"


class TestFirstWordTies:
    def test_equals_are_ordered_by_the_request_s_verb(self) -> None:
        assert _names("jira transition issue")[0] == "jira__do_transition"
        assert _names("jira transition issue", first_word_ties=False)[0] == "jira__create_issue"


class TestStateVerbs:
    def test_a_state_change_no_name_says_is_an_update(self) -> None:
        index = SearchIndex.build(DOCS)
        ranking = rank(index, "close a github issue")
        assert ranking.hits[0].name == "github__issues_update"
        assert ranking.read_as == (("close", "update"),)
        before = rank(SearchIndex.build(DOCS, without(state_verbs=False)), "close a github issue")
        assert [h.name for h in before.hits][:1] != ["github__issues_update"]

    def test_a_name_carrying_the_verb_for_another_object_does_not_count(self) -> None:
        # "done" (the close group) is in a notification's name, not an issue's
        assert _names("close a github issue")[0] == "github__issues_update"

    def test_again_is_the_verb_where_a_name_says_it(self) -> None:
        # "reassign" is "assign" where Jira's names say assign; the value is not the object
        ranking = rank(SearchIndex.build(DOCS), "jira reassign PROJ-22 to maria")
        assert ranking.hits[0].name == "jira__assign_issue" and ranking.read_as == (("reassign", "assign"),)

    def test_a_name_carrying_the_verb_for_the_object_keeps_it(self) -> None:
        ranking = rank(SearchIndex.build(DOCS), "assign jira issue KAN-4 to alice")
        assert ranking.hits[0].name == "jira__assign_issue" and ranking.read_as == ()

    def test_asana_completes_a_task_by_updating_it(self) -> None:
        assert _names("mark asana task 1203 as complete")[0] == "asana__update_task"

    def test_search_tools_says_what_it_read(self) -> None:
        from cardamom.mcp.results import search_payload
        from cardamom.service.search import SearchReport

        index = SearchIndex.build(DOCS)
        query = "close a github issue"
        report = SearchReport(query, snapshot_of(index), rank(index, query), (), 0, {})  # type: ignore[arg-type]
        assert search_payload(report)["read_as"] == {"close": "update"}


class TestWordLists:
    def test_a_phrase_names_shorten(self) -> None:
        assert join_vocabulary_compounds(("merge", "pull", "request"), {"pulls"}) == ("merge", "pulls")
        # names that spell the phrase out keep it
        assert join_vocabulary_compounds(("merge", "pull", "request"), {"pull", "request"}) == (
            "merge",
            "pull",
            "request",
        )
        assert _names("merge a github pull request")[0] == "github__pulls_merge"
        assert _names("list open pull requests in github")[0] == "github__pulls_list"

    def test_open_is_an_action_only_first(self) -> None:
        assert leading_verb(("open", "ticket")) == ("create", "ticket")
        assert leading_verb(("jira", "open", "ticket"), skip={"jira"}) == ("jira", "create", "ticket")
        assert leading_verb(("list", "open", "issues")) == ("list", "open", "issues")
        assert "create" not in synonyms_of("open")
        assert _names("open a github issue")[0] == "github__issues_create"

    def test_check_reads_and_pull_up_shows(self) -> None:
        assert "get" in synonyms_of("check")
        assert _names("pull up asana task 1203")[0] == "asana__get_task"

    def test_four_letter_words_keep_their_e(self) -> None:
        assert inflection_key("note") != inflection_key("not")
        assert inflection_key("pages") == inflection_key("page")
        assert inflection_key("created") == inflection_key("create")


class TestValueReading:
    def test_an_identifier_after_of_names_the_object_not_a_field(self) -> None:
        assert "droplet" not in read_values("check the status of droplet 3164444").markers
        assert "type" in read_values("list issues of type Bug").markers
        assert "channel" not in read_values("list the members of channel #design").markers

    def test_by_opens_a_field(self) -> None:
        reading = read_values("look up a stripe customer by email jane@acme.com")
        assert "email" in reading.markers and "jane" in reading.values

    def test_a_count_is_a_value(self) -> None:
        assert {"last", "10"} <= read_values("show me the last 10 charges").values
        assert "last" not in read_values("get the last invoice").values

    def test_a_name_goes_on_through_its_capitalised_words(self) -> None:
        assert {"meeting", "notes"} <= read_values("Find the Notion page titled Meeting Notes").values

    def test_codes_and_joined_names_where_a_request_places_them(self) -> None:
        assert {"nyc", "3"} <= read_values("create a droplet in nyc3").values
        assert {"feature", "x"} <= read_values("delete github branch feature-x").values
        assert "sign" not in read_values("sign-in with google").values

    def test_a_participle_before_a_date_is_a_filter(self) -> None:
        assert {"sent", "today"} <= read_values("list twilio messages sent today").values
        assert {"created", "2026"} <= read_values("list issues created since 2026-01-01").values
        assert "created" not in read_values("list created issues").values

    def test_an_address_names_no_app(self) -> None:
        assert without_addresses("email bob@x.com and see https://github.com/a") == "email   and see  "
        index = SearchIndex.build(DOCS)
        ranking = rank(index, "create an asana task for bob@github.com")
        assert ranking.scope == ("Asana",) and "github" in ranking.values
