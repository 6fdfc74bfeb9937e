"""The sample API Gateway events in ``events/``, run through the real Lambda handler.

Each event is an HTTP API payload v2.0 as API Gateway hands it to the function; the
handler is ``make_handler`` (Powertools metrics around Mangum around the ASGI app), the
stores are real SQLite, and ``execute_tool`` really reaches the demo SaaS over HTTP.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from aws_lambda_powertools import Metrics
from joserfc.jwk import ECKey

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.adapters.httpx import HttpxTransport
from cardamom.adapters.jose import JwtSigner
from cardamom.adapters.powertools import PowertoolsTelemetry
from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas
from cardamom.entrypoints.lambda_app import make_handler
from cardamom.entrypoints.lambda_types import LambdaHandler
from tests.lambda_support import (
    EVENT_FILES,
    TOKEN_PLACEHOLDER,
    FakeLambdaContext,
    load_event,
    response_json,
    rpc_result,
    with_body,
    with_method,
)
from tests.orgs import notion_only_org_text
from tests.support import EVENTS, make_container, serve

# Requests that add no metric (everything but a search) make Powertools warn at flush time.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning")

ENTRYPOINT = "cardamom.entrypoints.lambda_mcp"
EXPECTED_EVENTS = {"initialize", "tools-list", "search-tools", "execute-tool", "discover", "search-tools-2026"}
COLD_START_ISSUER = "https://auth.acme.example"
EVENTS_ORIGIN = "https://abcdef1234.execute-api.us-east-1.amazonaws.com"  # the sample events' domain
SCOPES = ("mcp:read", "mcp:write", "mcp:tools")


def emf_documents(stdout: str) -> list[dict[str, Any]]:
    """The CloudWatch embedded-metric-format documents among the lines a handler printed."""
    documents = []
    for line in stdout.splitlines():
        if not line.startswith("{"):
            continue
        document = json.loads(line)
        if "_aws" in document:
            documents.append(document)
    return documents


# ---- the entrypoint module: importing it is the cold start ----------------------------------


@dataclass(frozen=True)
class ColdStartEnv:
    home: Path
    key: ECKey

    def token(self, member: str = "alice") -> str:
        signer = JwtSigner(self.key, issuer=COLD_START_ISSUER, audience="cardamom")
        return signer.mint(org="acme", member=member, scopes=SCOPES)


@pytest.fixture
def cold_start_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restored_logging: None) -> ColdStartEnv:
    """The environment template.yaml gives the function, with a key pair generated for the test."""
    for name in [n for n in os.environ if n.startswith("CARDAMOM_")]:
        monkeypatch.delenv(name)
    key = ECKey.generate_key("P-256", parameters={"kid": "test-issuer-key"})
    home = tmp_path / "lambda-home"
    monkeypatch.setenv("CARDAMOM_BACKEND", "sqlite")
    monkeypatch.setenv("CARDAMOM_HOME", str(home))
    monkeypatch.setenv("CARDAMOM_LOCAL_MODE", "false")
    monkeypatch.setenv("CARDAMOM_PUBLIC_URL", EVENTS_ORIGIN)
    monkeypatch.setenv("CARDAMOM_JWT_ISSUER", COLD_START_ISSUER)
    monkeypatch.setenv("CARDAMOM_JWT_AUDIENCE", "cardamom")
    monkeypatch.setenv("CARDAMOM_JWT_PUBLIC_KEY", json.dumps(key.as_dict(private=False)))
    return ColdStartEnv(home, key)


def cold_start() -> ModuleType:
    """Import the entrypoint afresh, as a new Lambda execution environment would."""
    if ENTRYPOINT in sys.modules:
        return importlib.reload(sys.modules[ENTRYPOINT])
    return importlib.import_module(ENTRYPOINT)


# ---- the handler under test: make_handler over a container with the demo SaaS connected -----


@dataclass
class LambdaGateway:
    container: Container
    handler: LambdaHandler

    def token(self, member: str = "alice") -> str:
        assert self.container.signer is not None
        return self.container.signer.mint(org="acme", member=member, scopes=SCOPES)

    def event(self, name: str) -> dict[str, Any]:
        return load_event(name, self.token())

    def invoke(self, event: dict[str, Any]) -> dict[str, Any]:
        return self.handler(event, FakeLambdaContext())


@pytest.fixture(scope="module")
def demo_saas_url() -> Iterator[str]:
    with serve(create_demo_saas()) as url:
        yield url


@pytest.fixture
def gateway(tmp_path: Path, demo_saas_url: str, cold_start_env: ColdStartEnv) -> Iterator[LambdaGateway]:
    metrics = Metrics(namespace="CardamomTest")
    transport = HttpxTransport()
    container = make_container(
        tmp_path / "home",
        org_text=notion_only_org_text(f"{demo_saas_url}/notion"),
        transport=transport,
        credentials=EnvCredentialResolver({"NOTION_LEGAL_TOKEN": DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]}),
        telemetry=PowertoolsTelemetry(metrics),
        CARDAMOM_PUBLIC_URL=EVENTS_ORIGIN,
    )
    yield LambdaGateway(container, make_handler(container, metrics))
    # In Lambda the client lives as long as the execution environment; here, close its
    # pooled connections on the loop Mangum ran the requests on.
    asyncio.get_event_loop().run_until_complete(transport.aclose())


# ---- every event file -------------------------------------------------------------------------


def test_the_expected_events_are_present() -> None:
    assert {path.stem for path in EVENT_FILES} >= EXPECTED_EVENTS


@pytest.mark.parametrize("path", EVENT_FILES, ids=lambda p: p.stem)
def test_event_file_is_an_http_api_v2_post_to_mcp(path: Path) -> None:
    event = json.loads(path.read_text(encoding="utf-8"))
    assert event["version"] == "2.0"
    assert event["routeKey"] == event["requestContext"]["routeKey"] == "POST /mcp"
    assert event["rawPath"] == event["requestContext"]["http"]["path"] == "/mcp"
    assert event["requestContext"]["http"]["method"] == "POST"
    assert event["requestContext"]["http"]["sourceIp"]
    assert event["requestContext"]["requestId"]
    assert event["requestContext"]["stage"] == "$default"
    assert event["isBase64Encoded"] is False

    headers: dict[str, str] = event["headers"]
    assert all(name == name.lower() for name in headers), "HTTP API v2 lower-cases header names"
    assert headers["authorization"] == TOKEN_PLACEHOLDER
    assert headers["content-type"] == "application/json"
    assert headers["accept"] == "application/json, text/event-stream"
    assert headers["content-length"] == str(len(event["body"].encode()))

    message = json.loads(event["body"])
    assert message["jsonrpc"] == "2.0"
    assert isinstance(message["id"], int)
    assert isinstance(message["method"], str)
    meta = message.get("params", {}).get("_meta")
    if meta is not None:  # 2026-07-28: the version in _meta, mirrored with the method and tool name in headers
        assert headers["mcp-protocol-version"] == meta["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
        assert headers["mcp-method"] == message["method"]
        assert headers.get("mcp-name") == (message["params"]["name"] if message["method"] == "tools/call" else None)
    elif message["method"] == "initialize":
        assert "mcp-protocol-version" not in headers
        assert message["params"]["protocolVersion"] == "2025-06-18"
    else:
        assert headers["mcp-protocol-version"] == "2025-06-18"


@pytest.mark.parametrize("path", EVENT_FILES, ids=lambda p: p.stem)
def test_event_file_succeeds_through_the_handler(path: Path, gateway: LambdaGateway) -> None:
    event = gateway.event(path.stem)
    response = gateway.invoke(event)
    result = rpc_result(response, json.loads(event["body"])["id"])
    assert result.get("isError", False) is False


# ---- each event's real behaviour ----------------------------------------------------------------


def test_initialize_event(gateway: LambdaGateway) -> None:
    result = rpc_result(gateway.invoke(gateway.event("initialize")), 1)
    assert result["protocolVersion"] == "2025-06-18"
    assert result["serverInfo"]["name"] == "cardamom"
    assert "tools" in result["capabilities"]
    assert "search_tools" in result["instructions"]


def test_tools_list_event(gateway: LambdaGateway) -> None:
    result = rpc_result(gateway.invoke(gateway.event("tools-list")), 2)
    names = [tool["name"] for tool in result["tools"]]
    assert names[:2] == ["search_tools", "execute_tool"]
    assert "cardamom__connections__list" in names
    assert not any(name.startswith("notion-legal__") for name in names), "connected tools are never listed"


def test_search_tools_event(gateway: LambdaGateway) -> None:
    result = rpc_result(gateway.invoke(gateway.event("search-tools")), 3)
    assert result["isError"] is False
    found = result["structuredContent"]
    assert found["query"] == "list notion users"
    assert found["results"][0]["name"] == "notion-legal__list_all_users"
    assert found["results"][0]["account"] == "notion-legal"
    assert json.loads(result["content"][0]["text"]) == found


def test_execute_tool_event_reaches_the_connector(gateway: LambdaGateway) -> None:
    result = rpc_result(gateway.invoke(gateway.event("execute-tool")), 4)
    assert result["isError"] is False
    executed = result["structuredContent"]
    assert executed["tool"] == "notion-legal__list_all_users"
    assert executed["account"] == "notion-legal"
    assert [user["name"] for user in executed["data"]["results"]] == ["Ada Lovelace", "Ben Okri"]

    rows = gateway.container.audit.query("acme", AuditQuery())
    assert len(rows) == 1
    assert (rows[0].member, rows[0].account, rows[0].operation) == ("alice", "notion-legal", executed["tool"])
    assert rows[0].status == "succeeded"


def test_search_emits_emf_metrics(gateway: LambdaGateway, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    result = rpc_result(gateway.invoke(gateway.event("search-tools")), 3)
    documents = emf_documents(capsys.readouterr().out)
    assert len(documents) == 1, "log_metrics flushes once per invocation"
    document = documents[0]
    directive = document["_aws"]["CloudWatchMetrics"][0]
    assert directive["Namespace"] == "CardamomTest"
    assert {m["Name"] for m in directive["Metrics"]} >= {"SearchPoolSize", "SearchResults", "SearchEmpty"}
    # Powertools writes each metric's values as a list (one value per add_metric call).
    found = result["structuredContent"]
    assert found["pool_size"] > 0
    assert document["SearchPoolSize"] == [found["pool_size"]]
    assert document["SearchResults"] == [len(found["results"])]
    assert document["SearchEmpty"] == [0]


# ---- HTTP-level answers -------------------------------------------------------------------------


def test_missing_token_is_401_with_a_challenge(gateway: LambdaGateway) -> None:
    event = load_event("initialize", token=None)
    response = gateway.invoke(event)
    assert response["statusCode"] == 401
    host = event["headers"]["host"]
    challenge = response["headers"]["www-authenticate"]
    assert challenge.startswith('Bearer realm="cardamom"')
    assert f'resource_metadata="https://{host}/.well-known/oauth-protected-resource"' in challenge
    assert response_json(response)["error"] == "invalid_request"


def test_unsubstituted_placeholder_token_is_401_invalid_token(gateway: LambdaGateway) -> None:
    event = json.loads((EVENTS / "tools-list.json").read_text(encoding="utf-8"))
    response = gateway.invoke(event)
    assert response["statusCode"] == 401
    assert 'error="invalid_token"' in response["headers"]["www-authenticate"]
    assert gateway.container.audit.query("acme", AuditQuery()) == []


@pytest.mark.parametrize("method", ["GET", "DELETE"])
def test_get_and_delete_are_405(gateway: LambdaGateway, method: str) -> None:
    response = gateway.invoke(with_method(gateway.event("initialize"), method))
    assert response["statusCode"] == 405
    assert response["headers"]["allow"] == "POST"
    assert response_json(response)["error"]["code"] == -32600


def test_resource_metadata_route(gateway: LambdaGateway) -> None:
    event = with_method(load_event("initialize", token=None), "GET")
    event["rawPath"] = event["requestContext"]["http"]["path"] = "/.well-known/oauth-protected-resource"
    event["routeKey"] = event["requestContext"]["routeKey"] = "GET /.well-known/oauth-protected-resource"
    response = gateway.invoke(event)
    assert response["statusCode"] == 200
    metadata = response_json(response)
    assert metadata["resource"] == f"https://{event['headers']['host']}/mcp"
    assert metadata["bearer_methods_supported"] == ["header"]


def test_malformed_json_is_a_parse_error(gateway: LambdaGateway) -> None:
    response = gateway.invoke(with_body(gateway.event("tools-list"), '{"jsonrpc": "2.0", "id": 2, "method": '))
    assert response["statusCode"] == 400
    body = response_json(response)
    assert body["id"] is None
    assert body["error"]["code"] == -32700


def test_notification_is_accepted_without_a_body(gateway: LambdaGateway) -> None:
    notification = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"})
    response = gateway.invoke(with_body(gateway.event("tools-list"), notification))
    assert response["statusCode"] == 202
    assert response["body"] == ""


# ---- the module-level cold start ------------------------------------------------------------------


def test_cold_start_builds_the_handler_from_the_environment(cold_start_env: ColdStartEnv) -> None:
    # The org must be in the store before the function sees a request; a local container
    # on the same home writes it, as the control plane would.
    make_container(cold_start_env.home, org_text=notion_only_org_text())

    entrypoint = cold_start()
    assert callable(entrypoint.handler)
    handler: LambdaHandler = entrypoint.handler

    event = load_event("initialize", cold_start_env.token())
    result = rpc_result(handler(event, FakeLambdaContext()), 1)
    assert result["protocolVersion"] == "2025-06-18"

    listed = rpc_result(handler(load_event("tools-list", cold_start_env.token()), FakeLambdaContext()), 2)
    assert "cardamom__connections__list" in [tool["name"] for tool in listed["tools"]]

    # Outside local mode only the configured public key verifies: a token signed by the
    # local development key of that same home is refused.
    local = make_container(cold_start_env.home)
    assert local.signer is not None
    dev_token = local.signer.mint(org="acme", member="alice", scopes=SCOPES)
    refused = handler(load_event("initialize", dev_token), FakeLambdaContext())
    assert refused["statusCode"] == 401
    assert 'error="invalid_token"' in refused["headers"]["www-authenticate"]
