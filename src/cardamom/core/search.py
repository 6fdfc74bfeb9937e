"""Lexical tool search with a relevance floor, as the seeds specify.

Per query token the best field counts: an exact name token scores 5, a name-token prefix
in either direction 3, a connector-label token 2, a description token 1. A tool's score
is the sum over the query's tokens. The relevance floor then drops every tool whose
covered tokens carry less than half of the query's IDF-weighted mass, with IDF computed
per query over the caller's own pool (``pool`` below), never over the full catalog. Ties
break on the codepoint order of the advertised name, then the list is cut to the limit.

Beyond the seeds (``SearchOptions``, each measured in docs/benchmarks.md): English filler
words leave the query before weighting, inflected forms match, a name token inside a longer
query word must be an inflection, and a query shaped like a tool name is held to names.

The index is built once per snapshot; a query touches only the postings of its own
tokens, and scores only the tools that could still clear the floor, so its cost grows with
how many tools share its rare tokens, not with the pool.
"""

from __future__ import annotations

import heapq
import math
from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cardamom.core.tokens import (
    DESCRIPTION_STOP_WORDS,
    INFLECTIONAL_ENDINGS,
    inflection_key,
    query_words,
    tokenize,
    unique,
)

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
class SearchOptions:
    """Ranking behaviour beyond the seeds' fixed rules. The defaults are what ships; the
    switches exist so the benchmark can measure each change against the ranker without it.

    * ``drop_filler``: English function words (``QUERY_FILLER_WORDS``) are dropped from the
      query before weighting, so "can you please ..." cannot sink a request under the floor;
    * ``inflections``: a query token matches the simple inflected forms of a tool's tokens in
      every field (``category``/``categories``, ``create``/``created``), by ``inflection_key``;
    * ``guessed_name_rules``: for a query shaped like a tool name (``list_all_cal_com_schedules``,
      one word of several tokens, see ``is_name_shaped``) the floor reads the match more
      strictly: a token matched only in a description covers a fifth of its weight (the seeds'
      description weight over the name weight, 1/5), and a tool must match the name's rarest
      token (highest IDF in the pool; when nothing visible carries that token, nothing is returned);
    * ``strict_reverse_prefix``: a name token that is a prefix of a longer query token matches
      only when the rest is an inflectional ending (``schedule`` in ``schedules``), so that
      ``send`` does not match ``sendgrid``, nor ``post`` ``postmark``. A query token that is a
      prefix of a name token (``repo`` of ``repository``) matches as before.
    """

    drop_filler: bool = True
    inflections: bool = True
    strict_reverse_prefix: bool = True
    guessed_name_rules: bool = True


SEED_RULES_ONLY = SearchOptions(
    drop_filler=False, inflections=False, strict_reverse_prefix=False, guessed_name_rules=False
)

Relation = Literal["exact", "prefix", "inflection"]


@dataclass(frozen=True, slots=True)
class TokenMatch:
    """Why one query token scored against one tool."""

    token: str
    field: Field
    weight: int
    matched: str  # the tool's token it matched (differs from ``token`` for a prefix match)
    idf: float
    # How ``matched`` relates to ``token``: the same token, one a prefix of the other, or
    # another inflected form of the same word (``categories`` for ``category``).
    relation: Relation = "exact"


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
    dropped: tuple[str, ...] = ()  # filler words left out of the query before weighting

    @property
    def empty(self) -> bool:
        return not self.hits


def inverse_document_frequency(pool_size: int, document_frequency: int) -> float:
    """BM25's smoothed IDF: always positive, near zero for a token every tool carries."""
    return math.log(1.0 + (pool_size - document_frequency + 0.5) / (document_frequency + 0.5))


_EMPTY: frozenset[int] = frozenset()
# Resolved query tokens kept per index; a query then costs set lookups only. Bounded so a
# stream of never-seen words cannot grow it without limit (oldest entries go first).
_POSTINGS_CACHE_SIZE = 8192


@dataclass(frozen=True, slots=True)
class TokenPostings:
    """Every tool one query token scores against, by field, resolved once per index.

    A tool's best field is the first set that holds it, in this order: ``name`` (exact,
    5), ``near`` (a name token it prefixes or inflects, 3), ``label`` (2), ``description``
    (1). ``every`` is their union, the token's document frequency before pool narrowing.
    """

    name: frozenset[int]
    near: frozenset[int]
    label: frozenset[int]
    description: frozenset[int]
    every: frozenset[int]
    relatives: frozenset[str]  # the name tokens behind ``near``


def _union(sets: Iterable[frozenset[int]]) -> frozenset[int]:
    present = [s for s in sets if s]
    if not present:
        return _EMPTY
    if len(present) == 1:
        return present[0]
    return frozenset().union(*present)


def _by_key(vocabulary: Iterable[str]) -> dict[str, tuple[str, ...]]:
    groups: dict[str, list[str]] = {}
    for token in vocabulary:
        groups.setdefault(inflection_key(token), []).append(token)
    return {key: tuple(sorted(tokens)) for key, tokens in groups.items()}


@dataclass(slots=True)
class SearchIndex:
    """Postings for every field, built once per snapshot."""

    documents: Sequence[SearchDocument]
    name_postings: dict[str, frozenset[int]] = field(default_factory=dict)
    label_postings: dict[str, frozenset[int]] = field(default_factory=dict)
    description_postings: dict[str, frozenset[int]] = field(default_factory=dict)
    name_vocabulary: list[str] = field(default_factory=list)  # sorted, for prefix range scans
    options: SearchOptions = field(default_factory=SearchOptions)
    # inflection key -> the field's tokens with that key (only with ``options.inflections``)
    name_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    label_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    description_forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _resolved: dict[str, TokenPostings] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, documents: Sequence[SearchDocument], options: SearchOptions | None = None) -> SearchIndex:
        names: dict[str, list[int]] = {}
        labels: dict[str, list[int]] = {}
        descriptions: dict[str, list[int]] = {}
        for doc_id, doc in enumerate(documents):
            for token in doc.name_tokens:
                names.setdefault(token, []).append(doc_id)
            for token in doc.label_tokens:
                labels.setdefault(token, []).append(doc_id)
            for token in doc.description_tokens:
                descriptions.setdefault(token, []).append(doc_id)
        index = cls(
            documents=documents,
            name_postings={t: frozenset(ids) for t, ids in names.items()},
            label_postings={t: frozenset(ids) for t, ids in labels.items()},
            description_postings={t: frozenset(ids) for t, ids in descriptions.items()},
            name_vocabulary=sorted(names),
            options=options or SearchOptions(),
        )
        if index.options.inflections:
            index.name_forms = _by_key(names)
            index.label_forms = _by_key(labels)
            index.description_forms = _by_key(descriptions)
        return index

    def _forms(self, forms: dict[str, tuple[str, ...]], token: str) -> tuple[str, ...]:
        """The field's tokens that are inflected forms of ``token`` (itself included when present)."""
        if not self.options.inflections:
            return (token,)
        return forms.get(inflection_key(token), ()) or (token,)

    def _relatives(self, token: str) -> set[str]:
        """Name tokens ``token`` matches by prefix (either direction) or inflection, itself excluded."""
        found: set[str] = set()
        if len(token) >= MIN_PREFIX_LENGTH:
            vocabulary = self.name_vocabulary
            for i in range(bisect_left(vocabulary, token), len(vocabulary)):
                candidate = vocabulary[i]
                if not candidate.startswith(token):
                    break
                found.add(candidate)
        strict = self.options.strict_reverse_prefix
        for length in range(MIN_PREFIX_LENGTH, len(token)):
            shorter = token[:length]
            if shorter in self.name_postings and (not strict or token[length:] in INFLECTIONAL_ENDINGS):
                found.add(shorter)
        if self.options.inflections:
            found.update(self.name_forms.get(inflection_key(token), ()))
        found.discard(token)
        return found

    def postings(self, token: str) -> TokenPostings:
        """What ``token`` scores against, by field; resolved on first use and then kept."""
        cached = self._resolved.get(token)
        if cached is not None:
            return cached
        relatives = self._relatives(token)
        name = self.name_postings.get(token, _EMPTY)
        near = _union(self.name_postings[r] for r in relatives)
        label = _union(self.label_postings.get(t, _EMPTY) for t in self._forms(self.label_forms, token))
        description = _union(
            self.description_postings.get(t, _EMPTY) for t in self._forms(self.description_forms, token)
        )
        entry = TokenPostings(
            name, near, label, description, _union((name, near, label, description)), frozenset(relatives)
        )
        if len(self._resolved) >= _POSTINGS_CACHE_SIZE:
            del self._resolved[next(iter(self._resolved))]
        self._resolved[token] = entry
        return entry

    def explain(self, doc_id: int, token: str) -> tuple[Field, str, Relation] | None:
        """The best field ``token`` scores in for one tool, the tool's token it matched, and how."""
        entry = self.postings(token)
        doc = self.documents[doc_id]
        if doc_id in entry.name:
            return "name", token, "exact"
        if doc_id in entry.near:
            matched = min(entry.relatives & doc.name_tokens)
            return "name_prefix", matched, self._relation(token, matched)
        if doc_id in entry.label:
            return "label", *self._matched_form(token, doc.label_tokens)
        if doc_id in entry.description:
            return "description", *self._matched_form(token, doc.description_tokens)
        return None

    def _relation(self, token: str, matched: str) -> Relation:
        if matched == token:
            return "exact"
        if self.options.inflections and inflection_key(matched) == inflection_key(token):
            return "inflection"
        return "prefix"

    def _matched_form(self, token: str, tokens: frozenset[str]) -> tuple[str, Relation]:
        if token in tokens:
            return token, "exact"
        key = inflection_key(token)
        matched = min(t for t in tokens if inflection_key(t) == key)
        return matched, "inflection"


def query_tokens(query: str, options: SearchOptions | None = None) -> tuple[str, ...]:
    """The distinct tokens a query is weighted on, in order (filler words dropped by default)."""
    if options is not None and not options.drop_filler:
        return unique(tokenize(query))
    return query_words(query)[0]


def is_name_shaped(query: str) -> bool:
    """A guessed tool name (``list_all_cal_com_schedules``, ``listSchedules``): one word of several tokens."""
    text = query.strip()
    return bool(text) and not any(c.isspace() for c in text) and len(tokenize(text)) > 1


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

    Only tools sharing a token with the query are touched, and of those only the ones that
    could still clear the floor are scored: taking tokens rarest first, once the tokens not
    yet taken carry less than the floor's share of the mass, a tool matching none of the
    tokens taken cannot clear it.
    """
    if index.options.drop_filler:
        tokens, dropped = query_words(query)
    else:
        tokens, dropped = unique(tokenize(query)), ()
    entries = [index.postings(token) for token in tokens]
    if pool is None:
        pool_size = len(index.documents)
        matched = [entry.every for entry in entries]
    else:
        visible = pool if isinstance(pool, (set, frozenset)) else frozenset(pool)
        pool_size = len(pool)
        matched = [entry.every & visible if entry.every else _EMPTY for entry in entries]
    # A description stop word that no tool in the pool carries in its name or label is
    # scaffolding vocabulary ("connection", "set"): it can never score, so it must not weigh
    # either, or it would sink every query that holds it under the floor.
    scaffolding = [i for i, t in enumerate(tokens) if not matched[i] and t in DESCRIPTION_STOP_WORDS]
    if scaffolding and len(scaffolding) < len(tokens):
        dropped = (*dropped, *(tokens[i] for i in scaffolding))
        kept = [i for i in range(len(tokens)) if i not in scaffolding]
        tokens = tuple(tokens[i] for i in kept)
        entries = [entries[i] for i in kept]
        matched = [matched[i] for i in kept]
    weights = [inverse_document_frequency(pool_size, len(m)) for m in matched]
    idf = dict(zip(tokens, weights, strict=True))
    total_mass = sum(weights)
    needed = (floor - _FLOOR_EPSILON) * total_mass  # a tool below this mass is under the floor

    rarest_first = sorted(range(len(tokens)), key=lambda i: -weights[i])
    remaining = total_mass
    taken = 0
    while taken < len(rarest_first) and not remaining < needed:
        remaining -= weights[rarest_first[taken]]
        taken += 1
    candidates: Collection[int] = _union(matched[i] for i in rarest_first[:taken])
    touched = len(_union(matched))

    scoring = [(e.name, e.near, e.label, e.description, w) for e, w in zip(entries, weights, strict=True)]
    names = index.documents
    share = 1.0
    if floor > 0 and index.options.guessed_name_rules and is_name_shaped(query):  # part of the floor
        share = DESCRIPTION_WEIGHT / NAME_WEIGHT
        # The rarest word of a guessed name is what tells its tool apart (the app, the object):
        # a tool that does not carry it is not that tool. A word no tool carries is the rarest.
        rarest_weight = max(weights, default=0.0)
        rarest = _union(m for m, w in zip(matched, weights, strict=True) if w >= rarest_weight - _FLOOR_EPSILON)
        candidates = [doc_id for doc_id in candidates if doc_id in rarest]
    if needed > 0 and len(tokens) > 1:
        candidates = _could_clear(
            candidates, [matched[i] for i in rarest_first], [weights[i] for i in rarest_first], needed
        )
    passing: list[tuple[int, str, int, float]] = []
    for doc_id in candidates:
        mass = 0.0
        score = 0
        for name_set, near_set, label_set, description_set, weight in scoring:
            if doc_id in name_set:
                score += NAME_WEIGHT
            elif doc_id in near_set:
                score += NAME_PREFIX_WEIGHT
            elif doc_id in label_set:
                score += LABEL_WEIGHT
            elif doc_id in description_set:
                score += DESCRIPTION_WEIGHT
                mass += weight * share
                continue
            else:
                continue
            mass += weight
        if mass >= needed and mass > 0:
            passing.append((-score, names[doc_id].name, doc_id, mass))
    # Codepoint order of the advertised name breaks ties: str comparison in Python is
    # by code point, independent of the process locale.
    cut = max(limit, 0)
    top = heapq.nsmallest(cut, passing) if len(passing) > 4 * cut else sorted(passing)[:cut]
    hits = tuple(_hit(index, tokens, idf, total_mass, doc_id, -neg, mass) for neg, _, doc_id, mass in top)
    return Ranking(
        query_tokens=tokens,
        idf=idf,
        pool_size=pool_size,
        hits=hits,
        above_floor=len(passing),
        below_floor=touched - len(passing),
        uncovered=tuple(token for token, m in zip(tokens, matched, strict=True) if not m),
        dropped=dropped,
    )


def _could_clear(
    candidates: Iterable[int], sets: list[frozenset[int]], weights: list[float], needed: float
) -> list[int]:
    """The candidates whose matched mass (tokens rarest first) can still reach ``needed``.

    A tool is dropped at the first token it misses after which even matching every rarer-than-
    nothing token left could not reach the floor: most candidates of a long request fail after
    a few rare tokens, without looking at the common ones.
    """
    after = [0.0] * (len(weights) + 1)
    for j in range(len(weights) - 1, -1, -1):
        after[j] = after[j + 1] + weights[j]
    steps = list(zip(sets, weights, after[1:], strict=True))
    kept = []
    for doc_id in candidates:
        mass = 0.0
        for matches, weight, rest in steps:
            if doc_id in matches:
                mass += weight
            elif mass + rest < needed:
                break
        else:
            if mass >= needed:
                kept.append(doc_id)
    return kept


def _hit(
    index: SearchIndex,
    tokens: tuple[str, ...],
    idf: dict[str, float],
    total_mass: float,
    doc_id: int,
    score: int,
    mass: float,
) -> Hit:
    matches = []
    for token in tokens:
        explained = index.explain(doc_id, token)
        if explained is not None:
            fld, matched, relation = explained
            matches.append(TokenMatch(token, fld, _FIELD_WEIGHTS[fld], matched, idf[token], relation))
    coverage = mass / total_mass if total_mass > 0 else 0.0
    return Hit(doc_id, index.documents[doc_id].name, score, coverage, tuple(matches))
