"""The search index, built once per snapshot: postings for every field, the sorted name
vocabulary for prefix range scans, each field's tokens grouped by inflection key, the org's app
names, and per query token the resolved ``TokenPostings`` (cached, bounded)."""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from cardamom.core.search.api_verbs import NAME_METHODS
from cardamom.core.search.app_scope import app_vocabulary, find_mentions
from cardamom.core.search.document import SearchDocument
from cardamom.core.search.field_weights import (
    DESCRIPTION_WEIGHT,
    LABEL_WEIGHT,
    NAME_PREFIX_WEIGHT,
    NAME_WEIGHT,
    Field,
)
from cardamom.core.search.fused_names import fused_carriers
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.postings import (
    EMPTY,
    MIN_PREFIX_LENGTH,
    POSTINGS_CACHE_SIZE,
    SynonymJoined,
    SynonymPostings,
    TokenPostings,
    by_inflection_key,
    own_name_size,
    own_name_words,
    union_of,
)
from cardamom.core.search.ranking import Relation
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.tokens import (
    GRAMMAR_WORDS,
    INFLECTIONAL_ENDINGS,
    NAME_ONLY_QUERY_WORDS,
    inflection_key,
    is_plural,
    tokenize,
)

# The distinct sets ``SearchIndex._shared`` keeps to hand out again (a few per token resolved).
_SHARED_SETS = 4 * POSTINGS_CACHE_SIZE


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
    titles: tuple[tuple[str, ...], ...] = ()  # per tool, its title's words (``title_order``); none before format 14
    # per tool, the things whose ids it takes (``parameter_fit``); none before format 52
    parameter_things: tuple[frozenset[str], ...] = ()
    # Derived by ``add_apps``, never stored in a snapshot (``LOADED_DERIVED``):
    app_targets: dict[str, frozenset[int]] = field(default_factory=dict)  # app or account -> its tools
    app_mentions: dict[str, tuple[str, ...]] = field(default_factory=dict)  # name tokens -> app_targets keys
    _resolved: dict[str, TokenPostings] = field(default_factory=dict, repr=False)
    _synonyms: dict[str, SynonymPostings] = field(default_factory=dict, repr=False)
    _shared_sets: dict[frozenset[int], frozenset[int]] = field(default_factory=dict, repr=False)  # ``_shared``
    _doc_apps: tuple[str, ...] = field(default=(), repr=False)  # per tool, its app (``add_apps``)
    _vectors: dict[int, array[float] | None] = field(default_factory=dict, repr=False)  # semantic fallback
    _titled: dict[str, frozenset[int]] | None = field(default=None, repr=False)  # ``title_postings``
    _id_kinds: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)  # ``id_kind_cache``
    _takers: dict[frozenset[str], frozenset[int]] = field(default_factory=dict, repr=False)  # ``taking``
    # ``name_pairs_cache``: per name word, its names' plural neighbours (``word_forms._name_pairs``)
    _pairs: dict[str, tuple[dict[str, frozenset[int]], ...]] = field(default_factory=dict, repr=False)

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
            own_name_sizes=tuple(
                own_name_size(doc.name, digits=not (options or SearchOptions()).dated_names) for doc in documents
            ),
            titles=tuple(doc.title for doc in documents) if any(doc.title for doc in documents) else (),
            parameter_things=tuple(d.parameters for d in documents) if any(d.parameters for d in documents) else (),
        )
        if index.options.inflections:
            index.name_forms = by_inflection_key(names)
            index.label_forms = by_inflection_key(labels)
            index.description_forms = by_inflection_key(descriptions)
        index.add_apps([doc.label for doc in documents], [doc.accounts for doc in documents])
        return index

    def rekey_forms(self) -> None:
        """The inflected forms grouped again by this code's ``inflection_key``: a snapshot of an
        older format grouped them by an older key (format 10 and before put ``note`` with
        ``not``), and every form it lists is one of its postings' words."""
        if self.options.inflections:
            self.name_forms = by_inflection_key(w for forms in self.name_forms.values() for w in forms)
            self.label_forms = by_inflection_key(w for forms in self.label_forms.values() for w in forms)
            self.description_forms = by_inflection_key(w for forms in self.description_forms.values() for w in forms)

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
        self.app_targets, self.app_mentions = app_vocabulary(
            apps, by_account, self.carriers, tooling=self.options.sdk_calls
        )
        # Without a label (an index built from bare documents), a tool's account is its app.
        self._doc_apps = tuple(label or self.documents[i].name.split("__", 1)[0] for i, label in enumerate(labels))
        if len(self.own_name_sizes) != len(self.documents):  # a blob of a format before 5 (or 34: ``dated_names``)
            digits = not self.options.dated_names
            self.own_name_sizes = tuple(own_name_size(doc.name, digits=digits) for doc in self.documents)

    def app_of(self, doc_id: int) -> str:
        """The tool's app: its connector label, or its account when the index has no labels."""
        if self._doc_apps:
            return self._doc_apps[doc_id]
        return self.documents[doc_id].name.split("__", 1)[0]

    def title_postings(self) -> dict[str, frozenset[int]]:
        """A title word's inflection key -> the tools whose title says it (``title_words``);
        built from ``titles`` on first use, never stored."""
        if self._titled is None:
            found: dict[str, set[int]] = {}
            for doc_id, words in enumerate(self.titles):
                for word in words:
                    found.setdefault(inflection_key(word), set()).add(doc_id)
            self._titled = {key: frozenset(tools) for key, tools in found.items()}
        return self._titled

    @property
    def vector_cache(self) -> dict[int, array[float] | None]:
        """Each tool's text vector, kept once the semantic fallback has computed it."""
        return self._vectors

    @property
    def id_kind_cache(self) -> dict[str, dict[str, str]]:
        """Per app, the kind each prefix of its ids names (``prefixed_ids``), found on first use."""
        return self._id_kinds

    @property
    def name_pairs_cache(self) -> dict[str, tuple[dict[str, frozenset[int]], ...]]:
        """Per name word, the tools whose names say a plural beside it, by inflection key
        (``word_forms._name_pairs``), found on first use."""
        return self._pairs

    def taking(self, things: frozenset[str]) -> frozenset[int]:
        """The tools taking the ids of all of ``things`` (``parameter_things``), found on first use."""
        found = self._takers.get(things)
        if found is None:
            found = frozenset(d for d, taken in enumerate(self.parameter_things) if things <= taken)
            self._takers[things] = found
        return found

    def knows(self, token: str) -> bool:
        """Some tool's name, label or description carries ``token`` as written."""
        return token in self.name_postings or token in self.label_postings or token in self.description_postings

    def apps_named(self, request: str) -> set[str]:
        """The org's connected apps ``request`` names."""
        mentions = find_mentions(tokenize(request), self.app_mentions, self.label_postings)
        return {mention.name for mention in mentions if mention.connected}

    def tools_of(self, apps: Iterable[str]) -> frozenset[int]:
        """Every tool of ``apps`` (apps or accounts, as ``app_targets`` keys them)."""
        return union_of(self.app_targets.get(app, EMPTY) for app in apps)

    def first_named(self, words: Iterable[str], tools: frozenset[int]) -> str | None:
        """The first of ``words`` some name of ``tools`` carries as written (no inflection, no
        synonym): the word the app's names give a thing ("contacts", "reviewers"); None if none."""
        return next((w for w in words if self.name_postings.get(w, EMPTY) & tools), None)

    def carriers(self, token: str) -> frozenset[int]:
        """Every tool carrying ``token`` itself in any field."""
        return union_of(
            (
                self.name_postings.get(token, EMPTY),
                self.label_postings.get(token, EMPTY),
                self.description_postings.get(token, EMPTY),
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
        if token in GRAMMAR_WORDS and self.options.grammar_prefixes:
            prefixes = set()  # "all" is no part of "allocations", nor "can" of "cancel"
        name = self.name_postings.get(token, EMPTY)
        fused = fused_carriers(token, self.name_postings, self.documents) if self.options.fused_names else EMPTY
        name = self._shared(name | fused) if fused else name  # "oauth": ``o_auth_client`` (``fused_names``)
        inflected = self._shared(union_of(self.name_postings[r] for r in forms))
        prefixed = self._shared(union_of(self.name_postings[r] for r in prefixes))
        label = self._shared(union_of(self.label_postings.get(t, EMPTY) for t in self._forms(self.label_forms, token)))
        description = (
            EMPTY
            if token in NAME_ONLY_QUERY_WORDS and self.options.drop_filler
            else union_of(self.description_postings.get(t, EMPTY) for t in self._forms(self.description_forms, token))
        )
        description = self._shared(description)
        entry = TokenPostings(
            name,
            inflected,
            prefixed,
            label,
            description,
            self._shared(union_of((name, inflected, prefixed, label, description))),
            frozenset(forms | prefixes),
            self._shared(union_of((inflected, prefixed))),
        )
        if len(self._resolved) >= POSTINGS_CACHE_SIZE:
            del self._resolved[next(iter(self._resolved))]
        self._resolved[token] = entry
        return entry

    def name_carriers(self, noun: str, *, synonyms: bool) -> frozenset[int]:
        """The tools whose name or label carries ``noun``, inflected or (``synonyms``) through a synonym."""
        entry = self.postings(noun)
        carried = union_of((entry.name, entry.inflected, entry.prefixed, entry.label))
        return union_of((carried, self.synonym_postings(noun).name)) if synonyms else carried

    def synonym_postings(self, token: str) -> SynonymPostings:
        """The tools carrying a word of ``token``'s synonym groups; resolved on first use and then kept."""
        cached = self._synonyms.get(token)
        if cached is not None:
            return cached
        words = synonyms_of(token)
        forms = [t for w in words for t in self._forms(self.name_forms, w)]
        named = {t: self._synonym_names(t, token) for t in dict.fromkeys(forms)}
        name = union_of(named.values())
        plural = is_plural(token)
        in_number = union_of(tools for t, tools in named.items() if is_plural(t) == plural)
        description = union_of(
            self.description_postings.get(t, EMPTY) for w in words for t in self._forms(self.description_forms, w)
        )
        every = union_of((name, description))
        joined = None
        if every:
            own = self.postings(token)
            joined = SynonymJoined(
                self._shared(union_of((own.near, name))),
                self._shared(union_of((own.prefixed, name))),
                self._shared(union_of((own.description, description))),
                self._shared(union_of((own.every, every))),
            )
        entry = SynonymPostings(name, description, every, words, in_number, joined)
        if len(self._synonyms) >= POSTINGS_CACHE_SIZE:
            del self._synonyms[next(iter(self._synonyms))]
        self._synonyms[token] = entry
        return entry

    def _synonym_names(self, form: str, token: str) -> frozenset[int]:
        """The tools whose names carry ``form``, a synonym of ``token``; not, for a thing's word, a
        name opening with ``form`` as its HTTP method (``method_words``): Stripe's
        ``post_tax_transactions_create_reversal`` says no "message"."""
        tools = self.name_postings.get(form, EMPTY)
        if form in NAME_METHODS and tools and self.options.method_words and not is_action_word(token):
            documents = self.documents
            tools = frozenset(d for d in tools if own_name_words(documents[d].name)[:1] != [form])
        return tools

    def _shared(self, tools: frozenset[int]) -> frozenset[int]:
        """``tools``, as one object for every token resolved to them: a word's forms ("issue",
        "issues") and a synonym group's words ("get", "list", "fetch", "show" with their
        synonyms: every reader) mostly resolve to the same tools."""
        if not tools:
            return tools
        if len(self._shared_sets) >= _SHARED_SETS:
            self._shared_sets.clear()  # (the sets stay with the tokens holding them)
        return self._shared_sets.setdefault(tools, tools)

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
