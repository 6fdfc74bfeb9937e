"""Policy changes reach search through the rebuild function, on the AWS backend (moto's server).

A restriction is written straight to the directory table, the way any writer that does not
rebuild would (the control plane rebuilds right away; these are the safety nets). Search in
the MCP function does not see it until the rebuild function runs: driven by the real stream
records moto's DynamoDB Streams captured for that write, or by the schedule when no stream
record arrived. The handlers are the deployed module's ``make_handler``; the events are the
shapes Lambda delivers (``events/rebuild/`` holds samples).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from aws_lambda_powertools import Metrics
from joserfc.jwk import ECKey

from cardamom.bootstrap import Container, build_container, build_rebuilder
from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import RestrictionDef, RestrictionTarget
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.snapshot_codec import SNAPSHOT_FORMAT, blob_format
from cardamom.core.snapshot_codec.framing import OLDER_READABLE, frame, unframe
from cardamom.entrypoints import lambda_app, rebuild_app
from cardamom.entrypoints.lambda_types import LambdaHandler
from cardamom.errors import RebuildFailed
from cardamom.service.rebuild import org_of_stream_record
from tests.aws_support import AwsBackend, StreamReader, aws_settings, mint
from tests.fakes import StaticCredentials
from tests.integration.test_store_contract import big_org
from tests.lambda_support import FakeLambdaContext, load_event, rpc_result
from tests.orgs import notion_only_org_text
from tests.support import EVENTS

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning")

BLOCK_NOTION = RestrictionDef(
    id="block-notion", target=RestrictionTarget(role="member"), effect="block", connector="notion"
)


@dataclass
class Deployment:
    """The two functions on one backend, each with its own cold start (own clients, own caches)."""

    backend: AwsBackend
    key: ECKey
    mcp: Container
    mcp_handler: LambdaHandler
    rebuild_handler: LambdaHandler
    stream: StreamReader

    def search(self, query: str = "list notion users") -> dict[str, Any]:
        event = load_event("search-tools", mint(self.key))
        body = json.loads(event["body"])
        body["params"]["arguments"]["query"] = query
        event["body"] = json.dumps(body)
        event["headers"]["content-length"] = str(len(event["body"].encode()))
        result = rpc_result(self.mcp_handler(event, FakeLambdaContext()), body["id"])
        found: dict[str, Any] = result["structuredContent"]
        return found

    def write_policy(self, change: DirectoryChange) -> int:
        """Commit straight to the directory table: no synchronous rebuild."""
        stored = self.mcp.directory.load_org("acme")
        assert stored is not None
        return self.mcp.directory.commit("acme", change, expected_version=stored.version)


@pytest.fixture
def deployment(aws: AwsBackend) -> Iterator[Deployment]:
    key = ECKey.generate_key("P-256")
    settings = aws_settings(aws, key)
    stream = StreamReader(aws)
    mcp = build_container(settings, credentials=StaticCredentials())
    mcp.apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
    yield Deployment(
        aws,
        key,
        mcp,
        lambda_app.make_handler(mcp, Metrics(namespace="CardamomTest")),
        rebuild_app.make_handler(build_rebuilder(settings)),
        stream,
    )


def names(found: dict[str, Any]) -> list[str]:
    return [r["name"] for r in found["results"]]


def test_a_restriction_reaches_search_after_the_stream_handler_runs(deployment: Deployment) -> None:
    assert names(deployment.search()) == ["notion-legal__list_all_users"]
    deployment.stream.new_records()  # the org's first apply: already rebuilt by the control plane

    version = deployment.write_policy(DirectoryChange(restrictions={"block-notion": BLOCK_NOTION}))
    assert names(deployment.search()) == ["notion-legal__list_all_users"], "no rebuild has run yet"

    event = deployment.stream.event()
    touched = {(r["eventName"], r["dynamodb"]["Keys"]["sk"]["S"]) for r in event["Records"]}
    assert touched == {("INSERT", "restrictions#block-notion"), ("MODIFY", "#version")}
    assert all(
        r["eventSource"] == "aws:dynamodb" and r["eventSourceARN"] == deployment.stream.arn for r in event["Records"]
    )
    result = deployment.rebuild_handler(event, FakeLambdaContext())
    assert result == {"rebuilt": {"acme": version}, "failed": {}}

    found = deployment.search()
    assert names(found) == [] and found["restricted"]["count"] == 1


def test_the_schedule_rebuilds_what_no_stream_record_reached(deployment: Deployment) -> None:
    schedule = json.loads((EVENTS / "rebuild" / "schedule.json").read_text(encoding="utf-8"))
    assert deployment.rebuild_handler(schedule, FakeLambdaContext())["rebuilt"] == {}  # nothing is behind

    version = deployment.write_policy(DirectoryChange(restrictions={"block-notion": BLOCK_NOTION}))
    assert names(deployment.search()) == ["notion-legal__list_all_users"]
    # The stream's records are lost (say, the batch expired): only the schedule is left.
    result = deployment.rebuild_handler(schedule, FakeLambdaContext())
    assert result == {"rebuilt": {"acme": version}, "failed": {}, "skipped": []}
    found = deployment.search()
    assert names(found) == [] and found["restricted"]["count"] == 1
    assert deployment.rebuild_handler(schedule, FakeLambdaContext())["rebuilt"] == {}


def test_grants_are_not_policy(deployment: Deployment) -> None:
    deployment.stream.new_records()
    deployment.mcp.admin.record_grant("acme", "t1", "alice", ["mcp:read"], 100, 200)
    event = deployment.stream.event()
    assert [r["dynamodb"]["Keys"]["pk"]["S"] for r in event["Records"]] == ["GRANTS#acme#alice"]
    assert [org_of_stream_record(r) for r in event["Records"]] == [None]
    assert deployment.rebuild_handler(event, FakeLambdaContext())["rebuilt"] == {}


def test_the_sample_stream_event_rebuilds_its_org(deployment: Deployment) -> None:
    sample = json.loads((EVENTS / "rebuild" / "directory-stream.json").read_text(encoding="utf-8"))
    result = deployment.rebuild_handler(sample, FakeLambdaContext())
    assert result == {"rebuilt": {"acme": 1}, "failed": {}}


def test_a_failed_rebuild_fails_the_invocation(deployment: Deployment, aws: AwsBackend) -> None:
    """The org's large tool list vanished from S3: its rebuild fails, and so does the invocation, so
    Lambda counts an error and retries the batch (template.yaml bounds the retries)."""
    stored = deployment.mcp.directory.load_org("acme")
    assert stored is not None
    deployment.mcp.directory.replace_org(big_org(1), expected_version=stored.version)
    deployment.stream.new_records()
    deployment.write_policy(DirectoryChange(restrictions={"block-notion": BLOCK_NOTION}))
    event = deployment.stream.event()
    for listed in aws.s3.list_objects_v2(Bucket=aws.bucket, Prefix="tools/")["Contents"]:
        aws.s3.delete_object(Bucket=aws.bucket, Key=listed["Key"])
    with pytest.raises(RebuildFailed, match=r"1 snapshot rebuild\(s\) failed \(acme: .*damaged"):
        deployment.rebuild_handler(event, FakeLambdaContext())


def test_an_unknown_event_is_ignored(deployment: Deployment) -> None:
    assert deployment.rebuild_handler({"hello": "world"}, FakeLambdaContext())["ignored"] is True


def test_a_deploy_that_bumps_the_format_serves_the_older_snapshot_until_the_schedule_replaces_it(
    deployment: Deployment, aws: AwsBackend
) -> None:
    store = deployment.mcp.snapshot_store
    pointer = store.current("acme")
    assert pointer is not None
    blob = store.get("acme", pointer.version)
    assert blob is not None and blob_format(blob) == SNAPSHOT_FORMAT
    older = max(OLDER_READABLE)
    store.put("acme", pointer.version, frame(unframe(blob), older))  # what the code before the deploy stored

    cold = build_container(aws_settings(aws, deployment.key), credentials=StaticCredentials())  # the new code
    deployed = replace(deployment, mcp=cold, mcp_handler=lambda_app.make_handler(cold, Metrics(namespace="T")))
    assert names(deployed.search()) == ["notion-legal__list_all_users"]
    assert blob_format(store.get("acme", pointer.version) or b"") == older, "the request path rebuilt it"

    schedule = json.loads((EVENTS / "rebuild" / "schedule.json").read_text(encoding="utf-8"))
    result = deployment.rebuild_handler(schedule, FakeLambdaContext())
    assert result == {"rebuilt": {"acme": pointer.version}, "failed": {}, "skipped": []}
    assert blob_format(store.get("acme", pointer.version) or b"") == SNAPSHOT_FORMAT
    assert deployment.rebuild_handler(schedule, FakeLambdaContext())["rebuilt"] == {}
