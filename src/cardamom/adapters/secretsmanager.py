"""Secrets on the AWS backend: AWS Secrets Manager, one secret per org and name.

Secret ids are ``{prefix}/{org}/{name}``; the value is the JSON object itself. Only the
name lives in the directory; the value is fetched when a call needs it and never stored
elsewhere. Reads go through the Powertools Parameters secrets provider, which keeps each
value in memory for ``max_age`` seconds (5 minutes by default), so a busy connection costs
one Secrets Manager read per execution environment per five minutes, not one per call. A
write (a rotated refresh token) drops the cache, and ``get(..., fresh=True)`` reads past it:
the credential service does that before giving up on a refresh token another execution
environment may have rotated meanwhile.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from cardamom.errors import StoreError

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.parameters import SecretsProvider

DEFAULT_MAX_AGE_SECONDS = 300


class SecretsManagerStore:
    def __init__(self, client: Any, prefix: str = "cardamom", *, max_age: int = DEFAULT_MAX_AGE_SECONDS) -> None:
        self._client = client  # a boto3 secretsmanager client (built on first use)
        self._prefix = prefix.rstrip("/")
        self._max_age = max_age
        self._provider: SecretsProvider | None = None

    def _id(self, org: str, name: str) -> str:
        return f"{self._prefix}/{org}/{name}"

    def _secrets(self) -> SecretsProvider:
        if self._provider is None:
            from aws_lambda_powertools.utilities.parameters import SecretsProvider

            self._provider = SecretsProvider(boto3_client=self._client)
        return self._provider

    def get(self, org: str, name: str, *, fresh: bool = False) -> dict[str, str] | None:
        from aws_lambda_powertools.utilities.parameters.exceptions import GetParameterError, TransformParameterError

        try:
            value = self._secrets().get(self._id(org, name), max_age=self._max_age, transform="json", force_fetch=fresh)
        except GetParameterError as exc:
            code = _client_error_code(exc)
            if code == "ResourceNotFoundException":
                return None
            raise StoreError(f"cannot read secret {name!r}: {code or 'unreachable'}") from None
        except TransformParameterError:
            raise StoreError(f"secret {name!r} is not a JSON object") from None
        if not isinstance(value, dict):
            raise StoreError(f"secret {name!r} is not a JSON object")
        return {str(k): str(v) for k, v in value.items()}

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        secret_id, payload = self._id(org, name), json.dumps(value)
        try:
            try:
                self._client.put_secret_value(SecretId=secret_id, SecretString=payload)
            except ClientError as exc:
                if exc.response.get("Error", {}).get("Code") != "ResourceNotFoundException":
                    raise StoreError(
                        f"cannot write secret {name!r}: {exc.response.get('Error', {}).get('Code')}"
                    ) from None
                self._client.create_secret(Name=secret_id, SecretString=payload)
        finally:
            if self._provider is not None:
                self._provider.clear_cache()  # type: ignore[no-untyped-call]  # never serve the replaced value


def _client_error_code(exc: BaseException) -> str | None:
    """The AWS error code behind Powertools' wrapper (it keeps the original as the context)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ClientError):
            code = seen.response.get("Error", {}).get("Code")
            return str(code) if code else None
        seen = seen.__cause__ or seen.__context__
    return None
