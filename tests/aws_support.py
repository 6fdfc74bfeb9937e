"""The AWS backend under test: moto's server on 127.0.0.1, tables built from template.yaml.

``moto_server`` starts one server per session (tests start it themselves; nothing
pre-started is ever used). Every test gets its own tables and bucket, named with a fresh
suffix, created from the very ``AWS::DynamoDB::Table`` definitions the template deploys,
so the adapters are tested against the keys, indexes, stream and TTL that production has.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import boto3
import yaml
from joserfc.jwk import ECKey

from cardamom.adapters.jose import JwtSigner
from cardamom.config import AwsSettings, Settings
from tests.support import REPO

REGION = "us-east-1"
# Credentials that only moto accepts; the endpoint is always the local server.
FAKE_ENV = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_DEFAULT_REGION": REGION,
    "AWS_REGION": REGION,
}
_CLEARED = ("AWS_PROFILE", "AWS_DEFAULT_PROFILE", "AWS_ENDPOINT_URL", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE")
TABLE_SETTINGS = {
    "DirectoryTable": "CARDAMOM_DIRECTORY_TABLE",
    "AuditTable": "CARDAMOM_AUDIT_TABLE",
    "SnapshotTable": "CARDAMOM_SNAPSHOT_TABLE",
    "OAuthTable": "CARDAMOM_OAUTH_TABLE",
    "InsightsTable": "CARDAMOM_INSIGHTS_TABLE",
}


class _CfnLoader(yaml.SafeLoader):
    """YAML with CloudFormation's short-form intrinsics (kept as ``{"Ref": ...}`` and the like)."""


def _intrinsic(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> dict[str, Any]:
    name = "Ref" if suffix == "Ref" else f"Fn::{suffix}"
    if isinstance(node, yaml.ScalarNode):
        return {name: loader.construct_scalar(node)}
    if isinstance(node, yaml.SequenceNode):
        return {name: loader.construct_sequence(node, deep=True)}
    return {name: loader.construct_mapping(node, deep=True)}  # type: ignore[arg-type]


_CfnLoader.add_multi_constructor("!", _intrinsic)


@cache
def load_template() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.load((REPO / "template.yaml").read_text(encoding="utf-8"), Loader=_CfnLoader)
    return loaded


@contextmanager
def aws_environment() -> Iterator[None]:
    """Fake credentials and the test region in os.environ, restored afterwards."""
    saved = {name: os.environ.get(name) for name in (*FAKE_ENV, *_CLEARED)}
    os.environ.update(FAKE_ENV)
    for name in _CLEARED:
        os.environ.pop(name, None)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _serial_moto_server() -> Any:
    """moto's threaded server, answering one request at a time: its backends are not thread-safe
    (concurrent requests can corrupt a table mid-transaction), whereas DynamoDB applies each
    request atomically, which serving them one by one reproduces. Callers still interleave."""
    from moto.moto_server.threaded_moto_server import ThreadedMotoServer
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
    from werkzeug.serving import make_server

    lock = threading.Lock()

    class SerialMotoServer(ThreadedMotoServer):
        def _server_entry(self) -> None:
            app = DomainDispatcherApplication(create_backend_app)

            def serial(environ: Any, start_response: Any) -> Any:
                with lock:
                    return list(app(environ, start_response))

            self._server = make_server(self._ip_address, self._port, serial, True, request_handler=MotoRequestHandler)
            self._server_ready_event.set()
            self._server.serve_forever()

    return SerialMotoServer(ip_address="127.0.0.1", port=0, verbose=False)


@contextmanager
def moto_endpoint() -> Iterator[str]:
    """moto's server in a thread on 127.0.0.1 and a free port; yields its URL."""
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one access-log line per request otherwise
    server = _serial_moto_server()
    server.start()
    try:
        host, port = server.get_host_and_port()
        yield f"http://{host}:{port}"
    finally:
        server.stop()


@dataclass
class AwsBackend:
    """One test's tables and bucket on the moto server, and clients to inspect them."""

    endpoint: str
    tables: dict[str, str]  # logical id in template.yaml -> table name
    bucket: str
    dynamodb: Any = field(repr=False)
    s3: Any = field(repr=False)
    streams: Any = field(repr=False)
    inline_bytes: int = 32 * 1024

    @property
    def settings(self) -> AwsSettings:
        return AwsSettings(
            directory_table=self.tables["DirectoryTable"],
            audit_table=self.tables["AuditTable"],
            snapshot_table=self.tables["SnapshotTable"],
            bucket=self.bucket,
            snapshot_inline_bytes=self.inline_bytes,
            endpoint_url=self.endpoint,
            oauth_table=self.tables["OAuthTable"],
            insights_table=self.tables["InsightsTable"],
        )

    def env(self) -> dict[str, str]:
        """The CARDAMOM_* and AWS_* variables that select this backend."""
        return {
            "CARDAMOM_BACKEND": "aws",
            "AWS_ENDPOINT_URL": self.endpoint,
            "CARDAMOM_BUCKET": self.bucket,
            "CARDAMOM_SNAPSHOT_INLINE_BYTES": str(self.inline_bytes),
            **{variable: self.tables[logical] for logical, variable in TABLE_SETTINGS.items()},
        }


def clients(endpoint: str) -> dict[str, Any]:
    options = {"endpoint_url": endpoint, "region_name": REGION}
    return {name: boto3.client(name, **options) for name in ("dynamodb", "s3", "dynamodbstreams")}  # type: ignore[call-overload]


def create_backend(endpoint: str, *, inline_bytes: int = 32 * 1024) -> AwsBackend:
    """Fresh tables (from template.yaml) and a fresh versioned bucket on the server."""
    made = clients(endpoint)
    dynamodb, s3 = made["dynamodb"], made["s3"]
    suffix = uuid.uuid4().hex[:10]
    tables: dict[str, str] = {}
    for logical, resource in load_template()["Resources"].items():
        if resource["Type"] != "AWS::DynamoDB::Table":
            continue
        props = resource["Properties"]
        name = f"{logical}-{suffix}"
        request: dict[str, Any] = {
            "TableName": name,
            "AttributeDefinitions": props["AttributeDefinitions"],
            "KeySchema": props["KeySchema"],
            "BillingMode": props["BillingMode"],
        }
        if "GlobalSecondaryIndexes" in props:
            request["GlobalSecondaryIndexes"] = props["GlobalSecondaryIndexes"]
        if "StreamSpecification" in props:
            request["StreamSpecification"] = {"StreamEnabled": True, **props["StreamSpecification"]}
        dynamodb.create_table(**request)
        ttl = props.get("TimeToLiveSpecification")
        if ttl:
            dynamodb.update_time_to_live(TableName=name, TimeToLiveSpecification=ttl)
        tables[logical] = name
    bucket = f"cardamom-test-{suffix}"
    s3.create_bucket(Bucket=bucket)
    s3.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Enabled"})
    return AwsBackend(endpoint, tables, bucket, dynamodb, s3, made["dynamodbstreams"], inline_bytes)


# ---- the directory table's stream, as Lambda delivers it ---------------------------------------


def lambda_stream_record(record: dict[str, Any], stream_arn: str) -> dict[str, Any]:
    """A record from DynamoDB Streams' GetRecords in the shape Lambda hands the function."""
    shaped = {**record, "eventSourceARN": stream_arn}
    change = dict(record["dynamodb"])
    created = change.get("ApproximateCreationDateTime")
    if created is not None and not isinstance(created, int | float):
        change["ApproximateCreationDateTime"] = int(created.timestamp())  # boto3 parsed it into a datetime
    shaped["dynamodb"] = change
    return shaped


class StreamReader:
    """Reads the directory table's stream on moto with get_shard_iterator/get_records."""

    def __init__(self, backend: AwsBackend) -> None:
        self._streams = backend.streams
        table = backend.dynamodb.describe_table(TableName=backend.tables["DirectoryTable"])["Table"]
        self.arn: str = table["LatestStreamArn"]
        shards = self._streams.describe_stream(StreamArn=self.arn)["StreamDescription"]["Shards"]
        self._iterators: list[str | None] = [
            self._streams.get_shard_iterator(
                StreamArn=self.arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON"
            )["ShardIterator"]
            for shard in shards
        ]

    def new_records(self) -> list[dict[str, Any]]:
        """Every record written since the last call, as Lambda records."""
        out: list[dict[str, Any]] = []
        for i, iterator in enumerate(self._iterators):
            while iterator is not None:
                page = self._streams.get_records(ShardIterator=iterator)
                records = page["Records"]
                out.extend(lambda_stream_record(r, self.arn) for r in records)
                following = page.get("NextShardIterator")
                if not records:
                    self._iterators[i] = following or iterator
                    break
                iterator = following
        return out

    def event(self) -> dict[str, Any]:
        """A Lambda event holding the records written since the last read."""
        return {"Records": self.new_records()}


# ---- the MCP function on the AWS backend --------------------------------------------------------

ISSUER = "https://auth.acme.example"


def aws_settings(backend: AwsBackend, key: ECKey, **extra: str) -> Settings:
    """Settings as the deployed functions read them, pointed at this backend; loopback connectors allowed."""
    env = {
        **backend.env(),
        "CARDAMOM_JWT_ISSUER": ISSUER,
        "CARDAMOM_JWT_AUDIENCE": "cardamom",
        "CARDAMOM_JWT_PUBLIC_KEY": json.dumps(key.as_dict(private=False)),
        "CARDAMOM_LOCAL_MODE": "true",  # the demo SaaS listens on plain http://127.0.0.1
        **extra,
    }
    return Settings.from_env(env)


def mint(key: ECKey, member: str = "alice", scopes: tuple[str, ...] = ("mcp:read", "mcp:write", "mcp:tools")) -> str:
    return JwtSigner(key, issuer=ISSUER, audience="cardamom").mint(org="acme", member=member, scopes=scopes)
