"""Governance through the Lambda handler, with the same API Gateway events ``sam local invoke`` uses."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools import Metrics

from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.entrypoints.lambda_app import make_handler
from cardamom.entrypoints.lambda_types import LambdaHandler
from tests.fakes import RecordingTransport, StaticCredentials
from tests.lambda_support import FakeLambdaContext, load_event, response_json, with_body
from tests.orgs import governed_org_text
from tests.support import make_container

ALL = ("mcp:read", "mcp:write", "mcp:destructive", "mcp:tools")


@pytest.fixture
def lambda_app(tmp_path: Path) -> Iterator[tuple[Container, LambdaHandler]]:
    container = make_container(
        tmp_path / "home", org_text=governed_org_text(), transport=RecordingTransport(), credentials=StaticCredentials()
    )
    yield container, make_handler(container, Metrics(namespace="CardamomTest"))


def call(
    handler: LambdaHandler,
    container: Container,
    member: str,
    name: str,
    arguments: dict[str, Any],
    scopes: tuple[str, ...] = ALL,
    now: int | None = None,
) -> dict[str, Any]:
    assert container.signer is not None
    bearer = container.signer.mint(org="acme", member=member, scopes=scopes, now=now)
    body = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    )
    response = handler(with_body(load_event("search-tools", bearer), body), FakeLambdaContext())
    return {"status": response["statusCode"], **response_json(response)}


@pytest.mark.filterwarnings("ignore:No application metrics to publish")
def test_roles_restrictions_and_revocation_through_lambda(lambda_app: tuple[Container, LambdaHandler]) -> None:
    container, handler = lambda_app
    assert container.signer is not None

    guest = handler(
        load_event("tools-list", container.signer.mint(org="acme", member="gina", scopes=ALL)), FakeLambdaContext()
    )
    assert response_json(guest)["result"]["tools"] == []

    created = call(
        handler,
        container,
        "adam",
        "cardamom__restrictions__create",
        {"id": "no-users", "target": {"role": "member"}, "effect": "block", "tools": ["list_all_users"]},
    )
    assert created["result"]["isError"] is False
    found = call(handler, container, "alice", "search_tools", {"query": "list all users"})["result"]
    assert found["structuredContent"]["results"] == []
    assert found["structuredContent"]["restricted"]["count"] == 1
    refused = call(handler, container, "alice", "notion-legal__list_all_users", {})["result"]
    assert refused["structuredContent"]["error"]["code"] == "restricted"
    assert container.audit.query("acme", AuditQuery()) == []

    earlier = int(time.time()) - 10
    assert call(handler, container, "alice", "search_tools", {"query": "page"}, now=earlier)["status"] == 200
    assert call(handler, container, "adam", "cardamom__members__remove", {"id": "alice"})["result"]["isError"] is False
    gone = call(handler, container, "alice", "search_tools", {"query": "page"}, now=earlier)
    assert gone["status"] == 401
    assert "not in org" in gone["error_description"]
