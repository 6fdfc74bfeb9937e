"""Search documents for ranking tests, built as snapshots build them."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

from cardamom.core.search import SearchDocument, SearchIndex, SearchOptions, rank
from cardamom.core.search.tokens import description_tokens, tokenize
from cardamom.core.search.tool_titles import tool_title


def app_doc(name: str, label: str, description: str = "") -> SearchDocument:
    """A connected tool's document: the connector label and the account known, for app scoping."""
    return SearchDocument(
        name=name,
        name_tokens=frozenset(tokenize(name)),
        label_tokens=frozenset(tokenize(label)),
        description_tokens=description_tokens(description),
        label=label,
        accounts=(name.split("__")[0],),
        title=tool_title(description),
    )


def snapshot_of(index: SearchIndex) -> Any:
    """A stand-in snapshot holding ``index``, for rendering a search report (``search_payload``):
    each document as a pool tool, each label as a connector."""
    tools = [
        SimpleNamespace(
            name=d.name,
            description="",
            account=d.name.split("__")[0],
            connector=d.label,
            classification="read",
            input_schema={"type": "object"},
            merged=False,
        )
        for d in index.documents
    ]
    connectors = {d.label: SimpleNamespace(label=d.label) for d in index.documents}
    return SimpleNamespace(index=index, tools=tools, connectors=connectors)


def without(**switches: bool) -> SearchOptions:
    """The shipped options with ``switches`` set (``without(qualifiers=False)``)."""
    return dataclasses.replace(SearchOptions(), **switches)


def ranked_names(documents: list[SearchDocument], query: str, **switches: bool) -> list[str]:
    """The names ``query`` finds over ``documents``, in order, with ``switches`` set (``without``)."""
    index = SearchIndex.build(documents, without(**switches)) if switches else SearchIndex.build(documents)
    return [h.name for h in rank(index, query).hits]


_BUILT: dict[int, SearchIndex] = {}


def shipped_index(documents: list[SearchDocument]) -> SearchIndex:
    """The index of ``documents`` with the shipped options, built once for each list (a test
    module's documents live as long as it does, so their list's identity keys it)."""
    return _BUILT.setdefault(id(documents), SearchIndex.build(documents))


def shipped_names(documents: list[SearchDocument], query: str, **switches: bool) -> list[str]:
    """``ranked_names``, the shipped index built once for each list of ``documents``."""
    index = SearchIndex.build(documents, without(**switches)) if switches else shipped_index(documents)
    return [h.name for h in rank(index, query).hits]
