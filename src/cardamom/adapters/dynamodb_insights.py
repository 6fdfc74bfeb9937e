"""The AWS backend's unmet searches, in their own DynamoDB table (``InsightsTable``).

One item per record under the org's partition, sorted by ``{at}#{id}``; ``expires_at``
(epoch seconds) is the table's TTL attribute: the record's time plus the configured
retention. DynamoDB deletes expired items lazily (and moto never does), so reads skip them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters.aws_errors import store_error
from cardamom.adapters.dynamodb_items import PK, SK, n, org_pk, s, text
from cardamom.adapters.dynamodb_query import query_items
from cardamom.core.audit_chain import epoch
from cardamom.core.insights import UnmetSearch

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_dynamodb.type_defs import AttributeValueTypeDef

    from cardamom.adapters.dynamodb_items import Item


def _texts(values: tuple[str, ...]) -> AttributeValueTypeDef:
    return {"L": [s(v) for v in values]}


def _read_texts(item: Item, name: str) -> tuple[str, ...]:
    return tuple(str(v.get("S", "")) for v in item.get(name, {}).get("L", []))


class DynamoUnmetSearchLog:
    def __init__(
        self, client: DynamoDBClient, table: str, *, retention_days: int, clock: Callable[[], float] = time.time
    ) -> None:
        self._db = client
        self._table = table
        self._retention = retention_days * 86_400
        self._clock = clock

    def add(self, record: UnmetSearch) -> None:
        item: Item = {
            PK: s(org_pk(record.org)),
            SK: s(f"{record.at}#{record.id}"),
            "org": s(record.org),
            "id": s(record.id),
            "at": s(record.at),
            "member": s(record.member),
            "role": s(record.role),
            "reason": s(record.reason),
            "apps": _texts(record.apps),
            "words": _texts(record.words),
            "restricted_tools": _texts(record.restricted_tools),
            "expires_at": n(int(epoch(record.at)) + self._retention),
        }
        try:
            self._db.put_item(TableName=self._table, Item=item)
        except (ClientError, BotoCoreError) as exc:
            raise store_error("unmet search write", exc) from exc

    def query(self, org: str, *, since: str | None = None, limit: int) -> list[UnmetSearch]:
        values: Item = {":pk": s(org_pk(org)), ":now": n(int(self._clock()))}
        condition = "pk = :pk"
        if since is not None:
            condition += " AND sk >= :since"
            values[":since"] = s(since)
        request: dict[str, Any] = {
            "TableName": self._table,
            "KeyConditionExpression": condition,
            "FilterExpression": "expires_at > :now",
            "ExpressionAttributeValues": values,
        }
        return [_record(item) for item in query_items(self._db, request, what="unmet search read", limit=limit)]

    def prune(self) -> int:
        return 0  # the table's TTL deletes expired records


def _record(item: Item) -> UnmetSearch:
    return UnmetSearch(
        org=text(item, "org") or "",
        id=text(item, "id") or "",
        at=text(item, "at") or "",
        member=text(item, "member") or "",
        role=text(item, "role") or "",
        reason=text(item, "reason"),  # type: ignore[arg-type]
        apps=_read_texts(item, "apps"),
        words=_read_texts(item, "words"),
        restricted_tools=_read_texts(item, "restricted_tools"),
    )
