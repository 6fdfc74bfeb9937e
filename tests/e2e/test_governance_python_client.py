"""Governance through the official MCP Python client over HTTP: tool:execute, restrictions,
revocation on suspension, and the audit trail."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from cardamom.core.audit import AuditQuery
from tests.conftest import LiveGateway, live_gateway
from tests.orgs import governed_org_text

ADMIN_SCOPES = ("mcp:read", "mcp:write", "mcp:destructive", "mcp:tools")


@pytest.fixture
def gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveGateway]:
    with live_gateway(tmp_path_factory.mktemp("gov") / "home", governed_org_text) as live:
        yield live


def token(gateway: LiveGateway, member: str, scopes: tuple[str, ...] = ADMIN_SCOPES, now: int | None = None) -> str:
    assert gateway.container.signer is not None
    return gateway.container.signer.mint(org="acme", member=member, scopes=scopes, now=now)


async def _session(gateway: LiveGateway, bearer: str, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    out: list[Any] = []
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {bearer}"}, timeout=30) as http,
        streamable_http_client(gateway.mcp_url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        out.append(await session.list_tools())
        for name, arguments in calls:
            out.append(await session.call_tool(name, arguments))
    return out


def session(gateway: LiveGateway, bearer: str, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    return anyio.run(_session, gateway, bearer, calls)


def refused(gateway: LiveGateway, bearer: str) -> MCPError:
    """Connecting fails; the client reports the server's 401 as an MCPError (inside anyio's task group)."""
    try:
        session(gateway, bearer, [])
    except BaseException as exc:
        pending: list[BaseException] = [exc]
        while pending:
            current = pending.pop()
            if isinstance(current, MCPError):
                return current
            if isinstance(current, BaseExceptionGroup):
                pending.extend(current.exceptions)
        raise
    raise AssertionError("the session was not refused")


def why_refused(gateway: LiveGateway, bearer: str) -> str:
    response = httpx.post(
        gateway.mcp_url,
        json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
        headers={"Authorization": f"Bearer {bearer}"},
    )
    assert response.status_code == 401
    description: str = response.json()["error_description"]
    return description


def test_without_tool_execute_the_list_is_empty_and_calls_fail_in_band(gateway: LiveGateway) -> None:
    listed, searched, called = session(
        gateway,
        token(gateway, "audrey"),
        [("search_tools", {"query": "list users"}), ("notion-legal__list_all_users", {})],
    )
    assert listed.tools == []
    for result in (searched, called):
        assert result.is_error is True
        assert result.structured_content["error"]["permission"] == "tool:execute"
    assert gateway.container.audit.query("acme", AuditQuery()) == []


def test_a_restriction_withholds_the_tool_everywhere_and_refusals_write_no_audit(gateway: LiveGateway) -> None:
    admin = token(gateway, "adam")
    session(
        gateway,
        admin,
        [
            (
                "cardamom__restrictions__create",
                {"id": "no-pages", "target": {"role": "member"}, "effect": "block", "tools": ["retrieve_page"]},
            )
        ],
    )
    _, found, refused, wrapped, allowed = session(
        gateway,
        token(gateway, "alice", ("mcp:read", "mcp:tools")),
        [
            ("search_tools", {"query": "retrieve page"}),
            ("notion-legal__retrieve_page", {"page_id": "p-nda"}),
            ("execute_tool", {"name": "notion-legal__retrieve_page", "arguments": {"page_id": "p-nda"}}),
            ("notion-legal__list_all_users", {}),
        ],
    )
    assert found.structured_content["results"] == []
    assert found.structured_content["restricted"]["tools"][0]["name"] == "notion-legal__retrieve_page"
    assert "inputSchema" not in found.structured_content["restricted"]["tools"][0]
    for result in (refused, wrapped):
        assert result.is_error is True and result.structured_content["error"]["code"] == "restricted"
    assert allowed.is_error is False
    rows = gateway.container.audit.query("acme", AuditQuery())
    assert [(r.member, r.operation, r.status) for r in rows] == [("alice", "notion-legal__list_all_users", "succeeded")]


def test_suspension_revokes_live_grants_on_the_next_call(gateway: LiveGateway) -> None:
    issued = int(time.time()) - 10
    alice = token(gateway, "alice", ("mcp:read", "mcp:tools"), now=issued)
    assert session(gateway, alice, [])[0].tools  # works before
    session(gateway, token(gateway, "adam"), [("cardamom__members__suspend", {"id": "alice"})])
    assert refused(gateway, alice)
    assert "is suspended" in why_refused(gateway, alice)
    session(gateway, token(gateway, "adam"), [("cardamom__members__reinstate", {"id": "alice"})])
    assert refused(gateway, alice)  # reinstating does not revive a revoked token
    assert "was revoked" in why_refused(gateway, alice)
    fresh = token(gateway, "alice", ("mcp:read", "mcp:tools"), now=int(time.time()) + 1)
    assert session(gateway, fresh, [])[0].tools
