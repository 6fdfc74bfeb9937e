"""A request to delete a thing from another ("delete comment 77 from asana task 12") keeps the
other: no tool deleting it answers (``kept_sources``); one taking the thing out of the other
comes first (``taken_out``)."""

from __future__ import annotations

from cardamom.core.search.coverage import Covering
from cardamom.core.search.destructive_actions import deletes_the_source, takes_out
from cardamom.core.search.head_nouns import forms
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import order_results, placed_first
from cardamom.core.search.tokens import inflection_key


def kept_source(index: SearchIndex, passing: list[Covering], thing: str, source: str) -> list[Covering]:
    """``passing`` without the tools a request to delete ``thing`` from ``source`` must never get
    (``kept_sources``): "delete comment 77 from asana task 12" keeps the task, so no tool whose
    name deletes the task without saying the comment (``delete_task``) answers it."""
    if inflection_key(thing) in forms(source, True):
        return passing
    documents = index.documents
    return [
        c for c in passing if not deletes_the_source(documents[c[0]].name, documents[c[0]].name_tokens, source, thing)
    ]


def taken_out_first(
    index: SearchIndex, passing: list[Covering], top: list[tuple[int, int, float]], thing: str, source: str
) -> list[tuple[int, int, float]]:
    """``top`` with the best tool of ``passing`` taking ``thing`` out of ``source``
    (``destructive_actions.takes_out``) first, where one does ("remove asana task 19 from
    project Alpha")."""
    documents = index.documents
    taking = [c for c in passing if takes_out(documents[c[0]].name_tokens, source, thing)]
    if not taking or not top:
        return top
    return placed_first(top, order_results(index, taking, 1)[0])
