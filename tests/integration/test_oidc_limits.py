"""The company OpenID provider's answers are read within the same size cap as its documents."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cardamom.adapters.oidc import MAX_DOCUMENT_BYTES, OidcProvider
from cardamom.errors import OAuthError
from tests.support import free_socket, serve

OVERSIZED = b'{"access_token": "' + b"a" * (MAX_DOCUMENT_BYTES + 1) + b'", "token_type": "Bearer"}'


def provider_app(issuer: str) -> Starlette:
    async def discovery(request: Request) -> Response:
        return JSONResponse(
            {
                "issuer": issuer,
                "authorization_endpoint": f"{issuer}/authorize",
                "token_endpoint": f"{issuer}/token",
                "userinfo_endpoint": f"{issuer}/userinfo",
                "jwks_uri": f"{issuer}/jwks",
            }
        )

    async def oversized(request: Request) -> Response:
        return Response(OVERSIZED, media_type="application/json")

    routes = [
        Route("/.well-known/openid-configuration", discovery),
        Route("/token", oversized, methods=["POST"]),
        Route("/userinfo", oversized),
    ]
    return Starlette(routes=routes)


@pytest.mark.parametrize("endpoint", ["token", "userinfo"])
def test_an_oversized_answer_from_the_provider_is_refused_naming_the_endpoint(endpoint: str) -> None:
    sock = free_socket()
    issuer = f"http://127.0.0.1:{sock.getsockname()[1]}"
    with serve(provider_app(issuer), sock):
        provider = OidcProvider(
            issuer=issuer, client_id="cardamom", client_secret=lambda: None, allow_loopback_http=True
        )
        call: Any = (
            provider._token("code", f"{issuer}/cb", "verifier") if endpoint == "token" else provider._userinfo("at")
        )
        with pytest.raises(OAuthError, match=f"the {endpoint} endpoint answered more than") as refused:
            asyncio.run(call)
    assert refused.value.status == 502
