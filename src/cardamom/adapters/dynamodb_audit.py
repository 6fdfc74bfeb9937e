"""The AWS backend's audit log, on DynamoDB (table design: ``docs/aws.md``).

One item per connected-tool call under the org's partition, sorted by ``{started_at}#{id}``
so the newest come first; a GSI keyed by ``{org}#{member}`` answers "what did this member
run". Each item carries ``expires_at`` (epoch seconds), the table's TTL attribute: the
row's start plus the configured retention. DynamoDB deletes expired items lazily (and
moto never does), so every read filters them out itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters.aws_errors import error_code, put_new, store_error
from cardamom.adapters.dynamodb_items import PK, SK, n, org_pk, s, text
from cardamom.adapters.dynamodb_query import query_items
from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.errors import Conflict

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient

    from cardamom.adapters.dynamodb_items import Item

MEMBER_INDEX = "by_member"
# Sparse: a row carries ``unsealed`` (its org) until a seal takes it (adapters/dynamodb_audit_chain.py).
UNSEALED_INDEX = "unsealed"
_FIELDS = ("member", "account", "connector", "operation", "classification", "status", "started_at")
_OPTIONAL = ("error_code", "target_id", "completed_at", "client", "mcp_name")


def _epoch(iso: str, fallback: float) -> int:
    try:
        return int(datetime.fromisoformat(iso).timestamp())
    except ValueError:
        return int(fallback)


class DynamoAuditLog:
    def __init__(
        self, client: DynamoDBClient, table: str, *, retention_days: int, clock: Callable[[], float] = time.time
    ) -> None:
        self._db = client
        self._table = table
        self._retention = retention_days * 86_400
        self._clock = clock

    @staticmethod
    def _key(row: AuditRow) -> Item:
        return row_key(row.org, row.started_at, row.id)

    def begin(self, row: AuditRow) -> None:
        item: Item = {
            **self._key(row),
            "org": s(row.org),
            "id": s(row.id),
            "org_member": s(f"{row.org}#{row.member}"),
            UNSEALED_INDEX: s(row.org),
            "approved": {"BOOL": row.approved},
            "expires_at": n(_epoch(row.started_at, self._clock()) + self._retention),
            **{name: s(getattr(row, name)) for name in _FIELDS},
        }
        for name in _OPTIONAL:
            value = getattr(row, name)
            if value is not None:
                item[name] = s(value)
        put_new(self._db, self._table, item, what=f"audit row {row.id}", action="audit write")

    def complete(self, row: AuditRow) -> None:
        values: Item = {":status": s(row.status), ":started": s("started")}
        expression = "SET #status = :status"
        for name in ("error_code", "completed_at"):
            value = getattr(row, name)
            if value is not None:
                expression += f", {name} = :{name}"
                values[f":{name}"] = s(value)
        try:
            self._db.update_item(
                TableName=self._table,
                Key=self._key(row),
                UpdateExpression=expression,
                # A row sealed while still open (abandoned) stays as sealed.
                ConditionExpression="#status = :started AND attribute_not_exists(seal)",
                ExpressionAttributeNames={"#status": "status"},
                ExpressionAttributeValues=values,
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                raise Conflict(f"audit row {row.id} is not an open row") from None
            raise store_error("audit write", exc) from exc
        except BotoCoreError as exc:
            raise store_error("audit write", exc) from exc

    def query(self, org: str, query: AuditQuery) -> list[AuditRow]:
        limit = max(1, min(query.limit, 1000))
        names = {"#expires": "expires_at"}
        values: Item = {":now": n(int(self._clock()))}
        filters = ["#expires > :now"]
        for name in ("account", "operation", "status"):
            value = getattr(query, name)
            if value is not None:
                names[f"#{name}"] = name
                values[f":{name}"] = s(value)
                filters.append(f"#{name} = :{name}")
        request: dict[str, Any] = {"TableName": self._table, "ScanIndexForward": False}
        if query.member is not None:
            request["IndexName"] = MEMBER_INDEX
            condition = "org_member = :pk"
            values[":pk"] = s(f"{org}#{query.member}")
        else:
            condition = "pk = :pk"
            values[":pk"] = s(org_pk(org))
            request["ConsistentRead"] = True
        if query.since is not None:
            condition += " AND sk >= :since"
            values[":since"] = s(query.since)
        request.update(
            KeyConditionExpression=condition,
            FilterExpression=" AND ".join(filters),
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=values,
        )
        return [audit_row(item) for item in query_items(self._db, request, what="audit read", limit=limit)]


def row_key(org: str, started_at: str, row_id: str) -> Item:
    return {PK: s(org_pk(org)), SK: s(f"{started_at}#{row_id}")}


def audit_row(item: Item) -> AuditRow:
    return AuditRow(
        org=text(item, "org") or "",
        id=text(item, "id") or "",
        started_at=text(item, "started_at") or "",
        member=text(item, "member") or "",
        account=text(item, "account") or "",
        connector=text(item, "connector") or "",
        operation=text(item, "operation") or "",
        classification=text(item, "classification"),  # type: ignore[arg-type]
        approved=bool(item.get("approved", {}).get("BOOL", False)),
        status=text(item, "status"),  # type: ignore[arg-type]
        error_code=text(item, "error_code"),
        target_id=text(item, "target_id"),
        completed_at=text(item, "completed_at"),
        client=text(item, "client"),
        mcp_name=text(item, "mcp_name"),
    )
