"""A thing's owner or time, written as a possessive before it ("*acme's* stripe subscriptions",
"*today's* stripe payouts", "*octocat's* github repos"): it says which of the things, a filter's
value, where no name of the app carries the word with the thing (``possessive_values``,
``filter_words.owners_as_values``); "the *team's* asana projects" keeps its word for
``get_projects_for_team``, where Twilio's ``list_usage_record_yesterday`` is no list of
"yesterday's twilio calls". An owner named by its kind and id is written with "of", as the
rules read a thing of another ("customer cus_123's invoices": "invoices of customer cus_123")."""

from __future__ import annotations

import itertools
import re

from cardamom.core.search.field_phrases import NOT_OWNERS, OWNED
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, tokenize

_THING_WORDS = 3  # the words after the owner that may name its thing: "acme's *stripe subscriptions*"
# a thing named by its kind and id, owning another: "customer cus_123's invoices"
_IDENTIFIED_OWNER = re.compile(
    r"\b(?P<owner>[A-Za-z]+\s+(?=[\w-]*\d)[\w-]+)['\u2019]s\s+(?P<thing>[A-Za-z]+)\b", re.IGNORECASE
)


def possessors(query: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each word of ``query`` written as a possessive before another ("*acme*'s stripe
    subscriptions"), with the words after it that may name its thing."""
    if "'" not in query and "\u2019" not in query:
        return ()  # most requests: no possessive
    words = query.split()
    found: list[tuple[str, tuple[str, ...]]] = []
    for at, (word, after) in enumerate(itertools.pairwise(words)):
        owned = OWNED.match(word)
        if owned is None or owned.group(1).casefold() in NOT_OWNERS or not after[:1].isalnum():
            continue
        following = [t for w in words[at + 1 :] for t in tokenize(w) if t not in QUERY_FILLER_WORDS]
        found += [(t, tuple(following[:_THING_WORDS])) for t in tokenize(owned.group(1))]
    return tuple(found)


def owned_as_of(query: str) -> str:
    """``query`` with a thing owned by a thing named by its kind and id written with "of", as
    the rules read a thing of another: "stripe customer cus_123's invoices" is "stripe
    invoices of customer cus_123"."""
    if "'" not in query and "\u2019" not in query:
        return query
    return _IDENTIFIED_OWNER.sub(lambda m: f"{m.group('thing')} of {m.group('owner')}", query)
