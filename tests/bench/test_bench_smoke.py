"""The benchmark harness, reduced: small pools from ../shared/data and our ranker only.

It keeps bench/ from rotting and holds the quality floors measured by ``make bench`` (see
docs/benchmarks.md) with a margin. No timing is asserted here; speed lives in bench/ only.
"""

from __future__ import annotations

import dataclasses

import pytest
from bench.evaluate import Scores, ours, run, score
from bench.misses import CLASSES, classify
from bench.queries import guess_name, guessed_sets
from bench.styles import WORKSPACES, styled_sets

from bench import data as D
from cardamom.core.search import SEED_RULES_ONLY, SearchOptions, rank
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, tokenize

ROOT = D.data_root()
pytestmark = pytest.mark.skipif(not (ROOT / "catalogs").is_dir(), reason=f"shared data not found at {ROOT}")


@pytest.fixture(scope="module")
def universe() -> list[D.App]:
    return D.universe(ROOT)


@pytest.fixture(scope="module")
def guessed(universe: list[D.App]) -> dict[int, tuple[D.Pool, tuple[D.QuerySet, D.QuerySet, D.QuerySet]]]:
    pools = {}
    for size in (100, 1_000):
        pool = D.make_pool(f"{size:,} tools", D.sized_apps(universe, size))
        pools[size] = (pool, guessed_sets(pool, universe, 100))
    return pools


def measure(pool: D.Pool, qs: D.QuerySet, *, floor: float = 0.5) -> Scores:
    return score(pool, qs.queries, run(ours(pool.index(), floor=floor), qs.queries))


def test_pools_are_built_like_snapshots(universe: list[D.App]) -> None:
    pool = D.make_pool("1,000", D.sized_apps(universe, 1_000))
    assert len(pool.tools) == 1_000
    names = [doc.name for doc in pool.documents]
    assert names == sorted(names)  # snapshot order: codepoint order of advertised names
    assert all("__" in name for name in names)
    accounts = {D.slug(app.label) for app in pool.apps}
    assert {name.split("__")[0] for name in names} <= accounts


def test_a_bare_operation_is_told_as_the_importer_tells_it_and_composes_no_request(universe: list[D.App]) -> None:
    twilio = next(app for app in universe if app.label == "Twilio")
    bare = next(t for t in twilio.tools if t.name == "delete_workflow")
    assert bare.placed and bare.description == "Twilio - Taskrouter: /v1/Workspaces/{…}/Workflows/{…}"
    assert bare.told == ""  # the source said nothing: the generator starts from the name
    assert "taskrouter" not in guess_name(twilio, bare) and "workflow" in guess_name(twilio, bare)
    described = next(t for t in twilio.tools if t.name == "delete_queue")
    assert not described.placed and described.told == "Remove an empty queue"  # its summary


def test_the_generator_composes_names_like_the_incident(universe: list[D.App]) -> None:
    calcom = next(app for app in universe if app.label == "Cal.com")
    guesses = {guess_name(calcom, tool) for tool in calcom.tools}
    assert all("cal_com" in g for g in guesses)
    assert len(guesses) > 100  # deterministic, and varied across the app's tools
    assert guesses == {guess_name(calcom, tool) for tool in calcom.tools}


def test_the_incident_on_the_real_notion_catalog(universe: list[D.App]) -> None:
    notion = D.make_pool("Notion", [app for app in universe if app.label == "Notion"])
    index = notion.index()
    assert rank(index, "list_all_cal_com_schedules").empty
    assert not rank(index, "list_all_cal_com_schedules", floor=0.0).empty
    assert rank(index, "notion_list_users").hits[0].name == "notion__get_users"


@pytest.mark.parametrize("size", [100, 1_000])
def test_guessed_names_for_unconnected_apps_return_nothing(guessed: dict, size: int) -> None:  # type: ignore[type-arg]
    pool, (_, unconnected, shared) = guessed[size]
    assert len(unconnected.queries) >= 80
    assert measure(pool, shared).wrong <= 0.1  # measured 0.000 on both pools
    assert measure(pool, unconnected).wrong == 0
    assert measure(pool, unconnected, floor=0.0).wrong > 0.9  # what the floor prevents


@pytest.mark.parametrize(("size", "recall_5"), [(100, 0.40), (1_000, 0.78)])
def test_guessed_names_for_connected_apps_find_the_tool(guessed: dict, size: int, recall_5: float) -> None:  # type: ignore[type-arg]
    pool, (connected, _, _) = guessed[size]
    scores = measure(pool, connected)
    # measured 0.467 and 0.843 on these pools; margin for catalog or generator drift
    assert scores.recall_5 >= recall_5
    assert scores.wrong <= 0.03  # measured 0.000 and 0.012


def test_each_ranker_change_helps_guessed_names(guessed: dict) -> None:  # type: ignore[type-arg]
    pool, (connected, unconnected, _) = guessed[1_000]
    seed = SEED_RULES_ONLY
    before = score(pool, unconnected.queries, run(ours(pool.index(options=seed)), unconnected.queries))
    after = measure(pool, unconnected)
    assert before.wrong > after.wrong == 0
    before_connected = score(pool, connected.queries, run(ours(pool.index(options=seed)), connected.queries))
    assert measure(pool, connected).recall_1 >= before_connected.recall_1 - 0.05


def test_every_guessed_miss_has_one_class(guessed: dict) -> None:  # type: ignore[type-arg]
    """``python -m bench.misses`` accounts for each query once: its "right" is recall@1, and
    a miss it calls a tie or the other number is one the seeds' score cannot rank first."""
    pool, (connected, _, _) = guessed[1_000]
    index = pool.index()
    classes = [classify(index, pool, q) for q in connected.queries]
    assert set(classes) <= set(CLASSES)
    assert classes.count("right") / len(classes) == pytest.approx(measure(pool, connected).recall_1)
    for query, kind in zip(connected.queries, classes, strict=True):
        if kind in ("tie", "number"):
            hits = rank(index, query.text, pool=query.pool, limit=10).hits
            target = next(h for h in hits if h.doc in query.gold)
            assert hits[0].doc not in query.gold
            assert (target.score == hits[0].score) == (kind == "tie")


def test_abstention_sets_stay_near_empty() -> None:
    bfcl = D.bfcl_set(ROOT)
    assert len(bfcl.queries) == 1_124
    assert measure(bfcl.pool, bfcl).wrong <= 0.03  # measured 0.017
    _, reliability = D.metatool_sets(ROOT, limit=0)
    assert len(reliability.queries) == 995
    assert measure(reliability.pool, reliability).wrong <= 0.01  # measured 0.000


def test_labelled_sets_load_with_their_gold() -> None:
    rest = D.restbench_set(ROOT)
    live = D.livemcpbench_set(ROOT)
    assert len(rest.pool.tools) == 94 and len(rest.queries) == 157
    assert len(live.pool.tools) == 527 and len(live.queries) >= 90
    # The floor gives up most natural-language recall (docs/benchmarks.md); it still finds some.
    lexical = rest.pool.index(options=dataclasses.replace(SearchOptions(), semantic_fallback=False))
    assert score(rest.pool, rest.queries, run(ours(lexical), rest.queries)).recall_1 >= 0.02  # measured 0.057


def test_the_semantic_fallback_finds_requests_the_floor_misses_without_wrong_apps() -> None:
    lexical_only = dataclasses.replace(SearchOptions(), semantic_fallback=False)
    rest = D.restbench_set(ROOT)
    before = score(rest.pool, rest.queries, run(ours(rest.pool.index(options=lexical_only)), rest.queries))
    after = measure(rest.pool, rest)
    # measured on all 157 queries: recall@1 0.051 -> 0.166, recall@5 0.048 -> 0.168, wrong-app 0.000
    assert after.recall_1 >= before.recall_1 + 0.08
    assert after.wrong <= 0.02
    stb, _ = D.stabletoolbench_sets(ROOT)
    before = score(stb.pool, stb.queries, run(ours(stb.pool.index(options=lexical_only)), stb.queries))
    after = measure(stb.pool, stb)
    # measured on all 765 queries: recall@5 0.001 -> 0.108 with the fallback (most of it inside
    # the one app a request names), wrong-app 0.021
    assert after.recall_5 >= before.recall_5 + 0.07
    assert after.wrong <= 0.035


def test_no_filler_word_is_an_app_name(universe: list[D.App]) -> None:
    names = {app.label.casefold() for app in universe} | {"".join(tokenize(app.label)) for app in universe}
    names |= {app.label.split()[0].casefold() for app in universe}
    assert not names & QUERY_FILLER_WORDS
    # Words inside a name can be filler ("YouTube" splits to you + tube); the rest still match.
    fragments = {w for app in universe for w in tokenize(app.label)} & QUERY_FILLER_WORDS
    assert fragments <= {"you", "to"}


# ---- model-styled requests (issue 13): floors measured by make bench, with a margin ---------------


@pytest.fixture(scope="module")
def styled(universe: list[D.App]) -> dict[str, D.QuerySet]:
    return {qs.name.split(" (")[0]: qs for qs in styled_sets(universe, WORKSPACES[0], 100)}


def measure_set(qs: D.QuerySet, **options: bool) -> Scores:
    index = qs.pool.index(options=SearchOptions(**options))
    return score(qs.pool, qs.queries, run(ours(index), qs.queries))


@pytest.mark.parametrize(
    ("name", "recall_1"),
    # dev halves of the 200-query sets measured 0.85, 0.77 and 0.79 on this workspace
    [("app + action phrases", 0.70), ("sentences with values", 0.55), ("synonyms", 0.55)],
)
def test_styled_requests_find_the_tool(styled: dict[str, D.QuerySet], name: str, recall_1: float) -> None:
    scores = measure_set(styled[name])
    assert scores.recall_1 >= recall_1
    assert scores.wrong <= 0.03


@pytest.mark.parametrize(
    ("name", "any_result"),
    [
        ("unconnected app, phrases", 0.06),
        ("unconnected app, sentences", 0.03),
        ("unconnected app, synonyms", 0.03),
        ("unconnected app, guessed names", 0.02),
        ("connected app, no usable tools", 0.0),
        ("off-topic requests", 0.0),
        ("connected app, action it lacks", 0.15),
    ],
)
def test_styled_requests_where_nothing_fits_stay_empty(
    styled: dict[str, D.QuerySet], name: str, any_result: float
) -> None:
    assert measure_set(styled[name]).wrong <= any_result


def test_each_issue_13_change_pays(styled: dict[str, D.QuerySet]) -> None:
    sentences, synonyms = styled["sentences with values"], styled["synonyms"]
    assert measure_set(sentences).recall_1 > measure_set(sentences, argument_values=False).recall_1 + 0.1
    assert measure_set(synonyms).recall_1 > measure_set(synonyms, synonyms=False).recall_1 + 0.05
    no_tools = styled["connected app, no usable tools"]
    assert measure_set(no_tools, app_scope=False, argument_values=False, synonyms=False).wrong > 0.05


def test_a_connected_app_without_usable_tools_says_so(styled: dict[str, D.QuerySet]) -> None:
    qs = styled["connected app, no usable tools"]
    index = qs.pool.index()
    kinds = {rank(index, q.text, pool=q.pool).reason.kind for q in qs.queries}  # type: ignore[union-attr]
    assert kinds == {"app_without_usable_tools"}
