"""OAuth 2.0 token requests: Authlib's client authentication over our own httpx client.

Only connections whose connector uses ``auth: {type: oauth2}`` ever get here, so nothing is
imported until the first token request (a cold start of the MCP function pays nothing for
it). Authlib encodes the request (the grant's form body, ``client_secret_basic`` or
``client_secret_post``); the POST goes through one ``httpx.AsyncClient`` per endpoint
object, that is per event loop (``adapters/loop_local.py``). Authlib's own httpx
integration is not used: from Authlib 1.9 it prefers the ``httpx2`` package, which is not a
runtime dependency, and would pick a different HTTP stack depending on what else is
installed.

A refusal (an OAuth error answer, or 400/401) is ``TokenRefused``, which withdraws the
connection until it is reconnected; an outage (unreachable, timeout, 5xx, an answer that is
not JSON) is ``ConnectorFailed`` and changes nothing, so a flaky authorization server never
disconnects anyone.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from cardamom.errors import ConnectorFailed, TokenRefused
from cardamom.ports import AccessToken

if TYPE_CHECKING:
    import httpx

MAX_TOKEN_RESPONSE_BYTES = 64 * 1024


class AuthlibTokenEndpoint:
    def __init__(self, *, timeout: float = 10.0, client: httpx.AsyncClient | None = None) -> None:
        self._timeout = timeout
        self._http = client

    def _client(self) -> httpx.AsyncClient:
        if self._http is None:
            import httpx

            self._http = httpx.AsyncClient(
                timeout=httpx.Timeout(self._timeout),
                follow_redirects=False,
                trust_env=False,  # never route credentials through an ambient proxy
                headers={"User-Agent": "cardamom-gateway", "Accept": "application/json"},
            )
        return self._http

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
        import httpx
        from authlib.oauth2.auth import ClientAuth
        from authlib.oauth2.rfc6749.parameters import prepare_token_request

        if refresh_token is None:
            fields: dict[str, Any] = {"scope": list(scopes)} if scopes else {}
            body = prepare_token_request("client_credentials", **fields)
        else:
            body = prepare_token_request("refresh_token", refresh_token=refresh_token)
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        url, headers, body = ClientAuth(client_id, client_secret, client_auth).prepare("POST", token_url, headers, body)
        try:
            response = await self._client().post(url, content=body.encode(), headers=headers)
        except httpx.HTTPError as exc:
            raise ConnectorFailed(
                f"the authorization server could not be reached ({type(exc).__name__})",
                detail="token_endpoint_unreachable",
            ) from None
        return _token_from(response.status_code, response.content)

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.aclose()


def _token_from(status: int, content: bytes) -> AccessToken:
    """RFC 6749 sections 5.1 and 5.2: a JSON object with an access token, or with an error."""
    answer: Any = None
    if len(content) <= MAX_TOKEN_RESPONSE_BYTES:
        try:
            answer = json.loads(content)
        except ValueError:
            answer = None
    if isinstance(answer, dict) and isinstance(answer.get("error"), str):
        raise TokenRefused(f"the authorization server refused the grant ({answer['error'][:100]})")
    if status in (400, 401):
        raise TokenRefused(f"the authorization server refused the grant (HTTP {status})")
    if not 200 <= status < 300 or not isinstance(answer, dict):
        raise ConnectorFailed(
            f"the authorization server answered HTTP {status} without a token response",
            status=status,
            detail="token_endpoint_failed",
        )
    access_token = answer.get("access_token")
    if not isinstance(access_token, str) or not access_token:
        raise TokenRefused("the authorization server answered without an access token")
    expires_at: float | None = None
    expires_in = answer.get("expires_in")
    if isinstance(expires_in, str) and expires_in.isdigit():
        expires_in = int(expires_in)
    if isinstance(expires_in, int | float) and not isinstance(expires_in, bool):
        expires_at = time.time() + float(expires_in)
    refresh = answer.get("refresh_token")
    return AccessToken(access_token, expires_at, refresh if isinstance(refresh, str) and refresh else None)
