"""Secrets Manager is read once per max_age, not per call; a write drops the cache; and a refresh
token another execution environment rotated meanwhile is picked up instead of disconnecting.

Runs on moto's in-process Secrets Manager; the calls are counted on the boto3 client itself.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.adapters.secretsmanager import SecretsManagerStore
from cardamom.core.orgdef import AuthSpec, CredentialRef
from cardamom.core.pool import AccountInfo
from cardamom.errors import ReauthorizationNeeded, StoreError, TokenRefused
from cardamom.ports import AccessToken
from cardamom.service.connector_calls import ConnectorLimits
from cardamom.service.credentials import CredentialService


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    for name, value in {
        "AWS_ACCESS_KEY_ID": "test",
        "AWS_SECRET_ACCESS_KEY": "test",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",
    }.items():
        monkeypatch.setenv(name, value)
    with mock_aws():
        yield boto3.client("secretsmanager", region_name="us-east-1")


def counted(client: Any) -> Counter[str]:
    calls: Counter[str] = Counter()

    def count(event_name: str, **_: Any) -> None:
        calls[event_name.rsplit(".", 1)[-1]] += 1

    client.meta.events.register("before-call.secrets-manager.*", count)
    return calls


def test_reads_are_cached_for_max_age(client: Any) -> None:
    store = SecretsManagerStore(client, max_age=1)
    store.put("acme", "notion", {"token": "t-1"})
    calls = counted(client)
    assert [store.get("acme", "notion") for _ in range(5)] == [{"token": "t-1"}] * 5
    assert calls["GetSecretValue"] == 1
    assert store.get("acme", "notion", fresh=True) == {"token": "t-1"}
    assert calls["GetSecretValue"] == 2
    time.sleep(1.1)
    store.get("acme", "notion")
    assert calls["GetSecretValue"] == 3


def test_a_write_is_never_hidden_by_the_cache(client: Any) -> None:
    store = SecretsManagerStore(client)
    store.put("acme", "cal", {"refresh_token": "rt-1"})
    assert store.get("acme", "cal") == {"refresh_token": "rt-1"}
    store.put("acme", "cal", {"refresh_token": "rt-2"})
    assert store.get("acme", "cal") == {"refresh_token": "rt-2"}


def test_missing_and_malformed_secrets(client: Any) -> None:
    store = SecretsManagerStore(client)
    assert store.get("acme", "absent") is None
    client.create_secret(Name="cardamom/acme/broken", SecretString="not json")
    with pytest.raises(StoreError, match="not a JSON object"):
        store.get("acme", "broken")
    client.create_secret(Name="cardamom/acme/list", SecretString="[1, 2]")
    with pytest.raises(StoreError, match="not a JSON object"):
        store.get("acme", "list")


class RotatingServer:
    """A token endpoint that rotates refresh tokens: each one works once."""

    def __init__(self) -> None:
        self.valid = {"rt-1"}
        self.issued = 0

    async def request_token(self, *, refresh_token: str | None = None, **_: Any) -> AccessToken:
        if refresh_token not in self.valid:
            raise TokenRefused("the authorization server refused the grant (invalid_grant)")
        self.issued += 1
        self.valid = {f"rt-{self.issued + 1}"}
        return AccessToken(f"at-{self.issued}", time.time() - 1, f"rt-{self.issued + 1}")  # already expired


def credentials(store: SecretsManagerStore, server: RotatingServer) -> CredentialService:
    return CredentialService(store, server, EnvCredentialResolver({}), ConnectorLimits())  # type: ignore[arg-type]


AUTH = AuthSpec(type="oauth2", token_url="https://auth.example.com/token", grant="authorization_code")
ACCOUNT = AccountInfo("cal-main", "cal", CredentialRef(secret="cal"))


def test_a_refresh_token_rotated_by_another_environment_is_picked_up(client: Any) -> None:
    """Two execution environments, each with its own cache of the secret: the first rotates the
    refresh token; the second, holding the old one, is refused once, re-reads, and carries on."""
    SecretsManagerStore(client).put("acme", "cal", {"client_id": "c", "client_secret": "s", "refresh_token": "rt-1"})
    server = RotatingServer()
    first_store, second_store = SecretsManagerStore(client), SecretsManagerStore(client)
    first, second = credentials(first_store, server), credentials(second_store, server)
    assert second_store.get("acme", "cal") == {"client_id": "c", "client_secret": "s", "refresh_token": "rt-1"}

    assert asyncio.run(first.resolve("acme", ACCOUNT, AUTH)).token is not None  # rotates rt-1 -> rt-2
    # Holds rt-1 in its cache: refused once, re-reads rt-2, no ReauthorizationNeeded.
    second_token = asyncio.run(second.resolve("acme", ACCOUNT, AUTH))
    assert second_token.token == "at-2"
    assert SecretsManagerStore(client).get("acme", "cal", fresh=True) == {
        "client_id": "c",
        "client_secret": "s",
        "refresh_token": "rt-3",
    }


def test_a_real_refusal_still_withdraws_the_connection(client: Any) -> None:
    SecretsManagerStore(client).put("acme", "cal", {"client_id": "c", "client_secret": "s", "refresh_token": "rt-9"})
    service = credentials(SecretsManagerStore(client), RotatingServer())
    with pytest.raises(ReauthorizationNeeded, match="needs_reauth") as refused:
        asyncio.run(service.resolve("acme", ACCOUNT, AUTH))
    assert refused.value.account == "cal-main"
