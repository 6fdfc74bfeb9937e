"""A place a request names by a bare name: "list github repos *in acme*", "create an asana task
*in inbox*", "github repos *from octocat* excluding forks". The name after "in" or "from" says
where (an organisation, a workspace, a list), a value to pass; read as a word of the request it
is the rarest, and where no tool of the app carries it the request finds nothing. The words
this reads are topics: a value only where no tool ranked carries them anywhere (``placed_names``,
``scope._unmatched_topics``); "in sprint", which Jira's tools say, stays a word of the request.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardamom.core.search.tokens import QUERY_FILLER_WORDS

_PLACING = frozenset({"in", "from", "within", "inside", "under"})
# words that may follow the place's name: another clause or phrase of the request
_AFTER = frozenset(
    {"with", "where", "that", "which", "excluding", "except", "sorted", "ordered", "and", "or", "but", "without"}
    | {"not", "from", "in", "on", "by", "for", "since", "before", "after", "newest", "oldest", "as"}
)


def placed_words(sequence: Sequence[str]) -> frozenset[str]:
    """The words of ``sequence`` (a request's tokens in order, filler kept) right after "in" or
    "from" that end the request or a phrase of it, each a plain word."""
    found = set()
    for at in range(1, len(sequence)):
        word, following = sequence[at], sequence[at + 1 : at + 2]
        if sequence[at - 1] not in _PLACING or not word.isalpha() or word in QUERY_FILLER_WORDS:
            continue
        if not following or following[0] in _AFTER:
            found.add(word)
    return frozenset(found)
