"""Lexical tool search with a relevance floor, as the seeds specify, in named steps.

``rank`` (``rank.py``) reads a query in five steps, each a module:

1. ``query.analyse_query``: the query's tokens (filler words out), the apps it names, the words
   that look like argument values, whether it is shaped like a tool name;
2. ``scope.scope_pool``: the tools ranked: the caller's pool, or the part of it belonging to the
   org's apps the query names (an app named but not connected, or connected with none of its
   tools usable, ends the search here, with that reason);
3. ``coverage.candidate_tools``: the tools that could clear the floor (rarest tokens first);
4. ``coverage.covering_tools``: each candidate's score (the seeds' field weights,
   ``field_weights``) and covered mass, kept when it clears the floor (``relevance_floor``);
5. ``order.order_results``: score, then the ties (``tie_break``), cut to the limit.

The seed rules each live in one function of a module named for it: the field weights
(``field_weights.field_weight``), the IDF and the floor (``relevance_floor``), the codepoint
tie-break (``tie_break.codepoint_tie_break``), the description stop words (``tokens``). What goes
beyond the seeds is switched by ``SearchOptions`` (``options``) and measured in
docs/benchmarks.md. The index (``index``) is built once per snapshot from each tool's
``SearchDocument`` (``document``, made by ``search_text``).
"""

from __future__ import annotations

from cardamom.core.search.document import SearchDocument
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.options import SEED_RULES_ONLY, SearchOptions
from cardamom.core.search.query import is_name_shaped, query_tokens
from cardamom.core.search.rank import rank
from cardamom.core.search.ranking import EmptyReason, Hit, Ranking, TokenMatch
from cardamom.core.search.relevance_floor import RELEVANCE_FLOOR, inverse_document_frequency

__all__ = [
    "RELEVANCE_FLOOR",
    "SEED_RULES_ONLY",
    "EmptyReason",
    "Hit",
    "Ranking",
    "SearchDocument",
    "SearchIndex",
    "SearchOptions",
    "TokenMatch",
    "inverse_document_frequency",
    "is_name_shaped",
    "query_tokens",
    "rank",
]
