"""A word written in camel case read as the tools write it (``camel_words``).

"Send a *WhatsApp* message with twilio": split at its capitals, as a guessed name's words are
("listSchedules"), the brand weighs as two words, "whats" and "app", that the message tool never
says, and the request found Twilio's senders ("(WhatsApp only)") instead of its messages. Where
some tool's text writes the word whole ("whatsapp"), the request's word is read whole too, one
word as written (a value where no name of the app says it); a word no text writes whole stays
split, as the texts writing it in camel case were ("PostgreSQL": "postgre sql"). A request of one
word is a guessed name, whose capitals part its words; one in capitals throughout, its words joined
by underscores ("GITHUB_CREATE_AN_ISSUE", as some tool sets name their tools), is a guessed name
too, read in lower case (``constant_names``): its words in capitals read as values, ids' and
keys' shape, and the name's verb and thing were never read as its action and head.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.tokens import tokenize

# a word of letters standing alone (not a part of an address, a path, a host or an identifier)
_WORD = re.compile(r"(?<![\w.@/#:-])[A-Za-z]{4,}(?![\w@/-]|[.:]\w)")


# a name in capitals: two words or more of letters (and digits after), joined by "_", "." or "-"
_CONSTANT = re.compile(r"^[A-Z][A-Z0-9]*(?:[_.\-][A-Z0-9]+)*[_.\-][A-Z][A-Z0-9]+$")


def lowered_constant(query: str) -> str:
    """``query`` in lower case where it is one name in capitals ("STRIPE_CREATE_REFUND"); as
    written otherwise (an issue's key, "OPS-12", has one word of letters)."""
    text = query.strip()
    return text.lower() if len(text) <= 200 and _CONSTANT.match(text) else query


def whole_camel_words(query: str, known: Callable[[str], bool]) -> str:
    """``query`` with each word in camel case ("WhatsApp", "iPhone") written in lower case where
    ``known`` holds that form (a token of some tool's name, label or description)."""
    if " " not in query.strip() or query.islower():  # (most requests: no capital past a word's first)
        return query

    def whole(match: re.Match[str]) -> str:
        word = match.group(0)
        lowered = word.lower()
        camel = word[1:] != word[1:].lower() and word != word.upper()
        # (an acronym's plural, "URLs", is one word as written: read in lower case it says the
        # same, and the whole request was read twice where it found nothing)
        return lowered if camel and tokenize(word) != [lowered] and known(lowered) else word

    return _WORD.sub(whole, query)
