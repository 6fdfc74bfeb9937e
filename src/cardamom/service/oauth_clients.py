"""Which client is asking: Client ID Metadata Documents first, then registered, then pre-registered.

A URL client_id is fetched through the outbound guard (https only, plain http to loopback in
local mode, no redirect off the document's own URL, a deadline and a size cap) and the
answer cached for the document's ``Cache-Control: max-age`` (bounded), so a burst of
sign-ins costs one fetch. Registration (RFC 7591) is deduplicated by fingerprint and
bounded per source address; pre-registered clients come from the org files.
"""

from __future__ import annotations

import hmac
import json
import re
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from ipaddress import ip_address
from typing import Any
from urllib.parse import urlsplit

from cardamom.core.loopback import is_loopback_host
from cardamom.core.oauth_clients import (
    OAuthClient,
    metadata_document_client,
    preregistered_client,
    registered_client,
)
from cardamom.core.oauth_urls import is_url_client_id, metadata_document_url_problem
from cardamom.core.orgdef import ClientDef
from cardamom.core.outbound import OutboundRequest
from cardamom.errors import ConnectorFailed, OAuthError, OutboundRefused
from cardamom.ports import Directory, OAuthClientStore, OutboundResponse, RateCounter, TokenMinter
from cardamom.service.connector_calls import ConnectorCaller

MAX_DOCUMENT_BYTES = 16 * 1024
DOCUMENT_CACHE_SIZE = 256
DEFAULT_CACHE_SECONDS = 300
MIN_CACHE_SECONDS, MAX_CACHE_SECONDS = 60, 86_400
_MAX_AGE = re.compile(r"max-age=(\d+)")

PreregisteredLookup = Callable[[str], OAuthClient | None]
SecretLookup = Callable[[OAuthClient], str | None]


class PreregisteredClients:
    """Clients the org files register (``clients:``), found by id across the orgs.

    Each org's list is kept per directory version, so a lookup costs the version listing and,
    only when an org changed, one read of its definition. An id two orgs both define names no
    client (refused rather than guessed).
    """

    def __init__(self, directory: Directory) -> None:
        self._directory = directory
        self._cache: dict[str, tuple[int, dict[str, ClientDef]]] = {}

    def __call__(self, client_id: str) -> OAuthClient | None:
        found: list[tuple[str, ClientDef]] = []
        for org, version in self._directory.org_versions().items():
            cached = self._cache.get(org)
            if cached is None or cached[0] != version:
                stored = self._directory.load_org(org)
                if stored is None:
                    continue
                cached = (stored.version, {c.id: c for c in stored.definition.clients})
                self._cache[org] = cached
            if client_id in cached[1]:
                found.append((org, cached[1][client_id]))
        if len(found) != 1:
            return None
        org, client = found[0]
        return preregistered_client(org, client.id, client.name, client.redirect_uris, client.secret)


@dataclass(frozen=True, slots=True)
class RegistrySettings:
    allow_loopback_http: bool = False
    registrations_per_hour: int = 20


def _cache_seconds(response: OutboundResponse) -> int:
    control = response.header("cache-control") or ""
    if "no-store" in control or "no-cache" in control:
        return MIN_CACHE_SECONDS
    match = _MAX_AGE.search(control)
    seconds = int(match.group(1)) if match else DEFAULT_CACHE_SECONDS
    return max(MIN_CACHE_SECONDS, min(seconds, MAX_CACHE_SECONDS))


def _private_address(host: str) -> bool:
    try:
        address = ip_address(host.strip("[]"))
    except ValueError:
        return False
    return not address.is_global


class ClientRegistry:
    def __init__(
        self,
        store: OAuthClientStore,
        counter: RateCounter,
        fetcher: ConnectorCaller,
        minter: TokenMinter,
        settings: RegistrySettings,
        *,
        preregistered: PreregisteredLookup = lambda client_id: None,
        preregistered_secret: SecretLookup = lambda client: None,
        clock: Callable[[], float] = time.time,
        new_id: Callable[[], str] = lambda: uuid.uuid4().hex,
    ) -> None:
        self._store = store
        self._counter = counter
        self._fetcher = fetcher
        self._minter = minter
        self._settings = settings
        self._preregistered = preregistered
        self._preregistered_secret = preregistered_secret
        self._clock = clock
        self._new_id = new_id
        self._documents: OrderedDict[str, tuple[OAuthClient, float]] = OrderedDict()

    # ---- resolving ------------------------------------------------------------------------

    async def resolve(self, client_id: str | None) -> OAuthClient:
        """The client named by ``client_id``, or OAuthError(invalid_client) (never a redirect)."""
        if not client_id or len(client_id) > 2000:
            raise OAuthError("invalid_client", "client_id is required", status=401)
        if is_url_client_id(client_id):
            return await self._metadata_document(client_id)
        client = self._store.get(client_id) or self._preregistered(client_id)
        if client is None:
            raise OAuthError("invalid_client", f"no client {client_id!r} is registered here", status=401)
        return client

    async def _metadata_document(self, url: str) -> OAuthClient:
        cached = self._documents.get(url)
        if cached is not None and cached[1] > self._clock():
            self._documents.move_to_end(url)
            return cached[0]
        problem = metadata_document_url_problem(url)
        if problem is not None:
            raise OAuthError("invalid_client", problem, status=401)
        host = urlsplit(url).hostname or ""
        loopback = is_loopback_host(host)
        if (loopback and not self._settings.allow_loopback_http) or (_private_address(host) and not loopback):
            raise OAuthError("invalid_client", "the client metadata document's host is not a public address")
        request = OutboundRequest("GET", url, headers={"Accept": "application/json"})
        try:
            response = await self._fetcher.call(request, url)
        except (ConnectorFailed, OutboundRefused) as exc:
            raise OAuthError("invalid_client", f"the client metadata document could not be fetched: {exc}") from None
        if response.status != 200:
            raise OAuthError("invalid_client", f"the client metadata document answered HTTP {response.status}")
        if len(response.body) > MAX_DOCUMENT_BYTES:
            raise OAuthError("invalid_client", f"the client metadata document exceeds {MAX_DOCUMENT_BYTES} bytes")
        try:
            document: Any = json.loads(response.body)
        except ValueError:
            raise OAuthError("invalid_client", "the client metadata document is not JSON") from None
        client = metadata_document_client(url, document, now=int(self._clock()))
        self._documents[url] = (client, self._clock() + _cache_seconds(response))
        while len(self._documents) > DOCUMENT_CACHE_SIZE:
            self._documents.popitem(last=False)
        return client

    # ---- registering ------------------------------------------------------------------------

    def register(self, body: Any, source: str) -> dict[str, Any]:
        """Dynamic Client Registration: the RFC 7591 answer (a secret only for confidential clients)."""
        now = int(self._clock())
        candidate = registered_client(body, client_id=f"dcr-{self._new_id()}", now=now)
        known = self._store.by_fingerprint(candidate.fingerprint)
        if known is not None:  # the same software with the same redirects: the same client
            secret = self._minter.client_secret(known.client_id) if known.confidential else None
            return known.registration_response(secret)
        count = self._counter.hit(f"register:{source}", window_seconds=3600, now=now)
        if count > self._settings.registrations_per_hour:
            raise OAuthError(
                "slow_down", "too many client registrations from this address; try again within the hour", status=429
            )
        client = self._store.register(candidate)
        secret = self._minter.client_secret(client.client_id) if client.confidential else None
        return client.registration_response(secret)

    # ---- authenticating ------------------------------------------------------------------------

    def check_secret(self, client: OAuthClient, presented: str | None) -> None:
        """Confidential clients must present their secret; public ones present none (PKCE binds them)."""
        if not client.confidential:
            return
        if client.kind == "preregistered":
            expected = self._preregistered_secret(client)
        else:
            expected = self._minter.client_secret(client.client_id)
        if not presented or expected is None or not hmac.compare_digest(presented, expected):
            raise OAuthError("invalid_client", "client authentication failed", status=401)
