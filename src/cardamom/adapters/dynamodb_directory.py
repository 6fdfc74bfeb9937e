"""The AWS backend's directory, on DynamoDB (table design: ``docs/aws.md``).

Directory: one item per record (connector, connection, member, restriction, alias) under
the org's partition, plus the org's version item. Every write is one ``TransactWriteItems``
conditional on the version item and bumping it, so a lost race is a ``Conflict`` and a
membership change lands together with its grant revocation (the member item carries the
revocation watermark). A change too large for one transaction (a whole-org apply of a big
org) is written as a chain of such transactions, each conditional on the one before.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
import zlib
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters import dynamodb_items as items
from cardamom.adapters.aws_errors import error_code, put_new, store_error
from cardamom.adapters.dynamodb_items import PK, SK, n, number, org_pk, s, text
from cardamom.adapters.dynamodb_plan import (
    SPACING,
    ApplyPlanner,
    Existing,
    Plan,
    batches,
    change_keys,
    existing_of,
    version_action,
)
from cardamom.adapters.dynamodb_query import query_items
from cardamom.core.directory import DirectoryChange, Grant, MemberRecord
from cardamom.core.orgdef import MemberDef, OrgDefinition
from cardamom.errors import Conflict, StoreError
from cardamom.ports import StoredOrg

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_dynamodb.type_defs import QueryInputTypeDef, TransactWriteItemTypeDef

    from cardamom.adapters.dynamodb_items import Item
    from cardamom.adapters.s3 import S3Objects

log = logging.getLogger(__name__)
_READ_ATTEMPTS = 5


def _now() -> str:
    return datetime.now(UTC).isoformat()


class _Moved(Exception):
    """A record's tool list disappeared mid-read: a write landed, read again."""


def _next_pos(version_item: Item | None) -> int:
    return (None if version_item is None else number(version_item, "next_pos")) or SPACING


class DynamoDirectory:
    def __init__(self, client: DynamoDBClient, table: str, objects: S3Objects | None = None) -> None:
        self._db = client
        self._table = table
        self._objects = objects
        self._planner = ApplyPlanner(table, self._tool_list)

    @property
    def client(self) -> DynamoDBClient:
        """The DynamoDB client (shared by every store of the process), for instrumentation."""
        return self._db

    # ---- reads -------------------------------------------------------------------------------

    def _get(self, key: Item, *, projection: str | None = None, consistent: bool = True) -> Item | None:
        request: dict[str, Any] = {"TableName": self._table, "Key": key, "ConsistentRead": consistent}
        if projection:
            request["ProjectionExpression"] = projection
        try:
            found = self._db.get_item(**request).get("Item")
        except (ClientError, BotoCoreError) as exc:
            raise store_error("directory read", exc) from exc
        return found

    def _query(self, request: QueryInputTypeDef) -> Iterator[Item]:
        return query_items(self._db, request, what="directory query")

    def _version_item(self, org: str) -> Item | None:
        return self._get({PK: s(org_pk(org)), SK: s(items.VERSION_SK)})

    def _tools(self, item: Item) -> list[Any]:
        if "tools" in item:
            packed = item["tools"].get("B", b"")
        else:
            ref = text(item, "tools_ref")
            if ref is None or self._objects is None:
                raise StoreError(f"connector item {text(item, SK)!r} has no tool list")
            found = self._objects.get(ref)
            if found is None:
                raise _Moved(f"tool list {ref} is gone")
            packed = found
        tools: list[Any] = json.loads(zlib.decompress(packed))
        return tools

    def load_org(self, org: str) -> StoredOrg | None:
        """The org as of one version: re-read if a write landed while the records were being read."""
        for _ in range(_READ_ATTEMPTS):
            before = self._version_item(org)
            if before is None:
                return None
            version = number(before, "version")
            try:
                lists = self._records(org)
            except _Moved as moved:
                after = self._version_item(org)
                if after is not None and number(after, "version") == version:
                    raise StoreError(f"org {org!r} is damaged: {moved}") from None
                continue  # a write replaced the tool list while we read: read again
            after = self._version_item(org)
            if after is not None and version is not None and number(after, "version") == version:
                settings = items.stored_settings(after)
                settling = (number(after, "settles_at") or version) > version
                definition = OrgDefinition.model_validate({"org": org, **settings, **lists})
                return StoredOrg(definition, version, settling)
        raise Conflict(f"org {org!r} kept changing while it was being read")

    def _records(self, org: str) -> dict[str, list[Any]]:
        kinds = items.record_kinds()
        found: dict[str, list[tuple[int, Any]]] = {kind: [] for kind in kinds}
        request: QueryInputTypeDef = {
            "TableName": self._table,
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": {":pk": s(org_pk(org))},
            "ConsistentRead": True,
        }
        for item in self._query(request):
            kind, body = text(item, "kind"), text(item, "body")
            if kind is None or body is None:
                continue  # the version item, or a removed member's tombstone
            if kind not in found:
                raise StoreError(f"org {org!r} holds {kind} records this code does not know")
            record = json.loads(body)
            if kind == "connectors":
                record["tools"] = self._tools(item)
            found[kind].append((number(item, "pos") or 0, record))
        return {kind: [record for _, record in sorted(rows, key=lambda r: r[0])] for kind, rows in found.items()}

    def get_member(self, org: str, member_id: str) -> MemberRecord | None:
        """One strongly consistent GetItem: the member, its role and status, its revocation watermark."""
        item = self._get(
            {PK: s(org_pk(org)), SK: s(items.record_sk("members", member_id))},
            projection="body, grants_revoked_at, revoked_grants",
        )
        body = None if item is None else text(item, "body")
        if item is None or body is None:
            return None
        singly = frozenset(item.get("revoked_grants", {}).get("SS", []))
        return MemberRecord(MemberDef.model_validate_json(body), number(item, "grants_revoked_at"), singly)

    def org_versions(self) -> dict[str, int]:
        request: QueryInputTypeDef = {
            "TableName": self._table,
            "IndexName": items.ORG_INDEX,
            "KeyConditionExpression": "org_index = :all",
            "ExpressionAttributeValues": {":all": s("ORG")},
        }
        return {text(i, "org") or "": number(i, "version") or 0 for i in self._query(request)}

    # ---- grants --------------------------------------------------------------------------------

    def put_grant(self, grant: Grant) -> None:
        item: Item = {
            PK: s(items.grants_pk(grant.org, grant.member)),
            SK: s(f"GRANT#{grant.id}"),
            "id": s(grant.id),
            "member": s(grant.member),
            "scopes": {"L": [s(scope) for scope in grant.scopes]},
            "issued_at": n(grant.issued_at),
            "expires_at": n(grant.expires_at),
        }
        if grant.revoked_at is not None:
            item["revoked_at"] = n(grant.revoked_at)
        if grant.client_id is not None:
            item["client_id"] = s(grant.client_id)
        put_new(self._db, self._table, item, what=f"grant {grant.id}", action="grant write")

    def revoke_grant(self, org: str, member: str, grant_id: str, *, at: int) -> bool:
        """One transaction: the grant item is marked, and its id joins the member item's
        ``revoked_grants`` (read with the member on every request: no extra read per call)."""
        writes: list[TransactWriteItemTypeDef] = [
            {
                "Update": {
                    "TableName": self._table,
                    "Key": {PK: s(items.grants_pk(org, member)), SK: s(f"GRANT#{grant_id}")},
                    "UpdateExpression": "SET revoked_at = :at",
                    "ConditionExpression": "attribute_exists(pk) AND attribute_not_exists(revoked_at)",
                    "ExpressionAttributeValues": {":at": n(at)},
                }
            },
            {
                "Update": {
                    "TableName": self._table,
                    "Key": {PK: s(org_pk(org)), SK: s(items.record_sk("members", member))},
                    "UpdateExpression": "ADD revoked_grants :ids",
                    "ExpressionAttributeValues": {":ids": {"SS": [grant_id]}},
                }
            },
        ]
        try:
            self._db.transact_write_items(TransactItems=writes, ClientRequestToken=uuid.uuid4().hex)
        except ClientError as exc:
            if error_code(exc) == "TransactionCanceledException":
                return False
            raise store_error("grant revocation", exc) from exc
        except BotoCoreError as exc:
            raise store_error("grant revocation", exc) from exc
        return True

    def grants(self, org: str, member: str) -> list[Grant]:
        """The member's grants; a grant is revoked by the first revocation at or after its issue."""
        request: QueryInputTypeDef = {
            "TableName": self._table,
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": {":pk": s(items.grants_pk(org, member))},
            "ConsistentRead": True,
        }
        rows = list(self._query(request))
        holder = self._get({PK: s(org_pk(org)), SK: s(items.record_sk("members", member))}, projection="revocations")
        revocations = sorted(int(v["N"]) for v in (holder or {}).get("revocations", {}).get("L", []))
        grants = []
        for row in rows:
            issued = number(row, "issued_at") or 0
            revoked = number(row, "revoked_at")
            if revoked is None:
                revoked = next((at for at in revocations if at >= issued), None)
            scopes = tuple(v.get("S", "") for v in row.get("scopes", {}).get("L", []))
            expires = number(row, "expires_at") or 0
            grants.append(
                Grant(org, text(row, "id") or "", member, scopes, issued, expires, revoked, text(row, "client_id"))
            )
        return sorted(grants, key=lambda g: (g.issued_at, g.id))

    # ---- writes --------------------------------------------------------------------------------

    def _existing(self, org: str) -> dict[str, Existing]:
        request: QueryInputTypeDef = {
            "TableName": self._table,
            "KeyConditionExpression": "pk = :pk",
            "ProjectionExpression": "sk, pos, h, body, tools_ref",
            "ExpressionAttributeValues": {":pk": s(org_pk(org))},
            "ConsistentRead": True,
        }
        return {text(i, SK) or "": existing_of(i) for i in self._query(request) if text(i, SK) != items.VERSION_SK}

    def _existing_keys(self, org: str, sks: list[str]) -> dict[str, Existing]:
        found: dict[str, Existing] = {}
        for start in range(0, len(sks), 100):
            keys: list[Item] = [{PK: s(org_pk(org)), SK: s(sk)} for sk in sks[start : start + 100]]
            request: dict[str, Any] = {
                self._table: {
                    "Keys": keys,
                    "ConsistentRead": True,
                    "ProjectionExpression": "sk, pos, h, body, tools_ref",
                }
            }
            try:
                for attempt in range(_READ_ATTEMPTS + 1):
                    response = self._db.batch_get_item(RequestItems=request)
                    for item in response.get("Responses", {}).get(self._table, []):
                        found[text(item, SK) or ""] = existing_of(item)
                    request = dict(response.get("UnprocessedKeys") or {})
                    if not request:
                        break
                    time.sleep(0.05 * 2**attempt)  # throttled: back off before asking for the rest
                else:
                    raise StoreError("directory read failed: keys left unprocessed (throttled)")
            except (ClientError, BotoCoreError) as exc:
                raise store_error("directory read", exc) from exc
        return found

    def _tool_list(self, org: str, connector: str, sha: str, data: bytes) -> str:
        if self._objects is None:
            raise StoreError("a bucket is needed for large connector tool lists")
        key = f"tools/{org}/{connector}/{sha}.json.z"
        self._objects.put(key, data)
        return key

    def _check(self, org: str, expected: int | None) -> Item | None:
        found = self._version_item(org)
        version = None if found is None else number(found, "version")
        if version != expected:
            raise Conflict(f"org {org!r} changed concurrently (directory version {version}, expected {expected})")
        return found

    def replace_org(
        self,
        org: OrgDefinition,
        *,
        expected_version: int | None,
        revoke_grants_of: frozenset[str] = frozenset(),
        at: int = 0,
    ) -> int:
        found = self._check(org.org, expected_version)
        plan = self._planner.replace(
            org,
            self._existing(org.org),
            next_pos=_next_pos(found),
            revoke_grants_of=revoke_grants_of,
            at=at,
        )
        return self._write(org.org, expected_version, plan)

    def commit(self, org: str, change: DirectoryChange, *, expected_version: int) -> int:
        found = self._check(org, expected_version)
        existing = self._existing_keys(org, change_keys(change))
        plan = self._planner.change(org, change, existing, next_pos=_next_pos(found))
        return self._write(org, expected_version, plan)

    def _write(self, org: str, expected: int | None, plan: Plan) -> int:
        """Commit the plan: one transaction, or a chain of them each conditional on the last."""
        transactions = batches(plan.actions)
        version = expected
        settles_at = (expected or 0) + len(transactions)
        for i, batch in enumerate(transactions):
            new = (version or 0) + 1
            writes: list[TransactWriteItemTypeDef] = [
                version_action(
                    self._table, org, version, new, plan.next_pos, _now(), plan.settings, settles_at=settles_at
                ),
                *(a.write for a in batch),
            ]
            try:
                self._db.transact_write_items(TransactItems=writes, ClientRequestToken=uuid.uuid4().hex)
            except ClientError as exc:
                if error_code(exc) == "TransactionCanceledException":
                    reasons = {r.get("Code") for r in exc.response.get("CancellationReasons", [])}
                    if reasons & {"ConditionalCheckFailed", "TransactionConflict"}:
                        landed = f"; {i} of {len(transactions)} transactions of this change had landed" if i else ""
                        raise Conflict(
                            f"org {org!r} changed concurrently (expected version {version}){landed}"
                        ) from None
                raise store_error("directory write", exc) from exc
            except BotoCoreError as exc:
                raise store_error("directory write", exc) from exc
            version = new
        self._forget_tools(plan.orphaned_tools)
        return version or 0

    def _forget_tools(self, keys: list[str]) -> None:
        if self._objects is None:
            return
        for key in set(keys):
            try:
                self._objects.delete(key)
            except StoreError:
                log.warning("could not delete an unused tool list", extra={"key": key})
