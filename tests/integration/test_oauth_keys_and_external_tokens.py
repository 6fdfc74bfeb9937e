"""The key ring and tokens from elsewhere.

* Rotation: two keys published across a rotation, tokens signed before it still verify, new
  ones carry the new kid, and another process sharing the ring picks the new key up when it
  meets it. The ring on Secrets Manager (moto) is created exclusively.
* Tokens an IdP issues directly: a JWKS fetched from a URL (cached, fetched again when a token
  names a key it lacks), RS256 and ES256, the member and org mapped from claims.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet, RSAKey
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from cardamom.adapters.jose import CardamomTokenVerifier, ClaimMapping, JwtVerifier, SigningKeys
from cardamom.adapters.oauth_keys import FileKeyStore, SecretsManagerKeyStore
from cardamom.adapters.remote_jwks import RemoteJwks
from cardamom.bootstrap import SIGNING_KEYS_FILE, build_container
from cardamom.core.orgfile import parse_org_definition
from cardamom.entrypoints.asgi import create_app
from cardamom.errors import AuthenticationError, Conflict
from tests.aws_support import REGION, AwsBackend
from tests.orgs import notion_only_org_text
from tests.support import serve, settings_for

ISSUER = "http://127.0.0.1:8765"


def _ping(http: TestClient, token: str) -> int:
    body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    return http.post("/mcp", json=body, headers={"Authorization": f"Bearer {token}"}).status_code


def test_rotation_publishes_two_keys_and_old_tokens_live_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    container = build_container(settings_for(home, CARDAMOM_PUBLIC_URL=ISSUER))
    container.apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
    now = [1000.0]
    other = CardamomTokenVerifier(  # another process on the same ring, with a clock the test moves
        SigningKeys(FileKeyStore(home / SIGNING_KEYS_FILE), clock=lambda: now[0]),
        issuer=ISSUER,
        audience=f"{ISSUER}/mcp",
    )
    with TestClient(create_app(container), base_url=ISSUER) as http:
        before = container.signer.mint(org="acme", member="alice", scopes=["mcp:read"])
        assert other.verify(before).member == "alice"
        (old_key,) = http.get("/oauth/jwks").json()["keys"]
        new_kid = container.keys.rotate()
        keys = http.get("/oauth/jwks").json()["keys"]
        assert [k["kid"] for k in keys] == [new_kid, old_key["kid"]], "two keys published across a rotation"
        assert all("d" not in k for k in keys), "only public halves are published"
        after = container.signer.mint(org="acme", member="alice", scopes=["mcp:read"])
        assert jwt.decode(after, KeySet.import_key_set({"keys": keys})).header["kid"] == new_kid
        assert _ping(http, before) == 200, "a token signed before the rotation lives out its hour"
        with pytest.raises(AuthenticationError):
            other.verify(after)  # read the ring moments ago: an unknown kid does not reload it yet
        now[0] += 31
        assert other.verify(after).member == "alice", "then it reloads the ring for the kid it lacks"
        container.keys.rotate()
        assert old_key["kid"] not in [k["kid"] for k in http.get("/oauth/jwks").json()["keys"]]
        assert _ping(http, before) == 401, "two rotations later the oldest key is gone"


def test_the_ring_on_secrets_manager_is_created_once(aws: AwsBackend) -> None:
    client = boto3.client("secretsmanager", endpoint_url=aws.endpoint, region_name=REGION)
    name = f"cardamom/oauth/signing-keys-{aws.bucket}"
    store = SecretsManagerKeyStore(client, name)
    assert store.load() is None
    ring = SigningKeys(store)
    kid = ring.keys()[0].kid
    assert SigningKeys(SecretsManagerKeyStore(client, name)).keys()[0].kid == kid, "a second cold start agrees"
    with pytest.raises(Conflict):
        store.save("{}", create=True)
    ring.rotate()
    assert len(SigningKeys(SecretsManagerKeyStore(client, name)).keys()) == 2


# ---- tokens from elsewhere ---------------------------------------------------------------------


class Idp:
    """An IdP's JWKS endpoint whose keys the test rotates; counts the fetches."""

    def __init__(self) -> None:
        self.keys: list[Any] = [RSAKey.generate_key(2048, parameters={"kid": "rsa-1"})]
        self.fetches = 0

    async def jwks(self, request: Request) -> JSONResponse:
        self.fetches += 1
        return JSONResponse({"keys": [k.as_dict(private=False) for k in self.keys]})

    def token(self, key: Any, alg: str, **claims: Any) -> str:
        now = int(time.time())
        body = {"iss": "https://idp.acme.example", "aud": "cardamom", "iat": now, "exp": now + 300, **claims}
        return jwt.encode({"alg": alg, "kid": key.kid}, body, key)


@pytest.fixture
def idp_gateway(tmp_path: Path) -> Iterator[tuple[Idp, TestClient]]:
    idp = Idp()
    with serve(Starlette(routes=[Route("/jwks", idp.jwks)])) as url:
        container = build_container(
            settings_for(
                tmp_path / "home",
                CARDAMOM_PUBLIC_URL=ISSUER,
                CARDAMOM_JWT_ISSUER="https://idp.acme.example",
                CARDAMOM_JWT_JWKS_URL=f"{url}/jwks",
                CARDAMOM_JWT_MEMBER_CLAIM="email",
                CARDAMOM_JWT_ORG="acme",
            )
        )
        text = notion_only_org_text(members={"alice@acme.example": "member"})
        container.apply_org(parse_org_definition(text, "org.yaml"))
        with TestClient(create_app(container), base_url=ISSUER) as http:
            yield idp, http


def test_idp_tokens_are_accepted_with_their_claims_mapped(idp_gateway: tuple[Idp, TestClient]) -> None:
    idp, http = idp_gateway
    rsa = idp.keys[0]
    assert _ping(http, idp.token(rsa, "RS256", sub="00u1", email="Alice@Acme.example", scope="mcp:read")) == 200
    assert _ping(http, idp.token(rsa, "RS256", sub="00u1", email="alice@acme.example")) == 200
    assert idp.fetches == 1, "the key set is cached"
    wrong_audience = idp.token(rsa, "RS256", sub="00u1", email="alice@acme.example", aud="another-api")
    assert _ping(http, wrong_audience) == 401
    assert _ping(http, idp.token(rsa, "RS256", sub="00u2", email="mallory@acme.example")) == 401
    forged = idp.token(RSAKey.generate_key(2048, parameters={"kid": "rsa-1"}), "RS256", email="alice@acme.example")
    assert _ping(http, forged) == 401


def test_the_remote_key_set_follows_a_rotation_at_most_once_a_minute() -> None:
    idp = Idp()
    now = [0.0]
    with serve(Starlette(routes=[Route("/jwks", idp.jwks)])) as url:
        verifier = JwtVerifier(
            issuer="https://idp.acme.example",
            audience="cardamom",
            key_source=RemoteJwks(f"{url}/jwks", clock=lambda: now[0]),
            mapping=ClaimMapping(member_claim="sub", org_claim="tenant"),
        )
        rsa = idp.keys[0]
        claims = verifier.verify(idp.token(rsa, "RS256", sub="alice", tenant="acme", scope="mcp:read mcp:tools"))
        assert (claims.member, claims.org, claims.scopes) == ("alice", "acme", frozenset({"mcp:read", "mcp:tools"}))
        ec = ECKey.generate_key("P-256", parameters={"kid": "ec-2"})
        idp.keys.append(ec)  # the IdP rotates in an ES256 key
        rotated = idp.token(ec, "ES256", sub="alice", tenant="acme")
        with pytest.raises(AuthenticationError):
            verifier.verify(rotated)  # within a minute of the last fetch: no new fetch
        assert idp.fetches == 1
        now[0] = 61
        assert verifier.verify(rotated).member == "alice"
        assert idp.fetches == 2
        now[0] = 61 + 3601
        verifier.verify(idp.token(rsa, "RS256", sub="alice", tenant="acme"))
        assert idp.fetches == 3, "an hour on, the set is fetched again"
        with pytest.raises(AuthenticationError, match="org"):
            verifier.verify(idp.token(rsa, "RS256", sub="alice"))
