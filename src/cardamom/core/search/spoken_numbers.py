"""A thing's number written in words, as a request typed by voice or spelled out writes it
(``spoken_numbers``): "get jira issue ENG *forty two*", "close github issue *number twelve*",
"delete asana task *one two three*", "reboot droplet *seventy seven*". The words were the
request's own ("forty", "seventy" in no name of the app) and it found nothing; written in
digits ("ENG-42", "12", "123", "77") they are its value.

So is "number" between a thing and its id ("close github issue *number* 12": "issue 12"), where
no name says the thing's number ("phone number" is Twilio's thing). Only right after the thing
they number: its kind ("droplet", "issue"), "number", or a project's key in capitals ("ENG");
never after a determiner, a verb or an order's word, where a number counts ("the last *ten*
messages", "create *three* tasks"), and a lone "one" only after "number" or a key ("the broken
*one*" is a pronoun's; "issue *one*" too unsure).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS
from cardamom.core.search.verbal_nouns import known_verb

_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine".split())}  # noqa: SIM905
_TEENS = {w: i + 10 for i, w in enumerate("ten eleven twelve thirteen fourteen fifteen sixteen".split())}  # noqa: SIM905
_TEENS |= {"seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {w: (i + 2) * 10 for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty".split())}  # noqa: SIM905
_TENS |= {"ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORDS = frozenset({*_UNITS, *_TEENS, *_TENS, "number", "num"})
_SPACED = str.maketrans({mark: " " for mark in "-,.;:!?()[]{}'\"/#"})
_NUMBER_WORD = "|".join(sorted((*_UNITS, *_TEENS, *_TENS, *_SCALES, "oh"), key=len, reverse=True))
# a run of number words, "and" or a hyphen between ("one hundred and five", "forty-two")
_RUN = re.compile(
    rf"(?P<before>\S+)\s+(?P<run>(?:{_NUMBER_WORD})(?:(?:\s+and\s+|\s+|-)(?:{_NUMBER_WORD}))*)\b(?![-'])",
    re.IGNORECASE,
)
# the words marking a number outright: "issue *number* twelve", "*no.* seven" ("no one" is nobody)
_MARKS = frozenset({"number", "no.", "num", "id"})
# "issue *number* 12", "issue *number* twelve": the marker between a thing and its id
_MARKED = re.compile(
    rf"\b(?P<kind>[A-Za-z]{{3,}})\s+(?:number|num)\s+(?=(?:[\w\-]*\d|(?:{_NUMBER_WORD})\b))", re.IGNORECASE
)
# words before a count, never a thing's number: "the *last* ten", "*top* five", "*page* two"
_COUNTING = frozenset({"first", "last", "top", "next", "previous", "latest", "recent", "newest", "oldest", "only"})
_COUNTING |= {"page", "pages", "limit", "max", "maximum", "least", "most", "about", "around", "over", "under"}
# the words before a verb's place: the request's start, "to", "and", "please", "you"
_VERB_PLACES = frozenset({"", "to", "and", "then", "please", "you", "i", "we", "me", "just", "also", "now"})
_KEY = re.compile(r"[A-Z][A-Z0-9]{1,9}")  # a project's key: "ENG", "OPS2"
_LONGEST = 500  # characters


def digits_spoken(request: str, numbered: Callable[[str], bool] = lambda kind: False) -> str:
    """``request`` with a thing's number written in words written in digits ("droplet seventy
    seven": "droplet 77", "ENG forty two": "ENG-42"), and "number" before its id left out where
    the thing's number is no name's (``numbered``: "phone" and "number" side by side in one);
    ``request`` otherwise."""
    if len(request) > _LONGEST:
        return request
    if _WORDS.isdisjoint(request.casefold().translate(_SPACED).split()):  # (most requests: a cheap test first)
        return request
    request = _MARKED.sub(lambda m: f"{m['kind']} " if _unnumbered(m["kind"], numbered) else m.group(0), request)
    if _RUN.search(request) is None:
        return request

    def written(found: re.Match[str]) -> str:
        before, run = found["before"], found["run"]
        words = re.split(r"\s+and\s+|\s+|-", run.casefold())
        keyed = _KEY.fullmatch(before) is not None
        marked = before.casefold() in _MARKS or keyed
        verb_place = (request[: found.start()].split() or [""])[-1].casefold() in _VERB_PLACES
        if not marked and (not _a_thing(before, verb_place) or words == ["one"]):
            return found.group(0)
        digits = _digits(words)
        if digits is None:
            return found.group(0)
        return f"{before}-{digits}" if keyed else f"{before} {digits}"

    return _RUN.sub(written, request)


def _unnumbered(kind: str, numbered: Callable[[str], bool]) -> bool:
    """ "number" after ``kind`` marks its id: a thing's word ("the number 123" is a number's own
    word, "phone number" Twilio's thing)."""
    return _a_thing(kind, verb_place=False) and not numbered(kind.casefold())


def _a_thing(word: str, verb_place: bool) -> bool:
    """``word`` may name the thing a number follows: a word, not grammar or a count's, nor a verb
    where a verb goes (``verb_place``: first, or after "to", "and", "please"; "jira *issue*
    forty-two" is a thing, "*issue* three refunds" a verb)."""
    lowered = word.casefold()
    return (
        lowered.isalpha()
        and lowered not in GRAMMAR_WORDS
        and lowered not in QUERY_FILLER_WORDS
        and lowered not in _COUNTING
        and not (verb_place and (is_action_word(lowered) or known_verb(lowered)))
    )


def _digits(words: list[str]) -> str | None:
    """The digits number words write, each group after the other ("one two three": "123",
    "seventy seven": "77", "one hundred twenty five": "125", "twelve thirty four": "1234")."""
    groups: list[int] = []
    room = 0  # what the last group still takes: "seventy" a unit (10), "one hundred" a ten (100)
    for word in words:
        if word in _SCALES:
            if not groups or groups[-1] >= _SCALES[word]:
                return None
            groups[-1] *= _SCALES[word]
            room = _SCALES[word]
            continue
        value = _UNITS.get(word, 0) if word in _UNITS or word == "oh" else _TEENS.get(word) or _TENS[word]
        if 0 < value < room:
            groups[-1] += value
            room = 10 if word in _TENS and room > 10 else 0
        else:
            groups.append(value)
            room = 10 if word in _TENS else 0
    return "".join(map(str, groups)) if groups else None
