"""What a search returns: the ranked hits, each explaining itself, and for an empty result the
reason as data (``EmptyReason``) that a message, a log or a record of unmet searches can use
without the raw query.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardamom.core.search.field_weights import Field
from cardamom.core.search.postings import union_of

# How a tool's word relates to the query word it matched: the same word, one a prefix of the
# other, another inflected form of the same word (``categories`` for ``category``), or a word
# of the same synonym group (``issue`` for ``ticket``).
Relation = Literal["exact", "prefix", "inflection", "synonym"]

# Why nothing came back:
# * ``app_not_connected``: the query names an app the org has not connected (``Gmail``);
# * ``app_without_usable_tools``: it names a connected app none of whose tools the caller may
#   use (restricted, or a connection that is pending, or an app with no tools);
# * ``restricted_only``: tools match, but only ones the caller may not use (set by the gateway,
#   which ranks the withheld tools);
# * ``words_uncovered``: no tool the caller may use covers enough of the query; ``uncovered``
#   holds the words none covers, or, when each word is covered somewhere, those the closest
#   tool lacks (``closest_lacks``); or tools cover enough but do another action than the
#   request's (``other_action``: "how much is my stripe balance?" reads, they write).
EmptyKind = Literal["app_not_connected", "app_without_usable_tools", "restricted_only", "words_uncovered"]


@dataclass(frozen=True, slots=True)
class TokenMatch:
    """Why one query token scored against one tool."""

    token: str
    field: Field
    weight: int
    matched: str  # the tool's token it matched (differs from ``token`` for a prefix, inflection or synonym)
    idf: float
    relation: Relation = "exact"


@dataclass(frozen=True, slots=True)
class Hit:
    doc: int
    name: str
    score: int
    coverage: float
    matches: tuple[TokenMatch, ...]
    similarity: float | None = None  # set when the semantic fallback returned it: its cosine to the query
    # The request's head noun this tool acts on, when it was placed before tools scoring more that
    # act on another thing ("folder": ``post_folders`` before ``post_folder_locks``; ``head_nouns``).
    acts_on: str | None = None
    # The tool's title, when the request says it word for word and it was placed first
    # ("download file": Box's ``get_files_id_content``; ``title_order``).
    title: str | None = None


@dataclass(frozen=True, slots=True)
class EmptyReason:
    """Why a search came back empty, as data. ``apps`` are the apps the query named as the
    ranker recognised them; ``uncovered`` never holds a word that looked like an argument
    value (those are in ``values`` only), so a record of unmet searches can keep the words
    and leave the values out."""

    kind: EmptyKind
    apps: tuple[str, ...] = ()
    uncovered: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    closest_lacks: bool = False  # ``uncovered``: words some tool covers, not the closest one
    other_action: str | None = None  # the request's action, which no tool covering it does
    # of ``uncovered``, the words the closest tool's description alone says (inside a named app a
    # description covers half a word: "jira create sprint", where only descriptions say "sprint")
    described_only: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ranking:
    query_tokens: tuple[str, ...]  # the tokens weighed (filler, app names and scoped-out values left out)
    idf: dict[str, float]
    pool_size: int  # the tools ranked: the caller's pool, or the named apps' part of it
    hits: tuple[Hit, ...]  # above the floor, ordered, cut to the limit
    above_floor: int  # how many cleared the floor before the cut
    # each weighed token's matches (``below_floor``, counted only where asked: their union is a
    # long request's costliest set, and no answer needs it)
    touching: tuple[frozenset[int], ...]
    uncovered: tuple[str, ...]  # query tokens that no tool in the pool covers
    dropped: tuple[str, ...] = ()  # filler words left out of the query before weighting
    scope: tuple[str, ...] = ()  # the org's apps the query named (or its words implied): ranking stayed inside them
    app_words: tuple[str, ...] = ()  # the query tokens that named an app (connected or not)
    values: tuple[str, ...] = ()  # query tokens that looked like argument values
    values_weighed: bool = True  # False when the values were left out of the mass (inside a scope)
    reason: EmptyReason | None = None  # set exactly when ``hits`` is empty
    fallback: bool = False  # the hits came from the semantic fallback (nothing cleared the floor)
    implied: bool = False  # ``scope`` was implied by a word only its tool names carry, not named
    read_as: tuple[tuple[str, str], ...] = ()  # request words read as others ("close" as "update", "find" as "get")

    @property
    def empty(self) -> bool:
        return not self.hits

    @property
    def below_floor(self) -> int:
        """How many tools matched something but fell under the floor."""
        return len(union_of(self.touching)) - self.above_floor
