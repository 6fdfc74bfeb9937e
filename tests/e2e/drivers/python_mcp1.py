"""Drives Cardamom's /mcp with the official Python SDK 1.x (``ClientSession``) and prints ONE
JSON report, the shape ``tests/e2e/clients.py`` reads for every client.

Run by the interpreter of the separate venv that holds ``mcp`` 1.x (``tests/e2e/clients.py``
builds it); the dev venv holds ``mcp`` 2.x. Usage: ``python python_mcp1.py MCP_URL`` with the
token in ``CARDAMOM_MCP_TOKEN``. It never asserts: a failed step is in ``report["error"]``.
"""

from __future__ import annotations

import json
import os
import sys
from importlib.metadata import version
from typing import Any

import anyio
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client


def summary(result: Any) -> dict[str, Any]:
    return {"isError": bool(result.isError), "structuredContent": result.structuredContent}


async def main(url: str, token: str) -> dict[str, Any]:
    report: dict[str, Any] = {
        "client": "mcp (Python)",
        "version": version("mcp"),
        "mode": "legacy",
        "ok": False,
        "error": None,
        "protocolVersion": None,
        "serverName": None,
        "tools": [],
        "calls": {},
    }
    stage = "connect"
    try:
        async with (
            streamablehttp_client(url, headers={"Authorization": f"Bearer {token}"}) as (read, write, _),
            ClientSession(read, write) as session,
        ):
            initialized = await session.initialize()
            report["protocolVersion"] = initialized.protocolVersion
            report["serverName"] = initialized.serverInfo.name
            stage = "listTools"
            report["tools"] = [t.name for t in (await session.list_tools()).tools]
            stage = "search"
            report["calls"]["search"] = summary(await session.call_tool("search_tools", {"query": "list notion users"}))
            stage = "execute"
            report["calls"]["execute"] = summary(
                await session.call_tool("execute_tool", {"name": "notion-legal__list_all_users", "arguments": {}})
            )
            stage = "emptySearch"
            report["calls"]["emptySearch"] = summary(
                await session.call_tool("search_tools", {"query": "list_all_cal_com_schedules"})
            )
            report["ok"] = True
    except BaseException as exc:  # the report carries whatever failed, for the test to show
        report["error"] = {"stage": stage, "name": type(exc).__name__, "message": str(exc)}
    return report


if __name__ == "__main__":
    print(json.dumps(anyio.run(main, sys.argv[1], os.environ["CARDAMOM_MCP_TOKEN"])))
