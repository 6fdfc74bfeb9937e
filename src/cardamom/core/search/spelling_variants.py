"""A word spelled as British or Commonwealth English writes it (``spelling_variants``).

The tools' texts are American ("organization", "authorize", "favorite", "analyze", "catalog",
"license", "check"), and a user in London or Sydney writes "organisation", "authorise",
"favourite", "analyse", "catalogue", "licence", "cheque", "prioritise". As written the word was in
no tool, the request's rarest, and it found nothing or a tool for another of its words
("prioritise jira issue ENG-4": the priorities' list). A word no tool says is read in the other
spelling where some tool says that one: "-ise" and "-isation" as "-ize" and "-ization", "-our" as
"-or", "-yse" as "-yze", "-ogue" as "-og", "-tre" as "-ter", "-ence" as "-ense", "-mme" as "-m",
"cheque" as "check", a doubled "l" before "-ed" or "-ing" as one. Read, as a misspelling is
(``misspelled_words``), only where the request finds nothing as written: a word no tool says is
then the request's rarest, and no request finding something pays for the reading.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# the British endings and their American spellings, tried in order
_VARIANTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), american)
    for pattern, american in (
        (r"is(e|ed|es|ing|er|ers|ation|ations|able)$", r"iz\1"),
        (r"our(s|ed|ing|ite|ites|able|ful)?$", r"or\1"),
        (r"ys(e|ed|es|ing)$", r"yz\1"),
        (r"ogue(s)?$", r"og\1"),
        (r"tre(s)?$", r"ter\1"),
        (r"ence(s)?$", r"ense\1"),
        (r"mme(s)?$", r"m\1"),
        (r"^cheque(s)?$", r"check\1"),
        (r"ll(ed|ing|er|ers)$", r"l\1"),
    )
)
# a word that may be spelled so: letters, long enough, with one of those endings
_WORD = re.compile(
    r"(?<![\w@./#:=-])[A-Za-z]{2,}(?:is(?:e|ed|es|ing|er|ers|ation|ations|able)|our(?:s|ed|ing|ite|ites|able|ful)?"
    r"|ys(?:e|ed|es|ing)|ogues?|tres?|ences?|mmes?|ll(?:ed|ing|er|ers))(?![\w@/=-])|\bcheques?\b",
    re.IGNORECASE,
)
_LONGEST = 500  # characters


def american_spelling(
    request: str, known: Callable[[str], bool], says: Callable[[str], bool]
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """``request`` with each word no tool says (``known``: some tool says a word, even inflected)
    written in the American spelling some tool says as written (``says``: "organisations":
    "organizations"), and each word so read with its reading; ``request`` otherwise."""
    if len(request) > _LONGEST:
        return request, ()
    read: list[tuple[str, str]] = []

    def respelled(found: re.Match[str]) -> str:
        word = found.group(0)
        lowered = word.casefold()
        if known(lowered):
            return word
        for pattern, american in _VARIANTS:
            variant = pattern.sub(american, lowered, count=1)
            if variant != lowered and says(variant):
                read.append((lowered, variant))
                return variant
        return word

    return _WORD.sub(respelled, request), tuple(read)
