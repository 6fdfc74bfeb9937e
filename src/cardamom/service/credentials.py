"""Resolving a connection's credential reference into the secret a call needs.

References: environment variables (``*_env``, resolved by the injected ``env`` resolver), or
a named entry of the secret store (``secret``). OAuth 2.0 connections keep their client
credentials, and for the authorization-code grant the refresh token, in the secret store;
their access tokens are requested, shared and refreshed by ``OAuthTokens``
(``service/oauth_tokens.py``): once per connection however many calls need one at a time,
in this process and across processes.

When the authorization server refuses a grant for good, resolution raises
``ReauthorizationNeeded``; the one who asked (execution, discovery) records the connection
as ``needs_reauth`` (``service/reauthorization.py``), so its tools leave search instead of
failing on every call. This service writes no directory record itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cardamom.core.orgdef import AuthSpec
from cardamom.core.outbound import NO_CREDENTIAL, Credential, Secret
from cardamom.core.pool import AccountInfo
from cardamom.ports import CredentialResolver, SecretStore, TokenEndpoint
from cardamom.service.connection_secrets import secret_field, stored_secret
from cardamom.service.connector_calls import ConnectorLimits
from cardamom.service.oauth_tokens import OAuthTokens


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
        self._env = env
        self._oauth = OAuthTokens(
            secrets,
            tokens,
            request_timeout=limits.connector_timeout,
            allow_loopback_http=limits.allow_loopback_http,
            clock=clock,
        )

    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        if auth.type == "none":
            return NO_CREDENTIAL
        if auth.type == "oauth2":
            return Credential("bearer", token=await self._oauth.token(org, account, auth))
        if account.credentials.secret is None:
            return await self._env.resolve(org, account, auth)
        values = stored_secret(self._secrets, org, account)
        if auth.type == "basic":
            return Credential(
                "basic",
                username=Secret(secret_field(values, "username", account)),
                password=Secret(secret_field(values, "password", account)),
            )
        field = "api_key" if auth.type == "api_key" else "token"
        return Credential(auth.type, token=Secret(secret_field(values, field, account)))

    def reject(self, org: str, account: AccountInfo, auth: AuthSpec, credential: Credential) -> bool:
        """Only an OAuth access token can be replaced by asking again; a stored or configured
        credential is what it is until an admin changes it."""
        if auth.type != "oauth2" or credential.token is None:
            return False
        self._oauth.reject(org, account, auth, credential.token)
        return True
