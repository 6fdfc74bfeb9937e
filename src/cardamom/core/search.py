"""Lexical tool search with a relevance floor, as the seeds specify, in named steps.

``rank`` reads a query in five steps, each a function below:

1. ``analyse_query``: the query's tokens (filler words out), the apps it names, the words
   that look like argument values, whether it is shaped like a tool name;
2. ``scope_pool``: the tools ranked: the caller's pool, or the part of it belonging to the
   org's apps the query names (an app named but not connected, or connected with none of its
   tools usable, ends the search here, with that reason);
3. ``candidate_tools``: the tools that could clear the floor (rarest tokens first);
4. ``covering_tools``: each candidate's score (seeds' field weights, ``field_weights``) and
   covered mass, kept when it clears the floor (``relevance_floor``);
5. ``order_results``: score, then the ties (``result_order``), cut to the limit.

The seed rules each live in one function of a module named for it: the field weights
(``field_weights``), the IDF and the floor (``relevance_floor``), the codepoint tie-break
(``result_order.codepoint_tie_break``), the description stop words (``tokens``). What goes
beyond the seeds is switched by ``SearchOptions`` and measured in docs/benchmarks.md.
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_left
from collections.abc import Collection, Container, Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from cardamom.core.app_scope import AppMention, app_vocabulary, find_mentions
from cardamom.core.argument_values import argument_values
from cardamom.core.field_weights import (
    DESCRIPTION_WEIGHT,
    LABEL_WEIGHT,
    NAME_PREFIX_WEIGHT,
    NAME_WEIGHT,
    Field,
)
from cardamom.core.ranking import EmptyReason, Hit, Ranking, Relation, TokenMatch
from cardamom.core.relevance_floor import (
    RELEVANCE_FLOOR,
    clears_floor,
    inverse_document_frequency,
    mass_needed,
    same_weight,
)
from cardamom.core.result_order import result_order_key, seed_order_key
from cardamom.core.synonyms import join_compounds, synonyms_of
from cardamom.core.tokens import (
    DESCRIPTION_STOP_WORDS,
    INFLECTIONAL_ENDINGS,
    NAME_ONLY_QUERY_WORDS,
    QUERY_FILLER_WORDS,
    contraction_free,
    inflection_key,
    tokenize,
    unique,
)

__all__ = [
    "RELEVANCE_FLOOR",
    "SEED_RULES_ONLY",
    "EmptyReason",
    "Hit",
    "Ranking",
    "SearchDocument",
    "SearchIndex",
    "SearchOptions",
    "TokenMatch",
    "inverse_document_frequency",
    "is_name_shaped",
    "query_tokens",
    "rank",
]

# The shorter side of a prefix match must have this many characters, so that a stray
# one- or two-letter token (``v`` from ``v2``, ``id``) does not prefix-match half the pool.
MIN_PREFIX_LENGTH = 3


@dataclass(frozen=True, slots=True)
class SearchDocument:
    """What search reads of one tool: its advertised name and its tokenised fields. ``label``
    (the connector label) and ``accounts`` name the app for scoping; the index keeps what it
    derives from them, so a decoded document need not carry them."""

    name: str
    name_tokens: frozenset[str]
    label_tokens: frozenset[str]
    description_tokens: frozenset[str]
    label: str = field(default="", compare=False)
    accounts: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """Ranking behaviour beyond the seeds' fixed rules. The defaults are what ships; the
    switches exist so the benchmark can measure each change against the ranker without it
    (docs/search.md describes each).

    * ``drop_filler``: English function words leave the query before weighting;
    * ``inflections``: a query token matches the simple inflected forms of a tool's tokens;
    * ``strict_reverse_prefix``: a name token inside a longer query word must be an inflection;
    * ``guessed_name_rules``: a query shaped like a tool name is held to names (a description
      match covers a fifth of its weight; a tool must match the name's rarest token);
    * ``tie_order``: equal scores go to the tool whose own name the query covers most, then the
      shorter name, then codepoint order (``result_order``);
    * ``inflected_exact`` (measured, not shipped): an inflected form of a name token (``files``
      for ``file``) scores as the exact token (5) rather than as the seeds' prefix (3);
    * ``app_scope``: a query naming one of the org's apps ranks inside that app; naming an app
      the org has not connected, or one with no tool the caller may use, returns nothing;
    * ``argument_values``: inside a named app, words that look like argument values
      (``'Fixed in build 142'``, ``PROJ-123``) leave the query's mass;
    * ``synonyms``: inside a named app, a word also matches the words of its synonym groups
      (``ticket``/``issue``), weighed by the group's document frequency;
    * ``semantic_fallback``: when nothing clears the floor, a long request in words may still
      find a tool its words rank, by meaning (``semantic_fallback``).
    """

    drop_filler: bool = True
    inflections: bool = True
    strict_reverse_prefix: bool = True
    guessed_name_rules: bool = True
    tie_order: bool = True
    inflected_exact: bool = False
    app_scope: bool = True
    argument_values: bool = True
    synonyms: bool = True
    semantic_fallback: bool = True


SEED_RULES_ONLY = SearchOptions(
    drop_filler=False,
    inflections=False,
    strict_reverse_prefix=False,
    guessed_name_rules=False,
    tie_order=False,
    inflected_exact=False,
    app_scope=False,
    argument_values=False,
    synonyms=False,
    semantic_fallback=False,
)

_EMPTY: frozenset[int] = frozenset()
# Resolved query tokens kept per index; a query then costs set lookups only. Bounded so a
# stream of never-seen words cannot grow it without limit (oldest entries go first).
_POSTINGS_CACHE_SIZE = 8192


@dataclass(frozen=True, slots=True)
class TokenPostings:
    """Every tool one query token scores against, by field, resolved once per index.

    A tool's best field is the first set that holds it: ``name`` (exact, 5), ``inflected`` (a
    name token that is another inflected form), ``prefixed`` (a name token it prefixes, or
    that prefixes it by an inflectional ending), ``label`` (2), ``description`` (1). ``every``
    is their union, the token's document frequency before pool narrowing.
    """

    name: frozenset[int]
    inflected: frozenset[int]
    prefixed: frozenset[int]
    label: frozenset[int]
    description: frozenset[int]
    every: frozenset[int]
    relatives: frozenset[str]  # the name tokens behind ``inflected`` and ``prefixed``


@dataclass(frozen=True, slots=True)
class SynonymPostings:
    """The tools carrying a synonym of a token (any inflected form), in the name and in the description."""

    name: frozenset[int]
    description: frozenset[int]
    every: frozenset[int]
    words: tuple[str, ...]


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


def _own_name_size(name: str) -> int:
    """Distinct tokens of the tool's own name, its account prefix left out."""
    return len(set(tokenize(name.split("__", 1)[-1]))) or 1


@dataclass(slots=True)
class SearchIndex:
    """Postings for every field, and the org's app names, built once per snapshot."""

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
    own_name_sizes: tuple[int, ...] = ()  # per tool, for the tie order
    # Derived by ``add_apps``, never stored in a snapshot (``LOADED_DERIVED``):
    app_targets: dict[str, frozenset[int]] = field(default_factory=dict)  # app or account -> its tools
    app_mentions: dict[str, tuple[str, ...]] = field(default_factory=dict)  # name tokens -> app_targets keys
    _resolved: dict[str, TokenPostings] = field(default_factory=dict, repr=False)
    _synonyms: dict[str, SynonymPostings] = field(default_factory=dict, repr=False)
    _doc_apps: tuple[str, ...] = field(default=(), repr=False)  # per tool, its app (``add_apps``)
    _vectors: dict[int, array[float] | None] = field(default_factory=dict, repr=False)  # semantic fallback

    # The fields a decoded snapshot rebuilds with ``add_apps`` instead of storing them.
    LOADED_DERIVED: ClassVar[tuple[str, ...]] = ("app_targets", "app_mentions")

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
            own_name_sizes=tuple(_own_name_size(doc.name) for doc in documents),
        )
        if index.options.inflections:
            index.name_forms = _by_key(names)
            index.label_forms = _by_key(labels)
            index.description_forms = _by_key(descriptions)
        index.add_apps([doc.label for doc in documents], [doc.accounts for doc in documents])
        return index

    def add_apps(self, labels: Sequence[str], accounts: Sequence[tuple[str, ...]]) -> None:
        """The org's app names (``app_targets``, ``app_mentions``) from each tool's connector
        label and accounts. Built with the index, and again when a snapshot is decoded: they
        follow ``known_apps``, which is code, so a snapshot does not store them."""
        apps: dict[str, list[int]] = {}
        by_account: dict[str, list[int]] = {}
        for doc_id, (label, names) in enumerate(zip(labels, accounts, strict=True)):
            if label:
                apps.setdefault(label, []).append(doc_id)
            for account in names:
                by_account.setdefault(account, []).append(doc_id)
        self.app_targets, self.app_mentions = app_vocabulary(apps, by_account, self.carriers)
        # Without a label (an index built from bare documents), a tool's account is its app.
        self._doc_apps = tuple(label or self.documents[i].name.split("__", 1)[0] for i, label in enumerate(labels))
        if len(self.own_name_sizes) != len(self.documents):  # a blob of a format before 5
            self.own_name_sizes = tuple(_own_name_size(doc.name) for doc in self.documents)

    def carriers(self, token: str) -> frozenset[int]:
        """Every tool carrying ``token`` itself in any field."""
        return _union(
            (
                self.name_postings.get(token, _EMPTY),
                self.label_postings.get(token, _EMPTY),
                self.description_postings.get(token, _EMPTY),
            )
        )

    def _forms(self, forms: dict[str, tuple[str, ...]], token: str) -> tuple[str, ...]:
        """The field's tokens that are inflected forms of ``token`` (itself included when present)."""
        if not self.options.inflections:
            return (token,)
        return forms.get(inflection_key(token), ()) or (token,)

    def _prefix_relatives(self, token: str) -> set[str]:
        """Name tokens ``token`` matches by prefix in either direction, itself excluded."""
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
        found.discard(token)
        return found

    def postings(self, token: str) -> TokenPostings:
        """What ``token`` scores against, by field; resolved on first use and then kept."""
        cached = self._resolved.get(token)
        if cached is not None:
            return cached
        forms = set(self.name_forms.get(inflection_key(token), ())) if self.options.inflections else set()
        forms.discard(token)
        prefixes = self._prefix_relatives(token) - forms
        name = self.name_postings.get(token, _EMPTY)
        inflected = _union(self.name_postings[r] for r in forms)
        prefixed = _union(self.name_postings[r] for r in prefixes)
        label = _union(self.label_postings.get(t, _EMPTY) for t in self._forms(self.label_forms, token))
        description = (
            _EMPTY
            if token in NAME_ONLY_QUERY_WORDS and self.options.drop_filler
            else _union(self.description_postings.get(t, _EMPTY) for t in self._forms(self.description_forms, token))
        )
        entry = TokenPostings(
            name,
            inflected,
            prefixed,
            label,
            description,
            _union((name, inflected, prefixed, label, description)),
            frozenset(forms | prefixes),
        )
        if len(self._resolved) >= _POSTINGS_CACHE_SIZE:
            del self._resolved[next(iter(self._resolved))]
        self._resolved[token] = entry
        return entry

    def synonym_postings(self, token: str) -> SynonymPostings:
        """The tools carrying a word of ``token``'s synonym groups; resolved on first use and then kept."""
        cached = self._synonyms.get(token)
        if cached is not None:
            return cached
        words = synonyms_of(token)
        name = _union(self.name_postings.get(t, _EMPTY) for w in words for t in self._forms(self.name_forms, w))
        description = _union(
            self.description_postings.get(t, _EMPTY) for w in words for t in self._forms(self.description_forms, w)
        )
        entry = SynonymPostings(name, description, _union((name, description)), words)
        if len(self._synonyms) >= _POSTINGS_CACHE_SIZE:
            del self._synonyms[next(iter(self._synonyms))]
        self._synonyms[token] = entry
        return entry

    def explain(self, doc_id: int, token: str, *, synonyms: bool = False) -> tuple[Field, int, str, Relation] | None:
        """The best field ``token`` scores in for one tool: the field, its weight, the tool's
        token it matched, and how that token relates to the query's."""
        entry = self.postings(token)
        doc = self.documents[doc_id]
        if doc_id in entry.name:
            return "name", NAME_WEIGHT, token, "exact"
        as_exact = self.options.inflected_exact
        if doc_id in entry.inflected:
            matched = min(entry.relatives & doc.name_tokens)
            if as_exact:
                return "name", NAME_WEIGHT, matched, "inflection"
            return "name_prefix", NAME_PREFIX_WEIGHT, matched, "inflection"
        if doc_id in entry.prefixed:
            matched = min(entry.relatives & doc.name_tokens)
            return "name_prefix", NAME_PREFIX_WEIGHT, matched, self._relation(token, matched)
        synonym = self.synonym_postings(token) if synonyms else None
        if synonym is not None and doc_id in synonym.name:
            return "name", NAME_PREFIX_WEIGHT, self._synonym_in(synonym.words, doc.name_tokens), "synonym"
        if doc_id in entry.label:
            return "label", LABEL_WEIGHT, *self._matched_form(token, doc.label_tokens)
        if doc_id in entry.description:
            return "description", DESCRIPTION_WEIGHT, *self._matched_form(token, doc.description_tokens)
        if synonym is not None and doc_id in synonym.description:
            return "description", DESCRIPTION_WEIGHT, self._synonym_in(synonym.words, doc.description_tokens), "synonym"
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

    def _synonym_in(self, words: tuple[str, ...], tokens: frozenset[str]) -> str:
        keys = {inflection_key(w) for w in words}
        return min(t for t in tokens if inflection_key(t) in keys)


# ---- step 1: the query -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QueryAnalysis:
    tokens: tuple[str, ...]  # distinct, in order, filler words out
    dropped: tuple[str, ...]  # the filler words left out
    mentions: tuple[AppMention, ...]  # the apps it names, the org's and others
    values: frozenset[str]  # tokens that look like argument values
    name_shaped: bool


def query_tokens(query: str, options: SearchOptions | None = None) -> tuple[str, ...]:
    """The distinct tokens a query is weighted on, in order (filler words dropped by default)."""
    return analyse_query(query, options or SearchOptions()).tokens


def is_name_shaped(query: str) -> bool:
    """A guessed tool name (``list_all_cal_com_schedules``, ``listSchedules``): one word of several tokens."""
    text = query.strip()
    return bool(text) and not any(c.isspace() for c in text) and len(tokenize(text)) > 1


def analyse_query(
    query: str,
    options: SearchOptions,
    mentions: dict[str, tuple[str, ...]] | None = None,
    labels: Container[str] = (),
) -> QueryAnalysis:
    """Step 1: tokens in order (contraction tails out, ``look up`` joined when synonyms are on),
    the filler words dropped, the apps named (``mentions``: the index's app names), the values."""
    if not options.drop_filler:
        tokens = unique(tokenize(query))
        dropped: tuple[str, ...] = ()
        sequence: tuple[str, ...] = tokens
    else:
        sequence = tuple(tokenize(contraction_free(query)))
        if options.synonyms:
            sequence = join_compounds(sequence)
        everything = unique(sequence)
        tokens = tuple(t for t in everything if t not in QUERY_FILLER_WORDS)
        dropped = tuple(t for t in everything if t in QUERY_FILLER_WORDS) if tokens else ()
        tokens = tokens or everything  # a query of filler words only still means something
    found = tuple(find_mentions(sequence, mentions, labels)) if options.app_scope and mentions is not None else ()
    values = argument_values(query) if options.argument_values else frozenset()
    named = {w for m in found for w in m.words}
    return QueryAnalysis(tokens, dropped, found, values - named, is_name_shaped(query))


# ---- step 2: the pool ranked -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scope:
    """What is ranked: ``visible`` (None: the whole index) and the tokens weighed there."""

    visible: Collection[int] | None
    pool_size: int
    tokens: tuple[str, ...]
    apps: tuple[str, ...] = ()  # the org's apps named (ranking stayed inside them)
    app_words: tuple[str, ...] = ()
    values: frozenset[str] = frozenset()  # argument values still weighed (they match names only)
    values_weighed: bool = True
    synonyms: bool = False
    refusal: EmptyReason | None = None
    grammar: tuple[str, ...] = ()  # the sentence's grammar words left out (dropped)


def scope_pool(index: SearchIndex, analysis: QueryAnalysis, pool: Collection[int] | None, floor: float) -> Scope:
    """Step 2: the caller's pool, or its part inside the apps the query names.

    A query naming one of the org's apps is ranked among that app's tools the caller may use;
    inside it, argument values leave the mass and synonyms apply. Under the floor, a query
    that names only apps the org has not connected, or apps none of whose tools the caller may
    use, returns nothing, with that reason.
    """
    if pool is None:
        visible: Collection[int] | None = None
        size = len(index.documents)
    else:
        visible = pool if isinstance(pool, (set, frozenset)) else frozenset(pool)
        size = len(visible)
    tokens = analysis.tokens
    options = index.options
    grammar: tuple[str, ...] = ()
    connected = [m for m in analysis.mentions if m.connected]
    words = unique(w for m in analysis.mentions for w in m.words)
    values = tuple(t for t in tokens if t in analysis.values)
    if options.drop_filler and not analysis.name_shaped:
        # In words (not a guessed name), "in", "on", "is", "do", "can" are the sentence's grammar,
        # though a tool name may carry them as content (sign_in, is_member): they leave a query of
        # two words or more besides them ("help me" keeps its "me").
        content = tuple(t for t in tokens if t not in NAME_ONLY_QUERY_WORDS)
        if len(content) >= 2:
            grammar, tokens = tuple(t for t in tokens if t in NAME_ONLY_QUERY_WORDS), content
    if not connected:
        if analysis.mentions and floor > 0:
            names = unique(m.name for m in analysis.mentions)
            refusal = EmptyReason("app_not_connected", names, (), values)
            return Scope(visible, size, tokens, (), words, refusal=refusal, grammar=grammar)
        return Scope(visible, size, tokens, values=analysis.values, grammar=grammar)
    apps = _narrowest(index, unique(m.name for m in connected))
    inside = _union(index.app_targets.get(name, _EMPTY) for name in apps)
    scoped = inside if visible is None else inside & visible  # type: ignore[operator]
    if not scoped:
        if floor > 0:
            refusal = EmptyReason("app_without_usable_tools", apps, (), values)
            return Scope(scoped, 0, tokens, apps, words, refusal=refusal, grammar=grammar)
        return Scope(visible, size, tokens, values=analysis.values, grammar=grammar)  # no floor: unscoped
    app_words = {w for m in connected for w in m.words}
    kept = tuple(t for t in tokens if t not in app_words) or tokens
    weighed = True
    if options.argument_values:
        without_values = tuple(t for t in kept if t not in analysis.values)
        if without_values and len(without_values) < len(kept):
            weighed = False  # the values stay, to order by (a name carrying one), but weigh nothing
    return Scope(scoped, len(scoped), kept, apps, words, analysis.values, weighed, options.synonyms, None, grammar)


def _narrowest(index: SearchIndex, names: tuple[str, ...]) -> tuple[str, ...]:
    """The named targets that hold no other named target: "notion legal" is the account
    notion-legal, not all of Notion."""
    targets = {name: index.app_targets.get(name, _EMPTY) for name in names}
    return tuple(n for n in names if not any(o != n and targets[o] < targets[n] for o in names))


# ---- steps 3 and 4: candidates, coverage and the floor ----------------------------------------


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
        near = entry.prefixed if as_exact else _union((entry.inflected, entry.prefixed))
        description = entry.description
        covered = entry.every
        label = entry.label
        if token in scope.values and description:
            # An argument value (a number, an id, a quoted title) that a description happens to
            # contain ("up to 10 items") is no sign of the tool; only a name carrying it is.
            description = _EMPTY
            covered = _union((exact, near, label))
        if token in scope.values and not scope.values_weighed:
            # Inside a named app a value weighs nothing; it only orders, by a name carrying it
            # exactly (``list_widgets_07`` for "shelf 07"), never a part of a word or a label.
            near = label = _EMPTY
            covered = exact
        if scope.synonyms:
            synonym = index.synonym_postings(token)
            if synonym.every:
                near = _union((near, synonym.name))
                description = _union((description, synonym.description))
                covered = _union((covered, synonym.every))
        scoring.append((exact, near, label, description))
        every.append(covered)
    visible = scope.visible
    matched = every if visible is None else [m & visible if m else _EMPTY for m in every]  # type: ignore[operator]
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
    candidates: Collection[int] = _union(matched[i] for i in rarest_first[:taken])
    if rarest_only:
        # The rarest word of a guessed name is what tells its tool apart (the app, the object):
        # a tool that does not carry it is not that tool. A word no tool carries is the rarest.
        top = max(weights, default=0.0)
        rarest = _union(m for m, w in zip(matched, weights, strict=True) if same_weight(w, top))
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


# ---- step 5: order ---------------------------------------------------------------------------


def order_results(
    index: SearchIndex, passing: list[tuple[int, int, int, float]], limit: int
) -> list[tuple[int, int, float]]:
    """Step 5: the first ``limit`` results as (tool, score, mass), by ``result_order``."""
    names = index.documents
    cut = max(limit, 0)
    keyed: list[tuple[tuple[int, float, int, str] | tuple[int, str], int, int, float]]
    if index.options.tie_order and index.own_name_sizes:
        sizes = index.own_name_sizes
        keyed = [
            (result_order_key(score, min(1.0, named / sizes[d]), sizes[d], names[d].name), d, score, mass)
            for d, score, named, mass in _best_scores(passing, cut)
        ]
    else:
        keyed = [
            (seed_order_key(score, names[d].name), d, score, mass) for d, score, _, mass in _best_scores(passing, cut)
        ]
    top = heapq.nsmallest(cut, keyed) if len(keyed) > 4 * cut else sorted(keyed)[:cut]
    return [(d, score, mass) for _, d, score, mass in top]


def _best_scores(passing: list[tuple[int, int, int, float]], cut: int) -> list[tuple[int, int, int, float]]:
    """The tools whose score can still make the cut: every score at or above the cut-th best
    (the ties at the boundary are decided by the full key, built for these only)."""
    if len(passing) <= cut:
        return passing
    boundary = heapq.nlargest(cut, (p[1] for p in passing))[-1] if cut else max(p[1] for p in passing) + 1
    return [p for p in passing if p[1] >= boundary]


# ---- rank --------------------------------------------------------------------------------------


def rank(
    index: SearchIndex,
    query: str,
    *,
    pool: Collection[int] | None = None,
    limit: int = 10,
    floor: float = RELEVANCE_FLOOR,
) -> Ranking:
    """Rank the tools of ``pool`` (default: every indexed tool) against ``query``.

    IDF is computed over the tools ranked (``pool``, or its part in the apps the query names),
    so a tool outside it can neither match nor shift the weight of a token for those inside.
    Only tools that could still clear the floor are scored, so a query's cost follows how many
    tools share its rare tokens, not the pool size.
    """
    options = index.options
    analysis = analyse_query(query, options, index.app_mentions, index.label_postings)
    scope = scope_pool(index, analysis, pool, floor)
    values = tuple(t for t in unique((*analysis.tokens, *analysis.values)) if t in analysis.values)
    common = {
        "dropped": analysis.dropped,
        "scope": scope.apps,
        "app_words": scope.app_words,
        "values": values,
        "values_weighed": scope.values_weighed,
    }
    common["dropped"] = (*analysis.dropped, *scope.grammar)
    if scope.refusal is not None:
        seen = frozenset(pool) if pool is not None else None
        found = [index.postings(t).every if seen is None else index.postings(t).every & seen for t in scope.tokens]
        uncovered = tuple(t for t, m in zip(scope.tokens, found, strict=True) if not m)
        touched = len(_union(found))
        return Ranking(scope.tokens, {}, scope.pool_size, (), 0, touched, uncovered, reason=scope.refusal, **common)  # type: ignore[arg-type]
    weighed = weigh_tokens(index, scope)
    total_mass = sum(weighed.weights)
    needed = mass_needed(total_mass, floor)
    # Part of the floor, for a guessed name that names no app of the org: inside a named app,
    # the scope already does what these rules do (keep other apps' tools out).
    guessed = floor > 0 and options.guessed_name_rules and analysis.name_shaped and not scope.apps
    candidates = candidate_tools(weighed, needed, rarest_only=guessed)
    share = description_share(scope, analysis.name_shaped, guessed)
    passing = covering_tools(weighed, candidates, needed, share)
    top = order_results(index, passing, limit)
    idf = dict(zip(weighed.tokens, weighed.weights, strict=True))
    similarity: dict[int, float] = {}
    if not top and floor > 0 and options.semantic_fallback and not scope.apps and not analysis.name_shaped:
        top, similarity = _semantic_fallback(index, query, weighed, scope, share, limit)
    hits = tuple(
        _hit(index, weighed.tokens, idf, total_mass, d, score, mass, scope.synonyms, similarity.get(d))
        for d, score, mass in top
    )
    touched = len(_union(weighed.matched))
    unweighed = frozenset() if scope.values_weighed else scope.values  # argument values in a named app
    uncovered = tuple(t for t, m in zip(weighed.tokens, weighed.matched, strict=True) if not m and t not in unweighed)
    reason = None
    if not hits:
        missing = uncovered or _closest_lacks(weighed, candidates, share)
        reason = EmptyReason("words_uncovered", scope.apps, tuple(t for t in missing if t not in values), values)
    common["dropped"] = (*analysis.dropped, *scope.grammar, *weighed.dropped)
    return Ranking(
        query_tokens=weighed.tokens,
        idf=idf,
        pool_size=scope.pool_size,
        hits=hits,
        fallback=bool(similarity),
        above_floor=len(passing),
        below_floor=touched - len(passing),
        uncovered=uncovered,
        reason=reason,
        **common,  # type: ignore[arg-type]
    )


def _closest_lacks(weighed: Weighed, candidates: Iterable[int], share: float) -> tuple[str, ...]:
    """The query tokens the closest tool (the most covered mass) lacks, rarest first; when no
    tool could come near the floor, the rarest tokens that carry half the mass."""
    best: tuple[float, int] | None = None
    for doc_id in candidates:
        mass = sum(w for m, w in zip(weighed.matched, weighed.weights, strict=True) if doc_id in m)
        if best is None or mass > best[0]:
            best = (mass, doc_id)
    order = sorted(range(len(weighed.tokens)), key=lambda i: -weighed.weights[i])
    if best is not None:
        return tuple(weighed.tokens[i] for i in order if best[1] not in weighed.matched[i])
    half = sum(weighed.weights) / 2
    lacking: list[str] = []
    for i in order:
        if half <= 0:
            break
        lacking.append(weighed.tokens[i])
        half -= weighed.weights[i]
    return tuple(lacking)


def _hit(
    index: SearchIndex,
    tokens: tuple[str, ...],
    idf: dict[str, float],
    total_mass: float,
    doc_id: int,
    score: int,
    mass: float,
    synonyms: bool,
    similarity: float | None = None,
) -> Hit:
    matches = []
    for token in tokens:
        explained = index.explain(doc_id, token, synonyms=synonyms)
        if explained is not None:
            fld, weight, matched, relation = explained
            matches.append(TokenMatch(token, fld, weight, matched, idf[token], relation))
    coverage = mass / total_mass if total_mass > 0 else 0.0
    return Hit(doc_id, index.documents[doc_id].name, score, coverage, tuple(matches), similarity)


# ---- the semantic fallback ----------------------------------------------------------------------

# The tools a request's words rank, rarest words first, are gathered until there are this many
# (then ordered by the seeds' weights without the floor): enough to hold the first
# ``FallbackRule.candidates`` of that order for any request, few enough to score in well under
# a millisecond at 10,000 tools.
_FALLBACK_GATHER = 200


def _semantic_fallback(
    index: SearchIndex, query: str, weighed: Weighed, scope: Scope, share: float, limit: int
) -> tuple[list[tuple[int, int, float]], dict[int, float]]:
    """The lexical order's first candidates that the request's meaning vouches for
    (``semantic_fallback``), as (tool, score, mass), and each one's similarity."""
    from cardamom.core import semantic_fallback as semantic

    content = [t for t in weighed.tokens if t not in scope.values]
    if limit <= 0 or not semantic.eligible(len(content), scope.pool_size):
        return [], {}
    gathered: set[int] = set()
    for i in sorted(range(len(weighed.weights)), key=lambda i: -weighed.weights[i]):
        gathered.update(weighed.matched[i])
        if len(gathered) >= _FALLBACK_GATHER:
            break
    ranked = order_results(index, covering_tools(weighed, gathered, 0.0, share), semantic.RULE.candidates)
    if not ranked:
        return [], {}
    apps = index._doc_apps or tuple(d.name.split("__", 1)[0] for d in index.documents)
    scored = semantic.similar_candidates(
        query, [d for d, _, _ in ranked], apps.__getitem__, lambda d: _document_text(index, d), index._vectors
    )
    kept = {c.doc: c.similarity for c in semantic.decide(scored, apps[ranked[0][0]])}
    return [r for r in ranked if r[0] in kept][:limit], kept


def _document_text(index: SearchIndex, doc_id: int) -> str:
    """What the fallback embeds of a tool: its name, label and description words."""
    doc = index.documents[doc_id]
    return " ".join((*sorted(doc.name_tokens), *sorted(doc.label_tokens), *sorted(doc.description_tokens)))
