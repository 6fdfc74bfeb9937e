"""Secrets on the AWS backend: AWS Secrets Manager, one secret per org and name.

Secret ids are ``{prefix}/{org}/{name}``; the value is the JSON object itself. Only the
name lives in the directory; the value is fetched at call time and never stored elsewhere.
"""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import ClientError

from cardamom.errors import StoreError


class SecretsManagerStore:
    def __init__(self, client: Any, prefix: str = "cardamom") -> None:
        self._client = client  # a boto3 secretsmanager client, built once per cold start
        self._prefix = prefix.rstrip("/")

    def _id(self, org: str, name: str) -> str:
        return f"{self._prefix}/{org}/{name}"

    def get(self, org: str, name: str) -> dict[str, str] | None:
        try:
            response = self._client.get_secret_value(SecretId=self._id(org, name))
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ResourceNotFoundException":
                return None
            raise StoreError(f"cannot read secret {name!r}: {exc.response.get('Error', {}).get('Code')}") from None
        value: dict[str, str] = json.loads(response["SecretString"])
        return value

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        secret_id, payload = self._id(org, name), json.dumps(value)
        try:
            self._client.put_secret_value(SecretId=secret_id, SecretString=payload)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") != "ResourceNotFoundException":
                raise StoreError(f"cannot write secret {name!r}: {exc.response.get('Error', {}).get('Code')}") from None
            self._client.create_secret(Name=secret_id, SecretString=payload)
