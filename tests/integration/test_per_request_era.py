"""MCP 2026-07-28 on POST /mcp, beside the handshake era: discover, per-request _meta, the
mirrored headers, version errors, removed methods, caching hints, and what stays as it was."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.entrypoints.asgi import create_app
from cardamom.mcp.versions import SUPPORTED_VERSIONS
from tests.fakes import RecordingTransport, StaticCredentials
from tests.orgs import notion_only_org_text
from tests.support import make_container

V = "2026-07-28"
CLIENT = {"name": "era-test-client", "version": "1.0"}


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
def auth(container: Container) -> dict[str, str]:
    assert container.signer is not None
    token = container.signer.mint(org="acme", member="alice", scopes=["mcp:read", "mcp:tools"])
    return {"Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream"}


def meta(version: str = V, **extra: Any) -> dict[str, Any]:
    return {
        "io.modelcontextprotocol/protocolVersion": version,
        "io.modelcontextprotocol/clientInfo": CLIENT,
        "io.modelcontextprotocol/clientCapabilities": {},
        **extra,
    }


def modern(
    client: TestClient,
    auth: dict[str, str],
    method: str,
    params: dict[str, Any] | None = None,
    *,
    headers: dict[str, str | None] | None = None,
    request_id: Any = 7,
) -> Any:
    """A conformant 2026-07-28 request; ``headers`` override (None drops one)."""
    params = {"_meta": meta(), **(params or {})}
    sent: dict[str, str | None] = {"MCP-Protocol-Version": V, "Mcp-Method": method}
    if method == "tools/call" and isinstance(params.get("name"), str):
        sent["Mcp-Name"] = params["name"]
    sent.update(headers or {})
    body = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
    return client.post("/mcp", json=body, headers={**auth, **{k: v for k, v in sent.items() if v is not None}})


def b64(text: str) -> str:
    return f"=?base64?{base64.b64encode(text.encode()).decode()}?="


class TestDiscover:
    def test_discover_names_every_version_the_capabilities_and_the_server(
        self, client: TestClient, auth: dict[str, str]
    ) -> None:
        response = modern(client, auth, "server/discover")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/json")
        result = response.json()["result"]
        assert result["supportedVersions"] == list(SUPPORTED_VERSIONS) == [V, "2025-11-25", "2025-06-18", "2025-03-26"]
        assert result["capabilities"] == {"tools": {"listChanged": False}}
        assert result["resultType"] == "complete"
        assert result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "cardamom"
        assert (result["ttlMs"], result["cacheScope"]) == (3_600_000, "public")
        assert "Unless the tool list shows them" in result["instructions"]

    def test_client_info_is_optional(self, client: TestClient, auth: dict[str, str]) -> None:
        params = {"_meta": {k: v for k, v in meta().items() if not k.endswith("clientInfo")}}
        response = modern(client, auth, "server/discover", params)
        assert response.status_code == 200 and "result" in response.json()


class TestRequestMeta:
    @pytest.mark.parametrize(
        ("params", "named"),
        [
            ({}, "params._meta is required"),
            ({"_meta": "x"}, "params._meta is required"),
            ({"_meta": {"io.modelcontextprotocol/clientCapabilities": {}}}, "protocolVersion"),
            ({"_meta": {"io.modelcontextprotocol/protocolVersion": V}}, "clientCapabilities"),
            ({"_meta": meta(**{"io.modelcontextprotocol/clientCapabilities": []})}, "clientCapabilities"),
            ({"_meta": meta(**{"io.modelcontextprotocol/protocolVersion": 2026})}, "protocolVersion"),
            ({"_meta": meta(**{"io.modelcontextprotocol/clientInfo": {"name": 3}})}, "clientInfo"),
        ],
    )
    def test_a_request_without_its_required_meta_is_400_invalid_params(
        self, client: TestClient, auth: dict[str, str], params: dict[str, Any], named: str
    ) -> None:
        body = {"jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": params}
        headers = {**auth, "MCP-Protocol-Version": V, "Mcp-Method": "tools/list"}
        response = client.post("/mcp", json=body, headers=headers)
        assert response.status_code == 400
        error = response.json()
        assert error["id"] == 9 and error["error"]["code"] == -32602
        assert named in error["error"]["message"]

    def test_params_that_are_not_an_object_are_400_invalid_params(
        self, client: TestClient, auth: dict[str, str]
    ) -> None:
        body = {"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": ["x"]}
        headers = {**auth, "MCP-Protocol-Version": V, "Mcp-Method": "tools/list"}
        response = client.post("/mcp", json=body, headers=headers)
        assert (response.status_code, response.json()["error"]["code"]) == (400, -32602)

    def test_every_method_works_with_empty_client_capabilities(self, client: TestClient, auth: dict[str, str]) -> None:
        """Cardamom relies on no client capability, so none can be missing (-32021 never arises)."""
        for method, params in (
            ("server/discover", {}),
            ("tools/list", {}),
            ("tools/call", {"name": "search_tools", "arguments": {"query": "list users"}}),
        ):
            response = modern(client, auth, method, params)
            assert response.status_code == 200, response.text
            assert "result" in response.json()


class TestHeaders:
    def test_the_version_header_must_equal_the_meta_version(self, client: TestClient, auth: dict[str, str]) -> None:
        params = {"_meta": meta("2099-01-01")}
        response = modern(client, auth, "tools/list", params)
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == -32020
        assert "MCP-Protocol-Version" in error["message"] and "2099-01-01" in error["message"]

    def test_a_missing_version_header_is_a_mismatch(self, client: TestClient, auth: dict[str, str]) -> None:
        response = modern(client, auth, "tools/list", headers={"MCP-Protocol-Version": None})
        assert (response.status_code, response.json()["error"]["code"]) == (400, -32020)

    def test_an_unsupported_version_lists_the_supported_ones(self, client: TestClient, auth: dict[str, str]) -> None:
        response = modern(
            client, auth, "tools/list", {"_meta": meta("2099-01-01")}, headers={"MCP-Protocol-Version": "2099-01-01"}
        )
        assert response.status_code == 400
        body = response.json()
        assert body["id"] == 7
        assert body["error"]["code"] == -32022
        assert body["error"]["data"] == {"supported": list(SUPPORTED_VERSIONS), "requested": "2099-01-01"}

    @pytest.mark.parametrize("value", [None, "prompts/list", "TOOLS/LIST", "tools/list "])
    def test_mcp_method_is_required_and_must_equal_the_method(
        self, client: TestClient, auth: dict[str, str], value: str | None
    ) -> None:
        response = modern(client, auth, "tools/list", headers={"Mcp-Method": value})
        if value == "tools/list ":  # optional whitespace around a field value is not part of it
            assert response.status_code == 200
            return
        assert response.status_code == 400
        assert response.json()["error"]["code"] == -32020
        assert "Mcp-Method" in response.json()["error"]["message"]

    def test_header_names_are_case_insensitive(self, client: TestClient, auth: dict[str, str]) -> None:
        response = modern(
            client,
            auth,
            "tools/list",
            headers={
                "MCP-Protocol-Version": None,
                "Mcp-Method": None,
                "mcp-protocol-version": V,
                "MCP-METHOD": "tools/list",
            },
        )
        assert response.status_code == 200

    @pytest.mark.parametrize("value", [None, "execute_tool", "SEARCH_TOOLS", b64("execute_tool")])
    def test_mcp_name_is_required_on_tools_call_and_must_equal_the_tool(
        self, client: TestClient, auth: dict[str, str], container: Container, value: str | None
    ) -> None:
        params = {"name": "search_tools", "arguments": {"query": "list users"}}
        response = modern(client, auth, "tools/call", params, headers={"Mcp-Name": value})
        assert response.status_code == 400
        assert response.json()["error"]["code"] == -32020
        assert "Mcp-Name" in response.json()["error"]["message"]

    def test_an_encoded_mcp_name_is_decoded_before_comparing(self, client: TestClient, auth: dict[str, str]) -> None:
        params = {"name": "search_tools", "arguments": {"query": "list users"}}
        response = modern(client, auth, "tools/call", params, headers={"Mcp-Name": b64("search_tools")})
        assert response.status_code == 200
        assert response.json()["result"]["isError"] is False

    def test_a_non_ascii_tool_name_travels_encoded(self, client: TestClient, auth: dict[str, str]) -> None:
        """The header matches the body once decoded, so the request reaches tools/call (no such tool)."""
        params = {"name": "créer_page_日本", "arguments": {}}
        response = modern(client, auth, "tools/call", params, headers={"Mcp-Name": b64("créer_page_日本")})
        assert response.status_code == 200
        assert response.json()["error"]["code"] == -32602  # unknown tool: the params check, after the headers

    @pytest.mark.parametrize(
        "value",
        [
            "=?base64?SGVsbG8?=",  # bad padding
            "=?base64?SGVs!!!bG8=?=",  # outside the Base64 alphabet
            "=?base64?/w==?=",  # not UTF-8
        ],
    )
    def test_a_broken_encoding_is_a_mismatch(self, client: TestClient, auth: dict[str, str], value: str) -> None:
        params = {"name": "search_tools", "arguments": {"query": "x"}}
        response = modern(client, auth, "tools/call", params, headers={"Mcp-Name": value})
        assert (response.status_code, response.json()["error"]["code"]) == (400, -32020)

    def test_a_raw_non_ascii_header_value_is_refused(self, client: TestClient, auth: dict[str, str]) -> None:
        body = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"_meta": meta(), "name": "café", "arguments": {}},
        }
        headers = [
            *((k, v.encode()) for k, v in auth.items()),
            ("MCP-Protocol-Version", V.encode()),
            ("Mcp-Method", b"tools/call"),
            ("Mcp-Name", "café".encode()),  # UTF-8 bytes, unencoded: not a header value
        ]
        response = client.post("/mcp", json=body, headers=headers)
        assert (response.status_code, response.json()["error"]["code"]) == (400, -32020)
        assert "characters" in response.json()["error"]["message"]

    def test_a_sentinel_lookalike_is_taken_literally_when_incomplete(
        self, client: TestClient, auth: dict[str, str]
    ) -> None:
        # Without the closing ?= the value is not encoded: it is compared as it is.
        params = {"name": "=?base64?abc", "arguments": {}}
        response = modern(client, auth, "tools/call", params, headers={"Mcp-Name": "=?base64?abc"})
        assert response.status_code == 200 and response.json()["error"]["code"] == -32602


class TestMethods:
    @pytest.mark.parametrize(
        "method", ["initialize", "ping", "logging/setLevel", "resources/subscribe", "prompts/list", "no/such"]
    )
    def test_removed_and_unknown_methods_are_404_method_not_found(
        self, client: TestClient, auth: dict[str, str], method: str
    ) -> None:
        response = modern(client, auth, method, request_id="r-1")
        assert response.status_code == 404
        body = response.json()
        assert body["id"] == "r-1" and body["error"]["code"] == -32601

    def test_tools_list_carries_caching_hints_and_a_stable_order(
        self, client: TestClient, auth: dict[str, str]
    ) -> None:
        first = modern(client, auth, "tools/list").json()["result"]
        second = modern(client, auth, "tools/list").json()["result"]
        assert (first["ttlMs"], first["cacheScope"], first["resultType"]) == (60_000, "private", "complete")
        assert first["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "cardamom"
        names = [t["name"] for t in first["tools"]]
        assert names == [t["name"] for t in second["tools"]]
        assert names[:2] == ["search_tools", "execute_tool"]

    def test_tools_call_results_are_complete_and_single_json_messages(
        self, client: TestClient, auth: dict[str, str]
    ) -> None:
        response = modern(client, auth, "tools/call", {"name": "search_tools", "arguments": {"query": "list users"}})
        assert response.headers["content-type"] == "application/json"
        result = response.json()["result"]
        assert result["resultType"] == "complete" and result["isError"] is False

    def test_execution_audits_the_client_name_and_the_mcp_name(
        self, client: TestClient, auth: dict[str, str], container: Container
    ) -> None:
        params = {"name": "execute_tool", "arguments": {"name": "notion-legal__list_all_users", "arguments": {}}}
        assert modern(client, auth, "tools/call", params).json()["result"]["isError"] is False
        [row] = container.audit.query("acme", AuditQuery())
        assert (row.operation, row.client, row.mcp_name) == (
            "notion-legal__list_all_users",
            "era-test-client",
            "execute_tool",
        )


class TestHandshakeEraUnchanged:
    def test_a_handshake_request_gets_no_per_request_fields(self, client: TestClient, auth: dict[str, str]) -> None:
        headers = {**auth, "MCP-Protocol-Version": "2025-11-25"}
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
        result = client.post("/mcp", json=body, headers=headers).json()["result"]
        assert set(result) == {"tools"}

    def test_a_handshake_request_ignores_the_mirrored_headers(self, client: TestClient, auth: dict[str, str]) -> None:
        headers = {**auth, "MCP-Protocol-Version": "2025-06-18", "Mcp-Method": "prompts/list", "Mcp-Name": "nope"}
        body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        assert client.post("/mcp", json=body, headers=headers).json() == {"jsonrpc": "2.0", "id": 1, "result": {}}

    def test_an_unknown_header_version_without_meta_stays_a_handshake_error(
        self, client: TestClient, auth: dict[str, str]
    ) -> None:
        headers = {**auth, "MCP-Protocol-Version": "2099-01-01"}
        response = client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=headers)
        assert response.status_code == 400 and response.json()["error"]["code"] == -32600

    def test_unknown_methods_stay_200_method_not_found(self, client: TestClient, auth: dict[str, str]) -> None:
        headers = {**auth, "MCP-Protocol-Version": "2025-11-25"}
        response = client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "no/such"}, headers=headers)
        assert response.status_code == 200 and response.json()["error"]["code"] == -32601

    def test_initialize_never_negotiates_the_per_request_era(self, client: TestClient, auth: dict[str, str]) -> None:
        params = {"protocolVersion": V, "capabilities": {}, "clientInfo": CLIENT}
        body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
        result = client.post("/mcp", json=body, headers=auth).json()["result"]
        assert result["protocolVersion"] == "2025-11-25"
        assert "resultType" not in result

    def test_a_handshake_call_audits_no_client_name(
        self, client: TestClient, auth: dict[str, str], container: Container
    ) -> None:
        headers = {**auth, "MCP-Protocol-Version": "2025-11-25"}
        params = {"name": "notion-legal__list_all_users", "arguments": {}}
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
        assert client.post("/mcp", json=body, headers=headers).json()["result"]["isError"] is False
        [row] = container.audit.query("acme", AuditQuery())
        assert (row.client, row.mcp_name) == (None, None)
