"""What one query token scores against, resolved once per index: by field
(``TokenPostings``) and through its synonym groups (``SynonymPostings``), and the set helpers
the ranking steps share."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.tokens import inflection_key, tokenize

EMPTY: frozenset[int] = frozenset()
# The shorter side of a prefix match must have this many characters, so that a stray
# one- or two-letter token (``v`` from ``v2``, ``id``) does not prefix-match half the pool.
MIN_PREFIX_LENGTH = 3
# Resolved query tokens kept per index; a query then costs set lookups only. Bounded so a
# stream of never-seen words cannot grow it without limit (oldest entries go first).
POSTINGS_CACHE_SIZE = 8192


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
    near: frozenset[int] = EMPTY  # ``inflected`` and ``prefixed``: what a name's other form scores


@dataclass(frozen=True, slots=True)
class SynonymPostings:
    """The tools carrying a synonym of a token (any inflected form), in the name and in the description."""

    name: frozenset[int]
    description: frozenset[int]
    every: frozenset[int]
    words: tuple[str, ...]
    # of ``name``, the tools whose name carries a synonym in the token's grammatical number
    # ("members": ``get_users``, not ``get_user``)
    name_in_number: frozenset[int] = frozenset()
    # The token's own postings joined with these, as a request's word scores through its
    # synonyms: resolved with them once, not joined again for every request (a common verb's
    # sets hold thousands of tools at 10,000).
    joined: SynonymJoined | None = None


@dataclass(frozen=True, slots=True)
class SynonymJoined:
    """A token's ``TokenPostings`` joined with its ``SynonymPostings``: ``near`` (its
    ``near``, or its ``prefixed`` where inflected forms score as exact, with the synonyms'
    names), ``description`` and ``every``."""

    near: frozenset[int]
    prefixed: frozenset[int]
    description: frozenset[int]
    every: frozenset[int]


def union_of(sets: Iterable[frozenset[int]]) -> frozenset[int]:
    """The union of ``sets``, without copying when at most one is non-empty."""
    present = [s for s in sets if s]
    if not present:
        return EMPTY
    if len(present) == 1:
        return present[0]
    return frozenset().union(*present)


def joined_sets(
    synonym: SynonymPostings,
    near: frozenset[int],
    description: frozenset[int],
    every: frozenset[int],
    resolved: bool,
    prefixed: bool,
) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """A token's ``near``, ``description`` and ``every`` sets joined with its synonyms'. Where
    they are its postings as resolved (``resolved``; ``prefixed``: its ``near`` is its
    ``prefixed``), the sets joined once with them (``SynonymPostings.joined``)."""
    joined = synonym.joined
    if resolved and joined is not None:
        return joined.prefixed if prefixed else joined.near, joined.description, joined.every
    described = union_of((description, synonym.description))
    return union_of((near, synonym.name)), described, union_of((every, synonym.every))


def meets(tools: frozenset[int], sets: Iterable[frozenset[int]]) -> bool:
    """Some set of ``sets`` holds a tool of ``tools``: whether their union meets ``tools``,
    without building the union (each test stops at the first tool in common)."""
    return any(not tools.isdisjoint(found) for found in sets)


def by_inflection_key(vocabulary: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """A field's tokens grouped by ``inflection_key`` (``schedule``, ``schedules``: one group)."""
    groups: dict[str, list[str]] = {}
    for token in vocabulary:
        groups.setdefault(inflection_key(token), []).append(token)
    return {key: tuple(sorted(tokens)) for key, tokens in groups.items()}


def own_name_words(name: str) -> list[str]:
    """The tokens of the tool's own name, its account prefix left out: "jira__get_issues" is
    ["get", "issues"]."""
    return tokenize(whole_name(name).split("__", 1)[-1])


def own_name_size(name: str, *, digits: bool = True) -> int:
    """Distinct tokens of the tool's own name, its account prefix left out; without ``digits``
    (``dated_names``), not a version's date in it: Cal.com's
    ``event_types_controller_2024_06_14_create_event_type`` says no word of what it does in
    "2024", "06" and "14" (a shortened name's digest keeps its digits)."""
    words = tokenize(name.split("__", 1)[-1])  # (the name as advertised, a shortened one's digest too)
    if not digits:
        dated = [
            i
            for i in range(len(words) - 2)
            if _YEAR.match(words[i]) and _DAY.match(words[i + 1]) and _DAY.match(words[i + 2])
        ]
        words = [w for i, w in enumerate(words) if not any(0 <= i - d <= 2 for d in dated)]
    return len(set(words)) or 1


_YEAR = re.compile(r"^(?:19|20)\d\d$")
_DAY = re.compile(r"^\d\d$")
