"""Access tokens shared through the secret store by workers that share nothing else.

Each ``OAuthTokens`` here stands for a process (a Lambda instance): its own memory, its own
single flight, and only the store in common, whether the embedded Fernet file or Secrets
Manager (on moto). The conditional write (``SecretStore.replace``) and the lease it guards
must leave exactly one refresh however the workers interleave.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

from cardamom.adapters.fernet import FernetSecretStore
from cardamom.adapters.secretsmanager import SecretsManagerStore
from cardamom.core.orgdef import AuthSpec, CredentialRef
from cardamom.core.pool import AccountInfo
from cardamom.errors import ReauthorizationNeeded, StoreError, TokenRefused
from cardamom.ports import AccessToken, SecretStore, TokenEndpoint
from cardamom.service.oauth_tokens import ACCESS_TOKEN, ISSUED_FOR, LEASE, OAuthTokens, issued_for
from tests.fakes import MemorySecretStore

AUTH = AuthSpec.model_validate(
    {"type": "oauth2", "token_url": "https://auth.example/token", "grant": "authorization_code"}
)
ACCOUNT = AccountInfo("cal-main", "cal", CredentialRef(secret="cal"))
GRANT = {"client_id": "cid", "client_secret": "csecret", "refresh_token": "rt-1"}


class RotatingEndpoint(TokenEndpoint):
    """A slow token endpoint whose refresh tokens work once each."""

    def __init__(self, delay: float = 0.15) -> None:
        self.delay = delay
        self.requests: list[str | None] = []
        self.valid = {"rt-1"}
        self.before_answer: Any = None  # a hook run while the request is in flight

    async def request_token(
        self,
        *,
        token_url: str,
        client_id: str,
        client_secret: str,
        client_auth: str,
        scopes: tuple[str, ...] = (),
        refresh_token: str | None = None,
    ) -> AccessToken:
        self.requests.append(refresh_token)
        n = len(self.requests)
        await asyncio.sleep(self.delay)
        if self.before_answer is not None:
            self.before_answer()
        if refresh_token not in self.valid:
            raise TokenRefused("the authorization server refused the grant (invalid_grant)")
        self.valid = {f"rt-{n + 1}"}
        return AccessToken(f"at-{n}", 4_000_000_000.0, f"rt-{n + 1}")


def worker(store: SecretStore, endpoint: TokenEndpoint) -> OAuthTokens:
    return OAuthTokens(store, endpoint, request_timeout=5.0, allow_loopback_http=False)


async def eight_each(*workers: OAuthTokens) -> list[str]:
    calls = [w.token("acme", ACCOUNT, AUTH) for w in workers for _ in range(8)]
    return [str(token) for token in await asyncio.gather(*calls)]


@pytest.fixture
def secrets_manager(monkeypatch: pytest.MonkeyPatch) -> Iterator[SecretsManagerStore]:
    for name, value in {
        "AWS_ACCESS_KEY_ID": "t",
        "AWS_SECRET_ACCESS_KEY": "t",
        "AWS_DEFAULT_REGION": "us-east-1",
    }.items():
        monkeypatch.setenv(name, value)
    with mock_aws():
        yield SecretsManagerStore(boto3.client("secretsmanager", region_name="us-east-1"))


def fernet(tmp_path: Path) -> FernetSecretStore:
    return FernetSecretStore(tmp_path / "secrets.enc", tmp_path / "secrets.key")


@pytest.mark.parametrize("backend", ["fernet", "secretsmanager"])
def test_two_workers_make_one_refresh_between_them(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store: SecretStore = fernet(tmp_path) if backend == "fernet" else request.getfixturevalue("secrets_manager")
    store.put("acme", "cal", dict(GRANT))
    endpoint = RotatingEndpoint()
    tokens = asyncio.run(eight_each(worker(store, endpoint), worker(store, endpoint)))
    assert endpoint.requests == ["rt-1"]  # one refresh for sixteen calls of two workers
    assert set(tokens) == {"at-1"}
    stored = store.get("acme", "cal", fresh=True)
    assert stored is not None
    assert (stored["refresh_token"], stored[ACCESS_TOKEN]) == ("rt-2", "at-1")
    assert LEASE not in stored  # released with the write


def test_secrets_manager_replace_is_a_compare_and_swap(secrets_manager: SecretsManagerStore) -> None:
    secrets_manager.put("acme", "cal", {"v": "1"})
    assert secrets_manager.replace("acme", "cal", {"v": "1"}, {"v": "2"}) is True
    assert secrets_manager.replace("acme", "cal", {"v": "1"}, {"v": "3"}) is False  # compared with what is stored
    assert secrets_manager.get("acme", "cal") == {"v": "2"}
    secrets_manager.put("acme", "cal", {"v": "4"})  # an admin's write after a conditional one
    assert secrets_manager.get("acme", "cal") == {"v": "4"}
    assert secrets_manager.replace("acme", "absent", {}, {"v": "1"}) is False


def test_a_refusal_after_another_worker_rotated_the_token_uses_the_rotation() -> None:
    """The lease of a slow worker ran out, another took over and rotated the refresh token: the
    slow one's refusal is about a grant already replaced, so it must not withdraw the connection."""
    store = MemorySecretStore()
    store.put("acme", "cal", dict(GRANT))
    endpoint = RotatingEndpoint()

    def another_worker_rotates() -> None:
        endpoint.valid = set()  # rt-1 was used by the other worker...
        store.values[("acme", "cal")] = {  # ...which wrote back what it got
            **GRANT,
            "refresh_token": "rt-9",
            ACCESS_TOKEN: "at-other",
            "access_token_expires_at": "4000000000",
            ISSUED_FOR: issued_for(AUTH),
        }

    endpoint.before_answer = another_worker_rotates
    token = asyncio.run(worker(store, endpoint).token("acme", ACCOUNT, AUTH))
    assert token == "at-other"
    assert endpoint.requests == ["rt-1"]


def test_a_refusal_of_the_grant_still_stored_needs_reauthorization() -> None:
    store = MemorySecretStore()
    store.put("acme", "cal", dict(GRANT))
    endpoint = RotatingEndpoint(delay=0)
    endpoint.valid = set()  # the user revoked the grant
    with pytest.raises(ReauthorizationNeeded) as refused:
        asyncio.run(worker(store, endpoint).token("acme", ACCOUNT, AUTH))
    assert refused.value.account == "cal-main"
    assert store.values[("acme", "cal")] == GRANT  # the lease is released, nothing else changed


def test_a_lease_left_by_a_crashed_worker_is_taken_over_when_it_expires() -> None:
    store = MemorySecretStore()
    store.put("acme", "cal", {**GRANT, LEASE: "crashed-worker 1000.000"})  # long past
    endpoint = RotatingEndpoint(delay=0)
    assert asyncio.run(worker(store, endpoint).token("acme", ACCOUNT, AUTH)) == "at-1"
    assert endpoint.requests == ["rt-1"]


def test_a_worker_waits_for_a_live_lease_and_uses_the_token_it_leaves() -> None:
    store = MemorySecretStore()
    store.put("acme", "cal", {**GRANT, LEASE: "other-worker 4000000000.000"})
    endpoint = RotatingEndpoint(delay=0)

    async def scenario() -> str:
        async def other_worker_finishes() -> None:
            await asyncio.sleep(0.3)
            store.put(
                "acme",
                "cal",
                {
                    **GRANT,
                    "refresh_token": "rt-2",
                    ACCESS_TOKEN: "at-from-other",
                    "access_token_expires_at": "4000000000",
                    ISSUED_FOR: issued_for(AUTH),
                },
            )

        finishing = asyncio.create_task(other_worker_finishes())
        token = await worker(store, endpoint).token("acme", ACCOUNT, AUTH)
        await finishing
        return str(token)

    assert asyncio.run(scenario()) == "at-from-other"
    assert endpoint.requests == []


class NoConditionalWrites(MemorySecretStore):
    """A store whose conditional writes are refused (a role without UpdateSecretVersionStage)."""

    def replace(self, org: str, name: str, expected: Mapping[str, str], value: dict[str, str]) -> bool:
        raise StoreError("cannot write secret: AccessDeniedException")


def test_a_store_refusing_conditional_writes_still_gets_tokens_and_keeps_the_rotation() -> None:
    store = NoConditionalWrites()
    store.put("acme", "cal", dict(GRANT))
    endpoint = RotatingEndpoint(delay=0.05)
    tokens = asyncio.run(eight_each(worker(store, endpoint)))
    assert set(tokens) == {"at-1"} and endpoint.requests == ["rt-1"]  # the in-process flight still holds
    assert store.values[("acme", "cal")]["refresh_token"] == "rt-2"  # written unconditionally
