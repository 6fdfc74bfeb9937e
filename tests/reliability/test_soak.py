"""A bounded soak on loopback (issue #12): the server's memory stays flat under steady load.

``cardamom demo`` as a real process; client threads send a steady mix (searches, connected
tool calls, listings, rejects) for ``scale(15, 600)`` seconds while the server's resident
memory is sampled. After a warm-up (the first quarter: caches, pools, imports), memory may
not keep growing: the last quarter's median stays within 10% (and 16 MB) of the second's.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.reliability.figures import record, scale
from tests.reliability.test_sigkill import start

pytestmark = pytest.mark.reliability

SECONDS = scale(15, 600)
CLIENTS = 4


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def message(n: int) -> dict[str, Any]:
    kind = n % 5
    if kind == 0:
        params: dict[str, Any] = {"name": "search_tools", "arguments": {"query": f"list notion users {n % 97}"}}
    elif kind == 1:
        params = {"name": "notion-legal__list_all_users", "arguments": {}}
    elif kind == 2:
        params = {
            "name": "execute_tool",
            "arguments": {"name": "notion-marketing__retrieve_page", "arguments": {"page_id": f"p{n}"}},
        }
    elif kind == 3:
        return {"jsonrpc": "2.0", "id": n, "method": "tools/list"}
    else:
        params = {"name": "notion-legal__retrieve_page", "arguments": {"page_id": [n]}}  # refused: bad argument
    return {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": params}


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's memory from /proc")
def test_memory_stays_flat_under_a_steady_load(tmp_path: Path) -> None:
    process, url, token = start(tmp_path / "home", ["demo"])
    samples: list[tuple[float, float]] = []
    answers: Counter[str] = Counter()
    latencies: list[float] = []
    lock = threading.Lock()
    stop = threading.Event()

    def client(index: int) -> None:
        n = index * 10_000_000
        with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http:
            while not stop.is_set():
                n += 1
                began = time.perf_counter()
                response = http.post(f"{url}/mcp", json=message(n))
                took = time.perf_counter() - began
                body = response.json()
                outcome = str(response.status_code)
                if "error" in body:
                    outcome += f" {body['error']['code']}"
                with lock:
                    answers[outcome] += 1
                    latencies.append(took)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    began = time.monotonic()
    try:
        for thread in threads:
            thread.start()
        while (elapsed := time.monotonic() - began) < SECONDS:
            samples.append((elapsed, rss_mb(process.pid)))
            time.sleep(max(0.25, SECONDS / 200))
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        process.terminate()
        process.wait(timeout=30)

    quarter = SECONDS / 4
    warm = statistics.median(m for t, m in samples if quarter <= t < 2 * quarter)
    late = statistics.median(m for t, m in samples if t >= 3 * quarter)
    total = sum(answers.values())
    record(f"soak ({SECONDS} s, {CLIENTS} clients): requests, per second", (total, round(total / SECONDS)))
    record("soak: answers by status", dict(sorted(answers.items())))
    record(
        "soak: RSS MB first sample / warm median / last-quarter median / max",
        (round(samples[0][1], 1), round(warm, 1), round(late, 1), round(max(m for _, m in samples), 1)),
    )
    record(
        "soak: latency ms p50 / p99",
        (round(statistics.median(latencies) * 1000, 1), round(statistics.quantiles(latencies, n=100)[98] * 1000, 1)),
    )
    assert all(status.startswith("200") for status in answers), answers  # no 5xx, no JSON-RPC error
    assert late <= max(warm * 1.10, warm + 16), (warm, late)
