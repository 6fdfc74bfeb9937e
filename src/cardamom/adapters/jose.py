"""JWTs with joserfc (Authlib's JOSE implementation): Cardamom's own access tokens, signed
ES256 with a rotating key ring, and tokens from elsewhere (a company IdP), RS256 or ES256.

The key ring is a JWKS of private keys, newest first: the first signs, all of them verify,
and the public halves are what ``/oauth/jwks`` publishes. A rotation puts a new key first
and keeps the previous one, so tokens signed before it stay valid until they expire. A
process that meets a token signed by a key it does not know reloads the ring (at most once
every ``RELOAD_SECONDS``): another instance may have rotated.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey, KeySet, RSAKey

from cardamom.errors import AuthenticationError, ConfigError, Conflict
from cardamom.ports import Claims, IssuedToken, SigningKeyStore

ALGORITHM = "ES256"
EXTERNAL_ALGORITHMS = ("RS256", "ES256")
LEEWAY_SECONDS = 30
RELOAD_SECONDS = 30.0
KEEP_KEYS = 2  # the current key and the one before it: two keys published across a rotation


def public_keys_from_text(text: str) -> KeySet:
    """A verification key set from a JWKS, a single JWK, or a PEM public key (EC or RSA)."""
    try:
        stripped = text.strip()
        if stripped.startswith("{"):
            data = json.loads(stripped)
            if "keys" in data:
                return KeySet.import_key_set(data)
            return KeySet([RSAKey.import_key(data) if data.get("kty") == "RSA" else ECKey.import_key(data)])
        try:
            return KeySet([ECKey.import_key(stripped)])
        except (ValueError, JoseError):
            return KeySet([RSAKey.import_key(stripped)])
    except (ValueError, JoseError) as exc:
        raise ConfigError(f"the JWT verification key cannot be read: {exc}") from exc


def unverified_issuer(token: str) -> str | None:
    """The ``iss`` a token claims, read before verification only to pick the verifier."""
    try:
        payload = token.split(".")[1]
        data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (IndexError, ValueError):
        return None
    issuer = data.get("iss") if isinstance(data, dict) else None
    return issuer if isinstance(issuer, str) else None


# ---- Cardamom's key ring ----------------------------------------------------------------------


def _new_key(now: int) -> ECKey:
    return ECKey.generate_key("P-256", parameters={"kid": f"k{now}-{uuid.uuid4().hex[:8]}", "use": "sig"})


class SigningKeys:
    """The key ring, loaded from its store on first use (never at import: cold start)."""

    def __init__(self, store: SigningKeyStore, *, clock: Callable[[], float] = time.time) -> None:
        self._store = store
        self._clock = clock
        self._keys: list[ECKey] | None = None
        self._loaded_at = 0.0
        self._lock = threading.Lock()
        self._secret_key = secrets.token_urlsafe(32)  # replaced by the stored one on load

    def _parse(self, document: str) -> list[ECKey]:
        try:
            data = json.loads(document)
            keys = [ECKey.import_key(k) for k in data["keys"]]
            if isinstance(data.get("client_secret_key"), str):
                self._secret_key = data["client_secret_key"]
        except (ValueError, KeyError, TypeError, JoseError) as exc:
            raise ConfigError(f"the authorization server's signing keys cannot be read: {exc}") from exc
        if not keys or any(not k.is_private or not k.kid for k in keys):
            raise ConfigError("the authorization server's signing keys must be private keys with a kid")
        return keys

    def _document(self, keys: list[ECKey]) -> str:
        return json.dumps({"keys": [k.as_dict(private=True) for k in keys], "client_secret_key": self._secret_key})

    def _load(self) -> list[ECKey]:
        document = self._store.load()
        if document is None:
            keys = [_new_key(int(self._clock()))]
            try:
                self._store.save(self._document(keys), create=True)
            except Conflict:  # another instance created the ring first: use theirs
                document = self._store.load()
                if document is None:
                    raise
                keys = self._parse(document)
        else:
            keys = self._parse(document)
        self._loaded_at = self._clock()
        return keys

    def keys(self) -> list[ECKey]:
        with self._lock:
            if self._keys is None:
                self._keys = self._load()
            return self._keys

    def reload(self) -> bool:
        """Read the ring again (after meeting an unknown kid); False if read too recently."""
        with self._lock:
            if self._keys is not None and self._clock() - self._loaded_at < RELOAD_SECONDS:
                return False
            self._keys = self._load()
            return True

    def rotate(self) -> str:
        """A new current key; the previous one stays published; older ones go. Returns the new kid."""
        with self._lock:
            current = self._load()
            key = _new_key(int(self._clock()))
            ring = [key, *current][:KEEP_KEYS]
            self._store.save(self._document(ring), create=False)
            self._keys = ring
            return str(key.kid)

    def sign(self, claims: Mapping[str, Any]) -> str:
        key = self.keys()[0]
        return jwt.encode({"alg": ALGORITHM, "kid": key.kid, "typ": "at+jwt"}, dict(claims), key)

    def public_jwks(self) -> dict[str, Any]:
        return {"keys": [{**k.as_dict(private=False), "alg": ALGORITHM, "use": "sig"} for k in self.keys()]}

    def key_set(self) -> KeySet:
        return KeySet(list(self.keys()))

    def client_secret(self, client_id: str) -> str:
        self.keys()  # loads the stored secret key
        digest = hmac.new(self._secret_key.encode(), f"client-secret:{client_id}".encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()


# ---- verification ---------------------------------------------------------------------------


def _decode(token: str, keys: KeySet, algorithms: Iterable[str]) -> jwt.Token:
    try:
        return jwt.decode(token, keys, algorithms=list(algorithms))
    except JoseError as exc:
        raise AuthenticationError(f"the bearer token is not valid ({exc.error})") from None
    except (ValueError, TypeError, KeyError):  # whatever a hostile token trips the decoder on
        raise AuthenticationError("the bearer token is malformed") from None


def _registry(issuer: str, audience: str) -> jwt.JWTClaimsRegistry:
    return jwt.JWTClaimsRegistry(
        leeway=LEEWAY_SECONDS,
        iss={"essential": True, "value": issuer},
        aud={"essential": True, "value": audience},
        sub={"essential": True},
        exp={"essential": True},
    )


def _validate(registry: jwt.JWTClaimsRegistry, claims: dict[str, Any]) -> None:
    try:
        registry.validate(claims)
    except JoseError as exc:
        detail = f"{exc.error}: {exc.description}" if exc.description else exc.error
        raise AuthenticationError(f"the bearer token is not valid ({detail})") from None
    except (ValueError, TypeError, OverflowError):  # a claim of a type the registry cannot compare
        raise AuthenticationError("the bearer token's claims are malformed") from None


def _scopes(claims: Mapping[str, Any]) -> frozenset[str]:
    scope = claims.get("scope", "")
    if isinstance(scope, list) and all(isinstance(s, str) for s in scope):
        return frozenset(scope)
    if not isinstance(scope, str):
        raise AuthenticationError("the bearer token's scope claim must be a space-separated string")
    return frozenset(scope.split())


def _text_claim(claims: Mapping[str, Any], name: str) -> str | None:
    value = claims.get(name)
    return value if isinstance(value, str) and value else None


class CardamomTokenVerifier:
    """Access tokens Cardamom issued: its key ring, its issuer, the MCP resource as audience."""

    def __init__(self, keys: SigningKeys, *, issuer: str, audience: str) -> None:
        self._keys = keys
        self._registry = _registry(issuer, audience)

    def verify(self, token: str) -> Claims:
        try:
            decoded = _decode(token, self._keys.key_set(), [ALGORITHM])
        except AuthenticationError:
            if not self._keys.reload():
                raise
            decoded = _decode(token, self._keys.key_set(), [ALGORITHM])
        claims = decoded.claims
        _validate(self._registry, claims)
        org = _text_claim(claims, "org")
        if org is None:
            raise AuthenticationError("the bearer token names no org")
        return Claims(
            org=org,
            member=str(claims["sub"]),
            scopes=_scopes(claims),
            token_id=_text_claim(claims, "jti"),
            issued_at=int(claims["iat"]) if isinstance(claims.get("iat"), int | float) else None,
            expires_at=int(claims["exp"]),
            client_id=_text_claim(claims, "client_id"),
            grant_id=_text_claim(claims, "grant"),
        )


@dataclass(frozen=True, slots=True)
class ClaimMapping:
    """How a token from elsewhere names the member and the org."""

    member_claim: str = "sub"
    org_claim: str = "org"
    fixed_org: str | None = None  # every token of this issuer belongs to this org


class JwtVerifier:
    """Tokens from elsewhere (the optional path): RS256 or ES256, keys from a static set or a
    ``key_source`` (a remote JWKS that refreshes itself), claims mapped to member and org."""

    def __init__(
        self,
        keys: KeySet | None = None,
        *,
        issuer: str,
        audience: str,
        key_source: Callable[[bool], KeySet] | None = None,
        mapping: ClaimMapping = ClaimMapping(),
    ) -> None:
        if keys is None and key_source is None:
            raise ConfigError("a JWT verifier needs keys or a key source")
        self._keys = keys
        self._source = key_source
        self._registry = _registry(issuer, audience)
        self._mapping = mapping

    def _key_set(self, refresh: bool) -> KeySet:
        if self._source is not None:
            return self._source(refresh)
        assert self._keys is not None
        return self._keys

    def verify(self, token: str) -> Claims:
        try:
            decoded = _decode(token, self._key_set(False), EXTERNAL_ALGORITHMS)
        except AuthenticationError:
            if self._source is None:
                raise
            decoded = _decode(token, self._key_set(True), EXTERNAL_ALGORITHMS)
        claims = decoded.claims
        _validate(self._registry, claims)
        member = _text_claim(claims, self._mapping.member_claim)
        if member is None:
            raise AuthenticationError(f"the bearer token has no {self._mapping.member_claim!r} claim")
        if self._mapping.member_claim == "email":
            member = member.lower()
        org = self._mapping.fixed_org or _text_claim(claims, self._mapping.org_claim)
        if org is None:
            raise AuthenticationError("the bearer token names no org")
        return Claims(
            org=org,
            member=member,
            scopes=_scopes(claims),
            token_id=_text_claim(claims, "jti"),
            issued_at=int(claims["iat"]) if isinstance(claims.get("iat"), int | float) else None,
            expires_at=int(claims["exp"]),
            client_id=_text_claim(claims, "client_id") or _text_claim(claims, "azp"),
        )


class IssuerRoutedVerifier:
    """Each token to the verifier of the issuer it names; an unknown issuer is refused."""

    def __init__(self, verifiers: Mapping[str, Any]) -> None:
        self._verifiers = dict(verifiers)

    def verify(self, token: str) -> Claims:
        issuer = unverified_issuer(token)
        verifier = None if issuer is None else self._verifiers.get(issuer)
        if verifier is None:
            if issuer is None:
                raise AuthenticationError("the bearer token is malformed")
            raise AuthenticationError("the bearer token is not valid (its issuer is not trusted here)")
        claims: Claims = verifier.verify(token)
        return claims


# ---- tests' and tools' minting of tokens from elsewhere -------------------------------------------


class JwtSigner:
    """Signs ES256 tokens with one key for a given issuer and audience (stands in for an IdP)."""

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
