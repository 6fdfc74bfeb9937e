"""Bearer tokens: JWTs signed ES256, verified with joserfc.

(joserfc is Authlib's JOSE implementation; ``authlib.jose`` is deprecated in its favour.)
The gateway only ever holds the public key; ``cardamom token`` signs with the local
development key, generated once under the local state directory.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey, KeySet

from cardamom.errors import AuthenticationError, ConfigError
from cardamom.ports import Claims

ALGORITHM = "ES256"
LEEWAY_SECONDS = 30


def load_or_create_dev_key(path: Path) -> ECKey:
    """The local signing key, created on first use with owner-only permissions."""
    if path.exists():
        try:
            return ECKey.import_key(json.loads(path.read_text()))
        except (ValueError, JoseError) as exc:
            raise ConfigError(f"the development signing key at {path} is unreadable: {exc}") from exc
    key = ECKey.generate_key("P-256", parameters={"kid": f"dev-{uuid.uuid4().hex[:8]}"})
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        json.dump(key.as_dict(private=True), handle)
    return key


def public_keys_from_text(text: str) -> KeySet:
    """A verification key set from a JWKS, a single JWK, or a PEM public key."""
    try:
        stripped = text.strip()
        if stripped.startswith("{"):
            data = json.loads(stripped)
            if "keys" in data:
                return KeySet.import_key_set(data)
            return KeySet([ECKey.import_key(data)])
        return KeySet([ECKey.import_key(stripped)])
    except (ValueError, JoseError) as exc:
        raise ConfigError(f"the JWT verification key cannot be read: {exc}") from exc


class JwtVerifier:
    def __init__(self, keys: KeySet, *, issuer: str, audience: str) -> None:
        self._keys = keys
        self._issuer = issuer
        self._audience = audience
        self._registry = jwt.JWTClaimsRegistry(
            leeway=LEEWAY_SECONDS,
            iss={"essential": True, "value": issuer},
            aud={"essential": True, "value": audience},
            sub={"essential": True},
            exp={"essential": True},
        )

    def verify(self, token: str) -> Claims:
        try:
            decoded = jwt.decode(token, self._keys, algorithms=[ALGORITHM])
            self._registry.validate(decoded.claims)
            return self._claims(decoded.claims)
        except JoseError as exc:
            raise AuthenticationError(f"the bearer token is not valid ({exc.error})") from None
        except (ValueError, TypeError, KeyError, OverflowError):
            # Whatever a hostile token makes the decoder or a claim conversion trip on is a bad token.
            raise AuthenticationError("the bearer token is malformed") from None

    @staticmethod
    def _claims(claims: dict[str, Any]) -> Claims:
        org = claims.get("org")
        if not isinstance(org, str) or not org:
            raise AuthenticationError("the bearer token names no org")
        scope = claims.get("scope", "")
        if not isinstance(scope, str):
            raise AuthenticationError("the bearer token's scope claim must be a space-separated string")
        token_id = claims.get("jti")
        return Claims(
            org=org,
            member=str(claims["sub"]),
            scopes=frozenset(scope.split()),
            token_id=token_id if isinstance(token_id, str) else None,
            issued_at=int(claims["iat"]) if isinstance(claims.get("iat"), int | float) else None,
            expires_at=int(claims["exp"]),
        )


@dataclass(frozen=True, slots=True)
class IssuedToken:
    token: str
    token_id: str
    issued_at: int
    expires_at: int


class JwtSigner:
    def __init__(self, key: ECKey, *, issuer: str, audience: str) -> None:
        self._key = key
        self._issuer = issuer
        self._audience = audience

    def issue(
        self, *, org: str, member: str, scopes: Iterable[str], ttl_seconds: int = 3600, now: int | None = None
    ) -> IssuedToken:
        issued_at = int(time.time()) if now is None else now
        token_id = uuid.uuid4().hex
        claims: dict[str, Any] = {
            "iss": self._issuer,
            "aud": self._audience,
            "sub": member,
            "org": org,
            "scope": " ".join(sorted(set(scopes))),
            "iat": issued_at,
            "exp": issued_at + ttl_seconds,
            "jti": token_id,
        }
        header = {"alg": ALGORITHM, "kid": self._key.kid} if self._key.kid else {"alg": ALGORITHM}
        return IssuedToken(jwt.encode(header, claims, self._key), token_id, issued_at, issued_at + ttl_seconds)

    def mint(
        self, *, org: str, member: str, scopes: Iterable[str], ttl_seconds: int = 3600, now: int | None = None
    ) -> str:
        return self.issue(org=org, member=member, scopes=scopes, ttl_seconds=ttl_seconds, now=now).token
