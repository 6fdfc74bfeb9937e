"""SIGKILL mid-burst (issue #12): every call answered as succeeded has its row, the SQLite
database passes its integrity check, and the server serves again on the same files.

``cardamom demo`` runs as a real process (the demo org, the demo SaaS as the upstream);
client threads send connected-tool calls until the process is killed under them.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.reliability.figures import record, scale
from tests.support import REPO

pytestmark = pytest.mark.reliability

CLIENTS = 6
BURST_SECONDS = scale(2, 8)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start(home: Path, command: list[str], port: int | None = None) -> tuple[subprocess.Popen[str], str, str]:
    """The process, its base URL, and the bearer token it printed (demo) or ''.

    Its output is read to the end on a thread of its own: the server logs to stdout, and a
    pipe nobody empties would stop it once full.
    """
    port = port or free_port()
    env = {**os.environ, "CARDAMOM_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardamom.entrypoints.cli", *command, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=REPO,
    )
    lines: list[str] = []
    ready = threading.Event()

    def drain() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if not ready.is_set():
                lines.append(line)
                if "Stop with Ctrl-C" in line:
                    ready.set()
        ready.set()

    threading.Thread(target=drain, daemon=True).start()
    if not ready.wait(timeout=120) or process.poll() is not None:
        raise AssertionError(f"the server did not start: {''.join(lines)[-2000:]}")
    found = re.search(r"bearer token\s+(\S+)", "".join(lines))
    token = found.group(1) if found else ""
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return process, url, token
        except httpx.HTTPError:
            time.sleep(0.05)
    raise AssertionError("the server did not come up")


def call(client: httpx.Client, url: str, token: str, n: int) -> dict[str, Any]:
    body = {
        "jsonrpc": "2.0",
        "id": n,
        "method": "tools/call",
        "params": {
            "name": "notion-legal__retrieve_page" if n % 2 else "notion-legal__list_all_users",
            "arguments": {"page_id": f"p-{n}"} if n % 2 else {},
        },
    }
    response = client.post(f"{url}/mcp", json=body, headers={"Authorization": f"Bearer {token}"}, timeout=30)
    answer: dict[str, Any] = response.json()
    return answer


def test_a_killed_server_leaves_a_sound_database_and_every_answered_row(tmp_path: Path) -> None:
    home = tmp_path / "home"
    process, url, token = start(home, ["demo"])
    answered: Counter[str] = Counter()
    lock = threading.Lock()
    stop = threading.Event()

    def client(index: int) -> None:
        n = index * 1_000_000
        with httpx.Client() as http:
            while not stop.is_set():
                n += 1
                try:
                    result = call(http, url, token, n)["result"]
                except (httpx.HTTPError, ValueError, KeyError):
                    continue  # the server died under this call: its row may stay started
                outcome = "failed" if result["isError"] else "succeeded"
                with lock:
                    answered[outcome] += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    time.sleep(BURST_SECONDS)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    stop.set()
    for thread in threads:
        thread.join(timeout=60)

    database = home / "cardamom.db"
    with closing(sqlite3.connect(database)) as db:
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        statuses = Counter(dict(db.execute("SELECT status, count(*) FROM audit GROUP BY status").fetchall()))
    assert integrity == "ok"
    assert answered["succeeded"] > 0, "the burst made no call: nothing was tested"
    # Every call answered as succeeded (or failed) has its completed row; only calls cut off
    # by the kill (at most one per client) may be left started.
    assert statuses["succeeded"] >= answered["succeeded"]
    assert statuses["failed"] >= answered["failed"]
    assert statuses["started"] <= CLIENTS

    # The same files serve again, on the same address (the demo's tokens name it as their issuer).
    again, url2, token2 = start(home, ["demo"], port=int(url.rsplit(":", 1)[1]))
    try:
        listed = httpx.post(
            f"{url2}/mcp",
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Authorization": f"Bearer {token2}"},
            timeout=30,
        ).json()
        assert "result" in listed, listed
        assert any(t["name"] == "search_tools" for t in listed["result"]["tools"])
        with httpx.Client() as http:
            assert call(http, url2, token2, 2)["result"]["isError"] is False
    finally:
        again.terminate()
        again.wait(timeout=30)
    record("SIGKILL mid-burst: calls answered succeeded / failed", (answered["succeeded"], answered["failed"]))
    record(
        "SIGKILL mid-burst: rows succeeded / failed / left started, integrity_check",
        (statuses["succeeded"], statuses["failed"], statuses["started"], integrity),
    )
