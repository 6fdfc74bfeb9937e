"""Hostile input at POST /mcp (issue #12): every one gets a clean, bounded answer, never a 500 or a -32603.

Lone surrogate escapes anywhere (body, id, query, arguments, keys), nesting far past any real
message, NaN, an oversized id, a megabyte argument (answered once and cut, not twice), an org
that vanishes mid-request (401), a store outage (503 with Retry-After).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import anyio
import pytest
from starlette.testclient import TestClient

from cardamom.core.audit import AuditQuery
from cardamom.core.directory import MemberRecord
from cardamom.core.json_text import MAX_DEPTH
from cardamom.entrypoints.asgi import create_app
from cardamom.errors import StoreError
from cardamom.mcp.errors import MAX_ERROR_MESSAGE_CHARS
from cardamom.ports import StoredOrg
from tests.fakes import AcceptingVerifier, MemoryDirectory, RecordingTransport
from tests.harness import FakeApp
from tests.orgs import notion_only_org_text

HEADERS = {"Authorization": "Bearer any", "Content-Type": "application/json"}


class FlakyDirectory(MemoryDirectory):
    """A directory that can fail every read, or lose the org while its members still answer."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False
        self.org_gone = False

    def load_org(self, org: str) -> StoredOrg | None:
        if self.down:
            raise StoreError("directory throttled")
        return None if self.org_gone else super().load_org(org)

    def get_member(self, org: str, member_id: str) -> MemberRecord | None:
        if self.down:
            raise StoreError("directory throttled")
        return super().get_member(org, member_id)


@pytest.fixture
def app() -> FakeApp:
    fake = FakeApp(directory=FlakyDirectory(), verifier=AcceptingVerifier())
    fake.apply(notion_only_org_text())
    return fake


def http_app(app: FakeApp) -> Any:
    """The ASGI app of a FakeApp, answering for the host these tests use."""
    settings = replace(app.container.settings, allowed_hosts=("127.0.0.1:18801", "127.0.0.1"))
    return create_app(replace(app.container, settings=settings))


@pytest.fixture
def client(app: FakeApp) -> Iterator[TestClient]:
    with TestClient(http_app(app), base_url="http://127.0.0.1:18801") as test_client:
        yield test_client


def post(client: TestClient, body: str | bytes) -> tuple[int, dict[str, Any]]:
    raw = body.encode("utf-8") if isinstance(body, str) else body
    response = client.post("/mcp", content=raw, headers=HEADERS)
    return response.status_code, response.json()


def unchanged(app: FakeApp) -> None:
    stored = app.directory.load_org("acme")
    assert stored is not None and stored.version == 1
    assert app.audit.query("acme", AuditQuery()) == []
    assert app.transport.sent == []


CALL = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_tools","arguments":{"query":"%s"}}}'
EXECUTE = (
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_tool",'
    '"arguments":{"name":"notion-legal__retrieve_page","arguments":{"page_id":"%s"}}}}'
)


class TestLoneSurrogates:
    @pytest.mark.parametrize(
        "body",
        [
            CALL % "\\ud800 notion",
            CALL % "notion \\udfff",
            CALL % "\\udc00\\ud800",  # a pair in the wrong order is two lone halves
            '{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}',
            '{"jsonrpc":"2.0","id":1,"method":"\\ud800"}',
            '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"\\udbff":1}}',
            EXECUTE % "\\ud800",
        ],
    )
    def test_are_refused_as_not_json_text(self, app: FakeApp, client: TestClient, body: str) -> None:
        status, reply = post(client, body)
        assert status == 400, reply
        assert reply["error"]["code"] == -32700
        assert "surrogate" in reply["error"]["message"]
        unchanged(app)

    def test_a_proper_pair_is_a_character(self, app: FakeApp, client: TestClient) -> None:
        status, reply = post(client, CALL % "notion \\ud83d\\ude00 users")
        assert status == 200 and reply["result"]["isError"] is False

    def test_surrogates_encoded_raw_are_not_utf8(self, client: TestClient) -> None:
        body = (CALL % "x").encode().replace(b'"x"', b'"\xed\xa0\x80"')  # U+D800 as (invalid) UTF-8
        status, reply = post(client, body)
        assert status == 400 and reply["error"]["code"] == -32700


class TestShapes:
    @pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
    def test_deep_nesting_is_a_parse_error(self, app: FakeApp, client: TestClient, depth: int) -> None:
        nested = "[" * depth + "]" * depth
        body = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":' + nested + "}}"
        status, reply = post(client, body)
        assert status == 400 and reply["error"]["code"] == -32700, reply
        assert "nested deeper" in reply["error"]["message"]
        unchanged(app)

    def test_nesting_within_the_limit_is_served(self, client: TestClient) -> None:
        nested = "[" * (MAX_DEPTH - 3) + "]" * (MAX_DEPTH - 3)
        status, reply = post(client, '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":' + nested + "}}")
        assert status == 200 and reply["result"] == {}

    @pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
    def test_nan_and_infinity_are_not_json(self, app: FakeApp, client: TestClient, constant: str) -> None:
        status, reply = post(client, EXECUTE.replace('"%s"', constant))
        assert status == 400 and reply["error"]["code"] == -32700
        unchanged(app)

    def test_an_oversized_id_is_refused_without_being_echoed(self, client: TestClient) -> None:
        status, reply = post(client, json.dumps({"jsonrpc": "2.0", "id": "x" * 5000, "method": "ping"}))
        assert status == 400 and reply["error"]["code"] == -32600 and reply["id"] is None

    @pytest.mark.parametrize("length", [b"\xb2", b"\xd9\xa1", b"-1", b"1e9"])
    def test_a_bogus_content_length_is_not_a_500(self, app: FakeApp, length: bytes) -> None:
        body = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'
        sent: list[dict[str, Any]] = []
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/mcp",
            "raw_path": b"/mcp",
            "query_string": b"",
            "root_path": "",
            "headers": [
                (b"host", b"127.0.0.1:18801"),
                (b"authorization", b"Bearer any"),
                (b"content-type", b"application/json"),
                (b"content-length", length),
            ],
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 18801),
        }

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        anyio.run(http_app(app), scope, receive, send)
        assert sent[0]["status"] == 200

    @pytest.mark.parametrize("origin", ["https://[", "http://[::1", "http://host:99999999"])
    def test_an_origin_nothing_can_parse_is_refused_not_a_500(self, client: TestClient, origin: str) -> None:
        response = client.post(
            "/mcp", content=b'{"jsonrpc":"2.0","id":1,"method":"ping"}', headers={**HEADERS, "Origin": origin}
        )
        assert response.status_code == 403 and response.json()["error"]["code"] == -32600


class TestBoundedErrors:
    def test_a_megabyte_argument_does_not_come_back(self, app: FakeApp, client: TestClient) -> None:
        huge = "x" * 1_000_000
        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "notion-legal__retrieve_page", "arguments": {"page_id": [huge]}},
            }
        )
        response = client.post("/mcp", content=body.encode(), headers=HEADERS)
        assert response.status_code == 200
        result = response.json()["result"]
        assert result["isError"] is True
        assert len(response.content) < 3 * MAX_ERROR_MESSAGE_CHARS + 1000
        assert "more characters not shown" in result["structuredContent"]["error"]["message"]
        unchanged(app)

    def test_a_megabyte_method_name_does_not_come_back(self, client: TestClient) -> None:
        response = client.post(
            "/mcp", content=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "m" * 900_000}).encode(), headers=HEADERS
        )
        assert response.json()["error"]["code"] == -32601
        assert len(response.content) < MAX_ERROR_MESSAGE_CHARS + 500


class TestUpstreamValuesJsonCannotCarry:
    def test_lone_surrogates_and_nan_from_an_upstream_are_made_valid(self, client: TestClient) -> None:
        from cardamom.ports import OutboundResponse

        app = FakeApp(
            transport=RecordingTransport(
                lambda _: OutboundResponse(
                    200, {"content-type": "application/json"}, b'{"name": "\\ud800 x", "\\udfff": NaN}'
                )
            ),
            verifier=AcceptingVerifier(),
        )
        app.apply(notion_only_org_text())
        with TestClient(http_app(app), base_url="http://127.0.0.1:18801") as fresh:
            body = json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "tools/call",
                    "params": {"name": "notion-legal__list_all_users", "arguments": {}},
                }
            )
            response = fresh.post("/mcp", content=body.encode(), headers=HEADERS)
        assert response.status_code == 200
        data = response.json()["result"]["structuredContent"]["data"]
        assert data == {"name": "\ufffd x", "\ufffd": None}
        assert [row.status for row in app.audit.rows.values()] == ["succeeded"]


class TestHttpAnswers:
    def test_an_org_gone_mid_request_is_401_not_internal_error(self, app: FakeApp, client: TestClient) -> None:
        assert isinstance(app.directory, FlakyDirectory)
        app.store.pointers.clear()  # no snapshot: the request reads the directory, where the org is gone
        app.snapshots._cache.clear()
        app.directory.org_gone = True
        response = client.post("/mcp", content=(CALL % "notion users").encode(), headers=HEADERS)
        assert response.status_code == 401, response.text
        assert "www-authenticate" in response.headers
        assert "does not exist" in response.json()["error_description"]

    def test_a_store_outage_is_503_with_retry_after(self, app: FakeApp, client: TestClient) -> None:
        assert isinstance(app.directory, FlakyDirectory)
        app.directory.down = True
        response = client.post("/mcp", content=b'{"jsonrpc":"2.0","id":1,"method":"ping"}', headers=HEADERS)
        assert response.status_code == 503
        assert response.headers["retry-after"] == "1"
        assert response.json()["error"]["code"] == -32000
