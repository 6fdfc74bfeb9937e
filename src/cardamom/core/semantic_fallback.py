"""The semantic fallback: what a request in words may still find when the floor returns nothing.

A request written as sentences ("I need the weather forecast for my trip to Paris next week")
holds many words no tool text carries, so the floor's half of the query's IDF mass is out of
reach for the very tool it asks for. When the lexical result is empty, this fallback reads the
request's meaning, with static embeddings (``static_embeddings``), and answers only when three
things agree:

1. **lexical evidence**: only the tools the request's words already rank (the first
   ``candidates`` in the seeds' order without the floor) can come back, never a tool that
   shares no word with it;
2. **a calibrated similarity**: a tool comes back only when its cosine to the request is at
   least ``similarity``, chosen on the benchmark's dev halves;
3. **one app, clearly**: the most similar candidate belongs to the same app as the lexically
   first one, and is more similar than every candidate of another app by ``app_margin``.

It runs only for requests of at least ``min_words`` content words (argument values not
counted) over a pool of at least ``min_pool`` tools (the app margin needs other apps' tools to
compare with), never for a guessed tool name, and never inside a named app (there the lexical
rules and synonyms already answer, and a fallback is most tempted to answer with an action the
app lacks). Every number here was fit on the dev halves with ``python -m bench.fit_fallback``
(docs/search.md gives the measurements).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FallbackRule:
    similarity: float = 0.65
    app_margin: float = 0.08
    min_words: int = 7
    min_pool: int = 16
    candidates: int = 50


RULE = FallbackRule()


def eligible(content_words: int, pool_size: int, rule: FallbackRule = RULE) -> bool:
    """Whether a request is long enough, and the pool large enough, for the fallback to run."""
    return content_words >= rule.min_words and pool_size >= rule.min_pool


@dataclass(frozen=True, slots=True)
class Candidate:
    doc: int
    app: Hashable
    similarity: float


def similar_candidates(
    query: str,
    candidates: Sequence[int],
    app_of: Callable[[int], Hashable],
    text_of: Callable[[int], str],
    vectors: dict[int, array[float] | None],
) -> list[Candidate]:
    """Each candidate's cosine to the query (candidates without a vector are left out).
    ``vectors`` keeps each tool's vector across queries (the index's cache)."""
    from cardamom.core.static_embeddings import cosine, shipped

    embeddings = shipped()
    query_vector = embeddings.embed(query)
    if query_vector is None:
        return []
    found = []
    for doc in candidates:
        if doc not in vectors:
            vectors[doc] = embeddings.embed(text_of(doc))
        vector = vectors[doc]
        if vector is not None:
            found.append(Candidate(doc, app_of(doc), cosine(query_vector, vector)))
    return found


def decide(candidates: Sequence[Candidate], lexical_first: Hashable, rule: FallbackRule = RULE) -> list[Candidate]:
    """The candidates that come back (in the order given: the lexical one), or none.

    The most similar candidate must clear ``similarity``, belong to ``lexical_first``'s app,
    and beat every candidate of another app by ``app_margin``.
    """
    if not candidates:
        return []
    best = max(candidates, key=lambda c: c.similarity)
    if best.similarity < rule.similarity or best.app != lexical_first:
        return []
    others = [c.similarity for c in candidates if c.app != best.app]
    if others and best.similarity - max(others) < rule.app_margin:
        return []
    return [c for c in candidates if c.similarity >= rule.similarity]
