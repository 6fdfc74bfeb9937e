"""Scopes as the authorization server hands them out, and the consent decision.

The four grant scopes are policy's (``core.policy.ALL_SCOPES``). A client that names none
gets ``DEFAULT_SCOPES`` (the 401 challenge's ``scope=``): reading, writing and connected
tools, never ``mcp:destructive`` unless asked for and granted. Scopes Cardamom does not
know (``openid``, ``offline_access`` ...) are ignored rather than refused, as RFC 6749
section 3.3 allows, since general-purpose clients add them.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardamom.core.policy import ALL_SCOPES

DEFAULT_SCOPES: tuple[str, ...] = ("mcp:read", "mcp:write", "mcp:tools")
SCOPE_DESCRIPTIONS: dict[str, str] = {
    "mcp:read": "Read: search tools and run read-only operations",
    "mcp:write": "Write: run operations that create or change data",
    "mcp:destructive": "Delete: run destructive operations (delete, disconnect, remove)",
    "mcp:tools": "Connected tools: run the tools of your org's connected apps",
}


def ordered(scopes: Iterable[str]) -> tuple[str, ...]:
    wanted = set(scopes)
    return tuple(s for s in ALL_SCOPES if s in wanted)


def requested_scopes(scope: str | None) -> tuple[str, ...]:
    """The known scopes a request names, in canonical order; none named means the defaults."""
    known = ordered((scope or "").split())
    return known or DEFAULT_SCOPES


def granted_scopes(requested: Iterable[str], chosen: Iterable[str]) -> tuple[str, ...]:
    """What the person ticked, never more than the client asked for."""
    return ordered(set(requested) & set(chosen))


def consent_covers(remembered: Iterable[str] | None, requested: Iterable[str]) -> bool:
    """A remembered decision answers a new request only if it granted every scope asked now."""
    return remembered is not None and set(requested) <= set(remembered)
