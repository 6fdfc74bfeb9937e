"""Words describing the thing a request acts on (``described_things``).

A model writing for a user keeps the user's description of the thing: "create a *quick* jira
issue", "refund that *duplicate* stripe charge ch_9", "close the *obsolete* github issue 12",
"reboot the *unresponsive* droplet 77", "delete the *wrong* jira comment 10001", "create a
*simple* asana task". The description says which thing or why, never what a tool does: as
written, "quick", "obsolete" or "unresponsive" was the request's rarest word, in no tool of the
app, and the request found nothing. Between a determiner and the thing (the app's name or a word
its tools' names say), up to two such words leave the request.

Only a common plain adjective ("quick", "wrong", "stale") or a word with an adjective's or a
participle's ending ("unrespons*ive*", "conflict*ing*"), never a noun naming the thing ("the
*status* property", "this *slack* message"); a word no tool of the app says anywhere, even
inflected ("the *archived* channels": Slack's ``conversations_archive``), no action's but a
plain adjective's ("a *duplicate* charge"), no value and no word of order, rank or time ("the
*latest* invoices", "the *largest* invoice", "the *second* comment": their own readings'); and
only in a request naming a connected app.
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS
from cardamom.core.search.verb_readings import named_in, said_in
from cardamom.core.search.verbal_nouns import known_verb

_DETERMINERS = frozenset({"a", "an", "the", "that", "this", "these", "those", "my", "our", "your", "its", "their"})
# words of order, time or number, which their own readings read ("the *latest* invoices")
_ORDERS = frozenset(
    {"latest", "recent", "newest", "oldest", "last", "first", "next", "previous", "top", "current", "earliest"}
    | {"most", "least", "only", "same", "other", "another", "whole", "entire", "every", "each", "all", "new"}
    | {"second", "third", "fourth", "fifth", "penultimate", "final"}
)
# what makes a word a description and no noun before the thing ("the *status* property", "this
# *slack* message" name it): a common plain adjective, or an adjective's or a participle's ending
_PLAIN = frozenset(
    {"quick", "simple", "wrong", "old", "big", "small", "short", "long", "brief", "huge", "tiny", "bad", "good"}
    | {"stale", "broken", "urgent", "extra", "random", "weird", "strange", "silly", "nice", "great", "little"}
    | {"fast", "slow", "empty", "dead", "late", "early", "brand", "fresh", "dummy", "angry", "messy", "dirty"}
    | {"obsolete", "unused", "useless", "duplicate", "proper", "correct", "incorrect", "bogus", "fake", "real"}
    | {"forgotten", "hidden", "stolen", "frozen", "mistaken", "overdue", "outdated", "leftover"}
)
_ENDINGS = ("ous", "ive", "ful", "less", "able", "ible", "ical", "ish", "ed", "ing")
_WORDS = re.compile(r"\S+")
_MOST = 2  # words of description between a determiner and its thing
_LONGEST = 500  # characters


def without_description(index: SearchIndex, request: str, tools: frozenset[int], app_words: Container[str]) -> str:
    """``request`` without the words describing a thing between its determiner and the thing
    ("refund that duplicate stripe charge": "refund that stripe charge"), where no name of
    ``tools`` says them (``app_words``: the words naming the apps it names); its spacing kept."""
    if not tools or len(request) > _LONGEST:
        return request
    spans = [(m.start(), m.end(), m.group(0)) for m in _WORDS.finditer(request)]
    dropped: list[tuple[int, int]] = []  # (start of a dropped word, start of the word after it)
    i = 0
    while i < len(spans):
        if spans[i][2].casefold() in _DETERMINERS:
            end = i + 1
            while end < len(spans) and end - i <= _MOST and _describes(index, spans[end][2], tools, app_words):
                end += 1
            if end > i + 1 and end < len(spans) and _thing(index, spans[end][2], tools, app_words):
                dropped.extend((spans[k][0], spans[k + 1][0]) for k in range(i + 1, end))
                i = end
                continue
        i += 1
    for start, after in reversed(dropped):
        request = request[:start] + request[after:]
    return request


def _describes(index: SearchIndex, word: str, tools: frozenset[int], app_words: Container[str]) -> bool:
    """``word`` describes a thing: a plain lower-case word no tool of ``tools`` says anywhere."""
    return (
        word.isalpha()
        and word.islower()
        and (word in _PLAIN or word.endswith(_ENDINGS))
        and len(word) >= 3
        and word not in app_words
        and word not in GRAMMAR_WORDS
        and word not in QUERY_FILLER_WORDS
        and word not in _ORDERS
        and not is_action_word(word)
        and (word in _PLAIN or not known_verb(word))  # ("a *duplicate* charge"; "create a duplicate" copies)
        and not word.endswith("est")  # a superlative orders ("the *largest* invoice")
        and not said_in(index, word, tools)
    )


def _thing(index: SearchIndex, word: str, tools: frozenset[int], app_words: Container[str]) -> bool:
    """``word`` names the thing: the app's name, or a word a name of ``tools`` says."""
    lowered = word.casefold().strip(",.;:!?")
    return lowered in app_words or (lowered.isalpha() and named_in(index, lowered, tools))
