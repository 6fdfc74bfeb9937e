"""Step 5 of a search: the results in order (seeds: by score, ties by codepoint; refined by
``tie_break.result_order_key``), cut to the limit."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Sequence

from cardamom.core.search.coverage import Covering
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tie_break import result_order_key, seed_order_key


def order_results(
    index: SearchIndex,
    passing: list[Covering],
    limit: int,
    unagreeing: Sequence[frozenset[int]] = (),
    unasked_admin: Container[int] = (),
) -> list[tuple[int, int, float]]:
    """Step 5: the first ``limit`` results as (tool, score, mass), by ``tie_break.result_order_key``.
    ``unagreeing``: per request word, the tools its synonym reaches in the other grammatical
    number only (``coverage.Weighed.unagreeing``); ``unasked_admin``: the tools of an
    administrators' API the request did not ask for (``admin_tools``)."""
    names = index.documents
    cut = max(limit, 0)
    keyed: list[tuple[tuple[int, int, int, float, int, int, float, int, int, str] | tuple[int, str], int, int, float]]
    if index.options.tie_order and index.own_name_sizes:
        sizes = index.own_name_sizes
        keyed = [
            (
                result_order_key(
                    score,
                    said,
                    min(1.0, named / sizes[d]),
                    sizes[d],
                    names[d].name,
                    valued,
                    leads,
                    sum(d in u for u in unagreeing),
                    int(d in unasked_admin),
                    fit,
                ),
                d,
                score,
                mass,
            )
            for d, score, named, mass, said, valued, leads, fit in _best_scores(passing, cut)
        ]
    else:
        keyed = [
            (seed_order_key(score, names[d].name), d, score, mass)
            for d, score, _, mass, _, _, _, _ in _best_scores(passing, cut)
        ]
    top = heapq.nsmallest(cut, keyed) if len(keyed) > 4 * cut else sorted(keyed)[:cut]
    return [(d, score, mass) for _, d, score, mass in top]


def _best_scores(passing: list[Covering], cut: int) -> list[Covering]:
    """The tools whose score can still make the cut: every score at or above the cut-th best
    (the ties at the boundary are decided by the full key, built for these only)."""
    if len(passing) <= cut:
        return passing
    boundary = heapq.nlargest(cut, (p[1] for p in passing))[-1] if cut else max(p[1] for p in passing) + 1
    return [p for p in passing if p[1] >= boundary]


def placed_first(top: list[tuple[int, int, float]], best: tuple[int, int, float]) -> list[tuple[int, int, float]]:
    """``top`` with ``best`` first, the others after it in their order, as many as before."""
    if top and top[0][0] == best[0]:
        return top
    return [best, *(t for t in top if t[0] != best[0])][: len(top)]


def tied_first(
    index: SearchIndex, passing: list[Covering], top: list[tuple[int, int, float]], alike: Callable[[int], bool]
) -> tuple[int, int, float] | None:
    """The best placed tool of ``passing``, other than ``top``'s first and scoring as it does, for
    which ``alike`` holds (a twin told apart by the request: ``mood_twins``, ``number_twins``)."""
    same = [c for c in passing if c[1] == top[0][1] and c[0] != top[0][0] and alike(c[0])]
    return order_results(index, same, 1)[0] if same else None
