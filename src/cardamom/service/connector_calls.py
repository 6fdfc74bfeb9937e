"""One guarded connector call: the outbound guard on every hop, redirects, retries, a deadline.

- Every request that leaves, the first and every redirected one, passes ``check_outbound``:
  https only (plain http to loopback in local mode), the connector's exact host and port, no
  userinfo, a path under the connector's base path.
- Redirects are followed only within that origin and base path, at most ``MAX_REDIRECTS``
  hops, and only where the method survives unchanged (307/308, or 301/302/303 for GET/HEAD).
  A redirect anywhere else is refused, never followed.
- Retries: idempotent methods only (GET, HEAD, PUT, DELETE, OPTIONS), on 429 and 5xx, at most
  ``MAX_RETRIES`` times, with exponential backoff or the server's ``Retry-After`` when that is
  within ``MAX_RETRY_AFTER_SECONDS`` (a longer one is answered as is, not waited out).
- The whole exchange, retries and body included, runs under one deadline, so a server that
  drips its answer cannot hold the call past it.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin

import anyio

from cardamom.core.outbound import OutboundRequest, check_outbound
from cardamom.errors import ConnectorFailed, OutboundRefused
from cardamom.ports import ConnectorTransport, OutboundResponse

MAX_REDIRECTS = 3
MAX_RETRIES = 2
MAX_RETRY_AFTER_SECONDS = 10.0
BASE_BACKOFF_SECONDS = 0.25
IDEMPOTENT = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})

Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class ConnectorLimits:
    """How far a connector call may go, read once from ``Settings`` and shared by every caller
    (execution, discovery, OAuth token requests), under these two names only."""

    allow_loopback_http: bool = False  # CARDAMOM_LOCAL_MODE: plain http to loopback connectors
    connector_timeout: float = 20.0  # CARDAMOM_CONNECTOR_TIMEOUT: seconds per call, retries included


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """``Retry-After`` as seconds: delta-seconds or an HTTP-date; ``None`` if absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


class ConnectorCaller:
    def __init__(
        self,
        transport: ConnectorTransport,
        limits: ConnectorLimits,
        *,
        sleep: Sleep = anyio.sleep,
    ) -> None:
        self._transport = transport
        self._allow_loopback_http = limits.allow_loopback_http
        self._timeout = limits.connector_timeout
        self._sleep = sleep

    async def call(
        self, request: OutboundRequest, base_url: str, *, redirected: Callable[[OutboundRequest], None] | None = None
    ) -> OutboundResponse:
        """``redirected`` is asked about every redirected request before it leaves (it raises to refuse)."""
        try:
            with anyio.fail_after(self._timeout):
                return await self._exchange(request, base_url, redirected)
        except TimeoutError:
            raise ConnectorFailed(
                f"the connector did not answer within {self._timeout:g} s", detail="connector_timeout"
            ) from None

    async def _exchange(
        self, request: OutboundRequest, base_url: str, redirected: Callable[[OutboundRequest], None] | None
    ) -> OutboundResponse:
        attempt = 0
        while True:
            response = await self._follow(request, base_url, redirected)
            if response.status not in RETRY_STATUSES or request.method not in IDEMPOTENT or attempt >= MAX_RETRIES:
                return response
            delay = retry_after_seconds(response.header("retry-after"))
            if delay is None:
                delay = BASE_BACKOFF_SECONDS * math.pow(2, attempt)
            elif delay > MAX_RETRY_AFTER_SECONDS:
                return response  # asked to come back later than we can wait: hand the answer over
            attempt += 1
            await self._sleep(delay)

    async def _follow(
        self, request: OutboundRequest, base_url: str, redirected: Callable[[OutboundRequest], None] | None
    ) -> OutboundResponse:
        current = request
        for _ in range(MAX_REDIRECTS + 1):
            check_outbound(current, base_url, allow_loopback_http=self._allow_loopback_http)
            response = await self._transport.send(current)
            if response.status not in (301, 302, 303, 307, 308):
                return response
            location = response.header("location")
            if not location:
                raise OutboundRefused(f"the connector redirected ({response.status}) without a Location")
            keeps_method = response.status in (307, 308) or current.method in ("GET", "HEAD")
            if not keeps_method:
                raise OutboundRefused(
                    f"the connector redirected a {current.method} ({response.status}); not followed, as it would "
                    "change the method"
                )
            try:
                target = urljoin(current.url, location)
            except ValueError:
                raise OutboundRefused("the connector redirected to a Location that is no URL; not followed") from None
            candidate = replace(current, url=target)
            try:
                check_outbound(candidate, base_url, allow_loopback_http=self._allow_loopback_http)
            except OutboundRefused as exc:
                raise OutboundRefused(f"the connector redirected outside its origin; not followed ({exc})") from None
            if redirected is not None:
                redirected(candidate)
            current = candidate
        raise OutboundRefused(f"the connector redirected more than {MAX_REDIRECTS} times; not followed")
