"""Steps 3 and 4 of a search: the query's tokens weighed over the ranked pool (IDF, what each
scores against), the tools that could clear the floor (``candidate_tools``), and each one's
score with the seeds' field weights and its covered mass, kept when it clears the floor
(``covering_tools``)."""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Sequence
from dataclasses import dataclass, field

from cardamom.core.search.field_weights import DESCRIPTION_WEIGHT, LABEL_WEIGHT, NAME_PREFIX_WEIGHT, NAME_WEIGHT
from cardamom.core.search.frame_adjectives import FRAME_ADJECTIVES, framing_adjectives
from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, joined_sets, union_of
from cardamom.core.search.relevance_floor import clears_floor, inverse_document_frequency, same_weight
from cardamom.core.search.scope import Scope
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import DESCRIPTION_STOP_WORDS, GRAMMAR_WORDS, READ_FRAME_NOUNS, is_plural

# Nouns that frame a request to read ("get the *details* of page X", "*info* on droplet 7", "query
# a database for *items* where") rather than name what it reads: where no name or label of the
# ranked pool carries one and another word of the request, not an action, is a name word of the
# pool (the object read), it weighs nothing and scores only where a description says it
# (``_framing``). A name carrying one keeps it a word of the tool (Box's ``get_folders_id_items``).
# So do the words a request uses for a tool itself ("is there a *tool* to upload files to Box",
# "Jira *API* get issue").
_TOOL_WORDS = frozenset(
    {"tool", "tools", "api", "apis", "endpoint", "endpoints", "function", "functions", "operation", "operations"}
)
# ... and (``api_words``) "the Jira *REST* API", "the Stripe *SDK*"
_API_WORDS = frozenset({"rest", "sdk"})
FRAME_NOUNS = READ_FRAME_NOUNS | {"items", "item", "entries", "rows", "records", "results"} | _TOOL_WORDS


# Per query token: the tools it scores 5, 3, 2 and 1 against; those (of the 3) it reaches only
# through a synonym; those whose own description says it (the last two order ties).
TokenSets = tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
# A tool that clears the floor: (tool, score, query tokens its name covers, covered mass, mass
# of the query tokens its description says, argument values its name carries exactly, whether
# its name carries the request's first word, its fit to the ids the request gives, ``parameter_fit``).
Covering = tuple[int, int, int, float, float, int, int, int]


@dataclass(frozen=True, slots=True)
class Weighed:
    """The query's tokens over the ranked pool: what each scores against, and its IDF."""

    tokens: tuple[str, ...]
    # per token, the tools it scores against: 5, 3, 2, 1; (within the 3) those it reaches only
    # through a synonym, which do not count as the query covering their name; and those whose
    # own description says it, whatever field scored it (both for the tie order)
    scoring: list[TokenSets]
    matched: list[frozenset[int]]  # per token, the pool's tools it covers
    weights: list[float]
    dropped: tuple[str, ...]  # scaffolding and grammar words no tool in the pool carries
    # the tokens weighing nothing that still score (frame nouns: "details" orders the tools
    # whose descriptions say it, but no tool need cover it)
    scored_only: frozenset[int] = frozenset()
    # the weighed argument values (a request naming no app), when other words weigh too: a tool
    # they alone reach is no answer ("what's on my calendar today": ``list_usage_record_today``)
    weighed_values: frozenset[int] = frozenset()
    # for each plural token reaching names through a synonym, the tools it reaches in the
    # singular only ("members": ``get_user``), for the tie order
    unagreeing: list[frozenset[int]] = field(default_factory=list)
    # "all" quantifying the head (``described_all``): a description saying it covers it, scores nothing
    quantifiers: frozenset[str] = frozenset()


def weigh_tokens(
    index: SearchIndex,
    scope: Scope,
    *,
    guessed_name: bool = False,
    head: RequestHead | None = None,
    predicates: frozenset[str] = frozenset(),
    ids: frozenset[str] = frozenset(),
    lookups: frozenset[str] = frozenset(),
) -> Weighed:
    """The query's tokens weighed over the ranked pool. ``guessed_name``: the query is shaped
    like a tool name, whose grammatical number is a guess (``guessed_number``). ``head``: the
    request's verb and head noun (``head_all``). ``predicates``: the words a copula puts after
    it ("are *available*", ``frame_adjectives``). ``ids``: the values that are a thing's number,
    which match no name (``numbered_ids``). ``lookups``: "get file by *id*" (``id_lookups``)."""
    tokens = scope.tokens
    as_exact = index.options.inflected_exact or (guessed_name and index.options.guessed_number)
    literal_ties = index.options.literal_ties
    description_ties = index.options.description_ties
    number_ties = index.options.number_ties
    scoring: list[TokenSets] = []
    every = []
    unagreeing: dict[int, frozenset[int]] = {}
    quantifiers: frozenset[str] = frozenset()
    for token in tokens:
        entry = index.postings(token)
        exact = entry.name | entry.inflected if as_exact and entry.inflected else entry.name
        near = entry.prefixed if as_exact else entry.near
        description = entry.description
        covered = entry.every
        label = entry.label
        if token in lookups:  # "get file *by id*": a description saying it, as a name's prefix would
            near = near | entry.description
        if token in scope.values and description:
            # An argument value (a number, an id, a quoted title) that a description happens to
            # contain ("up to 10 items") is no sign of the tool; only a name carrying it is.
            description = EMPTY
            covered = union_of((exact, near, label))
        if token in ids:
            # a thing's number ("droplet *99*") is its id: a name's number ("..._time_99_p") is no sign
            exact = near = label = covered = EMPTY
        if token in scope.values and not scope.values_weighed:
            # Inside a named app a value weighs nothing; it only orders, by a name carrying it
            # exactly (``list_widgets_07`` for "shelf 07"), never a part of a word or a label.
            near = label = EMPTY
            covered = exact
        described = description if description_ties else EMPTY
        by_synonym = EMPTY
        if scope.synonyms:
            synonym = index.synonym_postings(token)
            if synonym.every:
                if literal_ties and synonym.name:
                    by_synonym = synonym.name - exact - near
                    if number_ties and is_plural(token):
                        # a plural asks for many ("members": ``get_users``); a singular says
                        # nothing, REST names say the collection (``post_folders`` creates one)
                        unagreeing[len(scoring)] = by_synonym - synonym.name_in_number
                resolved = token not in scope.values and token not in ids  # (no rule above narrowed them)
                near, description, covered = joined_sets(synonym, near, description, covered, resolved, as_exact)
        if token == "all" and head is not None and index.options.head_all:
            # "all" quantifies the head ("get all *comments* on an issue"): a name's "all" is
            # no sign of a tool acting on another thing (``get_all_issue_field_options``)
            carriers = index.name_carriers(head.head, synonyms=scope.synonyms)
            exact, near, label = exact & carriers, near & carriers, label & carriers
            by_synonym &= carriers
            quantifiers = frozenset({token}) if index.options.described_all else quantifiers  # "Lists *all* ..."
        scoring.append((exact, near, label, description, by_synonym, described))
        every.append(covered)
    visible = scope.visible
    matched = every if visible is None else [m & visible if m else EMPTY for m in every]  # type: ignore[operator]
    # A description stop word that no tool in the pool carries in its name or label is
    # scaffolding vocabulary ("connection", "set"): it can never score, so it must not weigh
    # either, or it would sink every query that holds it under the floor. So is a grammar word
    # kept only because names may carry it ("is", "all": is_member, list_all) where no name of
    # the pool does ("google_chat_list_spaces_caller_is"), when two words or more remain ("help
    # me" keeps its "me", as the sentence grammar rule of ``scope`` does).
    scaffolding = {i for i, t in enumerate(tokens) if not matched[i] and t in DESCRIPTION_STOP_WORDS}
    named: list[frozenset[int]] | None = None
    if index.options.unmatched_grammar:
        grammar = {i for i, t in enumerate(tokens) if not matched[i] and t in GRAMMAR_WORDS}
        if index.options.named_grammar and not GRAMMAR_WORDS.isdisjoint(tokens):
            # "all" is grammar (``get_all_{app}_{object}``, "show me all customers") unless a
            # name carries it: a description saying "all" is no sign of the tool, and as the
            # rarest word of a small app's pool it would be the one a guessed name's candidates
            # must carry (the other grammar words match names only anyway).
            named = _named(scoring, visible)
            grammar |= {i for i, t in enumerate(tokens) if not named[i] and t in GRAMMAR_WORDS}
        # (``ordered_things``: "all" quantifying the one thing left, "all xero invoices")
        left = len(tokens) - len(scaffolding | grammar)
        quantified = index.options.ordered_things and left == 1 and all(tokens[i] == "all" for i in grammar)
        if left >= 2 or quantified:
            scaffolding |= grammar
    framing: frozenset[str] = frozenset()
    frames = FRAME_NOUNS | _API_WORDS if index.options.api_words else FRAME_NOUNS
    if index.options.frame_nouns and not frames.isdisjoint(tokens):
        named = named or _named(scoring, visible)
        framing = _framing(index, tokens, named, scope.values, visible, frames, lone=bool(scope.apps))
    participles = index.options.framing_participles  # "which refunds have been *made* on ..."
    if index.options.frame_adjectives and ((participles and predicates) or not FRAME_ADJECTIVES.isdisjoint(predicates)):
        named = named or _named(scoring, visible)
        framing |= framing_adjectives(tokens, named, scope.values, predicates, participles=participles)
    dropped: tuple[str, ...] = ()
    if scaffolding and len(scaffolding) < len(tokens):
        dropped = tuple(tokens[i] for i in sorted(scaffolding))
        keep = [i for i in range(len(tokens)) if i not in scaffolding]
        tokens = tuple(tokens[i] for i in keep)
        scoring = [scoring[i] for i in keep]
        matched = [matched[i] for i in keep]
        unagreeing = {i: u for i, u in unagreeing.items() if i not in scaffolding}
    weights = [
        0.0
        if (not scope.values_weighed and t in scope.values) or t in framing
        else inverse_document_frequency(scope.pool_size, len(m))
        for t, m in zip(tokens, matched, strict=True)
    ]
    scored = frozenset(i for i, t in enumerate(tokens) if t in framing)
    valued: frozenset[int] = frozenset()
    if index.options.value_evidence and scope.values:
        valued = frozenset(i for i, (t, w) in enumerate(zip(tokens, weights, strict=True)) if w and t in scope.values)
        if len(valued) == sum(1 for w in weights if w):
            valued = frozenset()  # a request of values only ("PROJ-123") keeps the seeds' reading
    return Weighed(tokens, scoring, matched, weights, dropped, scored, valued, [*unagreeing.values()], quantifiers)


def _named(scoring: list[TokenSets], visible: Container[int] | None) -> list[frozenset[int]]:
    """Per token, the tools of the ranked pool whose name or label carries it."""
    if visible is None:
        return [union_of(sets[:3]) for sets in scoring]
    # (each set met with the pool first: a common verb's sets hold thousands of tools, a pool few)
    return [union_of(s & visible for s in sets[:3] if s) for sets in scoring]  # type: ignore[operator]


def _framing(
    index: SearchIndex,
    tokens: tuple[str, ...],
    named: list[frozenset[int]],
    values: Container[str],
    visible: Container[int] | None,
    frames: frozenset[str],
    *,
    lone: bool = False,
) -> frozenset[str]:
    """The frame nouns of ``tokens`` (``frames``) that leave the mass: those no name or
    label of the pool carries (as written or inflected: "info" only prefixing Box's
    ``shield_information_barriers`` is not carried), when another word, not an action or a
    value, is a name word of the pool; and (``lone_frames``, with ``lone``: inside a named app)
    those whose carrying names carry none of those words ("the details of droplet 3342" is not a
    GenAI job's ``..._details_...``). Outside a named app the frame keeps its weight: a request
    to strangers' tools read more loosely found them by meaning ("retrieving details for the
    barcode ..." with its barcode apps gone)."""
    objects = [
        n
        for t, n in zip(tokens, named, strict=True)
        if n and t not in frames and t not in values and not is_action_word(t)
    ]
    if not objects:
        return frozenset()
    lone = lone and index.options.lone_frames
    framing = set()
    for t in frames.intersection(tokens):
        entry = index.postings(t)
        carried = union_of((entry.name, entry.inflected, entry.label))
        carried = carried if visible is None else carried & visible  # type: ignore[operator]
        if not carried or (lone and all(carried.isdisjoint(n) for n in objects)):
            framing.add(t)
    return frozenset(framing)


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


# In a query in words, a word matched only in a tool's description covers half its weight.
# Inside a named app first: the app's own tools describe one another at length ("Box: create
# key" found an AI-extract tool whose description says "key"); chosen on the dev halves among 1,
# 1/2 and 1/5 (the guessed-name share): half kept nearly all recall and halved the answers to an
# action the app lacks. Then everywhere (``words_description_half``): a phrase naming an app
# the org does not have, in words no known-app list holds ("Forem: get followed tags"), cleared
# the floor through other apps' descriptions alone.
DESCRIPTION_SHARE_IN_WORDS = 0.5


def description_share(scope: Scope, name_shaped: bool, guessed_name_rules: bool, everywhere: bool) -> float:
    """How much of a token's IDF a description-only match covers: a fifth for a guessed name
    naming no app of the org (the seeds' description weight over the name weight); half for a
    query in words inside a named app, or anywhere with ``everywhere``; else all of it."""
    if guessed_name_rules:
        return DESCRIPTION_WEIGHT / NAME_WEIGHT
    if name_shaped:
        return 1.0
    return DESCRIPTION_SHARE_IN_WORDS if scope.apps or everywhere else 1.0


def covering_tools(
    weighed: Weighed,
    candidates: Iterable[int],
    needed: float,
    description_share: float,
    *,
    name_evidence: bool = False,
    first_word: bool = False,
    titled: Sequence[frozenset[int]] | None = None,
) -> list[Covering]:
    """Step 4: each candidate's score (seeds' field weights, best field per token), the number
    of query tokens its name covers, its covered mass and the mass its own description says;
    kept when it clears the floor (in the candidates' order).

    ``description_share``: how much of a token's IDF a description-only match covers (1, or a
    fifth for a guessed name). ``name_evidence``: where that share is under 1, a tool the query
    reaches through its description alone, which then covers at most exactly half, does not
    clear the floor: its name or label must carry a word of the query. ``first_word``: note
    whether the tool's name carries the request's first weighed word (its verb, as a request
    is written: "transition issue" is ``do_transition``, not ``create_issue``), for the ties.
    ``titled``: per token, the tools whose title says it (``title_words``): such a description
    match covers all of the token's weight (a name or label word must still be matched).
    """
    # Token by token over each token's matches among the candidates (set operations), not tool
    # by tool over every token: a long request's candidates each match few of its tokens, and
    # the semantic fallback scores a few hundred candidates. Each tool's mass still adds its
    # tokens in the query's order, so the sums are those of a tool-by-tool loop.
    listed = candidates if isinstance(candidates, list) else list(candidates)
    pool = frozenset(listed)
    score: dict[int, int] = dict.fromkeys(pool, 0)
    mass: dict[int, float] = dict.fromkeys(pool, 0.0)
    named: dict[int, int] = dict.fromkeys(pool, 0)
    said: dict[int, float] = dict.fromkeys(pool, 0.0)
    valued: dict[int, int] = dict.fromkeys(pool, 0)
    beyond: set[int] | None = None if not (name_evidence and description_share < 1.0 and needed > 0) else set()
    worded: set[int] | None = set() if weighed.weighed_values else None
    leads: frozenset[int] = EMPTY
    first_to_come = first_word
    for i, (sets, weight) in enumerate(zip(weighed.scoring, weighed.weights, strict=True)):
        exact, near, label, description, by_synonym, described = [s & pool if s else s for s in sets]
        if i in weighed.scored_only:
            # a frame noun ("details") no name carries: it scores where a description says
            # it, covers nothing (a name it only prefixes, "information_barriers", says nothing)
            for doc_id in description:
                score[doc_id] += DESCRIPTION_WEIGHT
            continue
        if worded is not None and i not in weighed.weighed_values:
            worded.update(exact, near, label, description)
        if weight == 0.0:
            # an argument value weighing nothing (IDF is always positive): it only orders,
            # among equal scores, by a name carrying it ("shelf 07", ``list_widgets_07``);
            # scored, "a branch called release-2.0" would find ``create_release``
            for doc_id in exact:
                valued[doc_id] += 1
            continue
        for doc_id in described:
            said[doc_id] += weight
        if first_to_come:
            leads, first_to_come = exact | near, False
        for doc_id in exact:
            score[doc_id] += NAME_WEIGHT
            named[doc_id] += 1
            mass[doc_id] += weight
        for doc_id in near - exact:
            score[doc_id] += NAME_PREFIX_WEIGHT
            named[doc_id] += doc_id not in by_synonym
            mass[doc_id] += weight
        for doc_id in label - exact - near:
            score[doc_id] += LABEL_WEIGHT
            mass[doc_id] += weight
        only_described = description - exact - near - label
        point = 0 if weighed.tokens[i] in weighed.quantifiers else DESCRIPTION_WEIGHT  # (once a token)
        for doc_id in only_described:
            score[doc_id] += point
            mass[doc_id] += weight * description_share
        if titled is not None and titled[i]:
            for doc_id in only_described & titled[i]:
                mass[doc_id] += weight * (1.0 - description_share)  # its title says it: all of it
        if beyond is not None:
            beyond.update(exact, near, label)  # a word scored beyond the description
    return [
        (doc_id, score[doc_id], named[doc_id], mass[doc_id], said[doc_id], valued[doc_id], int(doc_id in leads), 0)
        for doc_id in listed
        if (beyond is None or doc_id in beyond)
        and (worded is None or doc_id in worded)
        and clears_floor(mass[doc_id], needed)
    ]
