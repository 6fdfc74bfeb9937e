"""Secrets on the AWS backend: AWS Secrets Manager, one secret per org and name.

Secret ids are ``{prefix}/{org}/{name}``; the value is the JSON object itself. Only the
name lives in the directory; the value is fetched at call time and never stored elsewhere.
"""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

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
        except BotoCoreError as exc:  # timeouts and dropped connections, after the client's retries
            raise StoreError(f"cannot read secret {name!r}: {type(exc).__name__}") from None
        try:
            value = json.loads(response["SecretString"])
        except (KeyError, ValueError):
            raise StoreError(f"secret {name!r} is not a JSON object") from None
        if not isinstance(value, dict):
            raise StoreError(f"secret {name!r} is not a JSON object")
        return value

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        secret_id, payload = self._id(org, name), json.dumps(value)
        try:
            try:
                self._client.put_secret_value(SecretId=secret_id, SecretString=payload)
            except ClientError as exc:
                if exc.response.get("Error", {}).get("Code") != "ResourceNotFoundException":
                    raise
                self._client.create_secret(Name=secret_id, SecretString=payload)
        except ClientError as exc:
            raise StoreError(f"cannot write secret {name!r}: {exc.response.get('Error', {}).get('Code')}") from None
        except BotoCoreError as exc:
            raise StoreError(f"cannot write secret {name!r}: {type(exc).__name__}") from None
