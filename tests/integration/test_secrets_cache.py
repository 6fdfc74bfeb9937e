"""Secrets Manager is read once per max_age, not per call; a write drops the cache; fresh reads
and conditional writes never use it (the OAuth refresh across environments relies on both).

Runs on moto's in-process Secrets Manager; the calls are counted on the boto3 client itself.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from cardamom.adapters.secretsmanager import SecretsManagerStore
from cardamom.errors import StoreError


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


def test_replace_compares_with_the_stored_value_and_drops_the_cache(client: Any) -> None:
    mine, other = SecretsManagerStore(client), SecretsManagerStore(client)
    mine.put("acme", "cal", {"refresh_token": "rt-1"})
    assert mine.get("acme", "cal") == {"refresh_token": "rt-1"}  # now cached here
    assert other.replace("acme", "cal", {"refresh_token": "rt-1"}, {"refresh_token": "rt-2"})
    assert mine.get("acme", "cal") == {"refresh_token": "rt-1"}, "another environment's write waits for max_age"
    assert mine.get("acme", "cal", fresh=True) == {"refresh_token": "rt-2"}
    # The comparison is never made against the cache: rt-1 is no longer stored.
    assert not mine.replace("acme", "cal", {"refresh_token": "rt-1"}, {"refresh_token": "rt-x"})
    assert mine.get("acme", "cal") == {"refresh_token": "rt-2"}, "a write (even a refused one) drops the cache"
