"""The AWS backend's secret store on moto's Secrets Manager."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from cardamom.adapters.secretsmanager import SecretsManagerStore, read_client_secret
from cardamom.errors import StoreError


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    for name, value in {
        "AWS_ACCESS_KEY_ID": "test",
        "AWS_SECRET_ACCESS_KEY": "test",
        "AWS_DEFAULT_REGION": "us-east-1",
    }.items():
        monkeypatch.setenv(name, value)
    with mock_aws():
        yield boto3.client("secretsmanager", region_name="us-east-1")


def test_put_get_and_rotate(client: Any) -> None:
    store = SecretsManagerStore(client, prefix="cardamom")
    assert store.get("acme", "notion") is None
    store.put("acme", "notion", {"client_id": "cid", "refresh_token": "rt-1"})
    store.put("acme", "notion", {"client_id": "cid", "refresh_token": "rt-2"})
    assert store.get("acme", "notion") == {"client_id": "cid", "refresh_token": "rt-2"}
    assert client.describe_secret(SecretId="cardamom/acme/notion")["Name"] == "cardamom/acme/notion"
    assert store.get("globex", "notion") is None


def test_read_client_secret_as_text_or_json_field(client: Any) -> None:
    """The OIDC client secret (CARDAMOM_OIDC_CLIENT_SECRET_ID): plain text, or a JSON object's client_secret."""
    client.create_secret(Name="oidc/plain", SecretString="s3cret")
    client.create_secret(Name="oidc/json", SecretString='{"client_secret": "from-json"}')
    client.create_secret(Name="oidc/broken", SecretString="{not json")
    assert read_client_secret(client, "oidc/plain") == "s3cret"
    assert read_client_secret(client, "oidc/json") == "from-json"
    with pytest.raises(StoreError, match="oidc/broken"):
        read_client_secret(client, "oidc/broken")
    with pytest.raises(StoreError, match=r"oidc/missing.*ResourceNotFoundException"):
        read_client_secret(client, "oidc/missing")
