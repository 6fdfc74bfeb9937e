"""The words after an app's name that say where in the app a request acts, not what it asks
(``app_tails``): "the Notion *workspace*", "our Box *account*", "the Jira *instance*"; and, with
``product_lines``, the app's product line between its name and the request's verb ("twilio
*serverless* fetch environment ZE1234", "twilio *taskrouter* list workspaces"), which the app's
tool names need not say (Twilio's are ``fetch_environment`` and ``list_workspace``): before, the
line's name weighed as a word no tool says, and nothing was found. ``scope`` keeps such a word
where a name of the app says it ("stripe *issuing* list cards": ``get_issuing_cards``)."""

from __future__ import annotations

import itertools
from collections.abc import Collection

from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS
from cardamom.core.search.value_words import TENANCIES

# In a request naming the app, a tenancy's word placed by a preposition and an owner's word says
# where too ("the members *of the workspace*"), never the request's object ("create the workspace").
_PLACING = frozenset({"in", "of", "from", "across", "within", "for", "on", "inside"})
_OWNERS = frozenset({"the", "my", "our", "your", "this"})


def app_tails(sequence: tuple[str, ...], named: Collection[str], *, lines: bool = False) -> frozenset[str]:
    """The words of ``TENANCIES`` written right after a word naming an app (``named``) or, in a
    request naming one, after a preposition and an owner's word, and maybe a name ("in the
    Engineering *workspace*"); with ``lines`` (``product_lines``), the one word of letters between
    the app's name opening the request and the action word after it ("twilio *serverless* fetch ...")."""
    if not named:
        return frozenset()
    at = [i for i in range(len(sequence) - 2) if sequence[i] in _PLACING and sequence[i + 1] in _OWNERS]
    placed = {w for i in at for w in sequence[i + 2 : i + 4]}  # "in the (Engineering) *workspace*"
    tails = {b for a, b in itertools.pairwise(sequence) if b in TENANCIES and (a in named or b in placed)}
    if lines and len(sequence) > 3 and sequence[0] in named and _line(sequence[1], named) and _verb(sequence[2]):
        tails.add(sequence[1])  # (the app's name opens the request: "get the jira *checklists* checklist 8" has none)
    return frozenset(tails)


def _verb(word: str) -> bool:
    """An action word as a verb opening a request: not a participle ("jira recently *viewed* projects")."""
    return is_action_word(word) and not word.endswith("ed")


def _line(word: str, named: Collection[str]) -> bool:
    """A word that may name a product line: letters, no adverb, no action, no app's, no grammar."""
    return (
        word.isalpha()
        and not word.endswith("ly")
        and word not in named
        and not is_action_word(word)
        and word not in GRAMMAR_WORDS
        and word not in QUERY_FILLER_WORDS
    )
