"""Sign-in end to end with the official TypeScript MCP client (SDK 1.x, ``authProvider``),
starting with no token, registering by Client ID Metadata Document or by Dynamic Client
Registration, against the local server and the Lambda handler. The script
(``signin_node/client.mjs``) hands the authorization URL over; the test walks the pages as
a browser would and hands the landing URL back."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import httpx
import pytest

from cardamom.core.audit import AuditQuery
from tests.e2e.signin_node import NODE_DIR, installed
from tests.e2e.signin_servers import CALLBACK, Gateway, metadata_host
from tests.signin_support import Browser, TlsCertificate

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning"),
]
RUN_TIMEOUT_S = 90


def run_client(node: str, gateway: Gateway, client_metadata_url: str | None = None) -> dict[str, Any]:
    args = [node, str(NODE_DIR / "client.mjs"), gateway.mcp_url, CALLBACK]
    if client_metadata_url:
        args.append(client_metadata_url)
    with subprocess.Popen(
        args, cwd=NODE_DIR, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        try:
            assert proc.stdout is not None and proc.stdin is not None
            first = json.loads(proc.stdout.readline())
            if first.get("event") == "authorize":
                with httpx.Client(timeout=20) as http:
                    landed = Browser(http, gateway.url).sign_in(first["url"], "alice")
                proc.stdin.write(landed + "\n")
                proc.stdin.flush()
                report: dict[str, Any] = json.loads(proc.stdout.readline())
            else:
                report = first
            proc.wait(timeout=RUN_TIMEOUT_S)
        finally:
            if proc.poll() is None:
                proc.kill()
        assert report["error"] is None, (report["error"], proc.stderr.read() if proc.stderr else "")
    return report


@pytest.fixture(scope="module")
def node() -> str:
    return installed()


def _assert_worked(gateway: Gateway, report: dict[str, Any]) -> None:
    assert report["ok"] and report["unauthorizedFirst"], "it started with no token"
    assert report["tools"][:2] == ["search_tools", "execute_tool"]
    assert report["search"]["structuredContent"]["results"][0]["name"] == "notion-legal__list_all_users"
    execute = report["execute"]
    assert execute["isError"] is False
    assert [u["name"] for u in execute["structuredContent"]["data"]["results"]] == ["Ada Lovelace", "Ben Okri"]
    assert set(report["scope"].split()) == {"mcp:read", "mcp:write", "mcp:tools"}
    (row,) = gateway.container.audit.query("acme", AuditQuery())
    assert (row.member, row.client) == ("alice", report["clientId"])


def test_typescript_client_with_dynamic_registration(node: str, signin_gateway: Gateway) -> None:
    report = run_client(node, signin_gateway)
    assert report["clientId"].startswith("dcr-")
    _assert_worked(signin_gateway, report)


def test_typescript_client_with_a_metadata_document(
    node: str, signin_gateway: Gateway, certificate: TlsCertificate
) -> None:
    with metadata_host(certificate, "Cardamom e2e (TypeScript SDK, CIMD)", [CALLBACK]) as client_id:
        report = run_client(node, signin_gateway, client_id)
    assert report["clientId"] == client_id
    _assert_worked(signin_gateway, report)
