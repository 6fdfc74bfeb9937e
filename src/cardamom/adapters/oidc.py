"""Sign-in delegated to the company's OpenID provider, with Authlib.

Authorization code with PKCE (S256) and a nonce; the code is exchanged at the provider's
token endpoint and the ID token verified against the provider's JWKS (signature, issuer,
audience, azp, expiry, nonce: Authlib's ``CodeIDToken`` rules on joserfc). The discovery
document and the JWKS are cached for the process; the JWKS is fetched again when a token
names a key it lacks (the provider rotated). Authlib is imported on first use, never at
cold start: sign-ins are rare next to MCP calls.

Every request is plain ``httpx`` with a timeout, no redirects followed, no ambient proxy.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from cardamom.core.oauth_urls import issuer_problem
from cardamom.errors import OAuthError, StoreError

DISCOVERY_TTL_SECONDS = 3600.0
MAX_DOCUMENT_BYTES = 256 * 1024
LEEWAY_SECONDS = 60


def _refused(description: str) -> OAuthError:
    return OAuthError("access_denied", f"sign-in with the identity provider failed: {description}", status=502)


class OidcProvider:
    def __init__(
        self,
        *,
        issuer: str,
        client_id: str,
        client_secret: Callable[[], str | None],
        scopes: str = "openid email profile",
        timeout: float = 10.0,
        allow_loopback_http: bool = False,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._issuer = issuer
        self._client_id = client_id
        self._secret = client_secret
        self._scopes = scopes
        self._timeout = timeout
        self._allow_loopback_http = allow_loopback_http
        self._clock = clock
        self._discovery: dict[str, Any] | None = None
        self._discovered_at = 0.0
        self._jwks: dict[str, Any] | None = None

    async def _get_json(self, url: str) -> dict[str, Any]:
        problem = issuer_problem(url.split("?")[0], allow_loopback_http=self._allow_loopback_http)
        if problem is not None:
            raise _refused(f"refusing to fetch {problem}")
        try:
            async with httpx.AsyncClient(timeout=self._timeout, follow_redirects=False, trust_env=False) as http:
                response = await http.get(url, headers={"Accept": "application/json"})
        except httpx.HTTPError as exc:
            raise _refused(f"{url} could not be reached ({type(exc).__name__})") from None
        if response.status_code != 200 or len(response.content) > MAX_DOCUMENT_BYTES:
            raise _refused(f"{url} answered HTTP {response.status_code}")
        try:
            data = response.json()
        except ValueError:
            raise _refused(f"{url} did not answer JSON") from None
        if not isinstance(data, dict):
            raise _refused(f"{url} did not answer a JSON object")
        return data

    async def discovery(self) -> dict[str, Any]:
        if self._discovery is None or self._clock() - self._discovered_at > DISCOVERY_TTL_SECONDS:
            url = self._issuer.rstrip("/") + "/.well-known/openid-configuration"
            document = await self._get_json(url)
            if document.get("issuer") != self._issuer:
                raise _refused(f"the discovery document names issuer {document.get('issuer')!r}, not {self._issuer!r}")
            for name in ("authorization_endpoint", "token_endpoint", "jwks_uri"):
                if not isinstance(document.get(name), str):
                    raise _refused(f"the discovery document has no {name}")
            self._discovery, self._discovered_at = document, self._clock()
        return self._discovery

    async def authorization_url(self, *, redirect_uri: str, state: str, nonce: str, code_verifier: str) -> str:
        from authlib.oauth2.rfc6749.parameters import prepare_grant_uri
        from authlib.oauth2.rfc7636 import create_s256_code_challenge

        document = await self.discovery()
        url: str = prepare_grant_uri(
            document["authorization_endpoint"],
            self._client_id,
            "code",
            redirect_uri=redirect_uri,
            scope=self._scopes,
            state=state,
            nonce=nonce,
            code_challenge=create_s256_code_challenge(code_verifier),
            code_challenge_method="S256",
        )
        return url

    async def _token(self, code: str, redirect_uri: str, code_verifier: str) -> dict[str, Any]:
        from authlib.oauth2.rfc6749.parameters import prepare_token_request

        document = await self.discovery()
        try:
            secret = self._secret()
        except StoreError as exc:
            raise _refused(f"Cardamom's client secret for it could not be read ({exc})") from None
        body = prepare_token_request(
            "authorization_code", code=code, redirect_uri=redirect_uri, code_verifier=code_verifier
        )
        auth: httpx.Auth | None = None
        methods = document.get("token_endpoint_auth_methods_supported", ["client_secret_basic"])
        if secret and "client_secret_basic" in methods:
            auth = httpx.BasicAuth(self._client_id, secret)
        elif secret:
            body += "&" + str(httpx.QueryParams({"client_id": self._client_id, "client_secret": secret}))
        else:
            body += "&" + str(httpx.QueryParams({"client_id": self._client_id}))
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"}
        status, token = await self._call(
            "token", "POST", document["token_endpoint"], headers=headers, content=body, auth=auth
        )
        if status != 200 or not isinstance(token, dict):
            error = token.get("error") if isinstance(token, dict) else None
            raise _refused(f"the token endpoint answered HTTP {status} ({error or 'no error code'})")
        return token

    async def _verify(self, id_token: str, nonce: str) -> Mapping[str, Any]:
        from authlib.oidc.core import CodeIDToken
        from joserfc import jwt
        from joserfc.errors import JoseError
        from joserfc.jwk import KeySet

        document = await self.discovery()
        for attempt in range(2):
            if self._jwks is None or attempt:
                self._jwks = await self._get_json(document["jwks_uri"])
            try:
                keys = KeySet.import_key_set(self._jwks)  # type: ignore[arg-type]
                decoded = jwt.decode(id_token, keys, algorithms=["RS256", "ES256", "PS256", "EdDSA"])
                break
            except JoseError as exc:
                if attempt:
                    raise _refused(f"the ID token's signature does not verify ({exc.error})") from None
            except ValueError:
                raise _refused("the ID token is malformed") from None
        claims = CodeIDToken(
            decoded.claims,
            decoded.header,
            options={
                "iss": {"essential": True, "value": self._issuer},
                "aud": {"essential": True, "value": self._client_id},
            },
            params={"nonce": nonce, "client_id": self._client_id},
        )
        try:
            claims.validate(now=int(self._clock()), leeway=LEEWAY_SECONDS)
        except JoseError as exc:
            raise _refused(f"the ID token's {exc.error} check failed ({exc.description or exc.error})") from None
        if claims.get("nonce") != nonce:
            raise _refused("the ID token does not carry this sign-in's nonce")
        return dict(claims)

    async def _userinfo(self, access_token: str) -> dict[str, Any]:
        document = await self.discovery()
        endpoint = document.get("userinfo_endpoint")
        if not isinstance(endpoint, str):
            return {}
        headers = {"Authorization": f"Bearer {access_token}", "Accept": "application/json"}
        status, data = await self._call("userinfo", "GET", endpoint, headers=headers)
        if status != 200 or not isinstance(data, dict):
            raise _refused(f"the userinfo endpoint answered HTTP {status}")
        return data

    async def _call(
        self,
        endpoint: str,
        method: str,
        url: str,
        *,
        headers: dict[str, str],
        content: str | None = None,
        auth: httpx.Auth | None = None,
    ) -> tuple[int, Any]:
        """One request to the provider's ``endpoint``: its status and its JSON body (None when the
        body is not JSON), held to the documents' size cap."""
        try:
            async with httpx.AsyncClient(timeout=self._timeout, follow_redirects=False, trust_env=False) as http:
                response = await http.request(method, url, content=content, headers=headers, auth=auth)
        except httpx.HTTPError as exc:
            raise _refused(f"the {endpoint} endpoint could not be reached ({type(exc).__name__})") from None
        if len(response.content) > MAX_DOCUMENT_BYTES:
            raise _refused(f"the {endpoint} endpoint answered more than {MAX_DOCUMENT_BYTES} bytes")
        try:
            return response.status_code, response.json()
        except ValueError:
            return response.status_code, None

    async def identify(self, *, code: str, redirect_uri: str, code_verifier: str, nonce: str) -> Mapping[str, Any]:
        """The verified ID token's claims; providers that keep ``email`` out of the ID token (OIDC
        Core 5.4) are asked at their userinfo endpoint, for the same subject only."""
        token = await self._token(code, redirect_uri, code_verifier)
        id_token = token.get("id_token")
        if not isinstance(id_token, str):
            raise _refused("the token endpoint returned no ID token (is the openid scope allowed?)")
        claims = dict(await self._verify(id_token, nonce))
        access_token = token.get("access_token")
        if "email" not in claims and isinstance(access_token, str):
            extra = await self._userinfo(access_token)
            if extra.get("sub") == claims.get("sub"):
                claims.update({k: v for k, v in extra.items() if k in ("email", "email_verified", "name")})
        return claims
