"""Words a request rules out of the things it acts on: "jira issues that are *not done*", "github
PRs *not yet reviewed*", "asana tasks with *no assignee*", "stripe customers *without* a default
payment method". They say which of the things, a filter's value, not what a tool does, even
where a name carries them (``pulls_get_review`` for "reviewed"), nor a word to order by: they
leave the request where it keeps another word a name of the app carries (``negated_states``,
``filter_words.ruled_out``). An action ruled out ("close pull request 45 *without merging*") is
``negated_actions``'."""

from __future__ import annotations

from collections.abc import Sequence

from cardamom.core.search.field_phrases import CLAUSE_WORDS
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS

_NEGATIONS = frozenset({"not", "no", "without", "never", "non", "none"})
# the words ending what is ruled out: a preposition or a clause's ("not done *in* project ENG"),
# those ending a field after its owner and more
_ENDS = CLAUSE_WORDS | {"under", "since", "until", "after", "before", "but", "that", "which", "who", "where"}
_ENDS |= {"when", "while", "because", "than", "via", "per", "within", "across"}
_LONGEST = 3  # "without a *default payment method*"


def negated(sequence: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The words of ``sequence`` a negation rules out, each with its negation: up to three
    after "not", "no", "without", "never", past the grammar between ("not *yet* reviewed"), to
    a preposition or a clause's word, and the one word a prefix joins ("*non*-archived"); not a
    gerund after "without" ("without merging": an action ruled out)."""
    ruled: list[tuple[str, str]] = []
    for at, word in enumerate(sequence):
        if word not in _NEGATIONS:
            continue
        taken = 0
        for following in sequence[at + 1 :]:
            if following in _ENDS or following in _NEGATIONS or taken == (1 if word == "non" else _LONGEST):
                break
            if following in QUERY_FILLER_WORDS or following in GRAMMAR_WORDS:
                continue
            if word == "without" and not taken and following.endswith("ing") and len(following) >= 6:
                break
            ruled.append((word, following))
            taken += 1
    return tuple(dict.fromkeys(ruled))
