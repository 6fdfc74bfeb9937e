"""The AWS backend's clients and stores, built once per process (per Lambda cold start).

Region and credentials come from the usual AWS variables (in Lambda, from the function's
role); ``AWS_ENDPOINT_URL`` points every client at a local endpoint such as moto's server
or DynamoDB Local.

The DynamoDB client is built at once (every request reads the directory); the S3 and Secrets
Manager clients on first use (a small org's snapshot lives in DynamoDB, and only connections
with stored secrets read Secrets Manager), so a cold start pays only for what it uses.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardamom.config import AwsSettings
from cardamom.errors import ConfigError

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_s3.client import S3Client

    from cardamom.adapters.dynamodb_audit import DynamoAuditLog
    from cardamom.adapters.dynamodb_audit_chain import DynamoAuditChain
    from cardamom.adapters.dynamodb_directory import DynamoDirectory
    from cardamom.adapters.dynamodb_insights import DynamoUnmetSearchLog
    from cardamom.adapters.dynamodb_snapshots import DynamoSnapshotStore
    from cardamom.adapters.s3 import S3Objects


class LazyClient:
    """A boto3 client built on first use (any attribute), once, whichever thread gets there first."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self._client: Any = None
        self._lock = threading.Lock()

    @property
    def built(self) -> bool:
        return self._client is not None

    def __getattr__(self, name: str) -> Any:
        client = self._client
        if client is None:
            with self._lock:
                if self._client is None:
                    self._client = self._make()
                client = self._client
        return getattr(client, name)


@dataclass(frozen=True, slots=True)
class AwsClients:
    dynamodb: Any
    s3: Any  # a LazyClient
    secretsmanager: Any  # a LazyClient


@dataclass(frozen=True, slots=True)
class AwsStores:
    directory: DynamoDirectory
    audit: DynamoAuditLog
    audit_chain: DynamoAuditChain
    snapshots: DynamoSnapshotStore
    objects: S3Objects
    secretsmanager: Any  # a LazyClient
    unmet_searches: DynamoUnmetSearchLog | None = None


def aws_clients(aws: AwsSettings) -> AwsClients:
    import boto3
    from botocore.config import Config
    from botocore.exceptions import BotoCoreError

    session = boto3.session.Session()
    if session.region_name is None and os.environ.get("AWS_REGION"):
        # botocore reads AWS_DEFAULT_REGION (and the profile), not AWS_REGION; Lambda sets both.
        session = boto3.session.Session(region_name=os.environ["AWS_REGION"])
    if session.region_name is None:
        raise ConfigError("AWS_REGION (or AWS_DEFAULT_REGION) is required with CARDAMOM_BACKEND=aws")
    config = Config(
        retries={"mode": "standard", "max_attempts": 4},
        connect_timeout=3,
        read_timeout=10,
        max_pool_connections=16,
        tcp_keepalive=True,
    )
    options: dict[str, Any] = {"config": config}
    if aws.endpoint_url:
        options["endpoint_url"] = aws.endpoint_url

    def build(service: str) -> Any:
        try:
            return session.client(service, **options)  # type: ignore[call-overload]
        except BotoCoreError as exc:
            raise ConfigError(f"cannot build the AWS {service} client: {exc}") from exc

    return AwsClients(
        dynamodb=build("dynamodb"),
        s3=LazyClient(lambda: build("s3")),
        secretsmanager=LazyClient(lambda: build("secretsmanager")),
    )


def aws_stores(
    aws: AwsSettings,
    *,
    audit_retention_days: int,
    unmet_search_retention_days: int = 30,
    clients: AwsClients | None = None,
) -> AwsStores:
    """The stores over ``clients`` (built here when not given)."""
    from cardamom.adapters.dynamodb_audit import DynamoAuditLog
    from cardamom.adapters.dynamodb_audit_chain import DynamoAuditChain
    from cardamom.adapters.dynamodb_directory import DynamoDirectory
    from cardamom.adapters.dynamodb_insights import DynamoUnmetSearchLog
    from cardamom.adapters.dynamodb_snapshots import DynamoSnapshotStore
    from cardamom.adapters.s3 import S3Objects

    clients = clients or aws_clients(aws)
    dynamodb: DynamoDBClient = clients.dynamodb
    s3: S3Client = clients.s3
    objects = S3Objects(s3, aws.bucket)
    return AwsStores(
        directory=DynamoDirectory(dynamodb, aws.directory_table, objects),
        audit=DynamoAuditLog(dynamodb, aws.audit_table, retention_days=audit_retention_days),
        audit_chain=DynamoAuditChain(dynamodb, aws.audit_table),
        snapshots=DynamoSnapshotStore(dynamodb, aws.snapshot_table, objects, inline_bytes=aws.snapshot_inline_bytes),
        objects=objects,
        secretsmanager=clients.secretsmanager,
        unmet_searches=None
        if aws.insights_table is None
        else DynamoUnmetSearchLog(dynamodb, aws.insights_table, retention_days=unmet_search_retention_days),
    )
