"""Which words of a query are argument values rather than words naming a tool.

A model writing a request in full carries the values it means to pass: quoted text
(``'Fixed in build 142'``), ids and keys (``PROJ-123``, ``1204567890``, UUIDs), e-mail
addresses, URLs, file names, ``#channels`` and ``@handles``, dates and times, and names
(``assign it to Maria``). No tool's name or description carries them, so under the floor
they weigh against every tool. The detection is general (shapes of text, not lists of
values); what the ranker does with the result is its choice (``cardamom.core.search``).
"""

from __future__ import annotations

import re

from cardamom.core.search.tokens import tokenize

# Quoted text: a quote opening after a space or the start and closing before a space,
# punctuation or the end (so the apostrophes of "don't" and "Messi's" never open one).
_QUOTED = re.compile(
    r"""(?:^|(?<=[\s(\[:,=]))(?:'([^']+)'|"([^"]+)"|\u201c([^\u201d]+)\u201d|\u2018([^\u2019]+)\u2019|`([^`]+)`)(?=$|[\s.,;:!?)\]])"""
)
_SHAPES = re.compile(
    r"""
    https?://\S+ | www\.\S+                                  # URLs
    | [\w.+-]+@[\w-]+(?:\.[\w-]+)+                           # e-mail addresses
    | (?<![\w@])[@#][\w][\w.-]*                              # @handles, #channels
    | \b[\w-]+\.(?:pdf|docx?|xlsx?|csv|tsv|pptx?|png|jpe?g|gif|svg|txt|md|json|ya?ml|xml|zip|mp[34]|mov|wav|html?)\b
    | \b\d{1,2}:\d{2}(?::\d{2})?\s?(?:am|pm)?\b              # times
    | \b\d{1,2}\s?(?:am|pm)\b
    """,
    re.IGNORECASE | re.VERBOSE,
)
# A word carrying digits is a value when it is a number, an issue-style key (PROJ-123),
# a date, or an id with three digits or more (a name like s3, ec2, oauth2 or mp3 has fewer).
_ISSUE_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9]*-\d+$")
_WORD = re.compile(r"[^\s,;!?()\[\]{}<>]+")
_DATE_WORDS = frozenset(
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "today",
        "tomorrow",
        "yesterday",
        "tonight",
        "noon",
        "midnight",
        "january",
        "february",
        "march",
        "april",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "weekend",
    ]
)
_RELATIVE = frozenset({"next", "last", "this", "coming", "previous"})
_PERIODS = frozenset({"week", "month", "year", "quarter", "weekend", "day", "morning", "afternoon", "evening"})
# Words after which a name follows: "a page called Roadmap", "a channel named design".
_NAMING = frozenset({"called", "named", "titled", "entitled", "saying", "labelled", "labeled"})


def _has_value_digits(word: str) -> bool:
    digits = sum(c.isdigit() for c in word)
    if not digits:
        return False
    core = word.strip(".:-/")
    return core.replace(".", "").replace(",", "").isdigit() or bool(_ISSUE_KEY.match(core)) or digits >= 3


def _is_name(word: str) -> bool:
    """A capitalised word (``Maria``, ``Roadmap``): upper first letter, then lower letters."""
    letters = word.strip(".,:;!?'\"")
    return len(letters) > 1 and letters[0].isupper() and letters[1:].isalpha() and letters[1:].islower()


def argument_values(query: str, *, names: bool = True) -> frozenset[str]:
    """The query's tokens that only ever occur inside an argument value.

    ``names``: also count capitalised words in the middle of a sentence (``to Maria``) as
    values, when the query is a sentence (four words or more) and not written in title case.
    """
    spans: list[str] = []

    def quoted(match: re.Match[str]) -> str:
        spans.append(next(g for g in match.groups() if g))
        return " "

    def shaped(match: re.Match[str]) -> str:
        spans.append(match.group(0))
        return " "

    rest = _SHAPES.sub(shaped, _QUOTED.sub(quoted, query))
    words = _WORD.findall(rest)
    plain: list[str] = []
    sentence = len(words) >= 4 and sum(_is_name(w) for w in words) * 2 < len(words)
    previous = ""
    for i, word in enumerate(words):
        lowered = word.casefold().strip(".,:;!?'\"")
        following = words[i + 1].casefold().strip(".,:;!?") if i + 1 < len(words) else ""
        if (
            _has_value_digits(word)
            or lowered in _DATE_WORDS
            or (lowered in _RELATIVE and following in _PERIODS | _DATE_WORDS)
            or (lowered in _PERIODS and previous in _RELATIVE)
            or previous in _NAMING
            or (names and sentence and i > 0 and _is_name(word) and not words[i - 1].endswith((".", "!", "?", ":")))
        ):
            spans.append(word)
        else:
            plain.append(word)
        previous = lowered
    inside = {t for span in spans for t in tokenize(span)}
    outside = {t for word in plain for t in tokenize(word)}
    return frozenset(inside - outside)
