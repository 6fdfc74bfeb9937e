"""Lexical tool search with a relevance floor, as the seeds specify.

Per query token the best field counts: an exact name token scores 5, a name-token prefix
in either direction 3, a connector-label token 2, a description token 1. A tool's score
is the sum over the query's tokens. The relevance floor then drops every tool whose
covered tokens carry less than half of the query's IDF-weighted mass, with IDF computed
per query over the caller's own pool (``pool`` below), never over the full catalog. Ties
break on the codepoint order of the advertised name, then the list is cut to the limit.

The index is built once per snapshot; a query touches only the postings of its own
tokens, so its cost grows with how many tools share a token with it, not with the pool.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cardamom.core.tokens import tokenize, unique

NAME_WEIGHT = 5
NAME_PREFIX_WEIGHT = 3
LABEL_WEIGHT = 2
DESCRIPTION_WEIGHT = 1
RELEVANCE_FLOOR = 0.5
# The shorter side of a prefix match must have this many characters, so that a stray
# one- or two-letter token (``v`` from ``v2``, ``id``) does not prefix-match half the pool.
MIN_PREFIX_LENGTH = 3
# Float sums of equal IDFs can land a hair under exactly half; "at least half" must hold.
_FLOOR_EPSILON = 1e-9

Field = Literal["name", "name_prefix", "label", "description"]
_FIELD_WEIGHTS: dict[Field, int] = {
    "name": NAME_WEIGHT,
    "name_prefix": NAME_PREFIX_WEIGHT,
    "label": LABEL_WEIGHT,
    "description": DESCRIPTION_WEIGHT,
}


@dataclass(frozen=True, slots=True)
class SearchDocument:
    """What search reads of one tool: its advertised name and its tokenised fields."""

    name: str
    name_tokens: frozenset[str]
    label_tokens: frozenset[str]
    description_tokens: frozenset[str]


@dataclass(frozen=True, slots=True)
class TokenMatch:
    """Why one query token scored against one tool."""

    token: str
    field: Field
    weight: int
    matched: str  # the tool's token it matched (differs from ``token`` for a prefix match)
    idf: float


@dataclass(frozen=True, slots=True)
class Hit:
    doc: int
    name: str
    score: int
    coverage: float
    matches: tuple[TokenMatch, ...]


@dataclass(frozen=True, slots=True)
class Ranking:
    query_tokens: tuple[str, ...]
    idf: dict[str, float]
    pool_size: int
    hits: tuple[Hit, ...]  # above the floor, ordered, cut to the limit
    above_floor: int  # how many cleared the floor before the cut
    below_floor: int  # how many matched something but fell under the floor
    uncovered: tuple[str, ...]  # query tokens that no tool in the pool covers

    @property
    def empty(self) -> bool:
        return not self.hits


def inverse_document_frequency(pool_size: int, document_frequency: int) -> float:
    """BM25's smoothed IDF: always positive, near zero for a token every tool carries."""
    return math.log(1.0 + (pool_size - document_frequency + 0.5) / (document_frequency + 0.5))


@dataclass(slots=True)
class SearchIndex:
    """Postings for every field, built once per snapshot."""

    documents: Sequence[SearchDocument]
    name_postings: dict[str, list[int]] = field(default_factory=dict)
    label_postings: dict[str, list[int]] = field(default_factory=dict)
    description_postings: dict[str, list[int]] = field(default_factory=dict)
    name_vocabulary: list[str] = field(default_factory=list)  # sorted, for prefix range scans

    @classmethod
    def build(cls, documents: Sequence[SearchDocument]) -> SearchIndex:
        index = cls(documents=documents)
        for doc_id, doc in enumerate(documents):
            for token in doc.name_tokens:
                index.name_postings.setdefault(token, []).append(doc_id)
            for token in doc.label_tokens:
                index.label_postings.setdefault(token, []).append(doc_id)
            for token in doc.description_tokens:
                index.description_postings.setdefault(token, []).append(doc_id)
        index.name_vocabulary = sorted(index.name_postings)
        return index

    def _prefix_relatives(self, token: str) -> Iterable[str]:
        """Name tokens that ``token`` prefixes, or that prefix ``token``, itself excluded."""
        if len(token) >= MIN_PREFIX_LENGTH:
            vocabulary = self.name_vocabulary
            start = bisect_left(vocabulary, token)
            for i in range(start, len(vocabulary)):
                candidate = vocabulary[i]
                if not candidate.startswith(token):
                    break
                if candidate != token:
                    yield candidate
        for length in range(MIN_PREFIX_LENGTH, len(token)):
            shorter = token[:length]
            if shorter in self.name_postings:
                yield shorter

    def best_matches(self, token: str) -> dict[int, tuple[Field, str]]:
        """For every tool ``token`` scores against, its best field and the token it matched."""
        best: dict[int, tuple[Field, str]] = {}

        def offer(postings: Iterable[int], fld: Field, matched: str) -> None:
            weight = _FIELD_WEIGHTS[fld]
            for doc_id in postings:
                current = best.get(doc_id)
                if current is None or _FIELD_WEIGHTS[current[0]] < weight:
                    best[doc_id] = (fld, matched)

        offer(self.name_postings.get(token, ()), "name", token)
        for relative in self._prefix_relatives(token):
            offer(self.name_postings[relative], "name_prefix", relative)
        offer(self.label_postings.get(token, ()), "label", token)
        offer(self.description_postings.get(token, ()), "description", token)
        return best


def query_tokens(query: str) -> tuple[str, ...]:
    """The distinct tokens of a query, in order."""
    return unique(tokenize(query))


def rank(
    index: SearchIndex,
    query: str,
    *,
    pool: Collection[int] | None = None,
    limit: int = 10,
    floor: float = RELEVANCE_FLOOR,
) -> Ranking:
    """Rank the tools of ``pool`` (default: every indexed tool) against ``query``.

    IDF is computed over ``pool`` alone, so a tool outside it can neither match nor
    shift the weight of a token for the tools inside it.
    """
    tokens = query_tokens(query)
    pool_size = len(index.documents) if pool is None else len(pool)
    per_token: dict[str, dict[int, tuple[Field, str]]] = {}
    for token in tokens:
        best = index.best_matches(token)
        if pool is not None:
            best = {doc_id: m for doc_id, m in best.items() if doc_id in pool}
        per_token[token] = best
    idf = {token: inverse_document_frequency(pool_size, len(per_token[token])) for token in tokens}
    total_mass = sum(idf.values())

    covered: dict[int, list[TokenMatch]] = {}
    for token in tokens:
        for doc_id, (fld, matched) in per_token[token].items():
            covered.setdefault(doc_id, []).append(TokenMatch(token, fld, _FIELD_WEIGHTS[fld], matched, idf[token]))

    passing: list[Hit] = []
    below = 0
    for doc_id, matches in covered.items():
        mass = sum(m.idf for m in matches)
        coverage = mass / total_mass if total_mass > 0 else 0.0
        if coverage + _FLOOR_EPSILON < floor:
            below += 1
            continue
        score = sum(m.weight for m in matches)
        passing.append(Hit(doc_id, index.documents[doc_id].name, score, coverage, tuple(matches)))
    # Codepoint order of the advertised name breaks ties: str comparison in Python is
    # by code point, independent of the process locale.
    passing.sort(key=lambda hit: (-hit.score, hit.name))
    uncovered = tuple(token for token in tokens if not per_token[token])
    return Ranking(
        query_tokens=tokens,
        idf=idf,
        pool_size=pool_size,
        hits=tuple(passing[: max(limit, 0)]),
        above_floor=len(passing),
        below_floor=below,
        uncovered=uncovered,
    )
