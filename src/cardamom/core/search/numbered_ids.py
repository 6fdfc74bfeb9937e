"""A thing's number is its id ("kill droplet *99*"): where a request's values weigh (it names no
app), the number matches no name's number (DigitalOcean's
``monitoring_get_lb_droplets_http_response_time_99_p``), so the request finds the app its words
imply instead (``numbered_ids``; read by ``rank`` for ``coverage.weigh_tokens``). A number after a
preposition, a count or a comparison ("over *2*.5 goals", "the top *10*") is no thing's id.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import NAME_ONLY_QUERY_WORDS
from cardamom.core.search.value_words import COMPARING, COUNTING

# Words a number follows that name no thing ("over *2*.5", "the top *10*", "the past *7* days").
NOT_THINGS = NAME_ONLY_QUERY_WORDS | COMPARING | COUNTING | {"past"}


def numbered_ids(pairs: Iterable[tuple[str, str]], values: Container[str]) -> frozenset[str]:
    """The numbers among ``values`` that follow a word of a thing (``pairs``: each word of the
    request with the word before it, ``QueryAnalysis.after_words``)."""
    return frozenset(
        t
        for before, t in pairs
        if t.isdigit()
        and t in values
        and before.isalpha()
        and before not in values
        and before not in NOT_THINGS
        and not is_action_word(before)
    )
