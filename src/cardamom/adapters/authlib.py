"""OAuth 2.0 token requests through Authlib.

One ``AsyncOAuth2Client`` per (token endpoint, client id), built the first time that
connection needs a token and kept for the process: tokens are cached by the caller, so
the endpoint is only reached when a token expires.
"""

from __future__ import annotations

import time
from typing import Any

import httpx2
from authlib.integrations.httpx_client import AsyncOAuth2Client, OAuthError

from cardamom.errors import ConnectorFailed, TokenRefused
from cardamom.ports import AccessToken


class AuthlibTokenEndpoint:
    def __init__(self, *, timeout: float = 10.0) -> None:
        self._timeout = timeout
        self._clients: dict[tuple[str, str, str], AsyncOAuth2Client] = {}

    def _client(self, token_url: str, client_id: str, client_secret: str, client_auth: str) -> AsyncOAuth2Client:
        key = (token_url, client_id, client_auth)
        client = self._clients.get(key)
        if client is None or client.client_secret != client_secret:
            client = AsyncOAuth2Client(
                client_id=client_id,
                client_secret=client_secret,
                token_endpoint_auth_method=client_auth,
                timeout=self._timeout,
                follow_redirects=False,
                trust_env=False,
            )
            self._clients[key] = client
        return client

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
        client = self._client(token_url, client_id, client_secret, client_auth)
        try:
            if refresh_token is None:
                token: dict[str, Any] = await client.fetch_token(
                    token_url, grant_type="client_credentials", scope=" ".join(scopes) or None
                )
            else:
                token = await client.refresh_token(token_url, refresh_token=refresh_token)
        except OAuthError as exc:
            raise TokenRefused(f"the authorization server refused the grant ({exc.error})") from None
        except httpx2.HTTPError as exc:
            raise ConnectorFailed(
                f"the authorization server could not be reached ({type(exc).__name__})",
                detail="token_endpoint_unreachable",
            ) from None
        if "access_token" not in token:
            raise TokenRefused("the authorization server answered without an access token")
        expires_at = token.get("expires_at")
        if expires_at is None and token.get("expires_in") is not None:
            expires_at = time.time() + float(token["expires_in"])
        return AccessToken(
            str(token["access_token"]), None if expires_at is None else float(expires_at), token.get("refresh_token")
        )
