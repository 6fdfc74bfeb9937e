"""The AWS backend's snapshot store: a DynamoDB pointer per org, blobs inline or in S3.

Snapshot table (design in ``docs/aws.md``): per org, a pointer item ``#current`` (the
current version, the blob's sha256, and either the blob itself when it is small or its S3
key) and one item per stored version ``v#{version}`` of the same shape. The MCP function
reads the pointer once per request; because a small blob rides along with the pointer, a
version change then costs no further read at all, and a large one one S3 GET. Every blob
is checked against the sha256 its DynamoDB item recorded: a blob that does not match is
reported missing, so it is rebuilt and never half-read.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters.aws_errors import error_code, store_error
from cardamom.adapters.dynamodb_items import PK, SK, n, number, org_pk, s, text
from cardamom.adapters.dynamodb_query import query_items
from cardamom.adapters.s3 import S3Objects
from cardamom.errors import StoreError
from cardamom.ports import SnapshotPointer

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_dynamodb.type_defs import QueryInputTypeDef

    from cardamom.adapters.dynamodb_items import Item

log = logging.getLogger(__name__)

POINTER_SK = "#current"
POINTER_INDEX, POINTER_INDEX_KEY = "pointers", "pointer_index"
DEFAULT_INLINE_BYTES = 32 * 1024
MAX_INLINE_BYTES = 350_000  # a DynamoDB item holds 400 KB, key and attributes included
KEEP_VERSIONS = 2  # versions kept before the current one, for readers that saw the old pointer


@dataclass(frozen=True, slots=True)
class _Located:
    """Where one version's blob is: inline bytes, or an S3 key; and the digest it must have."""

    version: int
    sha: str
    blob: bytes | None = None
    key: str | None = None


def _located(item: Item) -> _Located | None:
    version, sha = number(item, "version"), text(item, "sha")
    if version is None or sha is None:
        return None
    blob = item.get("blob", {}).get("B")
    return _Located(version, sha, blob, text(item, "key"))


class DynamoSnapshotStore:
    def __init__(
        self,
        client: DynamoDBClient,
        table: str,
        objects: S3Objects,
        *,
        inline_bytes: int = DEFAULT_INLINE_BYTES,
    ) -> None:
        if not 0 <= inline_bytes <= MAX_INLINE_BYTES:
            raise StoreError(f"inline snapshots must be 0 to {MAX_INLINE_BYTES} bytes")
        self._db = client
        self._table = table
        self._objects = objects
        self._inline = inline_bytes
        # What the last pointer read said, per org: a version change then costs no DynamoDB read.
        self._seen: dict[str, _Located] = {}

    @property
    def objects(self) -> S3Objects:
        return self._objects

    def _key(self, org: str, sk: str) -> Item:
        return {PK: s(org_pk(org)), SK: s(sk)}

    def _read(self, org: str, sk: str, *, consistent: bool) -> Item | None:
        try:
            return self._db.get_item(TableName=self._table, Key=self._key(org, sk), ConsistentRead=consistent).get(
                "Item"
            )
        except (ClientError, BotoCoreError) as exc:
            raise store_error("snapshot read", exc) from exc

    def current(self, org: str) -> SnapshotPointer | None:
        """One eventually consistent GetItem; a small blob comes with it."""
        item = self._read(org, POINTER_SK, consistent=False)
        located = None if item is None else _located(item)
        if located is None:
            self._seen.pop(org, None)
            return None
        self._seen[org] = located
        return SnapshotPointer(org, located.version, located.sha)

    def get(self, org: str, version: int) -> bytes | None:
        seen = self._seen.get(org)
        if seen is not None and seen.version == version:
            # The pointer read just now said where this version is (or brought it along).
            self._seen[org] = _Located(seen.version, seen.sha, None, seen.key)  # the caller caches it now
            blob = self._fetch(org, seen)
            if blob is not None:
                return blob
        item = self._read(org, f"v#{version:012d}", consistent=True)
        located = None if item is None else _located(item)
        return None if located is None else self._fetch(org, located)

    def _fetch(self, org: str, located: _Located) -> bytes | None:
        blob = located.blob
        if blob is None and located.key is not None:
            blob = self._objects.get(located.key)
        if blob is None:
            return None
        if hashlib.sha256(blob).hexdigest() != located.sha:
            log.warning("snapshot blob does not match its digest", extra={"org": org, "version": located.version})
            return None
        return blob

    def put(self, org: str, version: int, blob: bytes) -> None:
        """Store the blob and its version item, then move the pointer to it, never backwards."""
        sha = hashlib.sha256(blob).hexdigest()
        where: Item = {"sha": s(sha), "version": n(version)}
        if len(blob) <= self._inline:
            where["blob"] = {"B": blob}
        else:
            key = f"snapshots/{org}/{version:012d}-{sha[:16]}.snap"
            self._objects.put(key, blob)
            where["key"] = s(key)
        try:
            old = self._db.put_item(
                TableName=self._table,
                Item={**self._key(org, f"v#{version:012d}"), **where},
                ReturnValues="ALL_OLD",
            ).get("Attributes", {})
        except (ClientError, BotoCoreError) as exc:
            raise store_error("snapshot write", exc) from exc
        replaced = text(old, "key")
        if replaced is not None and replaced != text(where, "key"):
            self._forget(replaced)
        if self._move_pointer(org, version, where):
            self._seen.pop(org, None)
            self._prune(org, version)

    def _move_pointer(self, org: str, version: int, where: Item) -> bool:
        values: Item = {":v": where["version"], ":sha": where["sha"], ":org": s(org), ":all": s("CURRENT")}
        if "blob" in where:
            update, values[":blob"] = "SET #blob = :blob", where["blob"]
            remove = " REMOVE #key"
        else:
            update, values[":key"] = "SET #key = :key", where["key"]
            remove = " REMOVE #blob"
        try:
            self._db.update_item(
                TableName=self._table,
                Key=self._key(org, POINTER_SK),
                UpdateExpression=f"{update}, version = :v, sha = :sha, org = :org, {POINTER_INDEX_KEY} = :all{remove}",
                ConditionExpression="attribute_not_exists(version) OR version <= :v",
                ExpressionAttributeNames={"#key": "key", "#blob": "blob"},
                ExpressionAttributeValues=values,
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return False  # a newer snapshot is already current
            raise store_error("snapshot pointer write", exc) from exc
        except BotoCoreError as exc:
            raise store_error("snapshot pointer write", exc) from exc
        return True

    def _prune(self, org: str, current: int) -> None:
        """Drop versions older than the few a reader that saw an older pointer may still fetch."""
        if current - KEEP_VERSIONS <= 1:
            return
        request: QueryInputTypeDef = {
            "TableName": self._table,
            "KeyConditionExpression": "pk = :pk AND sk BETWEEN :low AND :high",
            "ProjectionExpression": "sk, #key",
            "ExpressionAttributeNames": {"#key": "key"},
            "ExpressionAttributeValues": {
                ":pk": s(org_pk(org)),
                ":low": s("v#"),
                ":high": s(f"v#{current - KEEP_VERSIONS - 1:012d}"),
            },
        }
        try:
            old = self._db.query(**request)["Items"]
            for item in old:
                self._db.delete_item(TableName=self._table, Key=self._key(org, text(item, SK) or ""))
                key = text(item, "key")
                if key is not None:
                    self._forget(key)
        except (ClientError, BotoCoreError, StoreError) as exc:
            log.warning("could not prune old snapshots", extra={"org": org, "problem": str(exc)})

    def _forget(self, key: str) -> None:
        try:
            self._objects.delete(key)
        except StoreError as exc:
            log.warning("could not delete an old snapshot blob", extra={"key": key, "problem": str(exc)})

    def versions(self) -> dict[str, int]:
        """Every org's current snapshot version (one query of the pointer index)."""
        request: QueryInputTypeDef = {
            "TableName": self._table,
            "IndexName": POINTER_INDEX,
            "KeyConditionExpression": f"{POINTER_INDEX_KEY} = :all",
            "ExpressionAttributeValues": {":all": s("CURRENT")},
        }
        pointers = query_items(self._db, request, what="snapshot pointer query")
        return {text(i, "org") or "": number(i, "version") or 0 for i in pointers}
