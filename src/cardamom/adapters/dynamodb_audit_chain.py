"""The AWS backend's audit chain, in the audit table beside the rows (design: ``docs/aws.md``).

* the chain head, ``CHAIN#{org}`` / ``#head``: ``seq``, ``digest``, ``sealed_at``,
  ``chain_started_at``, ``seal_expires_at``, ``exported_through``;
* a seal, ``CHAIN#{org}`` / ``seal#{seq:012d}``: ``seq``, ``record`` (the seal as canonical
  JSON), ``expires_at`` (the table's TTL attribute).

A row awaits a seal while it carries ``unsealed`` (its org): the sparse GSI ``unsealed`` lists
those keys only. Sealing is one ``TransactWriteItems``: put the seal (new), move the head
(conditional on the number and digest the seal was planned on), and on each row remove
``unsealed`` and set ``seal`` (conditional on it still awaiting one, with the status read).
Any failed condition cancels the whole transaction (``Conflict``); the sealer reads again.
The head never expires; a seal expires (TTL) a week after the last of its rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters.aws_errors import error_code, store_error
from cardamom.adapters.dynamodb_audit import UNSEALED_INDEX, audit_row, row_key
from cardamom.adapters.dynamodb_items import PK, SK, n, number, org_pk, s, text
from cardamom.adapters.dynamodb_query import query_items
from cardamom.core.audit_chain import ChainHead, Seal, SealEntry, StoredRow, canonical_json
from cardamom.errors import Conflict

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

    from cardamom.adapters.dynamodb_items import Item

HEAD_SK = "#head"
_BATCH_GET = 100  # keys per BatchGetItem
_LAST_SEAL = "seal#999999999999"


def chain_pk(org: str) -> str:
    return f"CHAIN#{org}"


def _seal_sk(seq: int) -> str:
    return f"seal#{seq:012d}"


def _stored(item: Item) -> StoredRow:
    return StoredRow(
        audit_row(item),
        expires_at=number(item, "expires_at"),
        seal=number(item, "seal"),
        queued=UNSEALED_INDEX in item,
    )


class DynamoAuditChain:
    def __init__(self, client: DynamoDBClient, table: str) -> None:
        self._db = client
        self._table = table

    # ---- reads -------------------------------------------------------------------------------

    def head(self, org: str) -> ChainHead | None:
        try:
            item = self._db.get_item(
                TableName=self._table, Key={PK: s(chain_pk(org)), SK: s(HEAD_SK)}, ConsistentRead=True
            ).get("Item")
        except (ClientError, BotoCoreError) as exc:
            raise store_error("audit chain read", exc) from exc
        if item is None:
            return None
        return ChainHead(
            org=org,
            seq=number(item, "seq") or 0,
            digest=text(item, "digest") or "",
            sealed_at=text(item, "sealed_at") or "",
            chain_started_at=text(item, "chain_started_at") or "",
            expires_at=number(item, "seal_expires_at"),
            exported_through=number(item, "exported_through") or 0,
        )

    def _query(self, request: dict[str, Any], limit: int | None = None) -> Iterator[Item]:
        return query_items(self._db, request, what="audit chain read", limit=limit)

    def _get_many(self, keys: list[Item]) -> list[Item]:
        """Items by key, strongly consistent (BatchGetItem, retrying what it leaves unprocessed)."""
        found: list[Item] = []
        try:
            for start in range(0, len(keys), _BATCH_GET):
                request: Any = {self._table: {"Keys": keys[start : start + _BATCH_GET], "ConsistentRead": True}}
                for _ in range(8):
                    page = self._db.batch_get_item(RequestItems=request)
                    found.extend(page.get("Responses", {}).get(self._table, []))
                    request = page.get("UnprocessedKeys") or {}
                    if not request:
                        break
                else:
                    raise Conflict("the audit table left keys unprocessed; try again")
        except (ClientError, BotoCoreError) as exc:
            raise store_error("audit chain read", exc) from exc
        return found

    def pending(self, org: str, limit: int) -> list[StoredRow]:
        keys = [
            {PK: item[PK], SK: item[SK]}
            for item in self._query(
                {
                    "TableName": self._table,
                    "IndexName": UNSEALED_INDEX,
                    "KeyConditionExpression": "#unsealed = :org",
                    "ExpressionAttributeNames": {"#unsealed": UNSEALED_INDEX},
                    "ExpressionAttributeValues": {":org": s(org)},
                },
                limit=max(1, limit),
            )
        ]
        # The index is eventually consistent: the rows themselves say whether they still await a seal.
        return [stored for stored in map(_stored, self._get_many(keys)) if stored.queued]

    def seals(self, org: str, *, after: int = 0) -> Iterator[Seal]:
        request = {
            "TableName": self._table,
            "KeyConditionExpression": "pk = :pk AND sk BETWEEN :first AND :last",
            "ExpressionAttributeValues": {
                ":pk": s(chain_pk(org)),
                ":first": s(_seal_sk(after + 1)),
                ":last": s(_LAST_SEAL),
            },
            "ConsistentRead": True,
        }
        for item in self._query(request):
            yield Seal.from_record(json.loads(text(item, "record") or "{}"))

    def trail(self, org: str, *, since: str | None = None) -> Iterator[StoredRow]:
        values: Item = {":pk": s(org_pk(org))}
        condition = "pk = :pk"
        if since is not None:
            condition += " AND sk >= :since"
            values[":since"] = s(since)
        request = {
            "TableName": self._table,
            "KeyConditionExpression": condition,
            "ExpressionAttributeValues": values,
            "ConsistentRead": True,
        }
        yield from map(_stored, self._query(request))

    def listed(self, org: str, entries: Sequence[SealEntry]) -> list[StoredRow]:
        return [_stored(item) for item in self._get_many([row_key(org, e.started_at, e.id) for e in entries])]

    # ---- writes ------------------------------------------------------------------------------

    def _head_write(self, seal: Seal) -> TransactWriteItemTypeDef:
        key = {PK: s(chain_pk(seal.org)), SK: s(HEAD_SK)}
        fields: Item = {
            "seq": n(seal.seq),
            "digest": s(seal.digest),
            "sealed_at": s(seal.sealed_at),
        }
        if seal.expires_at is not None:
            fields["seal_expires_at"] = n(seal.expires_at)
        if seal.seq == 1:
            item = {**key, **fields, "chain_started_at": s(seal.chain_started_at), "exported_through": n(0)}
            return {"Put": {"TableName": self._table, "Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}
        names = {f"#{name}": name for name in fields}
        values = {f":{name}": value for name, value in fields.items()}
        update = "SET " + ", ".join(f"#{name} = :{name}" for name in fields)
        if seal.expires_at is None:
            update += " REMOVE seal_expires_at"
        return {
            "Update": {
                "TableName": self._table,
                "Key": key,
                "UpdateExpression": update,
                "ConditionExpression": "#seq = :prev_seq AND #digest = :prev_digest",
                "ExpressionAttributeNames": names,
                "ExpressionAttributeValues": {**values, ":prev_seq": n(seal.seq - 1), ":prev_digest": s(seal.prev)},
            }
        }

    def append(self, seal: Seal, rows: Sequence[StoredRow]) -> None:
        item: Item = {
            PK: s(chain_pk(seal.org)),
            SK: s(_seal_sk(seal.seq)),
            "seq": n(seal.seq),
            "record": s(canonical_json(seal.as_record()).decode()),
        }
        if seal.expires_at is not None:
            item["expires_at"] = n(seal.expires_at)
        actions: list[TransactWriteItemTypeDef] = [
            {"Put": {"TableName": self._table, "Item": item, "ConditionExpression": "attribute_not_exists(pk)"}},
            self._head_write(seal),
        ]
        for stored in rows:
            row = stored.row
            actions.append(
                {
                    "Update": {
                        "TableName": self._table,
                        "Key": row_key(row.org, row.started_at, row.id),
                        "UpdateExpression": "SET seal = :seq REMOVE #unsealed",
                        "ConditionExpression": "#unsealed = :org AND #status = :status",
                        "ExpressionAttributeNames": {"#unsealed": UNSEALED_INDEX, "#status": "status"},
                        "ExpressionAttributeValues": {
                            ":seq": n(seal.seq),
                            ":org": s(row.org),
                            ":status": s(row.status),
                        },
                    }
                }
            )
        try:
            self._db.transact_write_items(TransactItems=actions)
        except ClientError as exc:
            if error_code(exc) in ("TransactionCanceledException", "ConditionalCheckFailedException"):
                raise Conflict(f"the audit chain of {seal.org} moved while sealing {seal.seq}") from None
            raise store_error("audit seal write", exc) from exc
        except BotoCoreError as exc:
            raise store_error("audit seal write", exc) from exc

    def mark_exported(self, org: str, *, through: int, expected: int) -> None:
        try:
            self._db.update_item(
                TableName=self._table,
                Key={PK: s(chain_pk(org)), SK: s(HEAD_SK)},
                UpdateExpression="SET exported_through = :through",
                ConditionExpression="exported_through = :expected AND seq >= :through",
                ExpressionAttributeValues={":through": n(through), ":expected": n(expected)},
            )
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                raise Conflict(f"the audit export mark of {org} moved") from None
            raise store_error("audit export mark", exc) from exc
        except BotoCoreError as exc:
            raise store_error("audit export mark", exc) from exc
