"""A request to delete a thing from another ("delete comment 77 from asana task 12") keeps the
other: no tool deleting it answers (``kept_sources``)."""

from __future__ import annotations

from cardamom.core.search.coverage import Covering
from cardamom.core.search.destructive_actions import deletes_the_source
from cardamom.core.search.head_nouns import forms
from cardamom.core.search.index import SearchIndex
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
