"""The walking skeleton, end to end, through the official MCP Python client over HTTP."""

from __future__ import annotations

import json
from typing import Any

import anyio
import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from cardamom.core.audit import AuditQuery
from tests.conftest import LiveGateway


async def _session_calls(gateway: LiveGateway, token: str, calls: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    out: dict[str, Any] = {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        streamable_http_client(gateway.mcp_url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        out["initialize"] = await session.initialize()
        out["tools"] = await session.list_tools()
        for i, (name, arguments) in enumerate(calls):
            out[f"call{i}"] = await session.call_tool(name, arguments)
    return out


def run(gateway: LiveGateway, calls: list[tuple[str, dict[str, Any]]], token: str | None = None) -> dict[str, Any]:
    return anyio.run(_session_calls, gateway, token or gateway.token(), calls)


def test_walking_skeleton_with_the_official_python_client(notion_gateway: LiveGateway) -> None:
    out = run(
        notion_gateway,
        [
            ("search_tools", {"query": "list_all_cal_com_schedules"}),
            ("search_tools", {"query": "list notion users"}),
            ("execute_tool", {"name": "notion-legal__list_all_users", "arguments": {}}),
        ],
    )
    assert out["initialize"].protocol_version in ("2025-06-18", "2025-11-25")
    names = [t.name for t in out["tools"].tools]
    assert names[:2] == ["search_tools", "execute_tool"]
    assert "cardamom__connections__list" in names
    assert not any(n.startswith("notion-legal__") for n in names), "connected tools are never listed"

    calcom = out["call0"].structured_content
    assert calcom["results"] == []
    assert set(calcom["uncovered_tokens"]) == {"cal", "com", "schedules"}
    assert calcom["checks"][0].startswith("Does the connection exist?")

    notion = out["call1"].structured_content
    assert notion["results"][0]["name"] == "notion-legal__list_all_users"

    executed = out["call2"]
    assert executed.is_error is False
    users = executed.structured_content["data"]["results"]
    assert [u["name"] for u in users] == ["Ada Lovelace", "Ben Okri"]
    assert json.loads(executed.content[0].text)["account"] == "notion-legal"


def test_tools_call_and_execute_tool_share_one_path(notion_gateway: LiveGateway) -> None:
    out = run(
        notion_gateway,
        [
            ("notion-legal__retrieve_page", {"page_id": "p-nda"}),
            ("execute_tool", {"name": "notion-legal__retrieve_page", "arguments": {"page_id": "p-nda"}}),
        ],
    )
    direct, wrapped = out["call0"], out["call1"]
    assert direct.structured_content == wrapped.structured_content
    assert direct.structured_content["data"]["id"] == "p-nda"
    rows = notion_gateway.container.audit.query("acme", AuditQuery())
    assert [r.target_id for r in rows] == ["p-nda", "p-nda"]
    assert {r.account for r in rows} == {"notion-legal"}
