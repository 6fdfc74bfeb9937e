"""A request naming one of the org's apps that finds nothing as written is read again: with its
misspellings read (``misspelled_words``: "craete a jira issue"), then with the words the app never
says before its things quoted (``unsaid_modifiers``: "list all twilio *studio* flows"). Only then:
a request that finds something as written keeps its words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.misspelled_words import spelled_right
from cardamom.core.search.ranking import Ranking
from cardamom.core.search.unsaid_modifiers import quoted_modifiers


def read_again(index: SearchIndex, query: str, ranking: Ranking, rank_again: Callable[[str], Ranking]) -> Ranking:
    """``ranking`` of ``query`` where it found something; else ``query`` ranked again
    (``rank_again``) as each reading reads it, the first that finds something."""
    if ranking.hits:
        return ranking
    if index.options.misspelled_words:
        fixed, respelled = spelled_right(index, query)
        retried = rank_again(fixed) if respelled else ranking
        if retried.hits:
            return dataclasses.replace(retried, read_as=(*respelled, *retried.read_as))
    if index.options.unsaid_modifiers:
        quoted, words = quoted_modifiers(index, query)
        retried = rank_again(quoted) if words else ranking
        if retried.hits:
            return retried  # (the words quoted are among its values)
    return ranking
