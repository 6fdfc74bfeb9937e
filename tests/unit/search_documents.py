"""Search documents for ranking tests, built as snapshots build them."""

from __future__ import annotations

from cardamom.core.search import SearchDocument
from cardamom.core.search.tokens import description_tokens, tokenize


def app_doc(name: str, label: str, description: str = "") -> SearchDocument:
    """A connected tool's document: the connector label and the account known, for app scoping."""
    return SearchDocument(
        name=name,
        name_tokens=frozenset(tokenize(name)),
        label_tokens=frozenset(tokenize(label)),
        description_tokens=description_tokens(description),
        label=label,
        accounts=(name.split("__")[0],),
    )
