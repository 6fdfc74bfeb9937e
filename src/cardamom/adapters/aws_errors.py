"""How AWS SDK failures become Cardamom errors, for every store of the AWS backend.

A failed call is a ``StoreError`` naming the action and the AWS error code, never a payload;
a conditional put that loses its condition is a ``Conflict``, never an overwrite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.errors import Conflict, StoreError

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient


def error_code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


def store_error(action: str, exc: Exception) -> StoreError:
    """A boto error as a StoreError that names the action and the AWS error code, never a payload."""
    if isinstance(exc, ClientError):
        return StoreError(f"{action} failed: {exc.response.get('Error', {}).get('Code', 'error')}")
    return StoreError(f"{action} failed: {type(exc).__name__}")


def put_new(db: DynamoDBClient, table: str, item: dict[str, Any], *, what: str, action: str) -> None:
    """Write an item that must not exist yet; one that does is a Conflict, never an overwrite."""
    try:
        db.put_item(TableName=table, Item=item, ConditionExpression="attribute_not_exists(pk)")
    except ClientError as exc:
        if error_code(exc) == "ConditionalCheckFailedException":
            raise Conflict(f"{what} already exists") from None
        raise store_error(action, exc) from exc
    except BotoCoreError as exc:
        raise store_error(action, exc) from exc
