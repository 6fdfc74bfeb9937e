"""The semantic fallback's numbers (``FallbackRule``), fit on the benchmark's dev halves with
``python -m bench.fit_fallback`` (docs/search.md gives the measurements and the criterion).

``RULE`` ships; ``FIRST_RULE`` is the first fit (before a description-only match covered half
its weight in every query in words), kept so the benchmark can show each change on its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FallbackRule:
    """When the fallback answers (``semantic_fallback.decide``) and for which requests.

    * ``similarity``: the least cosine between the request and a tool it returns;
    * ``app_margin``: how much more similar the best tool is than every tool of another app;
    * ``min_words``: the content words (filler, grammar and argument values not counted) a
      request needs outside a named app;
    * ``min_pool``: the tools the caller's pool needs (the app margin compares with other apps);
    * ``candidates``: how many of the lexical order's first tools are read;
    * ``named_app_min_words``: the content words a request needs inside one app it names by
      its whole name (None: never inside a named app).
    """

    similarity: float = 0.5
    app_margin: float = 0.1
    min_words: int = 6
    min_pool: int = 16
    candidates: int = 50
    named_app_min_words: int | None = 8


RULE = FallbackRule()
FIRST_RULE = FallbackRule(similarity=0.65, app_margin=0.08, min_words=7, named_app_min_words=None)
