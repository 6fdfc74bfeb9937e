"""The AWS backend's clients and stores, built once per process (per Lambda cold start).

Region and credentials come from the usual AWS variables (in Lambda, from the function's
role); ``AWS_ENDPOINT_URL`` points every client at a local endpoint such as moto's server
or DynamoDB Local.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardamom.adapters.dynamodb_audit import DynamoAuditLog
from cardamom.adapters.dynamodb_audit_chain import DynamoAuditChain
from cardamom.adapters.dynamodb_directory import DynamoDirectory
from cardamom.adapters.dynamodb_insights import DynamoUnmetSearchLog
from cardamom.adapters.dynamodb_snapshots import DynamoSnapshotStore
from cardamom.adapters.s3 import S3Objects
from cardamom.config import AwsSettings
from cardamom.errors import ConfigError

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_s3.client import S3Client


@dataclass(frozen=True, slots=True)
class AwsStores:
    directory: DynamoDirectory
    audit: DynamoAuditLog
    audit_chain: DynamoAuditChain
    snapshots: DynamoSnapshotStore
    objects: S3Objects
    session: Any
    unmet_searches: DynamoUnmetSearchLog | None = None  # the boto3 session, for any further client


def aws_stores(aws: AwsSettings, *, audit_retention_days: int, unmet_search_retention_days: int = 30) -> AwsStores:
    import boto3
    from botocore.config import Config
    from botocore.exceptions import BotoCoreError

    session = boto3.session.Session()
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
    try:
        dynamodb: DynamoDBClient = session.client("dynamodb", **options)
        s3: S3Client = session.client("s3", **options)
    except BotoCoreError as exc:
        raise ConfigError(f"cannot build the AWS clients: {exc}") from exc
    objects = S3Objects(s3, aws.bucket)
    return AwsStores(
        directory=DynamoDirectory(dynamodb, aws.directory_table, objects),
        audit=DynamoAuditLog(dynamodb, aws.audit_table, retention_days=audit_retention_days),
        audit_chain=DynamoAuditChain(dynamodb, aws.audit_table),
        snapshots=DynamoSnapshotStore(dynamodb, aws.snapshot_table, objects, inline_bytes=aws.snapshot_inline_bytes),
        objects=objects,
        session=session,
        unmet_searches=None
        if aws.insights_table is None
        else DynamoUnmetSearchLog(dynamodb, aws.insights_table, retention_days=unmet_search_retention_days),
    )
