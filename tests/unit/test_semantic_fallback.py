"""The semantic fallback: static embeddings in pure Python, and the rule that lets a request in
words find a tool by meaning only when the lexical order, a calibrated similarity and one app
agree."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from array import array

import pytest

from cardamom.core.search import SearchIndex, SearchOptions, rank
from cardamom.core.search import semantic_fallback as semantic
from cardamom.core.search.semantic_fallback import Candidate, FallbackRule, decide, eligible
from cardamom.core.search.static_embeddings import SHIPPED, StaticEmbeddings, bert_words, cosine, shipped
from tests.unit.search_documents import app_doc as document
from tests.unit.search_documents import snapshot_of

# ---- static embeddings ---------------------------------------------------------------------------


def test_words_are_split_as_bert_splits_them() -> None:
    assert bert_words("Hello, World! get_user_by_id") == [
        "hello",
        ",",
        "world",
        "!",
        "get",
        "_",
        "user",
        "_",
        "by",
        "_",
        "id",
    ]
    assert bert_words("Café naïve\u200b résumé 東京") == ["cafe", "naive", "resume", "東", "京"]
    assert bert_words("tab\there\x01x") == ["tab", "herex"]


def tiny(vocabulary: list[str], rows: list[list[int]]) -> StaticEmbeddings:
    return StaticEmbeddings(vocabulary, array("b", [v for row in rows for v in row]).tobytes(), len(rows[0]))


def test_word_pieces_take_the_longest_match_first() -> None:
    model = tiny(["[UNK]", "un", "##aff", "##able", "affable", "u"], [[0, 0]] * 6)
    assert model.word_pieces("unaffable") == [1, 2, 3]
    assert model.word_pieces("affable") == [4]
    assert model.word_pieces("unknown") == [0]  # one piece that cannot split makes the word unknown
    assert model.word_pieces("x" * 101) == [0]


def test_a_text_vector_is_the_normalised_mean_of_its_known_pieces() -> None:
    model = tiny(["[UNK]", "up", "down", "left"], [[0, 0], [3, 0], [0, 4], [-3, 0]])
    vector = model.embed("up up down")
    assert vector is not None
    assert list(vector) == pytest.approx([6 / (36 + 16) ** 0.5, 4 / (36 + 16) ** 0.5])
    assert model.embed("nothing known here") is None
    assert model.embed("up left") is None  # the vectors cancel: no direction


def test_the_shipped_embeddings_place_paraphrases_closer_than_unrelated_requests() -> None:
    assert SHIPPED.stat().st_size < 30 * 2**20
    model = shipped()
    weather = model.embed("what will the weather be like in Paris tomorrow")
    forecast = model.embed("get the weather forecast for a city")
    invoice = model.embed("create an invoice for a customer")
    assert weather is not None and forecast is not None and invoice is not None
    assert cosine(weather, forecast) > cosine(weather, invoice) + 0.2
    assert cosine(forecast, forecast) == pytest.approx(1.0, abs=1e-5)


def test_importing_search_does_not_read_the_embeddings() -> None:
    code = (
        "import sys, cardamom.core.search, cardamom.core.snapshot;"
        "print('cardamom.core.search.static_embeddings' in sys.modules,"
        " 'cardamom.core.search.semantic_fallback' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


# ---- the rule --------------------------------------------------------------------------------------

RULE = FallbackRule(similarity=0.6, app_margin=0.1, min_words=3, min_pool=16)


def test_the_most_similar_candidate_must_clear_the_threshold_agree_and_stand_out() -> None:
    weather = [Candidate(1, "Weather", 0.7), Candidate(2, "Weather", 0.62), Candidate(3, "Maps", 0.5)]
    assert [c.doc for c in decide(weather, "Weather", RULE)] == [1, 2]
    assert decide(weather, "Maps", RULE) == []  # the lexically first tool is another app's
    close = [Candidate(1, "Weather", 0.7), Candidate(3, "Maps", 0.65)]
    assert decide(close, "Weather", RULE) == []  # another app is nearly as similar
    low = [Candidate(1, "Weather", 0.55), Candidate(3, "Maps", 0.2)]
    assert decide(low, "Weather", RULE) == []
    assert decide([], "Weather", RULE) == []


def test_short_requests_and_small_pools_never_fall_back() -> None:
    assert eligible(3, 16, False, RULE)
    assert not eligible(2, 1000, False, RULE)
    assert not rank(INDEX, "skies: will it rain tomorrow").fallback  # under six content words
    assert not eligible(10, 15, False, RULE)
    # inside a named app: its own number of words, and never when the rule has none
    assert eligible(8, 2, True, RULE) and not eligible(7, 2000, True, RULE)
    assert not eligible(30, 2000, True, dataclasses.replace(RULE, named_app_min_words=None))


# ---- in rank ---------------------------------------------------------------------------------------


WEATHER = [
    document(
        "skyline__get_forecast",
        "Skyline",
        "Get the weather forecast for a city: rain, wind and temperature for the coming days.",
    ),
    document("skyline__get_air_quality", "Skyline", "Air quality index for a location."),
]
FILLER = [
    document(f"crm{i}__{verb}_{thing}", f"Crm{i}", f"{verb.capitalize()} a {thing} record in the customer database.")
    for i in range(4)
    for verb in ("create", "delete", "list", "update")
    for thing in ("contact", "deal")
]
INDEX = SearchIndex.build([*WEATHER, *FILLER])
REQUEST = (
    "I am flying to Paris tomorrow and need the weather forecast there: will it rain, how windy will it be, "
    "should I pack an umbrella"
)


def test_a_request_in_words_finds_a_tool_by_meaning_when_the_floor_returns_nothing() -> None:
    without = SearchIndex.build(
        [*WEATHER, *FILLER], options=dataclasses.replace(SearchOptions(), semantic_fallback=False)
    )
    assert rank(without, REQUEST).empty  # "weather", "forecast" and "rain" are far from half the mass
    ranking = rank(INDEX, REQUEST)
    assert ranking.fallback
    assert ranking.hits[0].name == "skyline__get_forecast"
    assert ranking.hits[0].similarity is not None and ranking.hits[0].similarity >= semantic.RULE.similarity
    assert ranking.hits[0].coverage < 0.5  # it did not clear the floor: the fallback returned it
    assert {m.token for m in ranking.hits[0].matches} >= {"weather", "rain", "forecast"}  # it explains its words
    assert ranking.reason is None


def test_the_fallback_never_returns_a_tool_that_shares_no_word_with_the_request() -> None:
    assert rank(INDEX, "tell me about the migration patterns of arctic terns over the winter months").empty


def test_the_fallback_stays_out_of_guessed_names_and_small_pools() -> None:
    assert not rank(INDEX, "get_rain_forecast_for_paris_tomorrow_weather_city").fallback
    small = SearchIndex.build(WEATHER)
    assert rank(small, REQUEST).empty
    assert rank(INDEX, REQUEST, floor=0.0).fallback is False  # without the floor, there is nothing to fall back from


def test_inside_one_app_named_whole_only_a_long_request_falls_back() -> None:
    scoped = rank(INDEX, f"Skyline: {REQUEST}")
    assert scoped.scope == ("Skyline",) and scoped.fallback
    assert scoped.hits[0].name == "skyline__get_forecast"
    # a short request naming the app is where a fallback would answer with an action it lacks
    short = rank(INDEX, "Skyline: should I pack an umbrella for the trip")
    assert short.scope == ("Skyline",) and short.empty and not short.fallback
    # two apps named: no one app to answer for
    assert not rank(INDEX, f"Skyline or Crm0: {REQUEST}").fallback
    # an app whose tools are the whole pool is no narrowing: the unscoped rule's pool size holds
    assert rank(SearchIndex.build(WEATHER), f"Skyline: {REQUEST}").empty
    without = SearchIndex.build(INDEX.documents, dataclasses.replace(SearchOptions(), named_app_fallback=False))
    assert rank(without, f"Skyline: {REQUEST}").empty


def test_a_caller_pool_bounds_the_fallback() -> None:
    crm_only = frozenset(range(len(WEATHER), len(WEATHER) + len(FILLER)))
    assert rank(INDEX, REQUEST, pool=crm_only).empty


def test_other_apps_tools_are_embedded_only_when_one_of_the_first_apps_is_similar_enough() -> None:
    # only a tool of the lexically first tool's app may answer: where none clears the similarity,
    # the other apps' candidates (which only the app margin reads) are never embedded
    request = (
        "I keep a customer database with every contact and deal record, and want to know whether it "
        "will rain on the weather forecast today"
    )

    def embedded(similarity: float) -> set[object]:
        rule = dataclasses.replace(RULE, similarity=similarity)
        index = SearchIndex.build([*WEATHER, *FILLER], dataclasses.replace(SearchOptions(), fallback_rule=rule))
        assert rank(index, request).empty
        return {index.app_of(doc) for doc in index.vector_cache}

    assert embedded(0.99) == {"Crm0"}
    assert embedded(0.0) >= {"Crm0", "Crm1", "Skyline"}  # the margin read them, and no app stood out


def test_search_tools_says_the_results_were_found_by_meaning() -> None:
    from cardamom.mcp.results import search_payload
    from cardamom.service.search import SearchReport

    snapshot = snapshot_of(INDEX)
    payload = search_payload(SearchReport(REQUEST, snapshot, rank(INDEX, REQUEST), (), 0, {}))  # type: ignore[arg-type]
    assert payload["semantic_fallback"] is True
    assert payload["results"][0]["name"] == "skyline__get_forecast"
    assert payload["results"][0]["similarity"] >= semantic.RULE.similarity
    assert "found by meaning" in payload["message"]
