"""Remote MCP listings: what each mcp connection's server listed, and what the latest try said.

A snapshot holds one ``Listing`` per active connection of an mcp connector: the tools the
server last listed, when, with which server and credential reference, and the problem of
the latest attempt if it failed, and when. From it the snapshot's tools are built, an
admin reads why a connection has no tools (``cardamom__connections__list``), and the
schedules decide which orgs are due for a new listing (``listing_due``).

A failed attempt does not always erase what was listed before (``next_listing``): when the
failure says nothing about the server's tools (``ListingAttempt.inconclusive``: the process
that tried has no credential for the connection, as an admin's shell running ``org apply``
may not, or the server did not answer in time), the last good listing made with the same
server and credential reference stands. When the server answered (it refused the
credential, broke the protocol, errs), it is believed: the connection contributes no tools.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from cardamom.core.pool import Upstream
from cardamom.core.remote_tools import RemoteTool

RELIST_SECONDS = 300.0  # default age after which a listing is made again (CARDAMOM_RELIST_INTERVAL)
RETRY_SECONDS = 30.0  # how soon a failed listing is tried again by a schedule


@dataclass(frozen=True, slots=True)
class ListingAttempt:
    """One attempt at listing a server: its tools, or why there are none."""

    tools: tuple[RemoteTool, ...] | None = None  # None: not listed
    problem: str = ""  # why not, for an admin (never a secret)
    code: str = ""  # credential_unavailable, upstream_http_401, connector_timeout, ...
    inconclusive: bool = False  # the failure says nothing of the server's tools

    @property
    def listed(self) -> bool:
        return self.tools is not None


@dataclass(frozen=True, slots=True)
class Listing:
    """An mcp connection's listing, as a snapshot holds it."""

    tools: tuple[RemoteTool, ...] = ()
    listed_at: float | None = None  # when ``tools`` were listed (epoch seconds); None: never
    fingerprint: str = ""  # the server and credential reference they were listed with
    problem: str = ""  # the latest attempt's failure; "" when it listed
    code: str = ""
    failed_at: float | None = None  # when the latest attempt failed

    @property
    def failed(self) -> bool:
        return bool(self.problem)


def listing_fingerprint(upstream: Upstream) -> str:
    """What a listing depends on besides the server's whim: its endpoint, auth and credential reference."""
    facts = {
        "base_url": upstream.connector.base_url,
        "auth": upstream.connector.auth.model_dump(mode="json", exclude_none=True),
        "credentials": upstream.account.credentials.model_dump(mode="json", exclude_none=True),
    }
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()[:16]


def next_listing(previous: Listing | None, attempt: ListingAttempt, fingerprint: str, now: float) -> Listing:
    """The listing a snapshot built at ``now`` holds, after ``attempt``."""
    if attempt.tools is not None:
        return Listing(attempt.tools, now, fingerprint)
    kept = attempt.inconclusive and previous is not None and previous.fingerprint == fingerprint
    return Listing(
        previous.tools if kept and previous else (),
        previous.listed_at if kept and previous else None,
        fingerprint,
        attempt.problem or "not listed",
        attempt.code,
        now,
    )


def listing_due(
    listings: Mapping[str, Listing],
    now: float,
    *,
    relist_seconds: float = RELIST_SECONDS,
    retry_seconds: float = RETRY_SECONDS,
) -> bool:
    """Whether an org's remote servers should be listed again: a listing is older than
    ``relist_seconds`` (or was never made), or its latest attempt failed at least
    ``retry_seconds`` ago. (A connection added or changed moves the directory, which
    rebuilds, and so lists, anyway.)"""
    for listing in listings.values():
        if listing.failed and listing.failed_at is not None:
            if now - listing.failed_at >= retry_seconds:
                return True
        elif listing.listed_at is None or now - listing.listed_at >= relist_seconds:
            return True
    return False
