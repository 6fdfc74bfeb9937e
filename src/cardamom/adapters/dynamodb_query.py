"""Reading a DynamoDB query to its end: every page, or up to a number of items."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters.aws_errors import store_error

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient
    from types_boto3_dynamodb.type_defs import QueryInputTypeDef

    from cardamom.adapters.dynamodb_items import Item


def query_items(
    db: DynamoDBClient, request: Mapping[str, Any], *, what: str, limit: int | None = None
) -> Iterator[Item]:
    """The query's items page after page (``limit``: stop after that many); a failure is a
    StoreError naming ``what`` was being read."""
    paged: dict[str, Any] = dict(request)
    count = 0
    try:
        while True:
            typed: QueryInputTypeDef = paged  # type: ignore[assignment]
            page = db.query(**typed)
            for item in page["Items"]:
                if limit is not None and count >= limit:
                    return
                yield item
                count += 1
            last = page.get("LastEvaluatedKey")
            if not last or (limit is not None and count >= limit):
                return
            paged["ExclusiveStartKey"] = last
    except (ClientError, BotoCoreError) as exc:
        raise store_error(what, exc) from exc
