"""Each seed rule of search, on hand-built pools: weights, floor, IDF pool, stop words, ties, limit."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import pytest

from cardamom.core.pool import PoolTool
from cardamom.core.search import (
    RELEVANCE_FLOOR,
    SEED_RULES_ONLY,
    EmptyReason,
    SearchDocument,
    SearchIndex,
    SearchOptions,
    inverse_document_frequency,
    is_name_shaped,
    query_tokens,
    rank,
)
from cardamom.core.search.argument_values import argument_values
from cardamom.core.search.search_text import frozen_sentence, merged_sentence, own_description, search_document
from cardamom.core.search.synonyms import synonyms_of
from cardamom.core.search.tie_break import codepoint_tie_break, result_order_key
from cardamom.core.search.tokens import description_tokens, tokenize
from cardamom.mcp.results import search_payload
from cardamom.service.search import SearchReport
from tests.unit.search_documents import app_doc


def doc(name: str, label: str = "", description: str = "") -> SearchDocument:
    return SearchDocument(
        name=name,
        name_tokens=frozenset(tokenize(name)),
        label_tokens=frozenset(tokenize(label)),
        description_tokens=description_tokens(description),
    )


def index(*docs: SearchDocument) -> SearchIndex:
    return SearchIndex.build(list(docs))


NOTION_POOL = index(
    doc("list_all_notion_users", "Notion", "List all users in the workspace."),
    doc("retrieve_page", "Notion", "Retrieve a page by its id."),
    doc("create_page", "Notion", "Create a page."),
    doc("query_database", "Notion", "Query a database."),
    doc("list_block_children", "Notion", "List the children of a block."),
)


def scores(ranking_hits: object) -> dict[str, int]:
    return {hit.name: hit.score for hit in ranking_hits}  # type: ignore[attr-defined]


class TestWeights:
    def test_exact_name_token_scores_five(self) -> None:
        hits = rank(index(doc("get_invoice")), "invoice").hits
        assert hits[0].score == 5
        assert [(m.field, m.weight) for m in hits[0].matches] == [("name", 5)]

    @pytest.mark.parametrize(
        ("name", "query"),
        [("list_schedules", "schedule"), ("list_schedule", "schedules"), ("get_repository", "repo")],
    )
    def test_name_prefix_in_either_direction_scores_three(self, name: str, query: str) -> None:
        hit = rank(index(doc(name)), query).hits[0]
        assert hit.score == 3
        assert hit.matches[0].field == "name_prefix"

    def test_connector_label_scores_two(self) -> None:
        hit = rank(index(doc("list_items", label="Cal.com")), "cal").hits[0]
        assert (hit.score, hit.matches[0].field) == (2, "label")

    def test_description_token_scores_one(self) -> None:
        hit = rank(index(doc("list_items", description="Items on the invoice")), "invoice").hits[0]
        assert (hit.score, hit.matches[0].field) == (1, "description")

    def test_the_best_field_counts_once_per_token(self) -> None:
        # "users" is in the name, the label and the description: only the name's 5 counts.
        hit = rank(index(doc("list_users", label="Users", description="users users")), "users").hits[0]
        assert hit.score == 5
        assert len(hit.matches) == 1

    def test_score_sums_over_query_tokens(self) -> None:
        hit = rank(index(doc("list_all_users", "Notion", "workspace members")), "list notion members").hits[0]
        assert hit.score == 5 + 2 + 1

    def test_prefix_needs_three_characters_on_the_shorter_side(self) -> None:
        pool = index(doc("update_v2_record"), doc("identity_lookup"))
        assert rank(pool, "validate").empty  # the name token 'v' prefixes it, but is too short
        assert rank(pool, "id").empty  # 'id' would prefix 'identity', but is too short
        assert rank(pool, "ide").hits[0].name == "identity_lookup"


class TestRelevanceFloor:
    def test_cal_com_query_on_a_notion_only_pool_returns_nothing(self) -> None:
        ranking = rank(NOTION_POOL, "list_all_cal_com_schedules")
        assert ranking.empty
        assert ranking.uncovered == ("cal", "com", "schedules")
        assert ranking.below_floor >= 1  # list_all_notion_users matched, but too little

    def test_without_the_floor_the_incident_returns_the_wrong_tool(self) -> None:
        seeds = SearchIndex.build(list(NOTION_POOL.documents), SearchOptions(head_all=False))
        unfloored = rank(seeds, "list_all_cal_com_schedules", floor=0.0)
        assert unfloored.hits[0].name == "list_all_notion_users"
        assert unfloored.hits[0].score == 10  # list and all, 5 each, as in the seeds
        # a name's "all" counts only with the thing it quantifies (``head_all``): still a wrong tool
        shipped = rank(NOTION_POOL, "list_all_cal_com_schedules", floor=0.0)
        assert shipped.hits and shipped.hits[0].score == 5

    def test_the_right_tool_clears_the_floor(self) -> None:
        ranking = rank(NOTION_POOL, "list notion users")
        assert ranking.hits[0].name == "list_all_notion_users"
        assert ranking.hits[0].coverage == pytest.approx(1.0)

    def test_covering_exactly_half_of_the_mass_is_enough(self) -> None:
        # Two query tokens of equal rarity; each tool covers one of them: exactly half.
        pool = index(doc("alpha_tool"), doc("beta_tool"), doc("gamma_thing"), doc("delta_thing"))
        ranking = rank(pool, "alpha beta")
        assert [h.name for h in ranking.hits] == ["alpha_tool", "beta_tool"]
        assert all(h.coverage == pytest.approx(0.5) for h in ranking.hits)

    def test_covering_just_under_half_is_not(self) -> None:
        # 'alpha' is rarer than 'common', so a tool covering only 'common' holds < half.
        pool = index(doc("alpha_common"), doc("common_one"), doc("common_two"), doc("other"))
        ranking = rank(pool, "alpha common")
        assert [h.name for h in ranking.hits] == ["alpha_common"]
        idf = ranking.idf
        assert idf["common"] / (idf["common"] + idf["alpha"]) < RELEVANCE_FLOOR

    def test_coverage_is_a_share_of_idf_mass_not_of_raw_score(self) -> None:
        pool = index(doc("list_users"), doc("list_pages"), doc("list_teams"), doc("archive_invoice"))
        ranking = rank(pool, "list invoice")
        # archive_invoice scores 5 and list_* score 5 each, but only 'invoice' is rare.
        assert [h.name for h in ranking.hits] == ["archive_invoice"]

    def test_idf_is_bm25_smoothed(self) -> None:
        assert inverse_document_frequency(10, 0) == pytest.approx(math.log(1 + 10.5 / 0.5))
        assert inverse_document_frequency(10, 10) == pytest.approx(math.log(1 + 0.5 / 10.5))
        assert inverse_document_frequency(10, 10) > 0


class TestIdfOverTheCallersPool:
    POOL = index(
        doc("list_calendar_events", "Google Calendar"),
        doc("list_users", "Notion"),
        doc("list_pages", "Notion"),
        doc("list_databases", "Notion"),
    )

    def test_a_withheld_tool_neither_matches_nor_shifts_scores(self) -> None:
        visible = {1, 2, 3}
        narrowed = rank(self.POOL, "list users calendar", pool=visible)
        alone = rank(index(*(self.POOL.documents[i] for i in sorted(visible))), "list users calendar")
        assert [(h.name, h.score, h.coverage) for h in narrowed.hits] == [
            (h.name, h.score, h.coverage) for h in alone.hits
        ]
        assert narrowed.idf == alone.idf
        assert narrowed.pool_size == 3
        assert "list_calendar_events" not in {h.name for h in narrowed.hits}

    def test_the_same_query_weighs_differently_in_different_pools(self) -> None:
        full = rank(self.POOL, "list calendar")
        narrowed = rank(self.POOL, "list calendar", pool={1, 2, 3})
        assert full.idf["calendar"] != narrowed.idf["calendar"]
        assert narrowed.uncovered == ("calendar",)
        assert full.hits[0].name == "list_calendar_events"

    def test_an_empty_pool_returns_nothing_and_names_every_token(self) -> None:
        ranking = rank(self.POOL, "list users", pool=set())
        assert ranking.empty
        assert ranking.uncovered == ("list", "users")


class TestStopWordsAndLabels:
    MERGED = index(
        doc("notion__list_users", "Notion", "List users. Account: notion-legal. Set on the connection."),
        doc("notion__create_page", "Notion", "Create a page. Account: notion-legal. Set on the connection."),
        doc("notion__query_database", "Notion", "Query a database. Frozen: database_id=db-campaigns. More."),
    )

    @pytest.mark.parametrize("word", ["set", "connection", "frozen", "more"])
    def test_scaffolding_words_never_score_in_descriptions(self, word: str) -> None:
        assert rank(self.MERGED, word, floor=0.0).empty

    def test_a_query_with_connection_does_not_tie_every_merged_tool(self) -> None:
        ranking = rank(self.MERGED, "connection create page", floor=0.0)
        assert ranking.hits[0].name == "notion__create_page"
        assert len({h.score for h in ranking.hits}) == len(ranking.hits)

    def test_account_labels_and_frozen_values_stay_scorable(self) -> None:
        assert rank(self.MERGED, "legal", floor=0.0).hits[0].matches[0].field == "description"  # hand-built text
        hit = rank(self.MERGED, "campaigns").hits[0]
        assert hit.name == "notion__query_database"

    def test_stop_words_still_count_in_names(self) -> None:
        # Only description scoring drops them; a tool *named* for settings is findable.
        assert rank(index(doc("set_status")), "set").hits[0].score == 5


class TestOrderingAndLimit:
    def test_ties_break_by_codepoint_never_locale(self) -> None:
        # Locale collation would put "alpha" before "Beta" and "école" before "zeta";
        # codepoint order puts uppercase before lowercase and ASCII before accents.
        names = ["zeta__sync", "école__sync", "alpha__sync", "Beta__sync"]
        ranking = rank(index(*(doc(n) for n in names)), "sync")
        assert [h.name for h in ranking.hits] == ["Beta__sync", "alpha__sync", "zeta__sync", "école__sync"]
        assert len({h.score for h in ranking.hits}) == 1

    def test_higher_scores_come_first(self) -> None:
        ranking = rank(index(doc("aaa_pages", description="list"), doc("zzz_list_pages")), "list pages")
        assert [h.name for h in ranking.hits] == ["zzz_list_pages", "aaa_pages"]

    def test_the_limit_cuts_after_ordering(self) -> None:
        pool = index(*(doc(f"tool_{c}__sync") for c in "edcba"))
        ranking = rank(pool, "sync", limit=2)
        assert [h.name for h in ranking.hits] == ["tool_a__sync", "tool_b__sync"]
        assert ranking.above_floor == 5

    def test_query_tokens_are_normalised_and_deduplicated(self) -> None:
        assert query_tokens("List LIST listAllUsers") == ("list", "all", "users")


class TestQueryFillerWords:
    def test_filler_words_leave_the_query_before_weighting(self) -> None:
        ranking = rank(NOTION_POOL, "could you please list all the users for me")
        # "me" is content in a name (get_me) but grammar in a request of other words: it goes too.
        assert ranking.query_tokens == ("list", "all", "users")
        assert set(ranking.dropped) == {"could", "you", "please", "the", "for", "me"}
        assert ranking.hits[0].name == "list_all_notion_users"

    def test_without_dropping_the_same_request_sinks_under_the_floor(self) -> None:
        plain = SearchIndex.build(list(NOTION_POOL.documents), SEED_RULES_ONLY)
        assert rank(plain, "could you please list all the users for me").empty

    def test_contraction_tails_are_not_words(self) -> None:
        assert query_tokens("what's in Messi's page? don't") == ("in", "messi", "page", "do")

    def test_a_query_of_filler_words_only_keeps_them(self) -> None:
        assert query_tokens("what this") == ("what", "this")
        assert query_tokens("what is this") == ("is",)

    def test_verbs_particles_and_me_are_never_dropped(self) -> None:
        assert query_tokens("get me all users is sign in log out") == (
            "get",
            "me",
            "all",
            "users",
            "is",
            "sign",
            "in",
            "log",
            "out",
        )


class TestInflections:
    @pytest.mark.parametrize(
        ("name", "query"),
        [("list_categories", "category"), ("list_category", "categories"), ("get_statuses", "status")],
    )
    def test_inflected_name_tokens_score_as_name_prefix(self, name: str, query: str) -> None:
        hit = rank(index(doc(name)), query).hits[0]
        assert (hit.score, hit.matches[0].field, hit.matches[0].relation) == (3, "name_prefix", "inflection")

    def test_inflections_match_in_descriptions_and_labels(self) -> None:
        pool = index(doc("tool_one", "Schedules", "Creates entries."), doc("tool_two"))
        hit = rank(pool, "schedule created entry").hits[0]
        assert [(m.token, m.field, m.matched) for m in hit.matches] == [
            ("schedule", "label", "schedules"),
            ("created", "description", "creates"),
            ("entry", "description", "entries"),
        ]

    def test_no_derivation_and_no_short_stems(self) -> None:
        pool = index(doc("set_status"), doc("get_usage"))
        assert rank(pool, "settings").empty
        assert rank(pool, "user", floor=0.0).empty


class TestReversePrefix:
    def test_a_name_token_inside_a_longer_query_word_must_be_an_inflection(self) -> None:
        pool = index(doc("send_message"), doc("post_update"), doc("list_schedule"))
        assert rank(pool, "sendgrid", floor=0.0).empty
        assert rank(pool, "postmark", floor=0.0).empty
        assert rank(pool, "schedules").hits[0].name == "list_schedule"
        assert rank(pool, "posted").hits[0].name == "post_update"

    def test_the_seed_rule_alone_matched_them(self) -> None:
        plain = SearchIndex.build([doc("send_message")], SEED_RULES_ONLY)
        assert rank(plain, "sendgrid", floor=0.0).hits[0].matches[0].matched == "send"


class TestGuessedNameRules:
    POOL = index(
        doc("docusign__lock_envelope", "DocuSign", "Lock an envelope so nobody can edit the message."),
        doc("docusign__send_message", "DocuSign", "Send a message."),
        doc("docusign__list_envelopes", "DocuSign", "List envelopes."),
        doc("docusign__get_user", "DocuSign", "Get a user."),
    )

    def test_a_guessed_name_is_held_to_names(self) -> None:
        # 'edit' is only in a description: as a guessed name it covers a fifth of its weight.
        assert is_name_shaped("lock_edit_message") and not is_name_shaped("lock edit message")
        guessed = rank(self.POOL, "lock_edit_message")
        spoken = rank(self.POOL, "lock edit message")
        assert spoken.hits[0].name == "docusign__lock_envelope"
        assert guessed.hits[0].coverage < spoken.hits[0].coverage

    def test_a_guessed_name_with_a_word_nothing_carries_returns_nothing(self) -> None:
        # At a lower floor the spoken request clears it; the guessed name never does.
        assert rank(self.POOL, "zorblat send message", floor=0.4).hits[0].name == "docusign__send_message"
        assert rank(self.POOL, "twilio_send_message", floor=0.4).empty
        assert not rank(self.POOL, "twilio_send_message", floor=0.0).empty

    def test_a_guessed_name_must_match_its_rarest_word(self) -> None:
        pool = index(
            doc("gitea__org_remove_team_member", "Gitea", "Remove a team member."),
            doc("gitea__org_add_team_member", "Gitea", "Add a team member."),
            doc("gitea__list_teams", "Gitea", "List teams."),
            doc("gitea__deploy_hook", "Gitea", "Trigger a deploy on Vercel."),
            doc("gitea__get_user", "Gitea", "Get a user."),
            doc("gitea__remove_label", "Gitea", "Remove a label."),
        )
        ranking = rank(pool, "remove_vercel_team_member")
        assert ranking.empty  # the Gitea tool covers more than half the mass, but not 'vercel'
        assert rank(pool, "remove_vercel_team_member", floor=0.0).hits[0].name == "gitea__org_remove_team_member"
        assert rank(pool, "remove_gitea_team_member").hits[0].name == "gitea__org_remove_team_member"


class TestPruningKeepsTheExactResult:
    def test_matches_a_brute_force_ranking(self) -> None:
        import random

        rng = random.Random(7)
        vocabulary = ["list", "get", "users", "pages", "invoice", "schedule", "calendar", "events", "notion", "cal"]
        docs = [
            doc(
                "_".join(rng.sample(vocabulary, 3)) + f"_{i}",
                rng.choice(["Notion", "Cal.com", "Stripe"]),
                " ".join(rng.sample(vocabulary, 4)),
            )
            for i in range(60)
        ]
        pool = index(*docs)
        for _ in range(200):
            query = " ".join(rng.sample(vocabulary, rng.randint(1, 4)))
            visible = frozenset(rng.sample(range(60), 40))
            ranking = rank(pool, query, pool=visible, limit=100)
            brute = rank(pool, query, pool=visible, limit=100, floor=0.0)
            # a request of two words or more must reach a tool's name or label (``name_evidence``)
            words = len(query.split())
            expected = [
                h
                for h in brute.hits
                if h.coverage + 1e-9 >= RELEVANCE_FLOOR
                and (words == 1 or any(m.field != "description" for m in h.matches))
            ]
            assert [(h.name, h.score) for h in ranking.hits] == [(h.name, h.score) for h in expected]
            assert ranking.below_floor == len(brute.hits) - len(expected)


def test_a_scaffolding_word_nothing_carries_does_not_sink_the_query() -> None:
    pool = index(
        doc("notion__create_page", "Notion", "Create a page. Reaches more than one connection."),
        doc("notion__list_users", "Notion", "List users. Reaches more than one connection."),
    )
    ranking = rank(pool, "connection create page")
    assert [h.name for h in ranking.hits] == ["notion__create_page"]
    assert ranking.dropped == ("connection",)
    # ... but a tool that names the word in its name keeps it weighed and scored
    named = index(doc("delete_connection"), doc("create_page"))
    assert rank(named, "connection").hits[0].name == "delete_connection"


# ---- issue 13: what models write ------------------------------------------------------------


WORKSPACE = [
    app_doc("jira__get_issue", "Jira", "Returns the details for an issue."),
    app_doc("jira__get_all_issue_field_options", "Jira", "Returns the options of an issue field."),
    app_doc("jira__add_comment", "Jira", "Adds a comment to an issue."),
    app_doc("jira__get_all_labels", "Jira", "Returns the labels."),
    app_doc("jira__create_issue", "Jira", "Creates an issue or a subtask."),
    app_doc("asana__create_task", "Asana", "Creates a new task in a workspace."),
    app_doc("asana__add_tag_for_task", "Asana", "Adds a tag to a task."),
    app_doc("asana__get_task", "Asana", "Returns the complete task record."),
    app_doc("box__delete_files_id", "Box", "Deletes a file."),
    app_doc("box__delete_file_requests_id", "Box", "Deletes a file request."),
    app_doc("box__post_integration_mappings_slack", "Box", "Creates a Slack integration mapping."),
    app_doc("harvest__list_time_entries", "Harvest", "Lists time entries: the times tracked."),
    app_doc("slack__chat_post_message", "Slack", "Sends a message to a channel."),
    app_doc("slack__conversations_list", "Slack", "Lists the channels of a workspace."),
]
WORKSPACE_INDEX = SearchIndex.build(WORKSPACE)
NO_SLACK = frozenset(i for i, d in enumerate(WORKSPACE) if not d.name.startswith("slack__"))


def top(query: str, *, pool: frozenset[int] | None = NO_SLACK, index_: SearchIndex = WORKSPACE_INDEX) -> str | None:
    hits = rank(index_, query, pool=pool).hits
    return hits[0].name if hits else None


class TestConnectorScoping:
    def test_a_named_app_scopes_the_ranking(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "asana label a task", pool=NO_SLACK)
        assert ranking.scope == ("Asana",)
        assert all(h.name.startswith("asana__") for h in ranking.hits)
        assert "jira__get_all_labels" not in {h.name for h in rank(WORKSPACE_INDEX, "asana label", floor=0.0).hits}
        unscoped = SearchIndex.build(WORKSPACE, SearchOptions(app_scope=False, synonyms=False))
        assert "jira__get_all_labels" in {h.name for h in rank(unscoped, "asana label", pool=NO_SLACK, floor=0.0).hits}

    def test_a_connected_app_with_no_usable_tools_returns_nothing_and_says_so(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "slack post message to channel", pool=NO_SLACK)
        assert ranking.empty
        assert ranking.reason == EmptyReason("app_without_usable_tools", ("Slack",))
        # Without scoping, another app's tool that mentions Slack answered.
        unscoped = SearchIndex.build(WORKSPACE, SearchOptions(app_scope=False))
        hits = rank(unscoped, "slack post message to channel", pool=NO_SLACK, floor=0.0).hits
        assert hits[0].name == "box__post_integration_mappings_slack"

    def test_an_app_the_org_has_not_connected_returns_nothing_and_says_so(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "gmail delete file", pool=NO_SLACK)
        assert ranking.empty
        assert ranking.reason is not None and ranking.reason.kind == "app_not_connected"
        assert ranking.reason.apps == ("Gmail",)
        assert ranking.app_words == ("gmail",)

    def test_a_word_that_is_everyday_in_this_index_is_no_app_name(self) -> None:
        # "time" is a word here, not an app: ranking stays unscoped.
        assert rank(WORKSPACE_INDEX, "list time entries", pool=NO_SLACK).scope == ()

    def test_without_the_floor_an_unusable_app_ranks_as_unnamed(self) -> None:
        assert not rank(WORKSPACE_INDEX, "slack post message", pool=NO_SLACK, floor=0.0).empty


class TestTieOrder:
    def test_the_tool_whose_own_name_the_query_covers_most_comes_first(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "jira get issue", pool=NO_SLACK)
        scored = {h.name: h.score for h in ranking.hits}
        assert scored["jira__get_issue"] == scored["jira__get_all_issue_field_options"]
        assert ranking.hits[0].name == "jira__get_issue"

    def test_codepoint_order_is_the_last_tie_break(self) -> None:
        assert codepoint_tie_break("b") > codepoint_tie_break("B") > codepoint_tie_break("A")
        assert result_order_key(5, 0.0, 1.0, 2, "a__x") < result_order_key(5, 0.0, 1.0, 2, "b__x")
        assert result_order_key(5, 0.0, 1.0, 2, "z__x") < result_order_key(5, 0.0, 0.5, 2, "a__x")
        assert result_order_key(5, 0.0, 1.0, 2, "z__x") < result_order_key(5, 0.0, 1.0, 3, "a__x")
        # the description's say comes before the name's share; the score before both
        assert result_order_key(5, 2.0, 0.5, 3, "z__x") < result_order_key(5, 1.0, 1.0, 2, "a__x")
        assert result_order_key(6, 0.0, 0.0, 9, "z__x") < result_order_key(5, 9.0, 1.0, 1, "a__x")

    def test_inflected_name_tokens_keep_the_seeds_prefix_weight(self) -> None:
        hit = rank(WORKSPACE_INDEX, "box delete files", pool=NO_SLACK).hits
        assert hit[0].name == "box__delete_files_id"


class TestArgumentValues:
    @pytest.mark.parametrize(
        ("query", "values"),
        [
            # "Jira" is a capitalised word mid-sentence too; the ranker gives app names precedence.
            (
                "Comment 'Fixed in build 142' on Jira issue PROJ-123",
                {"fixed", "in", "build", "142", "proj", "123", "jira"},
            ),
            ("send it to maria@example.com", {"maria", "example", "com"}),
            ("upload report.pdf to #general", {"report", "pdf", "general"}),
            ("create a task due next Friday at 3pm", {"next", "friday", "3", "pm"}),
            ("assign the ticket to Maria and Sam", {"maria", "sam"}),
            ('rename page "Q3 plan"', {"q", "3", "plan"}),
            ("delete task 1204567890123", {"1204567890123"}),
        ],
    )
    def test_values_are_found_by_their_shape(self, query: str, values: set[str]) -> None:
        assert argument_values(query) == values

    @pytest.mark.parametrize("query", ["create s3 bucket", "oauth2 token", "list v2 users", "Create Jira Issue"])
    def test_names_with_digits_and_title_case_are_not_values(self, query: str) -> None:
        assert argument_values(query) == frozenset()

    def test_apostrophes_do_not_open_quotes(self) -> None:
        assert argument_values("don't delete Messi's file") == frozenset()

    def test_inside_a_named_app_values_leave_the_mass(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "Comment 'Fixed in build 142' on Jira issue PROJ-123", pool=NO_SLACK)
        assert ranking.hits[0].name == "jira__add_comment"
        assert not ranking.values_weighed
        assert {"142", "proj", "123"} <= set(ranking.values)

    def test_without_a_named_app_values_still_weigh(self) -> None:
        assert rank(WORKSPACE_INDEX, "what is 17 times 23", pool=NO_SLACK).empty


class TestSynonyms:
    def test_a_synonym_matches_inside_a_named_app(self) -> None:
        hit = rank(WORKSPACE_INDEX, "jira view a ticket", pool=NO_SLACK).hits[0]
        assert hit.name == "jira__get_issue"
        assert {m.relation for m in hit.matches} == {"synonym"}
        assert synonyms_of("tickets") and "issue" in synonyms_of("tickets")

    def test_no_synonyms_without_a_named_app(self) -> None:
        assert rank(WORKSPACE_INDEX, "view a ticket", pool=NO_SLACK).empty

    def test_an_unconnected_app_with_a_synonym_stays_empty(self) -> None:
        assert rank(WORKSPACE_INDEX, "linear open a ticket", pool=NO_SLACK).empty

    def test_to_do_is_one_word(self) -> None:
        hits = rank(WORKSPACE_INDEX, "asana add a to-do", pool=NO_SLACK).hits
        assert "asana__create_task" in {h.name for h in hits}
        assert ("todo", "task", "synonym") in {(m.token, m.matched, m.relation) for m in hits[0].matches}


class TestEmptyReasons:
    def test_the_words_no_tool_covers_are_the_reason(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "jira escalate pagerduty incident", pool=NO_SLACK)
        assert ranking.reason is not None and ranking.reason.kind == "words_uncovered"
        assert "pagerduty" in ranking.reason.uncovered
        assert ranking.reason.apps == ("Jira",)

    def test_values_are_never_among_the_uncovered_words(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "escalate incident INC-4711 to maria@example.com", pool=NO_SLACK)
        assert ranking.reason is not None
        assert set(ranking.reason.uncovered).isdisjoint({"inc", "4711", "maria", "example", "com"})
        assert {"4711", "maria"} <= set(ranking.reason.values)

    def test_a_ranking_with_hits_has_no_reason(self) -> None:
        assert rank(WORKSPACE_INDEX, "jira get issue", pool=NO_SLACK).reason is None


class TestUrlsInDescriptions:
    def test_links_do_not_match(self) -> None:
        tokens = description_tokens("Needs *Administer* [permission](https://confluence.atlassian.com/x/x4d).")
        assert "confluence" not in tokens and "permission" in tokens
        assert "example" not in description_tokens("See https://example.com/docs for details.")


# ---- issue 16, item 5: merged and frozen scaffolding never scores ---------------------------------


def pool_tool(name: str, description: str, **extra: Any) -> PoolTool:
    fields: dict[str, Any] = {
        "name": name,
        "account": name.split("__")[0],
        "connector": "crm",
        "tool": name.split("__")[1],
        "description": description,
        "input_schema": {"type": "object"},
        "classification": "read",
        "method": "GET",
        "path": "/",
        "target": None,
        "arguments_in": {},
        "frozen": {},
    }
    fields.update(extra)
    return PoolTool(**fields)


MERGED_TOOL = pool_tool(
    "crm__list_contacts",
    "List contacts. " + merged_sentence("account", ["legal", "marketing"]),
    account="",
    accounts=("legal", "marketing"),
    account_argument="account",
)
FROZEN_TOOL = pool_tool(
    "book__list_contacts",
    "List contacts. " + frozen_sentence({"folder": "campaigns"}),
    frozen={"folder": "campaigns"},
)
PLAIN_TOOL = pool_tool("mail__list_contacts", "List contacts.")
SCAFFOLDED = SearchIndex.build([search_document(t, "Acme CRM") for t in (MERGED_TOOL, FROZEN_TOOL, PLAIN_TOOL)])


class TestScaffoldingNeverScores:
    @pytest.mark.parametrize("word", ["reaches", "one", "parameters", "than", "connection", "set", "frozen"])
    def test_no_word_of_the_scaffolding_scores(self, word: str) -> None:
        assert rank(SCAFFOLDED, word, floor=0.0).empty

    def test_a_merged_tool_does_not_outrank_an_unmerged_one_through_its_scaffolding(self) -> None:
        hits = rank(SCAFFOLDED, "list contacts account", floor=0.0).hits
        assert len({h.score for h in hits}) == 1  # was 11 for the merged tool against 10

    def test_account_labels_score_as_name_words_like_an_unmerged_account(self) -> None:
        assert rank(SCAFFOLDED, "legal list contacts").scope == ("legal",)  # an account, named
        unscoped = SearchIndex.build(SCAFFOLDED.documents, SearchOptions(app_scope=False))
        hit = rank(unscoped, "legal list contacts").hits[0]
        assert hit.name == "crm__list_contacts"
        assert ("legal", "name", 5) in {(m.token, m.field, m.weight) for m in hit.matches}

    def test_frozen_values_stay_scorable(self) -> None:
        hit = rank(SCAFFOLDED, "campaigns").hits[0]
        assert (hit.name, hit.matches[0].field) == ("book__list_contacts", "description")

    def test_a_named_account_narrows_the_named_app(self) -> None:
        assert rank(SCAFFOLDED, "acme crm legal list contacts").scope == ("legal",)

    def test_the_tool_text_shown_still_carries_the_scaffolding(self) -> None:
        assert own_description(MERGED_TOOL) == "List contacts."
        assert MERGED_TOOL.description.endswith("set account to legal or marketing.")


WORKSPACE_SNAPSHOT = SimpleNamespace(index=WORKSPACE_INDEX, connectors={})


class TestEmptyResultMessages:
    @pytest.mark.parametrize(
        ("query", "kind", "message"),
        [
            ("gmail delete file", "app_not_connected", "Gmail is not connected"),
            ("slack post message", "app_without_usable_tools", "Slack is connected but none of its tools"),
            ("jira view a pagerduty incident", "words_uncovered", "no tool covers: pagerduty"),
        ],
    )
    def test_the_payload_states_the_real_reason(self, query: str, kind: str, message: str) -> None:
        ranking = rank(WORKSPACE_INDEX, query, pool=NO_SLACK)
        payload = search_payload(SearchReport(query, WORKSPACE_SNAPSHOT, ranking, (), 0, {}))  # type: ignore[arg-type]
        assert payload["reason"]["kind"] == kind
        assert message in payload["message"]
        assert payload["results"] == []

    def test_restricted_matches_only_say_so(self) -> None:
        ranking = rank(WORKSPACE_INDEX, "jira view a pagerduty incident", pool=NO_SLACK)
        report = SearchReport("q", WORKSPACE_SNAPSHOT, ranking, (), 2, {})  # type: ignore[arg-type]
        assert report.reason is not None and report.reason.kind == "restricted_only"
        assert "2 matching tool(s) are restricted for you" in search_payload(report)["message"]

    def test_a_connector_with_no_active_connection_is_named_as_unusable(self) -> None:
        pending = SimpleNamespace(index=WORKSPACE_INDEX, connectors={"cal": SimpleNamespace(label="Cal.com")})
        ranking = rank(WORKSPACE_INDEX, "cal.com list bookings", pool=NO_SLACK)
        report = SearchReport("cal.com list bookings", pending, ranking, (), 0, {})  # type: ignore[arg-type]
        assert report.reason == EmptyReason("app_without_usable_tools", ("Cal.com",), report.reason.uncovered)
