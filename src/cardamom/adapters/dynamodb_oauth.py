"""The authorization server's stores on DynamoDB: one table (``OAuthTable`` in template.yaml).

Keys (``pk`` / ``sk``), one item per record; short-lived records carry ``expires_at``, the
table's TTL attribute, and every read skips expired ones itself (TTL deletes lazily):

    CLIENT#{client_id}        client     a registered or metadata-document client (JSON body)
    CLIENTFP#{fingerprint}    client     the registration a fingerprint already made (dedup)
    RATE#{key}@{window}       count      a rate-limit counter
    REQ#{id}                  request    a pending authorization request (15 min)
    CODE#{sha256(code)}       code       an authorization code (2 min), single use
    FAMILY#{id}               family     a refresh-token family and its generation
    CONSENT#{org}#{member}    {client}   the scopes a member granted a client

Single use and rotation are conditional writes: of two racing requests exactly one wins.
Nothing here is in the directory table, whose stream drives snapshot rebuilds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.adapters.aws_errors import error_code, store_error
from cardamom.adapters.dynamodb_items import PK, SK, n, number, s, text
from cardamom.adapters.oauth_records import dump, load
from cardamom.core.oauth_clients import OAuthClient
from cardamom.core.oauth_grants import AuthorizationCode, PendingAuthorization, RefreshFamily
from cardamom.errors import Conflict

if TYPE_CHECKING:
    from types_boto3_dynamodb.client import DynamoDBClient

    from cardamom.adapters.dynamodb_items import Item


class _Table:
    def __init__(self, client: DynamoDBClient, table: str) -> None:
        self._db = client
        self._table = table

    def _get(self, pk: str, sk: str) -> Item | None:
        try:
            found = self._db.get_item(TableName=self._table, Key={PK: s(pk), SK: s(sk)}, ConsistentRead=True)
        except (ClientError, BotoCoreError) as exc:
            raise store_error("authorization store read", exc) from exc
        return found.get("Item")

    def _live(self, pk: str, sk: str, now: int) -> Item | None:
        item = self._get(pk, sk)
        expires = None if item is None else number(item, "expires_at")
        if item is None or (expires is not None and expires <= now):
            return None
        return item

    def _put(self, item: Item, *, new: bool = True) -> None:
        request: dict[str, Any] = {"TableName": self._table, "Item": item}
        if new:
            request["ConditionExpression"] = "attribute_not_exists(pk)"
        try:
            self._db.put_item(**request)
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                raise Conflict(f"{text(item, PK)} already exists") from None
            raise store_error("authorization store write", exc) from exc
        except BotoCoreError as exc:
            raise store_error("authorization store write", exc) from exc

    def _update(self, **request: Any) -> dict[str, Any] | None:
        """An UpdateItem; None when its condition failed."""
        try:
            response: dict[str, Any] = self._db.update_item(TableName=self._table, **request)  # type: ignore[assignment]
        except ClientError as exc:
            if error_code(exc) == "ConditionalCheckFailedException":
                return None
            raise store_error("authorization store write", exc) from exc
        except BotoCoreError as exc:
            raise store_error("authorization store write", exc) from exc
        return response


class DynamoOAuthClients(_Table):
    def get(self, client_id: str) -> OAuthClient | None:
        item = self._get(f"CLIENT#{client_id}", "client")
        body = None if item is None else text(item, "body")
        return None if body is None else load(OAuthClient, body)

    def by_fingerprint(self, fingerprint: str) -> OAuthClient | None:
        found = self._get(f"CLIENTFP#{fingerprint}", "client")
        return None if found is None else self.get(text(found, "client_id") or "")

    def register(self, client: OAuthClient) -> OAuthClient:
        marker: Item = {PK: s(f"CLIENTFP#{client.fingerprint}"), SK: s("client"), "client_id": s(client.client_id)}
        try:
            self._db.transact_write_items(
                TransactItems=[
                    {
                        "Put": {
                            "TableName": self._table,
                            "Item": marker,
                            "ConditionExpression": "attribute_not_exists(pk)",
                        }
                    },
                    {
                        "Put": {
                            "TableName": self._table,
                            "Item": {PK: s(f"CLIENT#{client.client_id}"), SK: s("client"), "body": s(dump(client))},
                            "ConditionExpression": "attribute_not_exists(pk)",
                        }
                    },
                ]
            )
        except ClientError as exc:
            if error_code(exc) != "TransactionCanceledException":
                raise store_error("client registration", exc) from exc
            found = self._get(f"CLIENTFP#{client.fingerprint}", "client")
            existing = None if found is None else self.get(text(found, "client_id") or "")
            if existing is None:
                raise Conflict("a client with this fingerprint is being registered concurrently") from None
            return existing
        except BotoCoreError as exc:
            raise store_error("client registration", exc) from exc
        return client

    def hit(self, key: str, *, window_seconds: int, now: int) -> int:
        window = now - now % window_seconds
        response = self._update(
            Key={PK: s(f"RATE#{key}@{window}"), SK: s("count")},
            UpdateExpression="ADD #count :one SET expires_at = :expires",
            ExpressionAttributeNames={"#count": "count"},
            ExpressionAttributeValues={":one": n(1), ":expires": n(window + window_seconds)},
            ReturnValues="UPDATED_NEW",
        )
        attributes = {} if response is None else response.get("Attributes", {})
        return int(attributes.get("count", {}).get("N", "1"))


class DynamoAuthorizations(_Table):
    def put_request(self, request: PendingAuthorization) -> None:
        self._put(
            {
                PK: s(f"REQ#{request.id}"),
                SK: s("request"),
                "stage": s(request.stage),
                "body": s(dump(request)),
                "expires_at": n(request.expires_at),
            }
        )

    def get_request(self, request_id: str, *, now: int) -> PendingAuthorization | None:
        item = self._live(f"REQ#{request_id}", "request", now)
        body = None if item is None else text(item, "body")
        return None if body is None else load(PendingAuthorization, body)

    def replace_request(self, request: PendingAuthorization, *, expected_stage: str) -> None:
        done = self._update(
            Key={PK: s(f"REQ#{request.id}"), SK: s("request")},
            UpdateExpression="SET stage = :stage, body = :body",
            ConditionExpression="stage = :expected",
            ExpressionAttributeValues={
                ":stage": s(request.stage),
                ":body": s(dump(request)),
                ":expected": s(expected_stage),
            },
        )
        if done is None:
            raise Conflict(f"authorization request {request.id} moved on concurrently")

    def put_code(self, code: AuthorizationCode) -> None:
        self._put(
            {
                PK: s(f"CODE#{code.code_hash}"),
                SK: s("code"),
                "used": {"BOOL": False},
                "body": s(dump(code)),
                "expires_at": n(code.expires_at),
            }
        )

    def use_code(self, code_hash: str, *, now: int) -> AuthorizationCode | None:
        # The first use is the one conditional update that finds used = false; any other sees it failed.
        response = self._update(
            Key={PK: s(f"CODE#{code_hash}"), SK: s("code")},
            UpdateExpression="SET used = :true",
            ConditionExpression="attribute_exists(pk) AND expires_at > :now AND used = :false",
            ExpressionAttributeValues={":true": {"BOOL": True}, ":false": {"BOOL": False}, ":now": n(now)},
            ReturnValues="ALL_OLD",
        )
        if response is not None:
            body = text(response.get("Attributes", {}), "body")
            return None if body is None else replace(load(AuthorizationCode, body), used=False)
        item = self._live(f"CODE#{code_hash}", "code", now)
        body = None if item is None else text(item, "body")
        return None if body is None else replace(load(AuthorizationCode, body), used=True)


class DynamoRefreshFamilies(_Table):
    def create(self, family: RefreshFamily) -> None:
        self._put(
            {
                PK: s(f"FAMILY#{family.id}"),
                SK: s("family"),
                "generation": n(family.generation),
                "body": s(dump(family)),
                "expires_at": n(family.expires_at),
            }
        )

    def get(self, family_id: str, *, now: int) -> RefreshFamily | None:
        item = self._live(f"FAMILY#{family_id}", "family", now)
        body = None if item is None else text(item, "body")
        if item is None or body is None:
            return None
        return replace(load(RefreshFamily, body), generation=number(item, "generation") or 0)

    def advance(self, family_id: str, generation: int) -> bool:
        done = self._update(
            Key={PK: s(f"FAMILY#{family_id}"), SK: s("family")},
            UpdateExpression="SET generation = :next",
            ConditionExpression="generation = :current",
            ExpressionAttributeValues={":next": n(generation + 1), ":current": n(generation)},
        )
        return done is not None


class DynamoConsents(_Table):
    def remembered(self, org: str, member: str, client_id: str) -> tuple[str, ...] | None:
        item = self._get(f"CONSENT#{org}#{member}", client_id)
        scopes = None if item is None else text(item, "scopes")
        return None if scopes is None else tuple(scopes.split())

    def remember(self, org: str, member: str, client_id: str, scopes: tuple[str, ...], *, at: int) -> None:
        item: Item = {PK: s(f"CONSENT#{org}#{member}"), SK: s(client_id), "scopes": s(" ".join(scopes)), "at": n(at)}
        self._put(item, new=False)

    def forget(self, org: str, member: str, client_id: str) -> None:
        try:
            self._db.delete_item(TableName=self._table, Key={PK: s(f"CONSENT#{org}#{member}"), SK: s(client_id)})
        except (ClientError, BotoCoreError) as exc:
            raise store_error("consent delete", exc) from exc
