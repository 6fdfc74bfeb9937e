"""The token endpoint and revocation: codes exchanged once, refresh tokens rotated, grants revoked.

A code is single use; a replayed one revokes what its first use issued (RFC 6749 4.1.2). It
is bound to its client, its redirect URI, its resource and its PKCE challenge. Refresh tokens
rotate; a reused one revokes its family, which is the directory grant, so every access token
of it fails on its next call (the gateway reads the member's revoked grants on each request).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardamom.core.directory import Grant
from cardamom.core.oauth_clients import OAuthClient
from cardamom.core.oauth_grants import (
    ACCESS_TOKEN_TTL_SECONDS,
    REFRESH_TTL_SECONDS,
    RefreshFamily,
    digest,
    judge_refresh,
    refresh_family_id,
    refresh_token,
)
from cardamom.core.oauth_pkce import verifier_matches
from cardamom.core.oauth_scopes import ordered
from cardamom.errors import AuthenticationError, OAuthError
from cardamom.ports import AuthorizationStore, Directory, RefreshFamilyStore, TokenVerifier
from cardamom.service.oauth_clients import ClientRegistry
from cardamom.service.oauth_issuer import TokenIssuer


@dataclass(frozen=True, slots=True)
class ServerSettings:
    issuer: str
    resource: str
    dev_signin: bool = False
    member_claim: str = "email"
    new_clients_per_day: int = 50


class TokenExchange:
    def __init__(
        self,
        *,
        settings: ServerSettings,
        clients: ClientRegistry,
        requests: AuthorizationStore,
        families: RefreshFamilyStore,
        tokens: TokenIssuer,
        verifier: TokenVerifier,
        directory: Directory,
        clock: Callable[[], float] = time.time,
        new_secret: Callable[[], str] = lambda: secrets.token_urlsafe(32),
    ) -> None:
        self.settings = settings
        self.clients = clients
        self._requests = requests
        self._families = families
        self._tokens = tokens
        self._verifier = verifier
        self._directory = directory
        self._clock = clock
        self._new_secret = new_secret

    def _now(self) -> int:
        return int(self._clock())

    # ---- /token ---------------------------------------------------------------------------------

    async def _authenticated_client(self, form: Mapping[str, str], basic: tuple[str, str] | None) -> OAuthClient:
        client_id = basic[0] if basic else form.get("client_id")
        client = await self.clients.resolve(client_id)
        presented = basic[1] if basic else form.get("client_secret")
        self.clients.check_secret(client, presented)
        return client

    async def token(self, form: Mapping[str, str], basic: tuple[str, str] | None) -> dict[str, Any]:
        grant_type = form.get("grant_type")
        if grant_type not in ("authorization_code", "refresh_token"):
            raise OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
        client = await self._authenticated_client(form, basic)
        resource = form.get("resource")
        if resource is not None and resource.rstrip("/") != self.settings.resource.rstrip("/"):
            raise OAuthError("invalid_target", f"resource must be {self.settings.resource}")
        if grant_type == "authorization_code":
            return self._exchange_code(client, form)
        return self._refresh(client, form)

    def _exchange_code(self, client: OAuthClient, form: Mapping[str, str]) -> dict[str, Any]:
        now = self._now()
        code = self._requests.use_code(digest(form.get("code") or ""), now=now)
        if code is None:
            raise OAuthError("invalid_grant", "the authorization code is unknown or expired")
        if code.used:
            # A replayed code: whatever it issued is revoked (RFC 6749 section 4.1.2).
            self._directory.revoke_grant(code.org, code.member, code.grant_id, at=now)
            raise OAuthError("invalid_grant", "the authorization code was already used; its tokens are revoked")
        if code.client_id != client.client_id:
            raise OAuthError("invalid_grant", "the authorization code was issued to another client")
        redirect_uri = form.get("redirect_uri")
        if redirect_uri is not None and redirect_uri != code.redirect_uri:
            raise OAuthError("invalid_grant", "redirect_uri differs from the authorization request's")
        if not verifier_matches(form.get("code_verifier"), code.code_challenge):
            raise OAuthError("invalid_grant", "code_verifier does not match the code_challenge (PKCE)")
        self._live_member(code.org, code.member, since=None, grant=None)
        family = RefreshFamily(
            id=code.grant_id,
            org=code.org,
            member=code.member,
            client_id=client.client_id,
            scopes=code.scopes,
            resource=code.resource,
            created_at=now,
            expires_at=now + REFRESH_TTL_SECONDS,
            salt=self._new_secret(),
        )
        self._families.create(family)
        self._directory.put_grant(
            Grant(code.org, family.id, code.member, code.scopes, now, family.expires_at, client_id=client.client_id)
        )
        return self._token_response(client, family)

    def _refresh(self, client: OAuthClient, form: Mapping[str, str]) -> dict[str, Any]:
        now = self._now()
        presented = form.get("refresh_token") or ""
        parsed = refresh_family_id(presented)
        family = None if parsed is None else self._families.get(parsed[0], now=now)
        if family is None:
            raise OAuthError("invalid_grant", "the refresh token is unknown or expired")
        if family.client_id != client.client_id:
            raise OAuthError("invalid_grant", "the refresh token was issued to another client")
        verdict = judge_refresh(family, presented)
        if verdict == "invalid":
            raise OAuthError("invalid_grant", "the refresh token is not valid")
        if verdict == "reused" or not self._families.advance(family.id, family.generation):
            self._directory.revoke_grant(family.org, family.member, family.id, at=now)
            raise OAuthError("invalid_grant", "the refresh token was already used; the whole grant is revoked")
        self._live_member(family.org, family.member, since=family.created_at, grant=family.id)
        family = replace(family, generation=family.generation + 1)
        scope = form.get("scope")
        if scope is not None:
            narrowed = ordered(scope.split())
            if not set(narrowed) <= set(family.scopes):
                raise OAuthError("invalid_scope", "a refresh cannot add scopes to the grant")
            family = replace(family, scopes=narrowed or family.scopes)
        return self._token_response(client, family)

    def _live_member(self, org: str, member: str, *, since: int | None, grant: str | None) -> None:
        record = self._directory.get_member(org, member)
        if record is None or record.member.status != "active":
            raise OAuthError("invalid_grant", f"{member} is not an active member of {org}")
        watermark = record.grants_revoked_at
        if since is not None and watermark is not None and since <= watermark:
            raise OAuthError("invalid_grant", "this grant was revoked; sign in again")
        if grant is not None and grant in record.revoked_grants:
            raise OAuthError("invalid_grant", "this grant was revoked; sign in again")

    def _token_response(self, client: OAuthClient, family: RefreshFamily) -> dict[str, Any]:
        issued = self._tokens.issue(
            org=family.org,
            member=family.member,
            scopes=family.scopes,
            ttl_seconds=ACCESS_TOKEN_TTL_SECONDS,
            client_id=client.client_id,
            grant_id=family.id,
        )
        body: dict[str, Any] = {
            "access_token": issued.token,
            "token_type": "Bearer",
            "expires_in": ACCESS_TOKEN_TTL_SECONDS,
            "scope": " ".join(family.scopes),
        }
        if "refresh_token" in client.grant_types:
            body["refresh_token"] = refresh_token(family)
        return body

    # ---- /revoke (RFC 7009) ----------------------------------------------------------------------

    async def revoke(self, form: Mapping[str, str], basic: tuple[str, str] | None) -> None:
        client = await self._authenticated_client(form, basic)
        token = form.get("token") or ""
        now = self._now()
        parsed = refresh_family_id(token)
        if parsed is not None:
            family = self._families.get(parsed[0], now=now)
            if (
                family is not None
                and family.client_id == client.client_id
                and judge_refresh(family, token) != "invalid"
            ):
                self._directory.revoke_grant(family.org, family.member, family.id, at=now)
            return
        try:
            claims = self._verifier.verify(token)
        except AuthenticationError:
            return  # an invalid token needs no revoking (RFC 7009 section 2.2)
        if claims.client_id == client.client_id and claims.grant is not None:
            self._directory.revoke_grant(claims.org, claims.member, claims.grant, at=now)
