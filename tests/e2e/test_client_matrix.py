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

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clients import CLIENT_RUNS, FOUND_TOOL, ClientRun, run_client
from tests.e2e.targets import Target

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
        assert row.client_name
        if run.client_name is not None:
            assert row.client_name == run.client_name
    else:
        # The handshake era's tools/call carries neither (clientInfo went with initialize).
        assert (row.client_name, row.mcp_name) == (None, None)
