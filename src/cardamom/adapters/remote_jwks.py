"""A JWKS fetched from a URL (an identity provider's), cached and refreshed on rotation.

Keys are kept for ``ttl`` seconds; a token signed by a key not in the cached set asks for
a refresh, honoured at most once every ``min_refresh`` seconds so a flood of forged kids
cannot turn into a flood of fetches. Fetches are bounded in time and size.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import httpx
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from cardamom.errors import AuthenticationError

MAX_JWKS_BYTES = 256 * 1024


class RemoteJwks:
    def __init__(
        self,
        url: str,
        *,
        ttl: float = 3600.0,
        min_refresh: float = 60.0,
        timeout: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        client: httpx.Client | None = None,
    ) -> None:
        self._url = url
        self._ttl = ttl
        self._min_refresh = min_refresh
        self._timeout = timeout
        self._clock = clock
        self._client = client
        self._keys: KeySet | None = None
        self._fetched_at = float("-inf")
        self._lock = threading.Lock()

    def _fetch(self) -> KeySet:
        client = self._client or httpx.Client(timeout=self._timeout, follow_redirects=False, trust_env=False)
        try:
            with client.stream("GET", self._url, headers={"Accept": "application/json"}) as response:
                if response.status_code != 200:
                    raise AuthenticationError(
                        f"the identity provider's keys are unavailable (HTTP {response.status_code})"
                    )
                body = b""
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > MAX_JWKS_BYTES:
                        raise AuthenticationError("the identity provider's key set is too large")
        except httpx.HTTPError as exc:
            raise AuthenticationError(
                f"the identity provider's keys cannot be fetched ({type(exc).__name__})"
            ) from None
        finally:
            if self._client is None:
                client.close()
        try:
            return KeySet.import_key_set(httpx.Response(200, content=body).json())
        except (ValueError, JoseError, TypeError) as exc:
            raise AuthenticationError(f"the identity provider's key set is unreadable ({exc})") from None

    def __call__(self, refresh: bool = False) -> KeySet:
        with self._lock:
            age = self._clock() - self._fetched_at
            stale = self._keys is None or age > self._ttl
            if stale or (refresh and age > self._min_refresh):
                self._keys = self._fetch()
                self._fetched_at = self._clock()
            assert self._keys is not None
            return self._keys
