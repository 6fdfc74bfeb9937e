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

It runs for requests of at least ``min_words`` content words (argument values not counted)
over a pool of at least ``min_pool`` tools (the app margin needs other apps' tools to compare
with), and never for a guessed tool name. Inside a named app it runs only where the request
names one app by its whole name, that app is a part of the caller's pool, and the request has
``named_app_min_words`` content words: a short request naming an app is where a fallback is
most tempted to answer with an action the app lacks. Every number lives in ``fallback_rule``
and was fit on the dev halves with ``python -m bench.fit_fallback`` (docs/search.md gives the
measurements).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from cardamom.core.search.coverage import Weighed, covering_tools
from cardamom.core.search.fallback_rule import RULE, FallbackRule
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import order_results
from cardamom.core.search.scope import Scope


def eligible(content_words: int, pool_size: int, in_app: bool, rule: FallbackRule = RULE) -> bool:
    """Whether a request is long enough, and the pool large enough, for the fallback to run:
    outside a named app ``min_words`` over ``min_pool`` tools; inside one, ``named_app_min_words``."""
    if in_app:
        return rule.named_app_min_words is not None and content_words >= rule.named_app_min_words
    return content_words >= rule.min_words and pool_size >= rule.min_pool


@dataclass(frozen=True, slots=True)
class Candidate:
    doc: int
    app: Hashable
    similarity: float


def similar_candidates(
    query_vector: Sequence[float],
    candidates: Sequence[int],
    app_of: Callable[[int], Hashable],
    text_of: Callable[[int], str],
    vectors: dict[int, array[float] | None],
) -> list[Candidate]:
    """Each candidate's cosine to the request's vector (candidates without a vector are left
    out). ``vectors`` keeps each tool's vector across queries (the index's cache)."""
    from cardamom.core.search.static_embeddings import cosine, shipped

    embeddings = shipped()
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


# The tools a request's words rank, rarest words first, are gathered until there are this many
# (then ordered by the seeds' weights without the floor): enough to hold the first
# ``FallbackRule.candidates`` of that order for any request, few enough to score in well under
# a millisecond at 10,000 tools.
_GATHER = 200


def fallback_hits(
    index: SearchIndex, query: str, weighed: Weighed, scope: Scope, share: float, limit: int, rule: FallbackRule = RULE
) -> tuple[list[tuple[int, int, float]], dict[int, float]]:
    """The lexical order's first candidates that the request's meaning vouches for, as
    (tool, score, mass), and each one's similarity; nothing when the rule does not answer.
    Inside a named app every candidate is of that app, so the app margin holds by itself."""
    content = [t for t in weighed.tokens if t not in scope.values or t in scope.topic_values]
    if limit <= 0 or not eligible(len(content), scope.pool_size, bool(scope.apps), rule):
        return [], {}
    gathered: set[int] = set()
    for i in sorted(range(len(weighed.weights)), key=lambda i: -weighed.weights[i]):
        gathered.update(weighed.matched[i])
        if len(gathered) >= _GATHER:
            break
    ranked = order_results(index, covering_tools(weighed, gathered, 0.0, share), rule.candidates)
    if not ranked:
        return [], {}
    from cardamom.core.search.static_embeddings import shipped

    embedded = shipped().embed(query)
    if embedded is None:
        return [], {}
    query_vector = embedded.tolist()  # a list: ``static_embeddings.cosine``
    first_app = index.app_of(ranked[0][0])
    own = [d for d, _, _ in ranked if index.app_of(d) == first_app]
    others = [d for d, _, _ in ranked if index.app_of(d) != first_app]

    def similar(docs: list[int]) -> list[Candidate]:
        return similar_candidates(
            query_vector, docs, index.app_of, lambda d: document_text(index, d), index.vector_cache
        )

    # Only a tool of the lexically first tool's app answers, at ``similarity`` or more: where
    # none does (most long requests), the other apps' tools, which only the margin reads, are
    # not scored. The answer is ``decide``'s on them all (a tie with another app fails the margin).
    scored = similar(own)
    if all(c.similarity < rule.similarity for c in scored):
        return [], {}
    kept = {c.doc: c.similarity for c in decide([*scored, *similar(others)], first_app, rule)}
    return [r for r in ranked if r[0] in kept][:limit], kept


def document_text(index: SearchIndex, doc_id: int) -> str:
    """What the fallback embeds of a tool: its name, label and description words."""
    doc = index.documents[doc_id]
    return " ".join((*sorted(doc.name_tokens), *sorted(doc.label_tokens), *sorted(doc.description_tokens)))
