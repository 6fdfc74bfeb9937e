"""What ``make run`` prints works as printed: the Claude Desktop snippet runs ``mcp-remote``
(here the latest release, installed from the lock file instead of fetched by npx), which
meets the 401, registers, prints the authorization URL (no desktop browser to open here),
and after the development sign-in and consent (walked as a browser would) proxies MCP over
stdio: the test speaks to it as Claude Desktop does, initialize then search_tools."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import httpx
import pytest

from tests.e2e.signin_node import NODE_DIR, installed
from tests.signin_support import Browser
from tests.support import free_socket

pytestmark = pytest.mark.e2e
TIMEOUT_S = 60


def _lines(stream: IO[str]) -> queue.Queue[str]:
    found: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        # The process's with-block closes the stream once the process is gone; what was
        # still unread by then is of no use to anyone.
        with contextlib.suppress(ValueError):
            for line in stream:
                found.put(line)

    threading.Thread(target=pump, daemon=True).start()
    return found


def _until(lines: queue.Queue[str], predicate: Any, seen: list[str]) -> str:
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append(line)
        if predicate(line):
            return line
    raise AssertionError("not found in:\n" + "".join(seen[-40:]))


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    """``cardamom demo`` (what ``make run`` runs) on a free port; yields its base URL and output."""
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    env = {**os.environ, "CARDAMOM_HOME": str(tmp_path / "home")}
    with subprocess.Popen(
        [sys.executable, "-m", "cardamom.entrypoints.cli", "demo", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    ) as proc:
        try:
            assert proc.stdout is not None
            output: list[str] = []
            _until(_lines(proc.stdout), lambda line: "Stop with Ctrl-C" in line, output)
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + TIMEOUT_S
            while time.monotonic() < deadline:
                try:
                    if httpx.get(f"{base}/healthz").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            yield base, output
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def _snippet(output: list[str]) -> dict[str, Any]:
    text = "".join(output)
    start = text.index("{", text.index("claude_desktop_config.json"))
    depth = 0
    for i, char in enumerate(text[start:], start):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            parsed: dict[str, Any] = json.loads(text[start : i + 1])
            return parsed
    raise AssertionError("no snippet printed")


def _rpc(proc: subprocess.Popen[str], replies: queue.Queue[str], message: dict[str, Any]) -> dict[str, Any] | None:
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()
    if "id" not in message:
        return None
    seen: list[str] = []
    line = _until(replies, lambda raw: raw.strip().startswith("{") and json.loads(raw).get("id") == message["id"], seen)
    answer: dict[str, Any] = json.loads(line)
    return answer


def test_mcp_remote_signs_in_to_make_run_with_the_printed_snippet(demo: tuple[str, list[str]], tmp_path: Path) -> None:
    base, output = demo
    assert any("sign in" in line and "development sign-in page" in line for line in output), "a line says how"
    # The printed bearer token (for curl and the Inspector CLI) works as printed too.
    token = next(line.split()[-1] for line in output if line.strip().startswith("bearer token"))
    inspector = next(line for line in output if "@modelcontextprotocol/inspector --cli" in line)
    assert f"--header 'Authorization: Bearer {token}'" in inspector and f"{base}/mcp" in inspector
    listed = httpx.post(
        f"{base}/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream"},
    )
    assert listed.status_code == 200 and listed.json()["result"]["tools"][0]["name"] == "search_tools"
    server = _snippet(output)["mcpServers"]["cardamom"]
    assert server["command"] == "npx" and server["args"][:2] == ["-y", "mcp-remote@latest"]
    node = installed()
    launcher = NODE_DIR / "node_modules" / "mcp-remote" / "dist" / "proxy.js"
    env = {**os.environ, "MCP_REMOTE_CONFIG_DIR": str(tmp_path / "mcp-auth"), "BROWSER": "none"}
    with subprocess.Popen(
        [node, str(launcher), *server["args"][2:]],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as proc:
        try:
            assert proc.stdout is not None and proc.stderr is not None
            replies, logs = _lines(proc.stdout), _lines(proc.stderr)
            assert proc.stdin is not None
            initialize = {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "claude-ai", "version": "0"},
                },
            }
            proc.stdin.write(json.dumps(initialize) + "\n")
            proc.stdin.flush()
            seen: list[str] = []
            _until(logs, lambda line: "Please authorize this client by visiting" in line, seen)
            authorize = _until(logs, lambda line: line.startswith("http"), seen).strip()
            with httpx.Client(timeout=20) as http:
                landed = Browser(http, base).sign_in(authorize, "alice")
                assert "/oauth/callback" in landed and "code=" in landed
                waiting = ("callback server running", "Waiting for authorization")
                _until(logs, lambda line: any(w in line for w in waiting), seen)
                assert http.get(landed).status_code == 200  # the browser arrives at mcp-remote's callback
            line = _until(replies, lambda raw: raw.strip().startswith("{") and json.loads(raw).get("id") == 1, [])
            assert json.loads(line)["result"]["serverInfo"]
            _rpc(proc, replies, {"jsonrpc": "2.0", "method": "notifications/initialized"})
            found = _rpc(
                proc,
                replies,
                {
                    "jsonrpc": "2.0",
                    "id": 2,
                    "method": "tools/call",
                    "params": {"name": "search_tools", "arguments": {"query": "list notion users"}},
                },
            )
            assert found is not None
            names = [r["name"] for r in found["result"]["structuredContent"]["results"]]
            assert names[0].endswith("__list_all_users")
        finally:
            proc.kill()
            proc.wait(timeout=10)
