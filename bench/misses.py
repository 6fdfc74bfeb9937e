"""Why a guessed name for a connected app misses recall@1: each miss put in one class, per
pool size, on one half (docs/search.md reads the test halves).

    python -m bench.misses [--half test] [--sizes 100,1000,10000]

The classes, tested in this order on the shipped ranker's first ten results:

* ``empty``: nothing came back (the floor gave the target up);
* ``wrong app``: the first result is from another app;
* ``not in ten``: the target is not among the first ten;
* ``tie``: the target has the first result's score: under the seeds' field weights the query
  cannot tell them apart, and the tie order put another first;
* ``number``: the target scores less only because the name gives a word in the other
  grammatical number (``appointments`` for ``get_appointment``): its inflected matches, scored
  as exact name tokens (5) instead of the seeds' prefix weight (3), would reach the first score;
* ``lower``: the target scores less for another reason (a verb or object the name left out,
  words the generator took from a summary that another tool's name carries).

Only ``tie`` and ``lower`` are open to a refinement that keeps the seeds' weights, and ``tie``
only through what the query says beyond its score.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from bench import data as D
from bench.__main__ import SIZES
from bench.evaluate import split
from bench.queries import guessed_sets
from cardamom.core.search import Hit, SearchIndex, rank
from cardamom.core.search.field_weights import NAME_PREFIX_WEIGHT, NAME_WEIGHT

CLASSES = ("right", "empty", "wrong app", "not in ten", "tie", "number", "lower")


def classify(index: SearchIndex, pool: D.Pool, query: D.Query) -> str:
    hits = rank(index, query.text, pool=query.pool, limit=10).hits
    if not hits:
        return "empty"
    if hits[0].doc in query.gold:
        return "right"
    if pool.app_of(hits[0].doc) not in {pool.app_of(d) for d in query.gold}:
        return "wrong app"
    target = next((h for h in hits if h.doc in query.gold), None)
    if target is None:
        return "not in ten"
    if target.score == hits[0].score:
        return "tie"
    return "number" if _as_exact(target) >= hits[0].score else "lower"


def _as_exact(hit: Hit) -> int:
    """The hit's score with its inflected name matches scored as exact name tokens."""
    inflected = sum(1 for m in hit.matches if m.relation == "inflection" and m.weight == NAME_PREFIX_WEIGHT)
    return hit.score + inflected * (NAME_WEIGHT - NAME_PREFIX_WEIGHT)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.misses")
    parser.add_argument("--half", default="test", choices=("dev", "test"))
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    args = parser.parse_args(argv)
    root = D.data_root()
    universe = D.universe(root)
    print(f"guessed names, connected apps ({args.half} half): share of queries per class, in percent")
    print(f"{'pool':>8} {'n':>5} " + " ".join(f"{c:>10}" for c in CLASSES))
    for size in (int(s) for s in args.sizes.split(",")):
        pool = D.make_pool(f"{size:,} tools", D.sized_apps(universe, size))
        connected, _, _ = guessed_sets(pool, universe, 300)
        index = pool.index()
        queries = [q for q in connected.queries if split(q) == args.half]
        counts = Counter(classify(index, pool, q) for q in queries)
        n = max(len(queries), 1)
        print(f"{size:>8,} {len(queries):>5} " + " ".join(f"{100 * counts[c] / n:>10.1f}" for c in CLASSES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
