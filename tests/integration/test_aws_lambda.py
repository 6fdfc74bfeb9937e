"""The MCP function on the AWS backend: the walking skeleton through the Lambda handler.

DynamoDB and S3 are moto's server (tables from template.yaml); the connector is the demo
SaaS over real HTTP. Every request's store calls are counted on the function's own boto3
client: a warm request costs two DynamoDB reads (the member, the snapshot pointer), and
a new snapshot version costs none more when the snapshot rides inline with its pointer.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools import Metrics
from joserfc.jwk import ECKey

from cardamom.adapters.dynamodb_directory import DynamoDirectory
from cardamom.adapters.env import EnvCredentialResolver
from cardamom.adapters.httpx import HttpxTransport
from cardamom.bootstrap import Container, build_container
from cardamom.core.audit import AuditQuery
from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import RestrictionDef, RestrictionTarget
from cardamom.core.orgfile import parse_org_definition
from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas
from cardamom.entrypoints.cli import main
from cardamom.entrypoints.lambda_app import make_handler
from cardamom.entrypoints.lambda_types import LambdaHandler
from tests.aws_support import ISSUER, AwsBackend, aws_settings, mint
from tests.integration.test_aws_backend import Calls
from tests.lambda_support import FakeLambdaContext, load_event, rpc_result
from tests.orgs import notion_only_org_text
from tests.support import serve

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning")


@pytest.fixture(scope="module")
def demo_saas_url() -> Iterator[str]:
    with serve(create_demo_saas()) as url:
        yield url


@dataclass
class AwsGateway:
    container: Container
    handler: LambdaHandler
    key: ECKey
    calls: Calls

    def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        event = load_event("execute-tool", mint(self.key))
        body = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
        event["body"] = json.dumps(body)
        event["headers"]["content-length"] = str(len(event["body"].encode()))
        result = rpc_result(self.handler(event, FakeLambdaContext()), 7)
        return result

    def search(self, query: str) -> dict[str, Any]:
        result = self.call("search_tools", {"query": query})
        assert result["isError"] is False, result
        found: dict[str, Any] = result["structuredContent"]
        return found


@pytest.fixture
def gateway(aws: AwsBackend, demo_saas_url: str) -> Iterator[AwsGateway]:
    key = ECKey.generate_key("P-256")
    transport = HttpxTransport()
    container = build_container(
        aws_settings(aws, key),
        transport=transport,
        credentials=EnvCredentialResolver({"NOTION_LEGAL_TOKEN": DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]}),
    )
    container.apply_org(parse_org_definition(notion_only_org_text(f"{demo_saas_url}/notion"), "org.yaml"))
    assert isinstance(container.directory, DynamoDirectory)
    yield AwsGateway(
        container, make_handler(container, Metrics(namespace="CardamomTest")), key, Calls(container.directory.client)
    )
    asyncio.get_event_loop().run_until_complete(transport.aclose())


def test_the_walking_skeleton_on_the_aws_backend(gateway: AwsGateway, aws: AwsBackend) -> None:
    # Cal.com is not connected: a guessed Cal.com name finds nothing, not a Notion tool.
    missed = gateway.search("list_all_cal_com_schedules")
    assert missed["results"] == []
    # The Notion tool is found ...
    found = gateway.search("list notion users")
    assert found["results"][0]["name"] == "notion-legal__list_all_users"
    # ... and runs against the connector, audited in DynamoDB.
    ran = gateway.call("execute_tool", {"name": "notion-legal__list_all_users", "arguments": {}})
    assert ran["isError"] is False
    assert [user["name"] for user in ran["structuredContent"]["data"]["results"]] == ["Ada Lovelace", "Ben Okri"]
    (row,) = gateway.container.audit.query("acme", AuditQuery())
    assert (row.member, row.operation, row.status) == ("alice", "notion-legal__list_all_users", "succeeded")
    stored = aws.dynamodb.query(
        TableName=aws.tables["AuditTable"],
        KeyConditionExpression="pk = :pk",
        ExpressionAttributeValues={":pk": {"S": "ORG#acme"}},
    )["Items"]
    assert len(stored) == 1 and "expires_at" in stored[0]


def test_a_warm_request_reads_the_member_and_the_pointer_only(gateway: AwsGateway) -> None:
    gateway.search("list notion users")  # warm: the snapshot is decoded and cached
    gateway.calls.take()
    gateway.search("retrieve page")
    assert gateway.calls.take() == Counter({"GetItem": 2})

    # A policy change moves the pointer; the new snapshot rides inline with it: still two reads.
    block = RestrictionDef(id="b", target=RestrictionTarget(role="guest"), effect="block", connector="notion")
    gateway.container.admin.change("acme", lambda org: DirectoryChange(restrictions={"b": block}))
    gateway.calls.take()
    gateway.search("retrieve page")
    assert gateway.calls.take() == Counter({"GetItem": 2})


@pytest.mark.usefixtures("restored_logging")
def test_the_cold_start_module_serves_from_the_aws_backend(aws: AwsBackend, monkeypatch: pytest.MonkeyPatch) -> None:
    """Import lambda_mcp as a new execution environment would, with the template's kind of environment."""
    key = ECKey.generate_key("P-256")
    settings = aws_settings(aws, key)
    build_container(settings).apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
    env = {
        **aws.env(),
        "CARDAMOM_JWT_ISSUER": ISSUER,
        "CARDAMOM_JWT_PUBLIC_KEY": json.dumps(key.as_dict(private=False)),
        "CARDAMOM_LOCAL_MODE": "false",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    module = "cardamom.entrypoints.lambda_mcp"
    entrypoint = importlib.reload(sys.modules[module]) if module in sys.modules else importlib.import_module(module)
    found = rpc_result(entrypoint.handler(load_event("search-tools", mint(key)), FakeLambdaContext()), 3)
    assert found["structuredContent"]["results"][0]["name"] == "notion-legal__list_all_users"


def test_org_apply_works_against_the_aws_backend(
    aws: AwsBackend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the backend's variables: applying an org verifies no token, so no JWT setting is asked for."""
    for name in [n for n in os.environ if n.startswith("CARDAMOM_JWT_")]:
        monkeypatch.delenv(name)
    for name, value in aws.env().items():
        monkeypatch.setenv(name, value)
    org_file = tmp_path / "acme.yaml"
    org_file.write_text(notion_only_org_text())
    out, err = io.StringIO(), io.StringIO()
    assert main(["org", "apply", str(org_file)], out=out, err=err) == 0, err.getvalue()
    assert "applied org acme (directory version 1)" in out.getvalue()
    out = io.StringIO()
    assert main(["search", "--org", "acme", "--member", "alice", "--json", "list", "notion", "users"], out=out) == 0
    assert json.loads(out.getvalue())["results"][0]["name"] == "notion-legal__list_all_users"
    pointer = aws.dynamodb.get_item(
        TableName=aws.tables["SnapshotTable"], Key={"pk": {"S": "ORG#acme"}, "sk": {"S": "#current"}}
    )["Item"]
    assert pointer["version"] == {"N": "1"} and "blob" in pointer
