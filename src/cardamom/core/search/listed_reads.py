"""A read of things in the plural asks for their list (``reads_as_lists``): "get github issues" is
``issues_list``, not ``issues_get``, whose "issues" is a resource's name (``word_forms.read_as_listing``
says where a name lists the thing). Read inside a named app first; with ``unscoped_lists``, also in
a request naming no app, over the whole pool: "show my codespaces" is GitHub's
``codespaces_list_for_authenticated_user`` as "show my github codespaces" is, where the singular's
get (``codespaces_get_for_authenticated_user``) had come first, its "get" a synonym of "show"."""

from __future__ import annotations

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.tokens import unique
from cardamom.core.search.word_forms import read_as_listing


def listed_read(
    index: SearchIndex, analysis: QueryAnalysis, kept: tuple[str, ...], scoped: frozenset[int] | None
) -> tuple[str, ...] | None:
    """``kept`` with the request's reading verb read as "list", where its head is a plural no value
    nor id follows and a name of ``scoped`` (None: the whole index) lists it; None otherwise."""
    head = analysis.head
    if (
        analysis.name_shaped  # a guessed name's number is a guess ("get_issues")
        or head is None
        or head.verb not in kept
        or head.head not in kept
        or head.head in analysis.values
        or any(a == head.head and any(c.isdigit() for c in b) for a, b in analysis.after_words)  # "PR 12"
        or not read_as_listing(index, head.verb, head.head, scoped)
    ):
        return None
    return unique("list" if t == head.verb else t for t in kept)  # "get github issues"
