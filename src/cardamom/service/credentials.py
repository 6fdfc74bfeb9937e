"""Resolving a connection's credential reference into the secret a call needs.

References: environment variables (``*_env``, resolved by the injected ``env`` resolver), or
a named entry of the secret store (``secret``). OAuth 2.0 connections keep their client
credentials, and for the authorization-code grant the refresh token, in the secret store;
access tokens are cached in memory until shortly before they expire, and a rotated refresh
token is written back.

When the authorization server refuses a grant for good, resolution raises
``ReauthorizationNeeded``; the one who asked (execution, discovery) records the connection
as ``needs_reauth`` (``service/reauthorization.py``), so its tools leave search instead of
failing on every call. This service writes no directory record itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from cardamom.core.orgdef import AuthSpec
from cardamom.core.outbound import NO_CREDENTIAL, Credential, Secret, is_loopback
from cardamom.core.pool import AccountInfo
from cardamom.errors import CredentialUnavailable, OutboundRefused, ReauthorizationNeeded, TokenRefused
from cardamom.ports import CredentialResolver, SecretStore, TokenEndpoint
from cardamom.service.connector_calls import ConnectorLimits

EXPIRY_LEEWAY_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class _CachedToken:
    value: Secret
    expires_at: float | None


class CredentialService:
    def __init__(
        self,
        secrets: SecretStore,
        tokens: TokenEndpoint,
        env: CredentialResolver,
        limits: ConnectorLimits,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._secrets = secrets
        self._tokens = tokens
        self._env = env
        self._allow_loopback_http = limits.allow_loopback_http
        self._clock = clock
        self._cache: dict[tuple[str, str], _CachedToken] = {}

    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        if auth.type == "none":
            return NO_CREDENTIAL
        if auth.type == "oauth2":
            return Credential("bearer", token=await self._oauth_token(org, account, auth))
        if account.credentials.secret is None:
            return await self._env.resolve(org, account, auth)
        values = self._secret(org, account)
        if auth.type == "basic":
            return Credential(
                "basic",
                username=self._field(values, "username", account),
                password=self._field(values, "password", account),
            )
        return Credential(
            auth.type, token=self._field(values, "api_key" if auth.type == "api_key" else "token", account)
        )

    def _secret(self, org: str, account: AccountInfo) -> dict[str, str]:
        name = account.credentials.secret
        values = None if name is None else self._secrets.get(org, name)
        if values is None:
            raise CredentialUnavailable(f"the credential of connection {account.account} is not in the secret store")
        return values

    @staticmethod
    def _field(values: Mapping[str, str], key: str, account: AccountInfo) -> Secret:
        value = values.get(key)
        if not value:
            raise CredentialUnavailable(f"the secret of connection {account.account} has no {key!r}")
        return Secret(value)

    def _check_token_url(self, url: str) -> None:
        parts = urlsplit(url)
        local = parts.scheme == "http" and self._allow_loopback_http and is_loopback(parts.hostname or "")
        if parts.scheme != "https" and not local:
            raise OutboundRefused("token endpoints must use https (plain http only to loopback, in local mode)")

    async def _oauth_token(self, org: str, account: AccountInfo, auth: AuthSpec) -> Secret:
        key = (org, account.account)
        cached = self._cache.get(key)
        if cached is not None and (
            cached.expires_at is None or cached.expires_at - EXPIRY_LEEWAY_SECONDS > self._clock()
        ):
            return cached.value
        assert auth.token_url is not None  # the org file validates oauth2 specs
        self._check_token_url(auth.token_url)
        values = self._secret(org, account)
        refresh = values.get("refresh_token") if auth.grant == "authorization_code" else None
        if auth.grant == "authorization_code" and not refresh:
            raise self._refused(
                org, account, f"connection {account.account} has no refresh token; it needs reauthorization"
            )
        try:
            issued = await self._tokens.request_token(
                token_url=auth.token_url,
                client_id=self._field(values, "client_id", account),
                client_secret=self._field(values, "client_secret", account),
                client_auth=auth.client_auth,
                scopes=tuple(auth.scopes),
                refresh_token=refresh,
            )
        except TokenRefused as exc:
            raise self._refused(
                org,
                account,
                f"{exc}; connection {account.account} is now needs_reauth and its tools are withdrawn until it is "
                "reconnected",
            ) from None
        if issued.refresh_token and issued.refresh_token != refresh:
            self._secrets.put(org, account.credentials.secret or "", {**values, "refresh_token": issued.refresh_token})
        token = Secret(issued.access_token)
        self._cache[key] = _CachedToken(token, issued.expires_at)
        return token

    def _refused(self, org: str, account: AccountInfo, message: str) -> ReauthorizationNeeded:
        self._cache.pop((org, account.account), None)
        return ReauthorizationNeeded(message, account=account.account)
