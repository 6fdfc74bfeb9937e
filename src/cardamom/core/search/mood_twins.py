"""A read and a write of one thing, told apart by the request's mood (``mood_twins``).

GitHub's ``actions_get_actions_cache_retention_limit_for_repository`` and
``actions_set_actions_cache_retention_limit_for_repository`` say the same words but their verb:
a request saying neither ("*keep* actions caches for 14 days in acme/monorepo", "*limit* open
pull requests per user in the acme org to 5") scores both alike, and the read came first by its
name's order. A request opening with a verb that is no read, and no word of the names (a noun
phrase, "fork pr contributor approval for acme/api", asks what the setting is), asks to change
the thing: the write comes first; a question or a read verb ("do first-time fork contributors on acme/api
need approval?") asks what it is: the read comes first. Only between two tools scoring as the
first whose names differ in that verb alone; the request's first word is read after its frame
(a verb the frame reads away, "*use* workflow 'Bug flow' for bugs in jira workflow scheme 1",
leaves "the" or a thing first, and the order stands).
"""

from __future__ import annotations

from collections.abc import Container

from cardamom.core.search.coverage import Covering
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import placed_first, tied_first
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.synonyms import group_keys
from cardamom.core.search.tokens import (
    GRAMMAR_WORDS,
    QUERY_FILLER_WORDS,
    QUESTION_OPENERS,
    READ_FRAME_NOUNS,
    inflection_key,
    tokenize,
)

_READS = frozenset({"get"})
_WRITES = frozenset({"set", "update"})
# the request's read verbs: its get's, list's and search's groups ("show", "check", "find")
_READ_VERBS = group_keys(frozenset({"get", "list", "search"}))
# words before a request's verb ("*please* keep ...", "*only* allow github-owned actions")
_BEFORE_VERB = frozenset({"please", "pls", "kindly", "just", "only", "now", "also"})
_POLITE = frozenset({"can", "could", "would", "will"})
# words opening a request that are no verb: grammar, filler and a read's frame nouns
_NO_VERBS = QUERY_FILLER_WORDS | GRAMMAR_WORDS | READ_FRAME_NOUNS
# a question's first word: the tokens' question openers, and a modal asking ("*can* forks run workflows?")
_AUXILIARIES = QUESTION_OPENERS | {"can", "could", "should"}


def mood_twin_first(
    index: SearchIndex,
    passing: list[Covering],
    top: list[tuple[int, int, float]],
    request: str,
    app_words: Container[str],
    *,
    question: bool,
) -> list[tuple[int, int, float]]:
    """``top`` with the twin the request's mood asks for first, where its first tool has a twin
    in ``passing`` of the same score that reads where it writes or writes where it reads;
    ``app_words``: the named apps' words, no verb ("github keep ...")."""
    if not top:
        return top
    first = own_name_words(index.documents[top[0][0]].name)
    if _READS.isdisjoint(first) and _WRITES.isdisjoint(first):
        return top  # (most first tools: no read or write verb to trade, no other tool's name read)
    words = [w for w in tokenize(request) if w not in _BEFORE_VERB and w not in app_words]
    if words[1:2] == ["you"] and words[0] in _POLITE:  # "can you keep ...": a request put as a question
        words = words[2:]
    opening = words[0] if words else ""
    asks = question or opening in _AUXILIARIES  # "*do* first-time fork contributors need approval?"
    writes = not asks and _verb_writes(opening, frozenset(first))
    reads = asks or inflection_key(opening) in _READ_VERBS
    first_writes = bool(_WRITES.intersection(first)) and not _READS.intersection(first)
    if not ((writes and not first_writes) or (reads and first_writes)):
        return top  # (the mood asks for what comes first, or for neither)

    def twin_of_first(doc: int) -> bool:
        return _twins(first, own_name_words(index.documents[doc].name))

    # (the semantic fallback's results are no lexical pass: its twin is among them)
    fallen = (t for t in top[1:] if t[1] == top[0][1] and twin_of_first(t[0]))
    twin = tied_first(index, passing, top, twin_of_first) or next(fallen, None)
    return placed_first(top, twin) if twin is not None else top


def _twins(first: list[str], other: list[str]) -> bool:
    """The names differ in one word only, a read's verb in one and a write's in the other."""
    if len(first) != len(other):
        return False
    differing = [(a, b) for a, b in zip(first, other, strict=True) if a != b]
    if len(differing) != 1:
        return False
    a, b = differing[0]
    return (a in _READS and b in _WRITES) or (a in _WRITES and b in _READS)


def _verb_writes(opening: str, name_words: frozenset[str]) -> bool:
    """The request's first word (past "please", "only" and its app) is no read's verb and no
    word of the name (a noun phrase names the thing): a verb changing it ("keep", "limit")."""
    if not opening.isalpha() or opening in _NO_VERBS or opening in name_words:
        return False  # ("*the* asana task 12", "*details* of ...": no verb, a thing named)
    return inflection_key(opening) not in _READ_VERBS
