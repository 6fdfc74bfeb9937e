"""Words saying which things a request means by when, by whom or where they were acted on: dates
("today", "next week", "2026-01-01") and past participles with a date, a person or a place after
them ("sent today", "assigned to me", "the message I just sent", "comments left on issue 42"),
argument values all (``argument_values``)."""

from __future__ import annotations

import re
from collections.abc import Container, Sequence

from cardamom.core.search.tokens import is_plural, tokenize

# A value that was cut out of the text (a quoted title, an e-mail address) keeps its place, so
# "called 'Q3 review' due Friday" does not read "due" as the word after "called".
CUT = "\x00"
DATE_WORDS = frozenset(
    tokenize(
        """
        monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday tonight
        noon midnight january february march april june july august september october november
        december jan feb mar apr jun jul aug sep sept oct nov dec weekend weekends weekday weekdays
        """
    )
)
# a day as a schedule shortens it ("open *Mon-Fri* 9-17"): a value where capitalised or joined to
# another day, never alone in lower case ("sun", "sat", "wed" are words too)
_DAY_ABBREVIATIONS = frozenset({"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"})
_JOIN_MARKS = ("-", "\u2013", "/")
_JOINS = re.compile("|".join(map(re.escape, _JOIN_MARKS)))
RELATIVE = frozenset({"next", "last", "this", "coming", "previous", "past"})
# A past participle saying when a thing was acted on, before a date: "messages *sent* today",
# "issues *created* last week". The irregular ones a request writes; "-ed" words otherwise.
IRREGULAR_PARTICIPLES = frozenset(
    {"sent", "made", "done", "paid", "written", "seen", "run", "built", "sold", "owned", "given", "shown", "left"}
    | {"taken", "won", "lost"}
)
# A past participle saying who a thing is with, before a person: "conversations *assigned* to
# me", "files *shared* with Maria", "issues *reported* by @bob": a filter, like a date.
_PERSON_PREPOSITIONS = frozenset({"to", "with", "by", "for"})
_PERSONS = frozenset({"me", "us", "him", "her", "them", "myself", "you", "someone", "anyone", "everyone", "nobody"})
_SUBJECTS = frozenset({"i", "you", "we", "they", "he", "she"})
_SENTENCE_STARTS = frozenset({"and", "but", "so", "then", "now", "please", "if", "when", "once", "after", "before"})
_SUBJECT_ADVERBS = frozenset({"just", "recently", "already", "have", "had", "'ve", "ve", "last"})
_DATE_PREPOSITIONS = frozenset({"since", "before", "after", "on", "in", "during", "until", "by", "from"})
PERIODS = frozenset({"week", "month", "year", "quarter", "weekend", "day", "morning", "afternoon", "evening", "hour"})


_ISO_DATE = re.compile(r"^\d{4}-\d{2}(?:-\d{2})?$")


def is_date_word(word: str) -> bool:
    lowered = word.casefold().strip(".,:;!?")
    return lowered in DATE_WORDS or lowered in RELATIVE or bool(_ISO_DATE.match(lowered))


def names_days(word: str) -> bool:
    """``word`` (as written, its punctuation stripped) names a date's day or month: a date word
    ("friday", "weekdays"), a capitalised day's abbreviation ("Mon"), or such words joined by a
    dash or a slash ("Mon-Fri", "sat/sun", "jan-mar")."""
    lowered = word.casefold()
    if lowered in DATE_WORDS or (lowered in _DAY_ABBREVIATIONS and word[:1].isupper()):
        return True
    if not any(mark in lowered for mark in _JOIN_MARKS):
        return False  # (most words: read for every word of every request)
    parts = _JOINS.split(lowered)
    return len(parts) >= 2 and all(p in DATE_WORDS or p in _DAY_ABBREVIATIONS for p in parts)


def ends_as_participle(word: str) -> bool:
    """A regular past participle of six letters or more ("created", "assigned"; not "red", "feed")."""
    return len(word) >= 6 and word.endswith("ed")


def participle_before_plural(words: Sequence[str], at: int) -> bool:
    """The word at ``at`` is a participle right before a plural: "*failed* payments", "*resolved*
    issues" (a state of the things, no action on them)."""
    return at + 1 < len(words) and ends_as_participle(words[at]) and is_plural(words[at + 1])


def is_participle(word: str) -> bool:
    return word in IRREGULAR_PARTICIPLES or ends_as_participle(word)


def may_be_participle(word: str) -> bool:
    """What a participle's readings below may read, a cheap test every word of a request takes
    first: a past participle, or a present one that may say what a thing measures."""
    return is_participle(word) or _measures(word)


def dated_participle(word: str, after: list[str]) -> bool:
    """A past participle followed by a date, maybe through a preposition: "sent today",
    "created since Monday", "updated last week", "created in the past week"; or a present
    one before a quantity or, through a preposition, a value with digits (``_measuring``)."""
    if not after:
        return False
    if _measures(word) and _measuring(word, [w.casefold().strip(".,:;!?") for w in after[:2]]):
        return True
    if not is_participle(word):
        return False
    words = [w.casefold().strip(".,:;!?") for w in after]
    the = "the" in words[:2]  # "created in *the* past week"
    words = [w for w in words if w != "the"]
    if words and words[0] in _DATE_PREPOSITIONS:
        words = words[1:]
    if not words or not is_date_word(words[0]):
        return False
    # "in the last *week*", "in the past *24 hours*", not "changed in the last *commit*"
    counted = words[1:2] != [] and words[1].isdigit() and words[2:3] != [] and words[2] in _UNITS
    return not the or words[0] not in RELATIVE or words[1:2] in ([p] for p in PERIODS) or counted


# what a present participle's value follows: "pointing *to* 1.2.3.4", "starting *at* 9"; not a
# place's ("running *in* nyc3": a state and where)
_VALUE_PREPOSITIONS = frozenset({"to", "at", "until"})
_AMOUNT = re.compile(r"^[$\u20ac\u00a3]?\d+(?:[.,]\d+)*$")
_UNITS = PERIODS | {f"{p}s" for p in PERIODS} | frozenset({"minute", "minutes", "mins", "seconds", "gb"})


def _measures(word: str) -> bool:
    """A present participle of six letters or more, which may say what a thing measures."""
    return len(word) >= 6 and word.endswith("ing") and word.isalpha()


def _measuring(word: str, after: list[str]) -> bool:
    """A present participle saying what a thing measures or where it points, its value after
    it: "lasting *15 minutes*", "costing *$20*", "pointing to *1.2.3.4*"; never a noun in
    "-ing" before its id ("recording RE55"): an amount or a period follows, or a preposition."""
    if not after:  # (``dated_participle`` asks ``_measures`` first)
        return False
    if after[0] in _VALUE_PREPOSITIONS:
        return len(after) > 1 and any(c.isdigit() for c in after[1])
    return bool(_AMOUNT.match(after[0])) and (after[0][0] in "$\u20ac\u00a3" or after[1:2] in ([p] for p in _UNITS))


def subject_participle(word: str, before: list[str]) -> bool:
    """A past participle after the person who acted, maybe through an adverb, the two after the
    thing they say which of: "the message *I just sent*", "the file you shared". Not a
    sentence's own verb ("I created an issue, now delete it"): the person must follow a word
    of the same sentence."""
    if not is_participle(word):
        return False
    words = [w.casefold() for w in before if w.casefold().strip(".,;:!?") not in _SUBJECT_ADVERBS]
    return (
        len(words) >= 2
        and words[-1] in _SUBJECTS
        and not words[-2].endswith((".", ",", ";", ":", "!", "?"))
        and words[-2] not in _SENTENCE_STARTS
    )


# (past only: "how *do I* import spreadsheets" asks how to do it)
_DOING = frozenset({"did"})


def asked_action(before: list[str], question: bool) -> bool:
    """The word after ``before`` is a question's action the person asking did, which says which
    things, not what to do: "how many messages *did we* send today", "which tasks *did I*
    create" (``asked_actions``)."""
    words = [w.casefold() for w in before[-2:]]
    return question and len(words) == 2 and words[0] in _DOING and words[1] in _SUBJECTS


def person_participle(word: str, after: list[str], *, numbered: bool = False) -> bool:
    """A past participle followed by a preposition and a person: "assigned to me", "shared with
    Maria", "created by @bob", "assigned to bob@example.com" (an address is cut out); with
    ``numbered`` (``tagged_values``), one written by a number ("sent to +15551112222")."""
    if len(after) < 2 or not is_participle(word) or after[0].casefold() not in _PERSON_PREPOSITIONS:
        return False
    person = after[1].strip(".,:;!?'\"")
    if numbered and person.lstrip("+").isdigit():
        return True
    return person.casefold() in _PERSONS or person == CUT or person.startswith("@") or is_name(person)


def is_name(word: str) -> bool:
    """A capitalised word (``Maria``, ``Roadmap``): upper first letter, then lower letters."""
    letters = word.strip(".,:;!?'\"")
    return len(letters) > 1 and letters[0].isupper() and letters[1:].isalpha() and letters[1:].islower()


# Where things are, after the participle that put them there, a thing named by its kind or id:
# "comments *left* on github issue 42", "the files *uploaded* to box folder 5521", "every CI
# status *posted* on branch main"; not "cards *banned* in the Standard format", "*encoded* in it"
_PLACING = frozenset({"on", "in", "to", "into", "inside", "under", "at"})
# ... not after a verb's own words: "I have *posted* on", "that was *left* in", "I am *interested* in"
_NOT_THINGS = (
    _SUBJECTS
    | _PERSONS
    | frozenset({"am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had"})
    | frozenset({"that", "which", "who", "get", "got", "just", "already"})
)
_NOUN_PARTICIPLES = frozenset({"run", "won", "lost"})  # "workflow *run* on branch main": a thing
_PLACE_WORDS = 3  # words after the preposition the place's kind or id is among


def placed_participle(word: str, before: list[str], after: list[str], kinds: Container[str]) -> bool:
    """A past participle after the things a request acts on, before a preposition placing them in
    a thing named by one of ``kinds``, an id or a quoted name: a filter's value (where the things
    are), no action on them (``placed_participles``)."""
    if len(before) < 2 or not after or after[0].casefold() not in _PLACING or word in _NOUN_PARTICIPLES:
        return False
    previous = before[-1].casefold()
    if not is_participle(word) or not previous.isalpha() or previous in _NOT_THINGS:
        return False
    place = [w.casefold().strip(".,:;!?'\"") for w in after[1 : 1 + _PLACE_WORDS]]
    # (CUT: a quoted name; a number after "+" is a phone's, whom to: "sent to +15551112222")
    return any(w in kinds or w == CUT or (w[:1] != "+" and any(c.isdigit() for c in w)) for w in place)
