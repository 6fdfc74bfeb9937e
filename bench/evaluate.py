"""Scoring retrievers on query sets: recall@1/@5, MRR, wrong-tool rate, empty rate.

Definitions (every figure in docs/benchmarks.md uses them):

* recall@k: for a query with gold tools G and top-k results R, |G ∩ R| / min(k, |G|), so a
  query with several right tools scores 1 at k=1 when any of them comes first;
* MRR: the mean of 1/rank of the first right tool (0 when none is returned);
* wrong-tool rate: the share of queries whose top result is wrong in a way a model would act
  on: any result at all when the right answer is nothing, or a top result from an app none
  of whose tools are right;
* empty rate: the share of queries that returned nothing. For answerable queries every
  empty result is recall the floor (or threshold) gave up.

Only the standard library and ``cardamom`` are imported, so ``tests/bench`` can use it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bench.data import Pool, Query, stable_hash
from cardamom.core.search import SearchIndex, rank

# A retriever takes (query text, the caller's pool or None for all, k) and returns doc ids, best first.
Search = Callable[[str, Collection[int] | None, int], list[int]]


def split(query: Query) -> str:
    """Half the queries of every set are 'dev' (for choosing thresholds), half 'test' (reported)."""
    return "dev" if stable_hash("split", query.group or query.id) % 2 == 0 else "test"


@dataclass(frozen=True, slots=True)
class Scores:
    queries: int
    answerable: int
    recall_1: float
    recall_5: float
    mrr: float
    wrong: float
    empty: float

    def row(self) -> dict[str, Any]:
        return {
            "n": self.queries,
            "R@1": self.recall_1,
            "R@5": self.recall_5,
            "MRR": self.mrr,
            "wrong": self.wrong,
            "empty": self.empty,
        }


def score(pool: Pool, queries: Sequence[Query], results: Sequence[Sequence[int]]) -> Scores:
    r1 = r5 = mrr = 0.0
    wrong = empty = answerable = 0
    for query, found in zip(queries, results, strict=True):
        if not found:
            empty += 1
        if not query.gold:
            wrong += bool(found)
            continue
        answerable += 1
        gold = query.gold
        r1 += len(gold.intersection(found[:1])) / min(1, len(gold))
        r5 += len(gold.intersection(found[:5])) / min(5, len(gold))
        first = next((i for i, doc in enumerate(found) if doc in gold), None)
        mrr += 0.0 if first is None else 1.0 / (first + 1)
        if found:
            gold_apps = {pool.app_of(d) for d in gold}
            wrong += pool.app_of(found[0]) not in gold_apps
    n = len(queries)
    a = max(answerable, 1)
    return Scores(
        queries=n,
        answerable=answerable,
        recall_1=r1 / a,
        recall_5=r5 / a,
        mrr=mrr / a,
        wrong=wrong / max(n, 1),
        empty=empty / max(n, 1),
    )


def run(search: Search, queries: Iterable[Query], k: int = 10) -> list[list[int]]:
    return [search(q.text, q.pool, k) for q in queries]


def ours(index: SearchIndex, *, floor: float = 0.5, **options: Any) -> Search:
    """Cardamom's ranker, exactly as the gateway calls it (``pool`` is the caller's visible set)."""

    def search(text: str, pool: Collection[int] | None, k: int) -> list[int]:
        return [hit.doc for hit in rank(index, text, pool=pool, limit=k, floor=floor, **options).hits]

    return search
