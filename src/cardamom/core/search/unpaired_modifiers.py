"""Words of the app before a thing named by its id that no name says with the thing: "update intercom
*help center* collection 55 to be called FAQ" (``unpaired_modifiers``).

The words name where the thing lives in the app (Intercom's collections are its help center's), and
the app's names say them, but of other things (``create_help_center_redirect``), never with the
thing's (``update_collection``). Read as words of the request, they weigh as much as the thing and
its verb: the tool saying them took the request, though it takes no collection. Where the first
tool found as written says the words and not the thing's kind, the request is read again without the
words; that reading stands where its first tool says the kind: "update intercom collection 55 to be
called FAQ" (the sql mode's update for "change the sql mode of digitalocean *mysql* cluster 9cc1"
says no "mysql", and stands). Never a word some name says with the thing ("github *repo* webhook 12"), or joined to it
("slack *user group*": ``usergroups_update``), words a name says with the request's verb ("cancel
digitalocean *batch inference* job 77": ``inference_cancel_batch``), one no name says at all
(``unsaid_modifiers`` reads those), an app's name, an action, or more than two words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.ranking import Ranking
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS
from cardamom.core.search.verb_readings import literal_names, names_saying, verb_names

_MODIFIER_WORDS = 2  # at most: "help center"
_LONGEST = 16  # words: the request is short
_WORD = re.compile(r"^[a-z]+$")
_OPENING = frozenset({"the", "a", "an", "my", "our", "this", "that", "its", "their", "your"})


def read_unpaired(index: SearchIndex, query: str, ranking: Ranking, rank_again: Callable[[str], Ranking]) -> Ranking:
    """``ranking`` of ``query``, or, where its first tool's name says the app's words before the
    thing the request names by its id that no name says with the thing's kind, and not the kind,
    ``query`` ranked again (``rank_again``) without them, where that ranking's first tool says the
    kind."""
    words = query.split()
    if not 3 < len(words) <= _LONGEST or not is_action_word(words[0].casefold()) or not any(map(_an_id, words[3:])):
        return ranking  # (most requests: no order naming a thing by its id past two words)
    tools = index.tools_of(index.apps_named(query))
    unpaired = _unpaired(index, words, tools, index.app_mentions) if tools else None
    if unpaired is None:
        return ranking
    read, kind, modifiers = unpaired
    if ranking.hits and (ranking.hits[0].doc in kind or ranking.hits[0].doc not in modifiers):
        return ranking  # (the first tool is the thing's, or no tool the words took)
    again = rank_again(read)
    return again if again.hits and again.hits[0].doc in kind else ranking


def _unpaired(
    index: SearchIndex, words: list[str], tools: frozenset[int], app_words: Collection[str]
) -> tuple[str, frozenset[int], frozenset[int]] | None:
    """The request (its ``words``, an order ``read_unpaired`` let through) without the words before
    the first thing it names by an id that names of ``tools`` say, none with the thing's kind, the
    tools whose names say the kind, and those whose names say every such word; None where it has
    no such words."""
    at = next((i for i in range(2, len(words) - 1) if _an_id(words[i + 1]) and _kind(words[i], app_words)), None)
    if at is None:
        return None
    kind = literal_names(index, words[at].casefold()) & tools
    if not kind:
        return None
    start = at
    while start > 1 and at - start < _MODIFIER_WORDS and _modifier(index, words[start - 1], tools, kind, app_words):
        start -= 1
    before = words[start - 1].casefold()
    if start == at or not (start == 1 or before in app_words or before in _OPENING):
        return None  # (right past the verb, an article or the app's name: "update intercom *help center* ...")
    modifiers = [w.casefold() for w in words[start:at]]
    joined = modifiers[-1] + words[at].casefold()
    if literal_names(index, joined) & tools or literal_names(index, f"{joined}s") & tools:
        return None  # one word in the names: "slack *user group*", Slack's ``usergroups_update``
    said = names_saying(index, modifiers, tools)
    if said & verb_names(index, words[0].casefold()):
        return None  # a name says them with the verb: "cancel digitalocean *batch inference* job 77"
    return " ".join((*words[:start], *words[at:])), kind, said


def _an_id(word: str) -> bool:
    """``word`` is an id: it has a digit ("55", "kb-3a1", "#12")."""
    return any(c.isdigit() for c in word)


def _kind(word: str, app_words: Collection[str]) -> bool:
    """``word``, before an id, may name its kind: a word, no app's, grammar word or action."""
    word = word.casefold()
    plain = word not in GRAMMAR_WORDS and word not in QUERY_FILLER_WORDS and word not in app_words
    return bool(_WORD.match(word)) and plain and not is_action_word(word)


def _modifier(
    index: SearchIndex, word: str, tools: frozenset[int], kind: frozenset[int], app_words: Collection[str]
) -> bool:
    """``word`` is one of the app's (some name of ``tools`` says it) that no name of the thing's
    ``kind`` says, and no app's name, action, grammar or filler word."""
    if not _kind(word, app_words):
        return False
    said = literal_names(index, word.casefold()) & tools
    return bool(said) and not said & kind
