"""HTTP and JSON-RPC behaviour of POST /mcp: every bad input gets a clear error and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.entrypoints.asgi import MAX_BODY_BYTES, create_app
from tests.fakes import RecordingTransport, StaticCredentials
from tests.orgs import notion_only_org_text
from tests.support import make_container


@pytest.fixture
def container(home: Path) -> Container:
    return make_container(
        home, org_text=notion_only_org_text(), transport=RecordingTransport(), credentials=StaticCredentials()
    )


@pytest.fixture
def client(container: Container) -> Iterator[TestClient]:
    with TestClient(create_app(container), base_url="http://127.0.0.1:8765") as test_client:
        yield test_client


@pytest.fixture
def headers(container: Container) -> dict[str, str]:
    assert container.signer is not None
    token = container.signer.mint(org="acme", member="alice", scopes=["mcp:read", "mcp:tools"])
    return {"Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream"}


def rpc(method: str, params: dict[str, Any] | None = None, request_id: Any = 1) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def unchanged(container: Container) -> None:
    stored = container.directory.load_org("acme")
    assert stored is not None and stored.version == 1
    assert container.audit.query("acme", AuditQuery()) == []


class TestProtocol:
    @pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25", "2025-03-26"])
    def test_initialize_echoes_a_supported_version(
        self, client: TestClient, headers: dict[str, str], version: str
    ) -> None:
        params = {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        response = client.post("/mcp", json=rpc("initialize", params), headers=headers)
        assert response.status_code == 200
        result = response.json()["result"]
        assert result["protocolVersion"] == version
        assert result["capabilities"] == {"tools": {"listChanged": False}}
        assert result["serverInfo"]["name"] == "cardamom"
        assert "mcp-session-id" not in response.headers  # stateless

    def test_initialize_counters_an_unknown_version_with_the_latest(
        self, client: TestClient, headers: dict[str, str]
    ) -> None:
        params = {"protocolVersion": "1999-01-01", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        result = client.post("/mcp", json=rpc("initialize", params), headers=headers).json()["result"]
        assert result["protocolVersion"] == "2025-11-25"

    def test_ping(self, client: TestClient, headers: dict[str, str]) -> None:
        assert client.post("/mcp", json=rpc("ping"), headers=headers).json() == {
            "jsonrpc": "2.0",
            "id": 1,
            "result": {},
        }

    def test_notifications_and_responses_get_202_without_body(
        self, client: TestClient, headers: dict[str, str]
    ) -> None:
        for message in (
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "method": "notifications/whatever"},
            {"jsonrpc": "2.0", "id": 7, "result": {}},
        ):
            response = client.post("/mcp", json=message, headers=headers)
            assert response.status_code == 202
            assert response.content == b""

    @pytest.mark.parametrize("method", ["GET", "DELETE"])
    def test_get_and_delete_are_not_allowed(self, client: TestClient, headers: dict[str, str], method: str) -> None:
        response = client.request(method, "/mcp", headers=headers)
        assert response.status_code == 405
        assert response.headers["allow"] == "POST"

    def test_tools_list_never_lists_connected_tools(self, client: TestClient, headers: dict[str, str]) -> None:
        tools = client.post("/mcp", json=rpc("tools/list"), headers=headers).json()["result"]["tools"]
        names = [t["name"] for t in tools]
        assert names[:2] == ["search_tools", "execute_tool"]
        assert all(n in ("search_tools", "execute_tool") or n.startswith("cardamom__") for n in names)
        for tool in tools:
            assert len(tool["name"]) <= 64
            assert tool["inputSchema"]["type"] == "object"


class TestBadInput:
    @pytest.mark.parametrize(
        ("body", "status", "code"),
        [
            (b"{not json", 400, -32700),
            (b"\xff\xfe", 400, -32700),
            (b"[]", 400, -32600),
            (json.dumps([rpc("ping")]).encode(), 400, -32600),
            (b'"ping"', 400, -32600),
            (b'{"jsonrpc": "1.0", "id": 1, "method": "ping"}', 400, -32600),
            (b'{"jsonrpc": "2.0", "id": 1}', 400, -32600),
            (b'{"jsonrpc": "2.0", "id": 1, "method": 5}', 400, -32600),
            (b'{"jsonrpc": "2.0", "id": true, "method": "ping"}', 400, -32600),
            (b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": [1]}', 200, -32602),
            (b'{"jsonrpc": "2.0", "id": 1, "method": "resources/list"}', 200, -32601),
            (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 5}}', 200, -32602),
            (
                b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "x", "arguments": []}}',
                200,
                -32602,
            ),
            (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "nope__tool"}}', 200, -32602),
            (b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}', 200, -32602),
            (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursor": "x"}}', 200, -32602),
        ],
    )
    def test_json_rpc_errors(
        self, client: TestClient, headers: dict[str, str], container: Container, body: bytes, status: int, code: int
    ) -> None:
        response = client.post("/mcp", content=body, headers={**headers, "Content-Type": "application/json"})
        assert response.status_code == status
        error = response.json()["error"]
        assert error["code"] == code
        assert error["message"]
        assert "Traceback" not in response.text
        unchanged(container)

    def test_a_body_over_one_mebibyte_is_refused(
        self, client: TestClient, headers: dict[str, str], container: Container
    ) -> None:
        padding = "x" * MAX_BODY_BYTES
        body = json.dumps(rpc("tools/call", {"name": "search_tools", "arguments": {"query": padding}})).encode()
        response = client.post("/mcp", content=body, headers={**headers, "Content-Type": "application/json"})
        assert response.status_code == 413
        assert "1 MiB" in response.json()["error"]["message"]
        unchanged(container)

    def test_a_streamed_body_over_one_mebibyte_is_refused_without_content_length(
        self, client: TestClient, headers: dict[str, str]
    ) -> None:
        def chunks() -> Iterator[bytes]:
            for _ in range(17):
                yield b" " * 65536

        response = client.post("/mcp", content=chunks(), headers={**headers, "Content-Type": "application/json"})
        assert response.status_code == 413

    def test_wrong_content_type(self, client: TestClient, headers: dict[str, str]) -> None:
        response = client.post("/mcp", content=b"ping", headers={**headers, "Content-Type": "text/plain"})
        assert response.status_code == 415

    def test_unsupported_protocol_version_header(self, client: TestClient, headers: dict[str, str]) -> None:
        response = client.post("/mcp", json=rpc("ping"), headers={**headers, "MCP-Protocol-Version": "2024-01-01"})
        assert response.status_code == 400
        assert "2024-01-01" in response.json()["error"]["message"]

    def test_foreign_browser_origins_are_refused(self, client: TestClient, headers: dict[str, str]) -> None:
        refused = client.post("/mcp", json=rpc("ping"), headers={**headers, "Origin": "https://evil.example"})
        assert refused.status_code == 403
        allowed = client.post("/mcp", json=rpc("ping"), headers={**headers, "Origin": "http://localhost:6274"})
        assert allowed.status_code == 200

    def test_bad_tool_arguments_come_back_in_band(self, client: TestClient, headers: dict[str, str]) -> None:
        for arguments in ({}, {"query": ""}, {"query": 5}, {"query": "x", "limit": "ten"}, {"query": "?!"}):
            call = rpc("tools/call", {"name": "search_tools", "arguments": arguments})
            result = client.post("/mcp", json=call, headers=headers).json()["result"]
            assert result["isError"] is True
            assert result["structuredContent"]["error"]["code"] == "invalid_arguments"


class TestAuthentication:
    def test_missing_token(self, client: TestClient) -> None:
        response = client.post("/mcp", json=rpc("ping"))
        assert response.status_code == 401
        challenge = response.headers["www-authenticate"]
        assert challenge.startswith("Bearer ")
        assert "resource_metadata=" in challenge
        assert "error=" not in challenge  # no token, so no error code (RFC 6750 3.1)

    @pytest.mark.parametrize("token", ["garbage", "a.b.c", "Bearer"])
    def test_bad_token(self, client: TestClient, token: str) -> None:
        response = client.post("/mcp", json=rpc("ping"), headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 401
        assert 'error="invalid_token"' in response.headers["www-authenticate"]

    def test_token_for_an_unknown_member(self, client: TestClient, container: Container) -> None:
        assert container.signer is not None
        token = container.signer.mint(org="acme", member="mallory", scopes=["mcp:read"])
        response = client.post("/mcp", json=rpc("ping"), headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 401
        assert "mallory" in response.json()["error_description"]

    def test_expired_token(self, client: TestClient, container: Container) -> None:
        assert container.signer is not None
        token = container.signer.mint(org="acme", member="alice", scopes=["mcp:read"], ttl_seconds=-120)
        response = client.post("/mcp", json=rpc("ping"), headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 401

    def test_token_for_an_unknown_org(self, client: TestClient, container: Container) -> None:
        assert container.signer is not None
        token = container.signer.mint(org="globex", member="alice", scopes=["mcp:read"])
        response = client.post("/mcp", json=rpc("ping"), headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 401

    def test_protected_resource_metadata(self, client: TestClient) -> None:
        metadata = client.get("/.well-known/oauth-protected-resource").json()
        assert metadata["resource"] == "http://127.0.0.1:8765/mcp"
        assert metadata["scopes_supported"] == ["mcp:read", "mcp:write", "mcp:destructive", "mcp:tools"]
