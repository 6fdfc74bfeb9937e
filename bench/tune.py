"""The development loop: our ranker only, on the **dev** halves, in a minute instead of ``make
bench``'s nine. Ranker changes were developed with this; the report (``python -m bench``)
gives the test halves.

    python -m bench.tune [--sets styled,guessed,natural,abstention] [--variant NAME]...
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Sequence

from bench import data as D
from bench.__main__ import SIZES
from bench.ablations import ABLATIONS
from bench.evaluate import ours, run, score, split
from bench.queries import guessed_sets
from bench.styles import WORKSPACES, styled_sets


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tune")
    parser.add_argument("--sets", default="styled,guessed,abstention")
    parser.add_argument("--variant", action="append", help="ablation row labels (substring); default: last two")
    parser.add_argument("--half", default="dev", choices=("dev", "test"))
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    parser.add_argument("--off", action="append", default=[], help="turn a SearchOptions switch off in every row")
    parser.add_argument("--on", action="append", default=[], help="turn a SearchOptions switch on in every row")
    args = parser.parse_args(argv)
    root = D.data_root()
    universe = D.universe(root)
    kinds = set(args.sets.split(","))
    sets: list[D.QuerySet] = []
    if "styled" in kinds:
        for workspace in WORKSPACES:
            sets.extend(styled_sets(universe, workspace, 200))
    if "guessed" in kinds:
        for size in (int(s) for s in args.sizes.split(",")):
            pool = D.make_pool(f"{size:,} tools", D.sized_apps(universe, size))
            sets.extend(guessed_sets(pool, universe, 300))
    if "natural" in kinds:
        stb, _ = D.stabletoolbench_sets(root)
        metatool, _ = D.metatool_sets(root, limit=2000)
        sets += [stb, metatool, D.restbench_set(root), D.livemcpbench_set(root)]
    if "abstention" in kinds:
        stb, stb_dropped = D.stabletoolbench_sets(root)
        _, reliability = D.metatool_sets(root, limit=0)
        sets += [stb_dropped, reliability, D.bfcl_set(root)]
    rows = ABLATIONS if not args.variant else [r for r in ABLATIONS if any(v in r[0] for v in args.variant)]
    if not args.variant:
        rows = rows[-2:]
    for label, options in rows:
        options = dataclasses.replace(options, **dict.fromkeys(args.off, False), **dict.fromkeys(args.on, True))
        started = time.time()
        print(f"== {label}", flush=True)
        indexes: dict[int, object] = {}
        for qs in sets:
            index = indexes.setdefault(id(qs.pool), qs.pool.index(options=options))
            queries = [q for q in qs.queries if split(q) == args.half]
            s = score(qs.pool, queries, run(ours(index), queries))  # type: ignore[arg-type]
            if any(q.gold for q in queries):
                line = f"R@1 {100 * s.recall_1:5.1f}  R@5 {100 * s.recall_5:5.1f}  "
                line += f"wrong {100 * s.wrong:5.1f}  empty {100 * s.empty:5.1f}"
            else:
                line = f"any result {100 * s.wrong:5.1f}"
            print(f"  {qs.name:<58} n={len(queries):<5} {line}", flush=True)
        print(f"  ({time.time() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
