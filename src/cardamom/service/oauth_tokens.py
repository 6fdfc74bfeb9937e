"""OAuth 2.0 access tokens of connections: requested once, shared, refreshed by one worker at a time.

A connection's secret holds its client credentials and, for the authorization-code grant,
its refresh token, which the provider may rotate on every use: a refresh token used twice
is refused (``invalid_grant``), and a refusal withdraws the connection (``needs_reauth``).
So every access token is obtained in a way that makes a second use impossible:

- within a process, one flight per secret (``SingleFlight``): calls that find the token
  expired together wait for the one request the first of them makes;
- across processes (Lambda instances, the CLI beside ``cardamom serve``), through the
  secret itself: a worker about to refresh first writes a short lease into it
  (``refresh_lease``, with ``SecretStore.replace``, a conditional write, so of two workers
  exactly one gets it), and writes the new access token back beside the rotated refresh
  token (``access_token``, ``access_token_expires_at``, ``access_token_for``). The others
  wait for the lease to go, then use the token it left. A lease outlives no crash: past its
  time, anyone takes it over.
- before a refusal withdraws the connection, the secret is read again, past any cache: when
  another worker changed it meanwhile (it rotated the refresh token, or an admin stored a
  new credential), the refusal was about an old grant and the new one is used instead.

Tokens are also cached in memory until ``EXPIRY_LEEWAY_SECONDS`` before they expire. An
access token an upstream refused (HTTP 401: the provider restarted or revoked it) is
``reject``-ed: dropped, and never taken from the secret again, so the next call gets a new one.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from cardamom.core.loopback import is_loopback_host
from cardamom.core.orgdef import AuthSpec
from cardamom.core.outbound import Secret
from cardamom.core.pool import AccountInfo
from cardamom.errors import (
    ConnectorFailed,
    CredentialUnavailable,
    OutboundRefused,
    ReauthorizationNeeded,
    StoreError,
    TokenRefused,
)
from cardamom.ports import AccessToken, SecretStore, TokenEndpoint
from cardamom.service.connection_secrets import secret_field, stored_secret
from cardamom.service.single_flight import SingleFlight

log = logging.getLogger(__name__)

EXPIRY_LEEWAY_SECONDS = 60.0
# The keys Cardamom keeps in a connection's secret beside what the admin stored.
ACCESS_TOKEN = "access_token"
EXPIRES_AT = "access_token_expires_at"
ISSUED_FOR = "access_token_for"  # digest of the token endpoint, grant and scopes the token was asked with
LEASE = "refresh_lease"  # "<holder> <epoch seconds>": who is refreshing, and until when at most
MANAGED_KEYS = frozenset({ACCESS_TOKEN, EXPIRES_AT, ISSUED_FOR, LEASE})
LEASE_MARGIN_SECONDS = 10.0  # a lease lasts the token request's timeout and this
MAX_ROUNDS = 8  # conditional writes lost to other writers before giving up
POLL_SECONDS = (0.05, 0.5)  # first and longest pause between reads while another worker holds the lease

Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class TokenKey:
    """What an access token is shared by: the org's secret, and what the token was asked for."""

    org: str
    secret: str
    issued_for: str


@dataclass(frozen=True, slots=True)
class _Token:
    value: Secret
    expires_at: float | None


def issued_for(auth: AuthSpec) -> str:
    facts = "\n".join((auth.token_url or "", auth.grant or "", auth.client_auth, " ".join(sorted(auth.scopes))))
    return hashlib.sha256(facts.encode()).hexdigest()[:16]


def _granted(values: Mapping[str, str]) -> dict[str, str]:
    """What an admin stored, without what Cardamom keeps beside it."""
    return {k: v for k, v in values.items() if k not in MANAGED_KEYS}


class OAuthTokens:
    def __init__(
        self,
        secrets: SecretStore,
        endpoint: TokenEndpoint,
        *,
        request_timeout: float,
        allow_loopback_http: bool,
        clock: Callable[[], float] = time.time,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._secrets = secrets
        self._endpoint = endpoint
        self._lease_seconds = request_timeout + LEASE_MARGIN_SECONDS
        self._allow_loopback_http = allow_loopback_http
        self._clock = clock
        self._sleep = sleep
        self._holder = uuid.uuid4().hex[:16]  # this process, in the leases it writes
        self._cache: dict[TokenKey, _Token] = {}
        self._rejected: dict[TokenKey, str] = {}  # the access token an upstream last refused: never reused
        self._flights: SingleFlight[Secret] = SingleFlight()

    def _key(self, org: str, account: AccountInfo, auth: AuthSpec) -> TokenKey:
        name = account.credentials.secret
        if name is None:
            raise CredentialUnavailable(f"connection {account.account} names no secret for its OAuth client")
        return TokenKey(org, name, issued_for(auth))

    def _usable(self, key: TokenKey, token: _Token | None) -> bool:
        if token is None or token.value == self._rejected.get(key):
            return False
        return token.expires_at is None or token.expires_at - EXPIRY_LEEWAY_SECONDS > self._clock()

    async def token(self, org: str, account: AccountInfo, auth: AuthSpec) -> Secret:
        key = self._key(org, account, auth)
        cached = self._cache.get(key)
        if cached is not None and self._usable(key, cached):
            return cached.value
        self._check_token_url(auth.token_url or "")
        return await self._flights.run(key, lambda: self._obtain(key, account, auth))

    def reject(self, org: str, account: AccountInfo, auth: AuthSpec, token: str) -> None:
        """An upstream refused ``token``: forget it, here and as found in the secret."""
        key = self._key(org, account, auth)
        self._rejected[key] = token
        cached = self._cache.get(key)
        if cached is not None and cached.value == token:
            self._cache.pop(key, None)

    def _check_token_url(self, url: str) -> None:
        parts = urlsplit(url)
        local = parts.scheme == "http" and self._allow_loopback_http and is_loopback_host(parts.hostname)
        if parts.scheme != "https" and not local:
            raise OutboundRefused("token endpoints must use https (plain http only to loopback, in local mode)")

    def _shared(self, key: TokenKey, values: Mapping[str, str]) -> _Token | None:
        """The access token another worker left in the secret, if it is still good to use."""
        value = values.get(ACCESS_TOKEN)
        if not value or values.get(ISSUED_FOR) != key.issued_for:
            return None
        try:
            expires_at = float(values[EXPIRES_AT]) if values.get(EXPIRES_AT) else None
        except ValueError:
            return None
        token = _Token(Secret(value), expires_at)
        return token if self._usable(key, token) else None

    def _leased_by_another(self, values: Mapping[str, str]) -> bool:
        holder, _, until = values.get(LEASE, "").partition(" ")
        try:
            return bool(holder) and holder != self._holder and float(until) > self._clock()
        except ValueError:
            return False

    async def _obtain(self, key: TokenKey, account: AccountInfo, auth: AuthSpec) -> Secret:
        cached = self._cache.get(key)
        if cached is not None and self._usable(key, cached):
            return cached.value  # a flight that just landed brought it
        deadline = time.monotonic() + self._lease_seconds
        pause, rounds, fresh = POLL_SECONDS[0], 0, False
        while True:
            values = stored_secret(self._secrets, key.org, account, fresh=fresh)
            fresh = True  # the first read may come from a cache; every later one must not
            shared = self._shared(key, values)
            if shared is not None:
                self._cache[key] = shared
                return shared.value
            if self._leased_by_another(values) and time.monotonic() < deadline:
                await self._sleep(pause)
                pause = min(pause * 2, POLL_SECONDS[1])
                continue
            rounds += 1
            if rounds > MAX_ROUNDS:
                raise ConnectorFailed(
                    f"the secret of connection {account.account} kept changing while its token was refreshed",
                    detail="token_refresh_busy",
                )
            leased = {**values, LEASE: f"{self._holder} {self._clock() + self._lease_seconds:.3f}"}
            try:
                won = self._secrets.replace(key.org, key.secret, values, leased)
            except StoreError as exc:
                # A store that refuses conditional writes (a deployment whose role lacks
                # UpdateSecretVersionStage) must not stop every token: refresh unleased, as before.
                log.error("the secret store refused the refresh lease (%s); refreshing without one", exc)
                won, leased = True, values
            if not won:
                continue  # another worker wrote first: read what it wrote
            token = await self._refresh(key, account, auth, leased)
            if token is not None:
                return token

    async def _refresh(
        self, key: TokenKey, account: AccountInfo, auth: AuthSpec, leased: dict[str, str]
    ) -> Secret | None:
        """Request a token under the lease; None when the grant was refused but the secret changed meanwhile."""
        assert auth.token_url is not None  # the org file validates oauth2 specs
        refresh = leased.get("refresh_token") if auth.grant == "authorization_code" else None
        try:
            if auth.grant == "authorization_code" and not refresh:
                raise self._refused(
                    key, account, f"connection {account.account} has no refresh token; it needs reauthorization"
                )
            issued = await self._endpoint.request_token(
                token_url=auth.token_url,
                client_id=secret_field(leased, "client_id", account),
                client_secret=secret_field(leased, "client_secret", account),
                client_auth=auth.client_auth,
                scopes=tuple(auth.scopes),
                refresh_token=refresh,
            )
        except ReauthorizationNeeded:
            self._release(key, leased)
            raise
        except TokenRefused as exc:
            if self._changed_meanwhile(key, leased):
                log.info(
                    "grant refused, but the secret changed meanwhile: using what is stored now",
                    extra={"org": key.org, "account": account.account},
                )
                return None
            self._release(key, leased)
            raise self._refused(
                key,
                account,
                f"{exc}; connection {account.account} is now needs_reauth and its tools are withdrawn until it is "
                "reconnected",
            ) from None
        except BaseException:
            self._release(key, leased)
            raise
        return self._store(key, account, leased, issued)

    def _changed_meanwhile(self, key: TokenKey, leased: Mapping[str, str]) -> bool:
        latest = self._secrets.get(key.org, key.secret, fresh=True)
        return latest is not None and (_granted(latest) != _granted(leased) or self._shared(key, latest) is not None)

    def _store(self, key: TokenKey, account: AccountInfo, leased: dict[str, str], issued: AccessToken) -> Secret:
        stored = _granted(leased)
        if issued.refresh_token:
            stored["refresh_token"] = issued.refresh_token
        stored[ACCESS_TOKEN] = issued.access_token
        stored[EXPIRES_AT] = "" if issued.expires_at is None else f"{issued.expires_at:.3f}"
        stored[ISSUED_FOR] = key.issued_for
        try:
            written = self._secrets.replace(key.org, key.secret, leased, stored)
        except StoreError:  # as for the lease: a rotated refresh token must not be lost
            self._secrets.put(key.org, key.secret, stored)
            written = True
        if not written:
            # Only an admin's put (or a takeover of an expired lease) gets here: what they stored wins.
            log.warning(
                "the secret changed while its token was refreshed; the new token is used here but not shared",
                extra={"org": key.org, "account": account.account},
            )
        token = _Token(Secret(issued.access_token), issued.expires_at)
        self._cache[key] = token
        return token.value

    def _release(self, key: TokenKey, leased: dict[str, str]) -> None:
        released = {k: v for k, v in leased.items() if k != LEASE}
        try:
            self._secrets.replace(key.org, key.secret, leased, released)
        except Exception:  # the lease expires on its own
            log.warning("a refresh lease could not be released", extra={"org": key.org, "secret": key.secret})

    def _refused(self, key: TokenKey, account: AccountInfo, message: str) -> ReauthorizationNeeded:
        self._cache.pop(key, None)
        return ReauthorizationNeeded(message, account=account.account)
