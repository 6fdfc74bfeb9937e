"""Cardamom's access tokens: short-lived JWTs for the MCP resource, signed by its key ring.

Claims: ``iss`` (the issuer URL), ``aud`` (the MCP resource URL), ``sub`` (the member),
``org``, ``scope``, ``client_id``, ``grant`` (the directory grant, which a revocation names),
``iat``, ``exp`` and a unique ``jti``.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from cardamom.core.oauth_grants import ACCESS_TOKEN_TTL_SECONDS
from cardamom.core.oauth_scopes import ordered
from cardamom.ports import IssuedToken, TokenMinter


class TokenIssuer:
    def __init__(
        self,
        minter: TokenMinter,
        *,
        issuer: str,
        resource: str,
        clock: Callable[[], float] = time.time,
        new_id: Callable[[], str] = lambda: uuid.uuid4().hex,
    ) -> None:
        self._minter = minter
        self.issuer = issuer
        self.resource = resource
        self._clock = clock
        self._new_id = new_id

    def issue(
        self,
        *,
        org: str,
        member: str,
        scopes: Iterable[str],
        ttl_seconds: int = ACCESS_TOKEN_TTL_SECONDS,
        now: int | None = None,
        client_id: str | None = None,
        grant_id: str | None = None,
    ) -> IssuedToken:
        issued_at = int(self._clock()) if now is None else now
        token_id = self._new_id()
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "aud": self.resource,
            "sub": member,
            "org": org,
            "scope": " ".join(ordered(scopes) or sorted(set(scopes))),
            "iat": issued_at,
            "exp": issued_at + ttl_seconds,
            "jti": token_id,
            "grant": grant_id or token_id,
        }
        if client_id is not None:
            claims["client_id"] = client_id
        return IssuedToken(self._minter.sign(claims), token_id, issued_at, issued_at + ttl_seconds)

    def mint(
        self, *, org: str, member: str, scopes: Iterable[str], ttl_seconds: int = 3600, now: int | None = None
    ) -> str:
        return self.issue(org=org, member=member, scopes=scopes, ttl_seconds=ttl_seconds, now=now).token

    def jwks(self) -> dict[str, Any]:
        return self._minter.public_jwks()
