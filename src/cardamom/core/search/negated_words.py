"""Words a request rules out of the things it acts on: "jira issues that are *not done*", "github
PRs *not yet reviewed*", "asana tasks with *no assignee*", "stripe customers *without* a default
payment method". They say which of the things, a filter's value, not what a tool does, even
where a name carries them (``pulls_get_review`` for "reviewed"), nor a word to order by: they
leave the request where it keeps another word a name of the app carries (``negated_states``,
``filter_words.ruled_out``). An action ruled out ("close pull request 45 *without merging*") is
``negated_actions``'."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from cardamom.core.search.field_phrases import CLAUSE_WORDS
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS

_NEGATIONS = frozenset({"not", "no", "without", "never", "non", "none"})
# words excepting things ("slack channels *except* archived ones", "github repos *excluding*
# forks", "*other than* the closed ones"; ``excepted_things``)
_EXCEPTING = frozenset({"except", "excluding", "excepting"})
# the words ending what is ruled out: a preposition or a clause's ("not done *in* project ENG"),
# those ending a field after its owner and more
_ENDS = CLAUSE_WORDS | {"under", "since", "until", "after", "before", "but", "that", "which", "who", "where"}
_ENDS |= {"when", "while", "because", "than", "via", "per", "within", "across"}
_LONGEST = 3  # "without a *default payment method*"


def negated(sequence: Sequence[str], *, excepting: bool = False) -> tuple[tuple[str, str], ...]:
    """The words of ``sequence`` a negation rules out, each with its negation: up to three
    after "not", "no", "without", "never", past the grammar between ("not *yet* reviewed"), to
    a preposition or a clause's word, and the one word a prefix joins ("*non*-archived"); not a
    gerund after "without" ("without merging": an action ruled out). ``excepting``: so do
    "except", "excluding" and "other than"."""
    ruled: list[tuple[str, str]] = []
    negations = _NEGATIONS | _EXCEPTING if excepting else _NEGATIONS
    for at, word in enumerate(sequence):
        # "*other than* the closed ones": "other" leaves with them
        than = excepting and word == "other" and sequence[at + 1 : at + 2] == ("than",)
        if word not in negations and not than:
            continue
        taken = 0
        for following in sequence[at + 1 + than :]:
            if following in _ENDS or following in negations or taken == (1 if word == "non" else _LONGEST):
                break
            if following in QUERY_FILLER_WORDS or following in GRAMMAR_WORDS:
                continue
            if word == "without" and not taken and following.endswith("ing") and len(following) >= 6:
                break
            ruled.append((word, following))
            taken += 1
    return tuple(dict.fromkeys(ruled))


_INSTEAD = frozenset({("instead", "of"), ("rather", "than")})


def actions_ruled_out(sequence: Sequence[str], *, instead: bool = False) -> set[str]:
    """The actions ``sequence`` rules out: a gerund after "without" ("close pull request 45
    *without merging*") and, ``instead`` (``excepted_things``), one it does another instead of
    ("archive the asana project *instead of deleting* it", "*rather than* closing"), with the
    words saying so."""
    found = {b for a, b in itertools.pairwise(sequence) if a == "without" and _is_gerund(b)}
    for at in range(len(sequence) - 2) if instead else ():
        if (sequence[at], sequence[at + 1]) in _INSTEAD and _is_gerund(sequence[at + 2]):
            found |= {sequence[at], sequence[at + 2]}
    return found


def _is_gerund(word: str) -> bool:
    return word.endswith("ing") and len(word) >= 6
