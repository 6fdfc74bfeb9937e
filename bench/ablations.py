"""The ranker changes, each a ``SearchOptions`` switch, for the "each ranker change, before and
after" table: the seed rules alone, then each shipped change added in turn (the last of these
rows is what ships), then each change measured and not shipped, added to the shipped ranker."""

from __future__ import annotations

import dataclasses

from cardamom.core.search import SearchOptions

SHIPPED_CHANGES = (
    ("+ query filler words dropped", "drop_filler"),
    ("+ inflections", "inflections"),
    ("+ inflection-only reverse prefix", "strict_reverse_prefix"),
    ("+ guessed-name rules", "guessed_name_rules"),
    ("+ tie order (own-name coverage, shorter name)", "tie_order"),
    ("+ connector-name scoping", "app_scope"),
    ("+ argument values out of a scoped query's mass", "argument_values"),
    ("+ synonym groups inside a scope", "synonyms"),
    ("+ semantic fallback (static embeddings)", "semantic_fallback"),
    ("+ grammar words no name in the pool carries leave the query", "unmatched_grammar"),
    ("+ ties: a synonym does not cover a name", "literal_ties"),
    ("+ ties: the description that says more of the query", "description_ties"),
)
NOT_SHIPPED = (("shipped + inflected name tokens score as exact (not shipped)", "inflected_exact"),)
SHIPPED = f"ours + floor: {SHIPPED_CHANGES[-1][0]} (shipped)"


def ablations() -> list[tuple[str, SearchOptions]]:
    switches = dict.fromkeys((f.name for f in dataclasses.fields(SearchOptions)), False)
    rows = [("seed rules only (before)", SearchOptions(**switches))]
    for label, name in SHIPPED_CHANGES:
        switches[name] = True
        rows.append((label, SearchOptions(**switches)))
    if rows[-1][1] != SearchOptions():
        raise AssertionError("the last shipped row must be the shipped ranker")
    rows[-1] = (f"{rows[-1][0]} (shipped)", rows[-1][1])
    rows += [(label, dataclasses.replace(SearchOptions(), **{name: True})) for label, name in NOT_SHIPPED]
    return rows


ABLATIONS: list[tuple[str, SearchOptions]] = ablations()
