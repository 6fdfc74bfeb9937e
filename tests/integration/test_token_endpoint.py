"""The OAuth 2.0 token endpoint adapter on its own: what it sends, and refusal versus outage.

A refusal withdraws a connection (needs_reauth), so only a real OAuth refusal may count as
one; an outage of the authorization server must leave connections alone.
"""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import Callable
from urllib.parse import parse_qs

import httpx
import pytest

from cardamom.adapters.authlib import AuthlibTokenEndpoint
from cardamom.errors import ConnectorFailed, TokenRefused
from cardamom.ports import AccessToken

TOKEN_URL = "https://auth.example.com/oauth/token"


def endpoint(answer: Callable[[httpx.Request], httpx.Response], seen: list[httpx.Request]) -> AuthlibTokenEndpoint:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answer(request)

    return AuthlibTokenEndpoint(client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))


def fetch(token_endpoint: AuthlibTokenEndpoint, **overrides: object) -> AccessToken:
    arguments: dict[str, object] = {
        "token_url": TOKEN_URL,
        "client_id": "cid",
        "client_secret": "s3cr:et",
        "client_auth": "client_secret_basic",
        "scopes": ("read", "write"),
        **overrides,
    }
    return asyncio.run(token_endpoint.request_token(**arguments))  # type: ignore[arg-type]


def form(request: httpx.Request) -> dict[str, list[str]]:
    assert request.headers["content-type"] == "application/x-www-form-urlencoded"
    return parse_qs(request.content.decode())


def test_client_credentials_with_basic_auth() -> None:
    seen: list[httpx.Request] = []
    ok = endpoint(lambda r: httpx.Response(200, json={"access_token": "at", "expires_in": 60}), seen)
    token = fetch(ok)
    (request,) = seen
    assert request.method == "POST" and str(request.url) == TOKEN_URL
    assert form(request) == {"grant_type": ["client_credentials"], "scope": ["read write"]}
    scheme, _, encoded = request.headers["authorization"].partition(" ")
    assert scheme == "Basic" and base64.b64decode(encoded).decode() == "cid:s3cr:et"
    assert token.access_token == "at"
    assert token.expires_at is not None


def test_refresh_with_post_auth_returns_the_rotated_refresh_token() -> None:
    seen: list[httpx.Request] = []
    ok = endpoint(lambda r: httpx.Response(200, json={"access_token": "at", "refresh_token": "rt-2"}), seen)
    token = fetch(ok, client_auth="client_secret_post", refresh_token="rt-1", scopes=())
    (request,) = seen
    assert "authorization" not in request.headers
    assert form(request) == {
        "grant_type": ["refresh_token"],
        "refresh_token": ["rt-1"],
        "client_id": ["cid"],
        "client_secret": ["s3cr:et"],
    }
    assert token.refresh_token == "rt-2"
    assert token.expires_at is None


@pytest.mark.parametrize(
    ("status", "body"),
    [
        (400, {"error": "invalid_grant", "error_description": "revoked"}),
        (401, {"error": "invalid_client"}),
        (200, {"error": "access_denied"}),
        (401, "no json here"),
        (200, {"token_type": "Bearer"}),
    ],
)
def test_a_refusal_is_token_refused(status: int, body: object) -> None:
    content = json.dumps(body).encode() if isinstance(body, dict) else str(body).encode()
    refusing = endpoint(lambda r: httpx.Response(status, content=content), [])
    with pytest.raises(TokenRefused):
        fetch(refusing)


@pytest.mark.parametrize(
    ("status", "content"),
    [(500, b'{"message": "oops"}'), (503, b"<html>maintenance</html>"), (200, b"<html>login page</html>"), (429, b"")],
)
def test_an_outage_is_connector_failed_not_a_refusal(status: int, content: bytes) -> None:
    failing = endpoint(lambda r: httpx.Response(status, content=content), [])
    with pytest.raises(ConnectorFailed) as caught:
        fetch(failing)
    assert caught.value.detail == "token_endpoint_failed"


def test_an_unreachable_server_is_connector_failed() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    with pytest.raises(ConnectorFailed) as caught:
        fetch(endpoint(refuse, []))
    assert caught.value.detail == "token_endpoint_unreachable"
