"""What only the AWS backend has to prove, on moto's server: the table design at work.

The shared behaviour is in ``test_store_contract.py``; here: one read per member lookup,
races lost inside the transaction, where tool lists and snapshots are placed, TTL, digest
checks, pruning, and configuration.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest

from cardamom.adapters.dynamodb_audit import DynamoAuditLog
from cardamom.adapters.dynamodb_directory import DynamoDirectory
from cardamom.adapters.dynamodb_items import ORG_SETTINGS, RECORD_KEYS, record_kinds
from cardamom.adapters.dynamodb_snapshots import DynamoSnapshotStore
from cardamom.adapters.s3 import S3Objects
from cardamom.config import Settings
from cardamom.core.audit import AuditQuery
from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import MemberDef, OrgDefinition
from cardamom.core.snapshot import build_snapshot
from cardamom.core.snapshot_codec import encode_snapshot
from cardamom.errors import ConfigError, Conflict
from cardamom.service.snapshots import SnapshotService
from tests.aws_support import AwsBackend, clients
from tests.integration.test_store_contract import acme, big_org, row


class Calls:
    """Every API call a boto3 client makes, by operation name."""

    def __init__(self, client: Any) -> None:
        self.counts: Counter[str] = Counter()
        client.meta.events.register("before-call", self._seen)

    def _seen(self, model: Any, **_: Any) -> None:
        self.counts[model.name] += 1

    def take(self) -> Counter[str]:
        counts, self.counts = self.counts, Counter()
        return counts


@pytest.fixture
def directory(aws: AwsBackend) -> DynamoDirectory:
    return DynamoDirectory(aws.dynamodb, aws.tables["DirectoryTable"], S3Objects(aws.s3, aws.bucket))


def objects(aws: AwsBackend, prefix: str) -> list[str]:
    listed = aws.s3.list_objects_v2(Bucket=aws.bucket, Prefix=prefix)
    return sorted(o["Key"] for o in listed.get("Contents", []))


def item(aws: AwsBackend, logical: str, pk: str, sk: str) -> dict[str, Any]:
    found: dict[str, Any] = aws.dynamodb.get_item(
        TableName=aws.tables[logical], Key={"pk": {"S": pk}, "sk": {"S": sk}}, ConsistentRead=True
    ).get("Item", {})
    return found


def test_every_field_of_an_org_is_a_keyed_record_list_or_a_setting() -> None:
    assert set(record_kinds()) | set(ORG_SETTINGS) == set(OrgDefinition.model_fields) - {"org"}
    assert not set(record_kinds()) & set(ORG_SETTINGS)
    assert set(record_kinds()) <= set(RECORD_KEYS)


def test_org_settings_live_on_the_version_item_and_survive_record_changes(
    aws: AwsBackend, directory: DynamoDirectory
) -> None:
    directory.replace_org(acme().model_copy(update={"collapse_threshold": 30}), expected_version=None)
    stored = directory.load_org("acme")
    assert stored is not None and stored.definition.collapse_threshold == 30
    version_item = item(aws, "DirectoryTable", "ORG#acme", "#version")
    assert json.loads(version_item["settings"]["S"]) == {"collapse_threshold": 30}
    # A control-plane change (records only) leaves the settings as they are.
    version = directory.commit("acme", DirectoryChange(members={"zed": MemberDef(id="zed")}), expected_version=1)
    stored = directory.load_org("acme")
    assert stored is not None and (stored.version, stored.definition.collapse_threshold) == (version, 30)
    # Re-applying the org without the setting removes it.
    directory.replace_org(acme(), expected_version=version)
    stored = directory.load_org("acme")
    assert stored is not None and stored.definition.collapse_threshold is None


def test_a_member_lookup_is_one_get_item(aws: AwsBackend, directory: DynamoDirectory) -> None:
    directory.replace_org(acme(), expected_version=None)
    calls = Calls(aws.dynamodb)
    record = directory.get_member("acme", "alice")
    assert record is not None and record.member.id == "alice"
    assert calls.take() == Counter({"GetItem": 1})
    assert directory.get_member("acme", "nobody") is None
    assert calls.take() == Counter({"GetItem": 1})


def test_a_race_lost_inside_the_transaction_is_a_conflict_and_writes_nothing(
    aws: AwsBackend, directory: DynamoDirectory
) -> None:
    """Another writer commits between our version check and our transaction: DynamoDB refuses ours."""
    directory.replace_org(acme(), expected_version=None)
    rival = DynamoDirectory(clients(aws.endpoint)["dynamodb"], aws.tables["DirectoryTable"])  # another process
    raced: list[int] = []

    def rival_writes_first(**_: Any) -> None:
        if not raced:
            change = DirectoryChange(members={"rita": MemberDef(id="rita")})
            raced.append(rival.commit("acme", change, expected_version=1))

    aws.dynamodb.meta.events.register("before-call.dynamodb.TransactWriteItems", rival_writes_first)
    with pytest.raises(Conflict):
        directory.commit("acme", DirectoryChange(members={"zed": MemberDef(id="zed")}), expected_version=1)
    aws.dynamodb.meta.events.unregister("before-call.dynamodb.TransactWriteItems", rival_writes_first)
    assert raced == [2]
    stored = directory.load_org("acme")
    assert stored is not None and stored.version == 2
    assert [m.id for m in stored.definition.members] == ["alice", "rita"]
    assert directory.get_member("acme", "zed") is None


def test_large_tool_lists_live_in_s3_and_are_dropped_when_replaced(aws: AwsBackend, directory: DynamoDirectory) -> None:
    version = directory.replace_org(big_org(2), expected_version=None)
    stored_lists = objects(aws, "tools/acme/notion/")
    assert len(stored_lists) == 1
    connector = item(aws, "DirectoryTable", "ORG#acme", "connectors#notion")
    assert connector["tools_ref"]["S"] == stored_lists[0] and "tools" not in connector
    directory.replace_org(acme(), expected_version=version)  # back to two tools: inline again
    assert objects(aws, "tools/") == []
    assert "tools" in item(aws, "DirectoryTable", "ORG#acme", "connectors#notion")
    stored = directory.load_org("acme")
    assert stored is not None and stored.definition == acme()


def test_an_oversize_apply_is_a_chain_of_transactions_and_an_unchanged_one_writes_only_the_version(
    aws: AwsBackend, directory: DynamoDirectory
) -> None:
    calls = Calls(aws.dynamodb)
    version = directory.replace_org(big_org(150), expected_version=None)  # 150 members + a connector
    assert calls.take()["TransactWriteItems"] == version == 2
    directory.replace_org(big_org(150), expected_version=version)
    assert calls.take()["TransactWriteItems"] == 1
    written: list[int] = []
    aws.dynamodb.meta.events.register(
        "before-parameter-build.dynamodb.TransactWriteItems",
        lambda params, **_: written.append(len(params["TransactItems"])),
    )
    # One member added at the front: its item and the version item, nothing renumbered.
    one_more = big_org(150).model_copy(update={"members": [MemberDef(id="aa"), *big_org(150).members]})
    directory.replace_org(one_more, expected_version=version + 1)
    assert written == [2]


def test_audit_rows_carry_the_ttl_the_table_expires(aws: AwsBackend) -> None:
    expires = int(datetime.fromisoformat(row(1).started_at).timestamp()) + 7 * 86_400
    table = aws.tables["AuditTable"]
    DynamoAuditLog(aws.dynamodb, table, retention_days=7).begin(row(1))
    stored = item(aws, "AuditTable", "ORG#acme", f"{row(1).started_at}#r1")
    assert int(stored["expires_at"]["N"]) == expires
    ttl = aws.dynamodb.describe_time_to_live(TableName=table)["TimeToLiveDescription"]
    assert (ttl["TimeToLiveStatus"], ttl["AttributeName"]) == ("ENABLED", "expires_at")
    # moto never deletes the item; the read skips it from the second it expires.
    before = DynamoAuditLog(aws.dynamodb, table, retention_days=7, clock=lambda: expires - 1)
    after = DynamoAuditLog(aws.dynamodb, table, retention_days=7, clock=lambda: expires)
    assert [r.id for r in before.query("acme", AuditQuery())] == ["r1"]
    assert after.query("acme", AuditQuery()) == []
    assert item(aws, "AuditTable", "ORG#acme", f"{row(1).started_at}#r1")


@pytest.fixture
def snapshots(aws: AwsBackend) -> Iterator[DynamoSnapshotStore]:
    yield DynamoSnapshotStore(
        aws.dynamodb, aws.tables["SnapshotTable"], S3Objects(aws.s3, aws.bucket), inline_bytes=4096
    )


def test_small_snapshots_ride_with_the_pointer_and_large_ones_sit_in_s3(
    aws: AwsBackend, snapshots: DynamoSnapshotStore
) -> None:
    snapshots.put("acme", 1, b"small")
    pointer = item(aws, "SnapshotTable", "ORG#acme", "#current")
    assert pointer["blob"]["B"] == b"small" and "key" not in pointer
    calls = Calls(aws.dynamodb)
    assert snapshots.current("acme") is not None and snapshots.get("acme", 1) == b"small"
    assert calls.take() == Counter({"GetItem": 1})  # the blob came with the pointer

    large = bytes(range(256)) * 64
    snapshots.put("acme", 2, large)
    pointer = item(aws, "SnapshotTable", "ORG#acme", "#current")
    assert "blob" not in pointer and pointer["key"]["S"] in objects(aws, "snapshots/acme/")
    calls.take()
    assert snapshots.current("acme") is not None and snapshots.get("acme", 2) == large
    assert calls.take() == Counter({"GetItem": 1})  # and one S3 GET


def test_a_tampered_blob_is_missing_and_rebuilt(aws: AwsBackend, snapshots: DynamoSnapshotStore) -> None:
    directory = DynamoDirectory(aws.dynamodb, aws.tables["DirectoryTable"])
    directory.replace_org(big_org(1, tools=40), expected_version=None)
    blob = encode_snapshot(build_snapshot(big_org(1, tools=40), 1))
    snapshots.put("acme", 1, blob)
    (key,) = objects(aws, "snapshots/acme/")
    aws.s3.put_object(
        Bucket=aws.bucket, Key=key, Body=blob[:-1] + bytes([blob[-1] ^ 0xFF])
    )  # a byte that differs, whatever the last one is
    assert snapshots.get("acme", 1) is None
    rebuilt = SnapshotService(directory, snapshots).current("acme")
    assert len(rebuilt.tools) == 42 and snapshots.get("acme", 1) is not None


def test_old_snapshot_versions_are_pruned(aws: AwsBackend, snapshots: DynamoSnapshotStore) -> None:
    for version in range(1, 7):
        snapshots.put("acme", version, bytes([version]) * (10_000 if version % 2 else 10))
    kept = aws.dynamodb.query(
        TableName=aws.tables["SnapshotTable"],
        KeyConditionExpression="pk = :pk AND begins_with(sk, :v)",
        ExpressionAttributeValues={":pk": {"S": "ORG#acme"}, ":v": {"S": "v#"}},
    )["Items"]
    assert sorted(int(i["version"]["N"]) for i in kept) == [4, 5, 6]
    assert [key.split("/")[-1][:12] for key in objects(aws, "snapshots/acme/")] == ["000000000005"]
    assert snapshots.versions() == {"acme": 6}


# ---- configuration ----------------------------------------------------------------------------


AWS_ENV = {
    "CARDAMOM_BACKEND": "aws",
    "CARDAMOM_JWT_ISSUER": "https://auth.acme.example",
    "CARDAMOM_JWT_PUBLIC_KEY": "{}",
    "CARDAMOM_DIRECTORY_TABLE": "dir",
    "CARDAMOM_AUDIT_TABLE": "audit",
    "CARDAMOM_SNAPSHOT_TABLE": "snap",
    "CARDAMOM_BUCKET": "bucket",
    "CARDAMOM_OAUTH_TABLE": "oauth",
    "CARDAMOM_INSIGHTS_TABLE": "insights",
}


@pytest.mark.parametrize(
    "variable",
    [
        "CARDAMOM_DIRECTORY_TABLE",
        "CARDAMOM_AUDIT_TABLE",
        "CARDAMOM_SNAPSHOT_TABLE",
        "CARDAMOM_BUCKET",
        "CARDAMOM_INSIGHTS_TABLE",
    ],
)
def test_the_aws_backend_fails_fast_without_a_table_or_bucket(variable: str) -> None:
    env = {k: v for k, v in AWS_ENV.items() if k != variable}
    with pytest.raises(ConfigError, match=variable):
        Settings.from_env(env)


def test_signing_in_on_aws_fails_fast_without_the_oauth_table() -> None:
    """An org apply needs no OAuth table; serving /mcp and minting tokens do, and say so."""
    settings = Settings.from_env({k: v for k, v in AWS_ENV.items() if k != "CARDAMOM_OAUTH_TABLE"})
    with pytest.raises(ConfigError, match="CARDAMOM_OAUTH_TABLE"):
        settings.check_signin_state()
    Settings.from_env(AWS_ENV).check_signin_state()


def test_aws_settings_are_read_once() -> None:
    settings = Settings.from_env(
        {**AWS_ENV, "AWS_ENDPOINT_URL": "http://127.0.0.1:5000", "CARDAMOM_AUDIT_RETENTION_DAYS": "30"}
    )
    assert settings.aws is not None
    assert (settings.aws.directory_table, settings.aws.bucket, settings.aws.endpoint_url) == (
        "dir",
        "bucket",
        "http://127.0.0.1:5000",
    )
    assert settings.audit_retention_days == 30
    assert Settings.from_env({}).aws is None
    assert Settings.from_env({}).audit_retention_days is None  # the local store keeps its rows
    assert Settings.from_env(AWS_ENV).audit_retention_days == 365
    with pytest.raises(ConfigError, match="CARDAMOM_SNAPSHOT_INLINE_BYTES"):
        Settings.from_env({**AWS_ENV, "CARDAMOM_SNAPSHOT_INLINE_BYTES": "500000"})
    with pytest.raises(ConfigError, match="CARDAMOM_AUDIT_RETENTION_DAYS"):
        Settings.from_env({"CARDAMOM_AUDIT_RETENTION_DAYS": "0"})
