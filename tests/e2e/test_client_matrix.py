"""Every real MCP client, in each of its modes, against the local server and the Lambda handler.

Clients (``tests/e2e/clients.py``): the Python SDK 2.x (``mode="auto"``, which probes
``server/discover``, and ``mode="legacy"``), the Python SDK 1.x (``ClientSession``), the
TypeScript SDK 1.x, the TypeScript client 2.x (``auto`` and ``legacy``), and the MCP
Inspector CLI (``--protocol-era legacy`` and ``auto``; ``tools/list --strict``). Each runs one
session: connect -> tools/list -> search_tools -> execute_tool -> a search for an app nobody
connected, and the audit row its execution left is checked: the client it names and, on
2026-07-28, the Mcp-Name header seen.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from cardamom.core.audit import AuditQuery
from tests.conftest import live_gateway
from tests.e2e.clients import CLIENT_RUNS, FOUND_TOOL, NODE22, NODE_DIR, ClientRun, run_client
from tests.e2e.targets import Target
from tests.orgs import notion_only_org_text

pytestmark = pytest.mark.e2e


def _judge(report: dict[str, Any], run: ClientRun) -> None:
    assert report["ok"] is True, report["error"]
    assert report["protocolVersion"] == run.version
    assert report["serverName"] == "cardamom"

    tools = report["tools"]
    assert tools[:2] == ["search_tools", "execute_tool"]
    assert "cardamom__connections__list" in tools
    assert not any(name.startswith("notion-legal__") for name in tools), "this org never lists connected tools"

    search = report["calls"]["search"]
    assert search["isError"] is False
    assert search["structuredContent"]["results"][0]["name"] == FOUND_TOOL

    executed = report["calls"]["execute"]
    assert executed["isError"] is False, executed
    assert [u["name"] for u in executed["structuredContent"]["data"]["results"]] == ["Ada Lovelace", "Ben Okri"]

    empty = report["calls"]["emptySearch"]
    assert empty["isError"] is False
    assert empty["structuredContent"]["results"] == []
    assert {"cal", "com", "schedules"} <= set(empty["structuredContent"]["uncovered_tokens"])


@pytest.mark.parametrize("run", CLIENT_RUNS, ids=[r.id for r in CLIENT_RUNS])
def test_a_real_client_runs_the_whole_session(
    target: Target, run: ClientRun, node_modules: None, mcp1_python: Path
) -> None:
    before = {row.id for row in target.audit_rows()}
    report = run_client(run.id, target.mcp_url, target.token(), mcp1_python)
    _judge(report, run)

    [row] = [row for row in target.audit_rows() if row.id not in before]
    assert (row.member, row.operation, row.status) == ("alice", FOUND_TOOL, "succeeded")
    if run.per_request:
        # 2026-07-28: clientInfo rides on every request, and the call named its tool in Mcp-Name.
        assert row.mcp_name == "execute_tool"
        assert row.client
        if run.client_name is not None:
            assert row.client == run.client_name
    else:
        # The handshake era's tools/call carries neither (clientInfo went with initialize).
        assert (row.client, row.mcp_name) == (None, None)


async def _threshold_session(url: str, token: str, mode: str) -> tuple[str, list[str], dict[str, Any]]:
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
        Client(streamable_http_client(url, http_client=http), mode=mode) as client,
    ):
        names = [t.name for t in (await client.list_tools()).tools]
        called = await client.call_tool(FOUND_TOOL, {})
        return client.protocol_version, names, {"isError": called.is_error, "data": called.structured_content}


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_under_the_collapse_threshold_a_real_client_sees_and_calls_connected_tools(tmp_path: Path, mode: str) -> None:
    def org_text(base_url: str) -> str:
        return "collapse_threshold: 30\n" + notion_only_org_text(base_url)

    with live_gateway(tmp_path / "home", org_text) as gateway:
        version, names, called = anyio.run(_threshold_session, gateway.mcp_url, gateway.token(), mode)
        assert version == ("2026-07-28" if mode == "auto" else "2025-11-25")
        assert names[:2] == ["search_tools", "execute_tool"]
        assert names[-2:] == ["notion-legal__list_all_users", "notion-legal__retrieve_page"]
        assert called["isError"] is False
        assert [u["name"] for u in called["data"]["data"]["results"]] == ["Ada Lovelace", "Ben Okri"]
        [row] = gateway.container.audit.query("acme", AuditQuery())
        expected_name = FOUND_TOOL if mode == "auto" else None  # Mcp-Name: the connected tool itself
        assert (row.operation, row.mcp_name) == (FOUND_TOOL, expected_name)


def test_listed_connected_tools_pass_the_inspectors_strict_schema_check(tmp_path: Path, node_modules: None) -> None:
    """--strict exits 6 on any error-severity portability problem in a listed tool's schema."""

    def org_text(base_url: str) -> str:
        return "collapse_threshold: 30\n" + notion_only_org_text(base_url)

    with live_gateway(tmp_path / "home", org_text) as gateway:
        command = [str(NODE22), str(NODE_DIR / "node_modules" / ".bin" / "mcp-inspector"), "--cli", gateway.mcp_url]
        command += ["--transport", "http", "--header", f"Authorization: Bearer {gateway.token()}"]
        command += ["--protocol-era", "auto", "--format", "json", "--method", "tools/list", "--strict"]
        proc = subprocess.run(command, cwd=NODE_DIR, capture_output=True, text=True, timeout=90, check=False)
        assert proc.returncode == 0, proc.stderr
        names = [t["name"] for t in json.loads(proc.stdout)["result"]["tools"]]
        assert "notion-legal__retrieve_page" in names
