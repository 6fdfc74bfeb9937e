"""Several things of one kind named by their ids, where a tool of the app takes them together
(``keyed_lists``): "fetch jira comments 10010, 10011 and 10012" is Jira's ``get_comments_by_ids``,
"get jira statuses 10000 and 10001" its ``get_statuses_by_id``, "fetch changelog entries 10001
and 10002 for jira issue PROJ-9" its ``get_change_logs_by_ids``.

``listed_ids`` reads such a list in the singular, for the tool acting on one, called once for
each. Where a name of the app says the kind in the plural keyed by ids ("comments *by ids*",
"statuses *by id*"), one call of that tool takes them all: the kind stays in the plural
(``keyed_kinds``), and among the tools scoring as the first, that tool comes first
(``keyed_first``). A name keyed by one id ("project_role_by_id") takes one thing, not a list.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardamom.core.search.coverage import Covering
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.listed_ids import lists_ids
from cardamom.core.search.order import order_results, placed_first
from cardamom.core.search.postings import EMPTY, own_name_words
from cardamom.core.search.tokens import is_plural

_IDS = frozenset({"id", "ids"})


def keyed_kinds(index: SearchIndex, tools: Iterable[int], request: str) -> frozenset[str]:
    """The kinds, in the plural, that names of ``tools`` take several of by their ids
    ("comments" of ``get_comments_by_ids``, "statuses" of ``get_statuses_by_id``); none for a
    request listing no ids (most: no name is read)."""
    if not lists_ids(request):
        return frozenset()
    kinds: set[str] = set()
    for doc in _saying_by_id(index) & frozenset(tools):
        words = own_name_words(index.documents[doc].name)
        if _keyed(words):
            kinds.add(words[-3])
    return frozenset(kinds)


def keyed_first(
    index: SearchIndex, passing: list[Covering], top: list[tuple[int, int, float]]
) -> list[tuple[int, int, float]]:
    """``top`` with the first tool (by the result order) of ``passing`` keyed by several ids placed
    first, where it scores as the first of ``top`` does."""
    if not top or _keyed(own_name_words(index.documents[top[0][0]].name)):
        return top
    saying = _saying_by_id(index)
    keyed = [
        c
        for c in passing
        if c[1] == top[0][1] and c[0] in saying and _keyed(own_name_words(index.documents[c[0]].name))
    ]
    return placed_first(top, order_results(index, keyed, 1)[0]) if keyed else top


def _saying_by_id(index: SearchIndex) -> frozenset[int]:
    """The tools whose names say "by" and "id" or "ids": the only ones whose words are read (a few
    dozen of GitHub's and Twilio's thousands)."""
    names = index.name_postings
    return names.get("by", EMPTY) & (names.get("id", EMPTY) | names.get("ids", EMPTY))


def _keyed(words: list[str]) -> bool:
    """A name ending in "by ids", or in a plural "by id": it takes several things by their ids
    ("..._comments_by_ids", "..._statuses_by_id"), the thing the word before "by"."""
    if len(words) < 3 or words[-2] != "by" or words[-1] not in _IDS:
        return False
    return words[-1] == "ids" or is_plural(words[-3])
