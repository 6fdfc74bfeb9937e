"""Steps 3 and 4 of a search: the query's tokens weighed over the ranked pool (IDF, what each
scores against), the tools that could clear the floor (``candidate_tools``), and each one's
score with the seeds' field weights and its covered mass, kept when it clears the floor
(``covering_tools``)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from cardamom.core.search.field_weights import DESCRIPTION_WEIGHT, LABEL_WEIGHT, NAME_PREFIX_WEIGHT, NAME_WEIGHT
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, union_of
from cardamom.core.search.relevance_floor import clears_floor, inverse_document_frequency, same_weight
from cardamom.core.search.scope import Scope
from cardamom.core.search.tokens import DESCRIPTION_STOP_WORDS


@dataclass(frozen=True, slots=True)
class Weighed:
    """The query's tokens over the ranked pool: what each scores against, and its IDF."""

    tokens: tuple[str, ...]
    scoring: list[tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]]  # 5, 3, 2, 1
    matched: list[frozenset[int]]  # per token, the pool's tools it covers
    weights: list[float]
    dropped: tuple[str, ...]  # scaffolding words no tool in the pool carries


def weigh_tokens(index: SearchIndex, scope: Scope) -> Weighed:
    tokens = scope.tokens
    as_exact = index.options.inflected_exact
    scoring = []
    every = []
    for token in tokens:
        entry = index.postings(token)
        exact = entry.name | entry.inflected if as_exact and entry.inflected else entry.name
        near = entry.prefixed if as_exact else union_of((entry.inflected, entry.prefixed))
        description = entry.description
        covered = entry.every
        label = entry.label
        if token in scope.values and description:
            # An argument value (a number, an id, a quoted title) that a description happens to
            # contain ("up to 10 items") is no sign of the tool; only a name carrying it is.
            description = EMPTY
            covered = union_of((exact, near, label))
        if token in scope.values and not scope.values_weighed:
            # Inside a named app a value weighs nothing; it only orders, by a name carrying it
            # exactly (``list_widgets_07`` for "shelf 07"), never a part of a word or a label.
            near = label = EMPTY
            covered = exact
        if scope.synonyms:
            synonym = index.synonym_postings(token)
            if synonym.every:
                near = union_of((near, synonym.name))
                description = union_of((description, synonym.description))
                covered = union_of((covered, synonym.every))
        scoring.append((exact, near, label, description))
        every.append(covered)
    visible = scope.visible
    matched = every if visible is None else [m & visible if m else EMPTY for m in every]  # type: ignore[operator]
    # A description stop word that no tool in the pool carries in its name or label is
    # scaffolding vocabulary ("connection", "set"): it can never score, so it must not weigh
    # either, or it would sink every query that holds it under the floor.
    scaffolding = {i for i, t in enumerate(tokens) if not matched[i] and t in DESCRIPTION_STOP_WORDS}
    dropped: tuple[str, ...] = ()
    if scaffolding and len(scaffolding) < len(tokens):
        dropped = tuple(tokens[i] for i in sorted(scaffolding))
        keep = [i for i in range(len(tokens)) if i not in scaffolding]
        tokens = tuple(tokens[i] for i in keep)
        scoring = [scoring[i] for i in keep]
        matched = [matched[i] for i in keep]
    weights = [
        0.0 if not scope.values_weighed and t in scope.values else inverse_document_frequency(scope.pool_size, len(m))
        for t, m in zip(tokens, matched, strict=True)
    ]
    return Weighed(tokens, scoring, matched, weights, dropped)


def candidate_tools(weighed: Weighed, needed: float, *, rarest_only: bool) -> Collection[int]:
    """Step 3: the tools that could clear the floor.

    Taking the tokens rarest first, once the tokens not yet taken carry less than the floor's
    share of the mass, a tool matching none of the tokens taken cannot clear it: the
    candidates are the union of the rarer tokens' matches. With ``rarest_only`` (a guessed
    name), a tool must match the rarest token itself (ties count alike).
    """
    weights, matched = weighed.weights, weighed.matched
    rarest_first = sorted(range(len(weights)), key=lambda i: -weights[i])
    remaining = sum(weights)
    taken = 0
    while taken < len(rarest_first) and not remaining < needed:
        remaining -= weights[rarest_first[taken]]
        taken += 1
    candidates: Collection[int] = union_of(matched[i] for i in rarest_first[:taken])
    if rarest_only:
        # The rarest word of a guessed name is what tells its tool apart (the app, the object):
        # a tool that does not carry it is not that tool. A word no tool carries is the rarest.
        top = max(weights, default=0.0)
        rarest = union_of(m for m, w in zip(matched, weights, strict=True) if same_weight(w, top))
        candidates = [doc_id for doc_id in candidates if doc_id in rarest]
    if needed > 0 and len(weights) > 1:
        candidates = _could_clear(
            candidates, [matched[i] for i in rarest_first], [weights[i] for i in rarest_first], needed
        )
    return candidates


def _could_clear(
    candidates: Iterable[int], sets: list[frozenset[int]], weights: list[float], needed: float
) -> list[int]:
    """The candidates whose matched mass (tokens rarest first) can still reach ``needed``.

    A tool is dropped at the first token it misses after which even matching every token left
    could not reach the floor: most candidates of a long request fail after a few rare tokens.
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


# Inside a named app, a word matched only in a tool's description covers half its weight: the
# app's own tools describe one another at length ("Box: create key" found an AI-extract tool
# whose description says "key"). Chosen on the dev halves among 1, 1/2 and 1/5 (the guessed-name
# share): half kept nearly all recall and halved the answers to an action the app lacks.
SCOPED_DESCRIPTION_SHARE = 0.5


def description_share(scope: Scope, name_shaped: bool, guessed_name_rules: bool) -> float:
    """How much of a token's IDF a description-only match covers: all of it; a fifth for a
    guessed name naming no app of the org (the seeds' description weight over the name weight);
    half for words (not a guessed name) inside a named app."""
    if guessed_name_rules:
        return DESCRIPTION_WEIGHT / NAME_WEIGHT
    return SCOPED_DESCRIPTION_SHARE if scope.apps and not name_shaped else 1.0


def covering_tools(
    weighed: Weighed, candidates: Iterable[int], needed: float, description_share: float
) -> list[tuple[int, int, int, float]]:
    """Step 4: each candidate's score (seeds' field weights, best field per token), the number
    of query tokens its name covers, and its covered mass; kept when it clears the floor.

    ``description_share``: how much of a token's IDF a description-only match covers (1, or a
    fifth for a guessed name).
    """
    scoring = [(*sets, w) for sets, w in zip(weighed.scoring, weighed.weights, strict=True)]
    passing: list[tuple[int, int, int, float]] = []
    for doc_id in candidates:
        mass = 0.0
        score = 0
        named = 0
        for exact, near, label, description, weight in scoring:
            if doc_id in exact:
                score += NAME_WEIGHT
                named += 1
            elif doc_id in near:
                score += NAME_PREFIX_WEIGHT
                named += 1
            elif doc_id in label:
                score += LABEL_WEIGHT
            elif doc_id in description:
                score += DESCRIPTION_WEIGHT
                mass += weight * description_share
                continue
            else:
                continue
            mass += weight
        if clears_floor(mass, needed):
            passing.append((doc_id, score, named, mass))
    return passing
