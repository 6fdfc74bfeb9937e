"""Secrets on the AWS backend: AWS Secrets Manager, one secret per org and name.

Secret ids are ``{prefix}/{org}/{name}``; the value is the JSON object itself. Only the
name lives in the directory; the value is fetched at call time and never stored elsewhere.

``replace`` (the conditional write a token refresh uses, ``SecretStore``) is a
compare-and-swap on the ``AWSCURRENT`` staging label: the new value is stored as a version
labelled ``PENDING_STAGE`` only, then ``AWSCURRENT`` is moved to it with
``RemoveFromVersionId`` set to the version that was compared. Secrets Manager refuses that
move when ``AWSCURRENT`` has meanwhile moved to another version (another writer won), so
of two racing writers exactly one succeeds; the loser's version is left unlabelled, and
Secrets Manager deletes such versions on its own. ``put`` moves the label the same way, from
whatever version holds it (see ``_swap`` for why).

Plain reads go through the Powertools Parameters secrets provider, which keeps each value in
memory for ``max_age`` seconds (5 minutes by default): a busy connection costs one Secrets
Manager read per execution environment per five minutes, not one per call. ``fresh`` reads,
and ``replace``'s comparison, go to Secrets Manager itself; every write drops the cache.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError

from cardamom.errors import StoreError

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.parameters import SecretsProvider

PENDING_STAGE = "CARDAMOM_PENDING"
DEFAULT_MAX_AGE_SECONDS = 300
# What Secrets Manager answers when the compared version is no longer AWSCURRENT (or is gone).
_LOST_RACE = frozenset({"InvalidParameterException", "ResourceNotFoundException"})


def _code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code"))


class SecretsManagerStore:
    def __init__(self, client: Any, prefix: str = "cardamom", *, max_age: int = DEFAULT_MAX_AGE_SECONDS) -> None:
        self._client = client  # a boto3 secretsmanager client (built on first use)
        self._prefix = prefix.rstrip("/")
        self._max_age = max_age
        self._provider: SecretsProvider | None = None

    def _cached(self) -> SecretsProvider:
        if self._provider is None:
            from aws_lambda_powertools.utilities.parameters import SecretsProvider

            self._provider = SecretsProvider(boto3_client=self._client)
        return self._provider

    def _forget(self) -> None:
        """After any write: no read may return the value it replaced."""
        if self._provider is not None:
            self._provider.clear_cache()  # type: ignore[no-untyped-call]

    def _id(self, org: str, name: str) -> str:
        return f"{self._prefix}/{org}/{name}"

    def _read(self, org: str, name: str) -> tuple[dict[str, str], str] | None:
        """The current value and its version id."""
        try:
            # AWSCURRENT is what an unqualified read returns; named, so that moto, which tracks a
            # default version apart from the labels, reads what Secrets Manager would.
            response = self._client.get_secret_value(SecretId=self._id(org, name), VersionStage="AWSCURRENT")
        except ClientError as exc:
            if _code(exc) == "ResourceNotFoundException":
                return None
            raise StoreError(f"cannot read secret {name!r}: {_code(exc)}") from None
        except BotoCoreError as exc:  # timeouts and dropped connections, after the client's retries
            raise StoreError(f"cannot read secret {name!r}: {type(exc).__name__}") from None
        try:
            value = json.loads(response["SecretString"])
        except (KeyError, ValueError):
            raise StoreError(f"secret {name!r} is not a JSON object") from None
        if not isinstance(value, dict):
            raise StoreError(f"secret {name!r} is not a JSON object")
        return value, str(response["VersionId"])

    def get(self, org: str, name: str, *, fresh: bool = False) -> dict[str, str] | None:
        if fresh:
            found = self._read(org, name)
            return None if found is None else found[0]
        from aws_lambda_powertools.utilities.parameters.exceptions import GetParameterError, TransformParameterError

        try:
            value = self._cached().get(
                self._id(org, name), max_age=self._max_age, transform="json", VersionStage="AWSCURRENT"
            )
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
        try:
            self._put(org, name, value)
        finally:
            self._forget()

    def _put(self, org: str, name: str, value: dict[str, str]) -> None:
        for _ in range(5):  # a writer racing this one moves the label first: move it again from there
            found = self._read(org, name)
            if found is None:
                try:
                    self._client.create_secret(Name=self._id(org, name), SecretString=json.dumps(value))
                    return
                except ClientError as exc:
                    if _code(exc) != "ResourceExistsException":
                        raise StoreError(f"cannot write secret {name!r}: {_code(exc)}") from None
                    continue
            if self._swap(org, name, found[1], value):
                return
        raise StoreError(f"cannot write secret {name!r}: other writers kept changing it")

    def replace(self, org: str, name: str, expected: Mapping[str, str], value: dict[str, str]) -> bool:
        try:
            found = self._read(org, name)
            if found is None or found[0] != dict(expected):
                return False
            return self._swap(org, name, found[1], value)
        finally:
            self._forget()

    def _swap(self, org: str, name: str, compared: str, value: dict[str, str]) -> bool:
        """Store ``value`` as a new version and make it current, unless ``compared`` no longer is.

        Every write goes this way, an admin's ``put`` included: a plain ``PutSecretValue`` would
        be the same on Secrets Manager, but moto keeps a default version of its own that only
        that call moves, and would then answer reads with a version that is no longer current.
        """
        secret_id, version = self._id(org, name), uuid.uuid4().hex
        try:
            self._client.put_secret_value(
                SecretId=secret_id,
                SecretString=json.dumps(value),
                ClientRequestToken=version,
                VersionStages=[PENDING_STAGE],
            )
            self._client.update_secret_version_stage(
                SecretId=secret_id, VersionStage="AWSCURRENT", MoveToVersionId=version, RemoveFromVersionId=compared
            )
        except ClientError as exc:
            if _code(exc) in _LOST_RACE:
                return False
            raise StoreError(f"cannot write secret {name!r}: {_code(exc)}") from None
        return True


def _client_error_code(exc: BaseException) -> str | None:
    """The AWS error code behind Powertools' wrapper (it keeps the original as the context)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ClientError):
            return _code(seen)
        seen = seen.__cause__ or seen.__context__
    return None


def read_client_secret(client: Any, secret_id: str) -> str:
    """A client secret kept in Secrets Manager (the sign-in's OIDC client secret): the secret's
    text, or its ``client_secret`` field when the text is a JSON object."""
    try:
        text = str(client.get_secret_value(SecretId=secret_id)["SecretString"])
    except ClientError as exc:
        raise StoreError(f"cannot read secret {secret_id!r}: {_code(exc)}") from None
    except BotoCoreError as exc:
        raise StoreError(f"cannot read secret {secret_id!r}: {type(exc).__name__}") from None
    if not text.startswith("{"):
        return text
    try:
        value = json.loads(text)
    except ValueError:
        raise StoreError(f"secret {secret_id!r} starts like JSON but is not JSON") from None
    if not isinstance(value, dict):
        raise StoreError(f"secret {secret_id!r} is not a JSON object")
    return str(value.get("client_secret", ""))
