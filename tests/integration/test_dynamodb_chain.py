"""A chained DynamoDB apply never passes through a looser state (issue #12).

An apply too large for one transaction lands as a chain of them. The states between links
are not the org anyone wrote: a new connection can land before the restriction that blocks
it, a restriction's delete before its replacement. Snapshots are never built from them: the
directory reports itself ``settling`` until the last link, and a rebuild meanwhile keeps the
snapshot already served. Tested as the issue asks, by rebuilding after every link.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardamom.adapters.dynamodb_directory import DynamoDirectory
from cardamom.adapters.dynamodb_snapshots import DynamoSnapshotStore
from cardamom.adapters.s3 import S3Objects
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.snapshot import Snapshot
from cardamom.errors import StoreError
from cardamom.service.authorization import Caller, caller_pool
from cardamom.service.snapshots import SnapshotService
from tests.aws_support import AwsBackend, clients

BASE = """\
org: acme
connectors:
  - id: notion
    label: Notion
    base_url: https://api.notion.com
    auth: {type: bearer}
    tools:
      - {name: list_users, method: GET, path: /v1/users}
      - {name: delete_block, method: DELETE, path: '/v1/blocks/{id}'}
CALCOM
connections:
  - {account: notion-legal, connector: notion, credentials: {token_env: T}}
CONNECTIONS
members:
  - {id: alice, role: member}
MEMBERS
restrictions:
RESTRICTIONS
"""
CALCOM_CONNECTOR = """\
  - id: calcom
    label: Cal.com
    base_url: https://api.cal.com
    auth: {type: bearer}
    tools:
      - {name: list_schedules, method: GET, path: /v2/schedules}
"""


def org_text(*, end: bool) -> str:
    many = "".join(f"  - {{id: m{i:03d}, role: member}}\n" for i in range(150 if end else 0))
    if end:  # a connection and the rule that blocks it; the delete-block rule under a new id
        return (
            BASE.replace("CALCOM\n", CALCOM_CONNECTOR)
            .replace("CONNECTIONS\n", "  - {account: calcom, connector: calcom, credentials: {token_env: C}}\n")
            .replace("MEMBERS\n", many)
            .replace(
                "RESTRICTIONS\n",
                "  - {id: no-calcom, target: {role: member}, effect: block, connector: calcom}\n"
                "  - {id: no-deletes-v2, target: {role: member}, effect: block, connector: notion,"
                " tools: [delete_block]}\n",
            )
        )
    return (
        BASE.replace("CALCOM\n", "")
        .replace("CONNECTIONS\n", "")
        .replace("MEMBERS\n", many)
        .replace(
            "RESTRICTIONS\n",
            "  - {id: no-deletes, target: {role: member}, effect: block, connector: notion, tools: [delete_block]}\n",
        )
    )


ALICE = Caller("acme", "alice", "member", frozenset({"mcp:read", "mcp:write", "mcp:destructive", "mcp:tools"}))


def usable(snapshot: Snapshot) -> set[str]:
    pool = caller_pool(ALICE, snapshot)
    return {snapshot.columns.names[p] for p in pool.visible}


@pytest.fixture
def parts(aws: AwsBackend) -> tuple[DynamoDirectory, SnapshotService]:
    objects = S3Objects(aws.s3, aws.bucket)
    writer = DynamoDirectory(aws.dynamodb, aws.tables["DirectoryTable"], objects)
    # The rebuild function's own view: another client, as another process would have.
    reader = DynamoDirectory(clients(aws.endpoint)["dynamodb"], aws.tables["DirectoryTable"], objects)
    store = DynamoSnapshotStore(aws.dynamodb, aws.tables["SnapshotTable"], objects)
    return writer, SnapshotService(reader, store)


def test_rebuilding_after_every_link_never_serves_a_looser_state(
    aws: AwsBackend, parts: tuple[DynamoDirectory, SnapshotService]
) -> None:
    writer, snapshots = parts
    start_org = parse_org_definition(org_text(end=False), "start.yaml")
    end_org = parse_org_definition(org_text(end=True), "end.yaml")
    writer.replace_org(start_org, expected_version=None)
    start = snapshots.rebuild("acme")
    allowed_at_start = usable(start)
    assert allowed_at_start == {"notion-legal__list_users"}

    served: list[tuple[int, set[str]]] = []

    def rebuild_after_link(**_: Any) -> None:
        snapshot = snapshots.rebuild("acme")  # what the stream-triggered rebuild would serve now
        served.append((snapshot.version, usable(snapshot)))

    aws.dynamodb.meta.events.register("after-call.dynamodb.TransactWriteItems", rebuild_after_link)
    try:
        final = writer.replace_org(end_org, expected_version=start.version)
    finally:
        aws.dynamodb.meta.events.unregister("after-call.dynamodb.TransactWriteItems", rebuild_after_link)

    links = final - start.version
    assert links >= 2, "the apply must be a chain for this test to mean anything"
    allowed_at_end = usable(snapshots.rebuild("acme"))
    assert allowed_at_end == {"notion-legal__list_users"}
    assert len(served) == links
    for version, allowed in served[:-1]:  # between links: the start, held
        assert version == start.version and allowed == allowed_at_start
    assert served[-1] == (final, allowed_at_end)
    assert all(allowed <= allowed_at_start | allowed_at_end for _, allowed in served)


def test_members_land_in_the_last_link(aws: AwsBackend, parts: tuple[DynamoDirectory, SnapshotService]) -> None:
    writer, _ = parts
    writer.replace_org(parse_org_definition(org_text(end=False), "start.yaml"), expected_version=None)
    links: list[list[str]] = []

    def record(params: dict[str, Any], **_: Any) -> None:
        links.append(
            [str(next(iter(w.values()))["Item" if "Put" in w else "Key"]["sk"]["S"]) for w in params["TransactItems"]]
        )

    aws.dynamodb.meta.events.register("provide-client-params.dynamodb.TransactWriteItems", record)
    try:
        writer.replace_org(parse_org_definition(org_text(end=True), "end.yaml"), expected_version=1)
    finally:
        aws.dynamodb.meta.events.unregister("provide-client-params.dynamodb.TransactWriteItems", record)
    assert len(links) >= 2
    # Every write that is not a member's lands before the first member write.
    flat = [sk for link in links for sk in link if sk != "#version"]
    first_member = next(i for i, sk in enumerate(flat) if sk.startswith("members#"))
    assert all(sk.startswith("members#") for sk in flat[first_member:])


def test_a_new_org_mid_chain_has_no_snapshot_yet(
    aws: AwsBackend, parts: tuple[DynamoDirectory, SnapshotService]
) -> None:
    writer, snapshots = parts
    outcomes: list[str] = []

    def try_to_serve(**_: Any) -> None:
        try:
            outcomes.append(f"v{snapshots.current('acme').version}")
        except StoreError as exc:
            outcomes.append("held" if "being written" in str(exc) else str(exc))

    aws.dynamodb.meta.events.register("after-call.dynamodb.TransactWriteItems", try_to_serve)
    try:
        final = writer.replace_org(parse_org_definition(org_text(end=True), "end.yaml"), expected_version=None)
    finally:
        aws.dynamodb.meta.events.unregister("after-call.dynamodb.TransactWriteItems", try_to_serve)
    assert outcomes == ["held"] * (final - 1) + [f"v{final}"]
