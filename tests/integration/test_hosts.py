"""Host validation: the DNS-rebinding defence for requests that carry no Origin.

Served hosts come from CARDAMOM_ALLOWED_HOSTS, else CARDAMOM_PUBLIC_URL's host and, in local
mode, the loopback names; on Lambda also the domain API Gateway received the request on.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools import Metrics
from starlette.testclient import TestClient

from cardamom.bootstrap import Container
from cardamom.config import Settings
from cardamom.entrypoints.asgi import create_app
from cardamom.entrypoints.hosts import host_allowed
from cardamom.entrypoints.lambda_app import make_handler
from cardamom.errors import ConfigError
from tests.orgs import notion_only_org_text
from tests.support import EVENTS, make_container

PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning")


def container_with(home: Path, **env: str) -> Container:
    return make_container(home, org_text=notion_only_org_text(), **env)


def ping(container: Container, host: str, path: str = "/mcp") -> Any:
    assert container.signer is not None
    token = container.signer.mint(org="acme", member="alice", scopes=["mcp:read", "mcp:tools"])
    with TestClient(create_app(container), base_url=f"http://{host}") as client:
        if path != "/mcp":
            return client.get(path)
        return client.post(path, json=PING, headers={"Authorization": f"Bearer {token}"})


@pytest.mark.parametrize(
    ("host", "allowed", "expected"),
    [
        ("127.0.0.1:8765", ("127.0.0.1",), True),
        ("LOCALHOST:1", ("localhost",), True),
        ("[::1]:8765", ("[::1]",), True),
        ("mcp.acme.example", ("mcp.acme.example:443",), False),  # an entry with a port needs that port
        ("mcp.acme.example:443", ("mcp.acme.example:443",), True),
        ("mcp.acme.example.evil.test", ("mcp.acme.example",), False),
        ("", ("localhost",), False),
        ("evil.test", (), False),
    ],
)
def test_host_matching(host: str, allowed: tuple[str, ...], expected: bool) -> None:
    assert host_allowed(host, allowed) is expected


def test_local_mode_serves_the_loopback_names_and_refuses_other_hosts(home: Path) -> None:
    container = container_with(home)
    for host in ("127.0.0.1:8765", "localhost:9000", "[::1]:8765"):
        assert ping(container, host).status_code == 200, host
    refused = ping(container, "evil.example.com")
    assert refused.status_code == 421
    error = refused.json()["error"]
    assert error["code"] == -32600
    assert "evil.example.com" in error["message"] and "CARDAMOM_ALLOWED_HOSTS" in error["message"]


def test_the_health_check_answers_on_any_host(home: Path) -> None:
    assert ping(container_with(home), "10.0.0.7:8080", "/healthz").status_code == 200


def test_the_public_url_names_the_host_outside_local_mode(home: Path) -> None:
    settings = Settings.from_env({"CARDAMOM_PUBLIC_URL": "https://mcp.acme.example", "CARDAMOM_LOCAL_MODE": "false"})
    assert settings.allowed_hosts == ("mcp.acme.example",)
    local = Settings.from_env({"CARDAMOM_PUBLIC_URL": "http://127.0.0.1:8765"})
    assert local.allowed_hosts == ("127.0.0.1:8765", "localhost", "127.0.0.1", "[::1]")


def test_the_resource_metadata_cannot_be_made_to_name_another_host(home: Path) -> None:
    container = container_with(home, CARDAMOM_ALLOWED_HOSTS="mcp.acme.example")
    served = ping(container, "mcp.acme.example", "/.well-known/oauth-protected-resource")
    # The resource is the issuer's (CARDAMOM_PUBLIC_URL, locally the served origin), never the Host's.
    assert served.json()["resource"] == container.settings.resource_url == "http://127.0.0.1:8765/mcp"
    assert ping(container, "evil.example.com", "/.well-known/oauth-protected-resource").status_code == 421


def test_an_explicit_host_list_replaces_the_defaults(home: Path) -> None:
    container = container_with(home, CARDAMOM_ALLOWED_HOSTS="gw.acme.example:8443, Other.Example")
    assert container.settings.allowed_hosts == ("gw.acme.example:8443", "other.example")
    assert ping(container, "gw.acme.example:8443").status_code == 200
    assert ping(container, "other.example:1234").status_code == 200
    assert ping(container, "gw.acme.example:9000").status_code == 421
    assert ping(container, "127.0.0.1:8765").status_code == 421


@pytest.mark.parametrize(
    ("name", "value"),
    [("CARDAMOM_PUBLIC_URL", "mcp.acme.example"), ("CARDAMOM_ALLOWED_HOSTS", "https://mcp.acme.example/mcp")],
)
def test_malformed_host_settings_stop_start_up_naming_the_variable(name: str, value: str, home: Path) -> None:
    with pytest.raises(ConfigError, match=name):
        Settings.from_env({"CARDAMOM_HOME": str(home), name: value})


def lambda_event(token: str, host: str, domain: str) -> dict[str, Any]:
    event: dict[str, Any] = json.loads((EVENTS / "tools-list.json").read_text())
    event = copy.deepcopy(event)
    event["headers"]["authorization"] = f"Bearer {token}"
    event["headers"]["host"] = host
    event["requestContext"]["domainName"] = domain
    return event


def test_on_lambda_the_domain_api_gateway_answered_on_is_served(home: Path) -> None:
    """No setting names the execute-api or custom domain: API Gateway's requestContext does."""
    container = container_with(home, CARDAMOM_ALLOWED_HOSTS="unused.example")
    assert container.signer is not None
    token = container.signer.mint(org="acme", member="alice", scopes=["mcp:read", "mcp:tools"])
    handler = make_handler(container, Metrics(namespace="CardamomTest", service="cardamom"))
    domain = "abcdef1234.execute-api.us-east-1.amazonaws.com"
    served = handler(lambda_event(token, domain, domain), None)
    assert served["statusCode"] == 200
    assert "tools" in json.loads(served["body"])["result"]
    refused = handler(lambda_event(token, "evil.example.com", domain), None)
    assert refused["statusCode"] == 421
