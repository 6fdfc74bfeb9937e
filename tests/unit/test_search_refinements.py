"""The ranker refinements of issue 13's third and fourth rounds, each against the ranker without
it: app names read in the query as written (repeats kept, words run together), a shortened
name's words, grammar words no name of the pool carries, the tie order (a description saying
the query; a synonym covering no name), and the request read more closely (the word announcing
a value, topic words no tool carries, compounds the names write as one word)."""

from __future__ import annotations

from typing import Any

from cardamom.core.naming import advertised_name
from cardamom.core.pool import PoolTool
from cardamom.core.search import SearchIndex, SearchOptions, rank
from cardamom.core.search.argument_values import read_values
from cardamom.core.search.search_text import name_words, search_document
from cardamom.core.search.synonyms import join_compounds, join_vocabulary_compounds, synonyms_of
from cardamom.core.search.tokens import tokenize
from tests.unit.search_documents import app_doc, without

CALENDARS = [
    app_doc("cal-com__get_calendar_links", "Cal.com", "Get the calendar links of a booking."),
    app_doc("cal-com__list_bookings", "Cal.com", "List bookings."),
    app_doc("cal-com__watch_changes", "Cal.com", "Watch changes to bookings, as in Google."),
    app_doc("github__list_repos", "GitHub", "List repositories."),
]


class TestAppNamesAsWritten:
    def test_a_repeated_word_does_not_hide_the_app_it_names(self) -> None:
        # "calendar" comes twice: the second one, with "google", names Google Calendar.
        assert join_compounds(("list", "calendar", "in", "google", "calendar")) == (
            "list",
            "calendar",
            "in",
            "google",
            "calendar",
        )
        ranking = rank(SearchIndex.build(CALENDARS), "list watch changes calendar in google calendar")
        assert ranking.empty
        assert ranking.reason is not None
        assert (ranking.reason.kind, ranking.reason.apps) == ("app_not_connected", ("Google Calendar",))

    def test_an_app_name_written_as_one_word_names_it(self) -> None:
        # Azure DevOps splits into azure dev ops; a query writes "azure devops".
        ranking = rank(SearchIndex.build(CALENDARS), "azure devops post subscriptions")
        assert ranking.reason is not None
        assert (ranking.reason.kind, ranking.reason.apps) == ("app_not_connected", ("Azure DevOps",))
        connected = SearchIndex.build([*CALENDARS, app_doc("azure-devops__post_subscriptions", "Azure DevOps")])
        # the account azure-devops, the narrowest name for the same tools
        assert rank(connected, "azure devops post subscriptions").scope == ("azure-devops",)


def pool_tool(account: str, tool: str, description: str = "") -> PoolTool:
    fields: dict[str, Any] = {
        "name": advertised_name(account, tool),
        "account": account,
        "connector": account,
        "tool": tool,
        "description": description,
        "input_schema": {"type": "object"},
        "classification": "read",
        "method": "POST",
        "path": "/",
        "target": None,
        "arguments_in": {},
        "frozen": {},
    }
    return PoolTool(**fields)


class TestShortenedNames:
    LONG = pool_tool("azure-devops", "post_api_v_1_subscriptions_subscription_id_resource_groups_group_deployments")

    def test_a_shortened_name_keeps_the_words_of_the_whole_tool_name_and_not_the_digest(self) -> None:
        name = self.LONG.name
        assert len(name) == 64 and not name.endswith(self.LONG.tool)
        digest = name.rpartition("-")[2]
        words = name_words(self.LONG)
        assert {"resource", "groups", "deployments", "subscriptions"} <= words
        assert not set(tokenize(digest)) & (words - set(tokenize(self.LONG.tool)) - set(tokenize("azure-devops")))

    def test_a_word_cut_from_the_name_still_finds_the_tool(self) -> None:
        other = pool_tool("azure-devops", "post_api_v_1_environments")
        index = SearchIndex.build([search_document(t, "Azure DevOps") for t in (self.LONG, other)])
        assert rank(index, "azure devops post deployments").hits[0].name == self.LONG.name

    def test_a_word_the_cut_falls_inside_is_no_word_of_the_name(self) -> None:
        # twenty-second round: "..._for_reposi-<digest>" held "reposi", which "repos I" joined into
        cut = pool_tool("github", "copilot_disable_copilot_coding_agent_for_repository_in_organization")
        kept = tokenize(cut.name.rpartition("-")[0])
        assert kept[-1] not in set(tokenize(cut.tool))  # the cut falls inside a word
        words = name_words(cut)
        assert kept[-1] not in words and {"repository", "organization", "coding"} <= words

    def test_a_name_within_the_limit_reads_as_written(self) -> None:
        short = pool_tool("notion", "list_users")
        assert name_words(short) == {"notion", "list", "users"}


GOOGLE_CHAT = [
    app_doc("google-chat__chat_spaces_list", "Google Chat", "Lists spaces the caller is a member of."),
    app_doc("google-chat__chat_spaces_get", "Google Chat", "Returns details about a space."),
    app_doc("google-chat__chat_spaces_messages_create", "Google Chat", "Creates a message in a space."),
    app_doc("google-chat__chat_spaces_create", "Google Chat", "Creates a named space."),
    app_doc("google-chat__chat_spaces_members_create", "Google Chat", "Creates a membership."),
]


class TestGrammarWordsNoNameCarries:
    def test_a_guessed_name_loses_a_grammar_word_no_name_carries(self) -> None:
        index = SearchIndex.build(GOOGLE_CHAT)
        ranking = rank(index, "google_chat_list_spaces_caller_is")
        assert ranking.hits[0].name == "google-chat__chat_spaces_list"
        assert "is" in ranking.dropped and "is" not in ranking.query_tokens
        # Before, "is" weighed the most of any word (no tool carries it) and covered nothing.
        before = rank(
            SearchIndex.build(GOOGLE_CHAT, without(unmatched_grammar=False)), "google_chat_list_spaces_caller_is"
        )
        assert "is" in before.uncovered
        assert max(before.idf, key=before.idf.__getitem__) == "is"

    def test_a_grammar_word_a_name_carries_stays(self) -> None:
        index = SearchIndex.build([app_doc("github__orgs_is_member", "GitHub"), app_doc("github__orgs_list", "GitHub")])
        assert "is" in rank(index, "github_orgs_is_member").query_tokens

    def test_a_query_of_one_word_besides_keeps_its_grammar_word(self) -> None:
        index = SearchIndex.build([app_doc("dartfx__help", "Dartfx"), app_doc("dartfx__list", "Dartfx")])
        ranking = rank(index, "help me", pool=frozenset({0, 1}))
        assert "me" in ranking.query_tokens


class TestTieOrderRefinements:
    def test_a_name_reached_through_a_synonym_is_not_covered_by_the_query(self) -> None:
        # "message" meets "chat" through a synonym group; "messages" is its own word.
        index = SearchIndex.build(GOOGLE_CHAT)
        ranking = rank(index, "google chat create message chats")
        scored = {h.name: h.score for h in ranking.hits}
        assert scored["google-chat__chat_spaces_create"] == scored["google-chat__chat_spaces_messages_create"]
        assert ranking.hits[0].name == "google-chat__chat_spaces_messages_create"
        before = SearchIndex.build(GOOGLE_CHAT, without(literal_ties=False, description_ties=False))
        assert rank(before, "google chat create message chats").hits[0].name == "google-chat__chat_spaces_create"

    def test_the_description_that_says_the_query_comes_first_among_equal_scores(self) -> None:
        docs = [
            app_doc("stripe__get_customers_customer_sources", "Stripe", "List sources for a specified customer."),
            app_doc(
                "stripe__get_customers_customer_sources_id", "Stripe", "Retrieve a specified source for a customer."
            ),
            app_doc("stripe__get_charges", "Stripe", "List charges."),
        ]
        ranking = rank(SearchIndex.build(docs), "stripe retrieve specified source customer")
        assert ranking.hits[0].score == ranking.hits[1].score
        assert ranking.hits[0].name == "stripe__get_customers_customer_sources_id"
        before = SearchIndex.build(docs, without(description_ties=False))
        assert rank(before, "stripe retrieve specified source customer").hits[0].name == (
            "stripe__get_customers_customer_sources"
        )


DEVELOPER = [
    app_doc("github__repos_list_tags", "GitHub", "List repository tags."),
    app_doc("github__activity_list_followed", "GitHub", "Lists the people following a user; get followed tags too."),
    app_doc("github__repos_get", "GitHub", "Get a repository."),
    app_doc("stripe__get_charges", "Stripe", "List charges."),
    app_doc("stripe__post_charges", "Stripe", "Create a charge."),
]


class TestDescriptionHalfInWords:
    def test_an_unknown_app_s_phrase_does_not_clear_the_floor_through_descriptions_alone(self) -> None:
        # "Forem" is no app of the org and no known app: its phrase matched other apps'
        # descriptions only, just over half the mass.
        before = SearchIndex.build(DEVELOPER, without(words_description_half=False))
        assert not rank(before, "Forem: get followed tags").empty
        ranking = rank(SearchIndex.build(DEVELOPER), "Forem: get followed tags")
        assert ranking.empty
        assert ranking.reason is not None and "forem" in ranking.reason.uncovered

    def test_a_name_match_still_carries_its_full_weight(self) -> None:
        assert rank(SearchIndex.build(DEVELOPER), "list repository tags").hits[0].name == "github__repos_list_tags"


class TestStoredSwitches:
    def test_the_switches_round_trip_and_a_switch_a_blob_predates_is_on(self) -> None:
        options = without(literal_ties=False)
        assert SearchOptions.from_switches(options.switches()) == options
        assert "fallback_rule" not in options.switches()
        old = {k: v for k, v in SearchOptions().switches().items() if k != "named_app_fallback"}
        assert SearchOptions.from_switches({**old, "retired_switch": False}) == SearchOptions()


# A small workspace where the request reading of issue 13's fourth round matters.
WORKSPACE = [
    app_doc("asana__create_task", "Asana", "Create a task."),
    app_doc("asana__update_task", "Asana", "Update a task: its name, notes, due date."),
    app_doc("asana__get_tasks", "Asana", "Get tasks, filtered by project or section."),
    app_doc("asana__add_user_for_team", "Asana", "Add a user to a team; the invited user is called a member."),
    app_doc("notion__post_search", "Notion", "Search pages and databases by title."),
    app_doc("notion__retrieve_a_page", "Notion", "Retrieve a page."),
    app_doc("jira__add_worklog", "Jira", "Add a worklog to an issue: time spent."),
    app_doc("jira__get_issue", "Jira", "Get an issue."),
    app_doc("jira__add_comment", "Jira", "Add a comment to an issue."),
]


class TestValueMarkers:
    QUERY = "create a new task in asana called 'Quarterly review' due Friday"

    def test_the_word_announcing_a_value_leaves_with_it(self) -> None:
        ranking = rank(SearchIndex.build(WORKSPACE), self.QUERY)
        assert ranking.hits[0].name == "asana__create_task"
        assert {"called", "due"} <= set(ranking.dropped)
        assert {"quarterly", "review", "friday"} <= set(ranking.values)
        # "called" is rare in Asana's text, so it outweighed the task the request names
        # (a time due is a filter now: ``asked_states`` off beside it)
        before = rank(SearchIndex.build(WORKSPACE, without(value_markers=False, asked_states=False)), self.QUERY)
        assert [h.name for h in before.hits][:1] != ["asana__create_task"]

    def test_a_value_cut_from_the_text_keeps_its_place(self) -> None:
        # "due" follows the quoted title, not "called": it is a date word here, not the name
        reading = read_values("a task called 'Roadmap' due Friday")
        assert "due" not in reading.values and "due" in reading.markers
        assert read_values("a task called Roadmap").values == {"roadmap"}

    def test_a_naming_word_ending_the_query_stays(self) -> None:
        assert read_values("get named ranges").markers == {"named"}
        assert read_values("list people called").markers == frozenset()


class TestTopicValues:
    def test_a_topic_no_tool_of_the_named_app_carries_is_a_value(self) -> None:
        index = SearchIndex.build(WORKSPACE)
        ranking = rank(index, "search notion pages about onboarding")
        assert ranking.hits[0].name == "notion__post_search"
        assert "onboarding" in ranking.values and not ranking.values_weighed
        before = SearchIndex.build(WORKSPACE, without(topic_values=False))
        assert rank(before, "search notion pages about onboarding").empty

    def test_a_topic_word_a_tool_carries_stays_a_word(self) -> None:
        ranking = rank(SearchIndex.build(WORKSPACE), "get asana tasks for a project")
        assert ranking.hits[0].name == "asana__get_tasks"
        assert "project" not in ranking.values

    def test_outside_a_named_app_a_topic_still_weighs(self) -> None:
        # nothing names the app the request is for: the floor keeps the whole request
        unimplied = SearchIndex.build(WORKSPACE, without(implied_app=False))
        assert rank(unimplied, "search pages about onboarding").empty
        # unless a word only one app's names carry implies it ("page": Notion's only, here)
        implied = rank(SearchIndex.build(WORKSPACE), "search pages about onboarding")
        assert implied.scope == ("Notion",) and implied.hits[0].name == "notion__post_search"

    def test_the_topic_phrase_ends_at_grammar(self) -> None:
        reading = read_values("find pages about the customer onboarding process in notion")
        assert reading.topics == {"customer", "onboarding", "process"}


class TestVocabularyCompounds:
    def test_two_words_a_name_writes_as_one_are_read_as_it(self) -> None:
        assert join_vocabulary_compounds(("add", "work", "log"), {"worklog"}) == ("add", "worklog")
        assert join_vocabulary_compounds(("add", "work", "log"), set()) == ("add", "work", "log")
        index = SearchIndex.build(WORKSPACE)
        assert rank(index, "jira add work log").hits[0].name == "jira__add_worklog"
        assert rank(SearchIndex.build(WORKSPACE, without(vocabulary_compounds=False)), "jira add work log").empty

    def test_numbers_are_never_joined(self) -> None:
        assert join_vocabulary_compounds(("v", "2"), {"v2"}) == ("v", "2")


class TestValueShapes:
    def test_prefixed_ids_and_slugs_are_values(self) -> None:
        assert read_values("refund a stripe charge ch_3MqL").values == {"ch", "3", "mq", "l"}
        assert read_values("open an issue in repo acme/widgets").values == {"acme", "widgets"}
        assert read_values("list pull requests of octocat/hello-world").values == {"octocat", "hello", "world"}

    def test_a_key_in_capitals_after_the_thing_it_names_is_a_value(self) -> None:
        assert read_values("show the open issues in jira project KAN").values == {"kan"}
        assert read_values("export the PDF of a project").values == frozenset()

    def test_plain_word_pairs_and_names_with_digits_are_not(self) -> None:
        for query in ("grant read/write access", "get oauth2_token", "list_v2_users", "and/or"):
            assert read_values(query).values == frozenset(), query

    def test_the_field_a_value_goes_in_announces_it(self) -> None:
        assert read_values("create a customer with email bob@example.com").markers == {"email"}
        assert read_values('create a page with title "Q3"').markers == {"title"}
        assert read_values("find users with admin role").markers == frozenset()


class TestRequestWords:
    def test_list_and_tell_are_ways_to_ask_for_something(self) -> None:
        assert {"get", "retrieve"} <= set(synonyms_of("list"))
        assert "get" in synonyms_of("tell")
        index = SearchIndex.build(WORKSPACE)
        assert rank(index, "jira list issues").hits[0].name == "jira__get_issue"

    def test_inside_is_a_filler_word(self) -> None:
        assert "inside" in rank(SearchIndex.build(WORKSPACE), "create a task inside asana").dropped


class TestNameEvidence:
    def test_a_request_reaching_a_tool_through_its_description_alone_finds_nothing(self) -> None:
        # Jira has no sprint tool; a description that says "create" and "sprint" is not one.
        docs = [
            app_doc("jira__get_issue", "Jira", "Get an issue."),
            app_doc("jira__get_all_permission_schemes", "Jira", "Create or update a sprint's permission scheme."),
            app_doc("jira__create_issue", "Jira", "Create an issue."),
        ]
        assert rank(SearchIndex.build(docs), "create a jira sprint").empty
        # (a read for "create" is a wrong tool ``write_actions`` takes away too)
        unchecked = without(name_evidence=False, write_actions=False)
        before = rank(SearchIndex.build(docs, unchecked), "create a jira sprint")
        assert [h.name for h in before.hits] == ["jira__get_all_permission_schemes"]

    def test_a_name_word_with_description_words_still_clears(self) -> None:
        docs = [
            app_doc("jira__get_issue", "Jira", "Get an issue."),
            app_doc("jira__get_sprint", "Jira", "Returns the sprint."),
            app_doc("jira__create_issue", "Jira", "Create an issue."),
        ]
        assert rank(SearchIndex.build(docs), "get the jira sprint").hits[0].name == "jira__get_sprint"
