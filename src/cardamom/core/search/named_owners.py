"""The owner a request names, before the caller (``named_owners``): "delete version 4512 of *user
monalisa's* npm package on github" is ``packages_delete_package_version_for_user``, not the caller's
``..._for_authenticated_user``, which scored the same and came first by its name's order; "delete
version 3 of the package owned by *the acme org* on github" is ``..._for_org``. A user is named by a
handle after "user", an organization by a name before or after "org" or "organization", a word no
tool's name says ("user *settings*" names none). Among the tools scoring as the first, the twin
whose name ends for that owner comes first; a request naming its caller ("my", ``caller_order``) is
the caller's."""

from __future__ import annotations

import re

from cardamom.core.search.coverage import Covering
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import order_results, placed_first
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS

_HANDLE = r"['\"@]?([A-Za-z][\w.-]*[A-Za-z0-9])"
_USER = re.compile(rf"\b(?:user|username)\s+{_HANDLE}", re.IGNORECASE)
_ORG = re.compile(
    rf"\b(?:org|organi[sz]ation)\s+{_HANDLE}|\b([A-Za-z][\w.-]*)\s+(?:org|organi[sz]ation)\b", re.IGNORECASE
)
# The endings of an owner's twins (GitHub's), the user's and the organization's
_FOR_USER = "_for_user"
_FOR_ORG = ("_for_org", "_in_org", "_for_organization")
_OWNED = ("_for_authenticated_user", _FOR_USER, *_FOR_ORG)


def named_owner_first(
    index: SearchIndex, query: str, passing: list[Covering], top: list[tuple[int, int, float]]
) -> list[tuple[int, int, float]]:
    """``top`` with the twin of its first tool for the owner ``query`` names placed first, where
    that twin is among ``passing`` and scores as the first does."""
    if not top or ("user" not in query.casefold() and "org" not in query.casefold()):
        return top
    first = index.documents[top[0][0]].name
    stem = next((first[: -len(e)] for e in _OWNED if first.endswith(e)), None)
    if stem is None:
        return top
    if _named(index, _USER, query):
        endings: tuple[str, ...] = (_FOR_USER,)
    elif _named(index, _ORG, query):
        endings = _FOR_ORG
    else:
        return top
    if first.endswith(endings):
        return top
    names = {stem + ending for ending in endings}
    twins = [c for c in passing if c[1] == top[0][1] and index.documents[c[0]].name in names]
    return placed_first(top, order_results(index, twins, 1)[0]) if twins else top


def _named(index: SearchIndex, pattern: re.Pattern[str], query: str) -> bool:
    """``query`` names an owner of ``pattern``'s kind by a word no tool's name says."""
    for found in pattern.finditer(query):
        word = next(g for g in found.groups() if g).casefold()
        if word not in GRAMMAR_WORDS and word not in QUERY_FILLER_WORDS and word not in index.name_postings:
            return True
    return False
