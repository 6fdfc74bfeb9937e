"""The walking skeleton, end to end, through the official MCP TypeScript client over HTTP.

``tests/e2e/node/client.mjs`` drives the real endpoint with ``@modelcontextprotocol/sdk``
(``Client`` + ``StreamableHTTPClientTransport``) and prints one JSON report; these tests judge it.
The node packages are installed with ``npm ci`` when missing or older than the lock file
(``tests/e2e/clients.py``); this test runs the machine's own ``node``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from typing import Any

import pytest

from cardamom.core.audit import AuditQuery
from cardamom.mcp.server import LATEST_PROTOCOL_VERSION
from tests.conftest import LiveGateway
from tests.e2e.clients import NODE_DIR, ensure_node_modules

pytestmark = pytest.mark.e2e

CLIENT_SCRIPT = NODE_DIR / "client.mjs"
SDK_MANIFEST = NODE_DIR / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"
RUN_TIMEOUT_S = 60
EXPECTED_POSTS = [
    "initialize",
    "notifications/initialized",
    "tools/list",
    "tools/call",
    "tools/call",
    "tools/call",
    "tools/call",
]


@dataclass(frozen=True)
class NodeClient:
    """The installed TypeScript client: ``run`` drives an endpoint and returns the script's report."""

    node: str
    sdk_version: str

    def run(self, mcp_url: str, token: str) -> dict[str, Any]:
        env = {**os.environ, "CARDAMOM_MCP_TOKEN": token}
        proc = subprocess.run(
            [self.node, str(CLIENT_SCRIPT), mcp_url],
            cwd=NODE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
            check=False,
        )
        assert proc.returncode == 0, (
            f"client.mjs exited {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
        )
        lines = proc.stdout.strip().splitlines()
        assert lines, f"client.mjs printed nothing\nstderr:\n{proc.stderr}"
        report: dict[str, Any] = json.loads(lines[-1])
        return report


@pytest.fixture(scope="session")
def node_client() -> NodeClient:
    node = shutil.which("node")
    if node is None:
        pytest.fail("`node` is not on PATH: the TypeScript client e2e tests need Node.js 20+ and npm", pytrace=False)
    ensure_node_modules()
    pinned = json.loads((NODE_DIR / "package.json").read_text())["dependencies"]["@modelcontextprotocol/sdk"]
    installed = json.loads(SDK_MANIFEST.read_text())["version"]
    assert installed == pinned, f"installed @modelcontextprotocol/sdk {installed} is not the pinned {pinned}"
    return NodeClient(node=node, sdk_version=installed)


def _assert_clean_session(report: dict[str, Any], sdk_version: str) -> None:
    """The whole scripted session ran, over plain POSTs, and the SDK tolerated everything else."""
    assert report["error"] is None, report["error"]
    assert report["ok"] is True
    assert report["sdk"]["version"] == sdk_version
    assert report["transportErrors"] == [], "the SDK reported transport errors"
    assert report["protocolVersion"] == LATEST_PROTOCOL_VERSION
    assert report["serverVersion"]["name"] == "cardamom"
    assert report["serverCapabilities"]["tools"] == {"listChanged": False}
    assert report["hasInstructions"] is True

    posts = [x for x in report["http"] if x["method"] == "POST"]
    assert [x["rpcMethod"] for x in posts] == EXPECTED_POSTS
    assert [x["status"] for x in posts] == [200, 202, 200, 200, 200, 200, 200]
    assert all(x["contentType"].startswith("application/json") for x in posts if x["status"] == 200)
    # After initialize, every POST carries the negotiated version and the server accepted it.
    assert [x["protocolHeader"] for x in posts] == [None] + [LATEST_PROTOCOL_VERSION] * (len(posts) - 1)
    # The SDK may probe with GET (standalone SSE stream) or DELETE; the stateless server says 405 to both.
    others = [x for x in report["http"] if x["method"] != "POST"]
    assert all(x["method"] in ("GET", "DELETE") and x["status"] == 405 for x in others), others


def _assert_searches(report: dict[str, Any]) -> None:
    names = report["tools"]
    assert names[:2] == ["search_tools", "execute_tool"]
    assert "cardamom__connections__list" in names
    assert not any(n.startswith("notion-legal__") for n in names), "connected tools are never listed"

    calcom = report["calls"]["calcomSearch"]
    assert calcom["isError"] is False
    assert calcom["structuredContent"]["results"] == []
    assert {"cal", "com", "schedules"} <= set(calcom["structuredContent"]["uncovered_tokens"])

    notion = report["calls"]["notionSearch"]
    assert notion["isError"] is False
    assert notion["structuredContent"]["results"][0]["name"] == "notion-legal__list_all_users"


def _assert_execution(report: dict[str, Any]) -> None:
    executed = report["calls"]["execute"]
    assert executed["isError"] is False
    users = executed["structuredContent"]["data"]["results"]
    assert [u["name"] for u in users] == ["Ada Lovelace", "Ben Okri"]
    assert json.loads(executed["content"][0]["text"])["account"] == "notion-legal"


def _assert_unknown_tool_is_invalid_params(report: dict[str, Any]) -> None:
    unknown = report["unknownTool"]
    assert unknown["resolved"] is False, "calling an unknown tool must fail, not resolve"
    assert unknown["isMcpError"] is True, unknown
    assert unknown["code"] == -32602
    assert "no_such_tool__anywhere" in unknown["message"]


def test_walking_skeleton_with_the_official_typescript_client(
    notion_gateway: LiveGateway, node_client: NodeClient
) -> None:
    report = node_client.run(notion_gateway.mcp_url, notion_gateway.token())

    _assert_clean_session(report, node_client.sdk_version)
    _assert_searches(report)
    _assert_execution(report)
    _assert_unknown_tool_is_invalid_params(report)
    rows = notion_gateway.container.audit.query("acme", AuditQuery())
    assert [(r.member, r.account, r.operation, r.status) for r in rows] == [
        ("alice", "notion-legal", "notion-legal__list_all_users", "succeeded")
    ]


def test_read_scopes_suffice_and_a_garbage_token_is_a_clean_401(
    notion_gateway: LiveGateway, node_client: NodeClient
) -> None:
    reader = node_client.run(notion_gateway.mcp_url, notion_gateway.token(scopes=("mcp:read", "mcp:tools")))
    _assert_clean_session(reader, node_client.sdk_version)
    _assert_searches(reader)
    _assert_execution(reader)  # list_all_users is a GET: classified read, so mcp:read covers it
    _assert_unknown_tool_is_invalid_params(reader)

    rejected = node_client.run(notion_gateway.mcp_url, "not-a-jwt")
    assert rejected["ok"] is False
    error = rejected["error"]
    assert error["stage"] == "connect", error
    # The SDK surfaces a non-2xx POST as StreamableHTTPError: the HTTP status is its .code, and its
    # message carries the response body (the OAuth error), not the digits "401".
    assert error["constructor"] == "StreamableHTTPError"
    assert error["isMcpError"] is False
    assert error["code"] == 401
    assert "invalid_token" in error["message"]
    assert all(e["code"] == 401 for e in rejected["transportErrors"]), rejected["transportErrors"]
    assert rejected["tools"] == []
    assert rejected["protocolVersion"] is None
    [exchange] = rejected["http"]
    assert (exchange["method"], exchange["rpcMethod"], exchange["status"]) == ("POST", "initialize", 401)
    challenge = exchange["wwwAuthenticate"]
    assert challenge.startswith('Bearer realm="cardamom"')
    assert 'error="invalid_token"' in challenge
    assert f'resource_metadata="{notion_gateway.url}/.well-known/oauth-protected-resource"' in challenge
