"""The protocol versions this endpoint speaks, and which era a request belongs to.

Two eras share ``POST /mcp``. The handshake era (2025-03-26, 2025-06-18, 2025-11-25) opens
with ``initialize`` and names its version in the ``MCP-Protocol-Version`` header afterwards.
The per-request era (2026-07-28) has no handshake: every request names its version in
``params._meta`` and in the header, and the two must agree. The server keeps no session, so
each request is placed in its era on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from mcp_types import PROTOCOL_VERSION_META_KEY

from cardamom.service.mcp_wire import SUPPORTED_PROTOCOL_VERSIONS

Era = Literal["handshake", "per-request"]

# The handshake era: the same revisions our client wire speaks to remote MCP servers.
HANDSHAKE_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS
PER_REQUEST_VERSIONS = ("2026-07-28",)
LATEST_HANDSHAKE_VERSION = "2025-11-25"
# Newest first: what server/discover advertises and an unsupported-version error lists.
SUPPORTED_VERSIONS = (*reversed(PER_REQUEST_VERSIONS), *reversed(HANDSHAKE_VERSIONS))

# Methods that exist only in the per-request era: a request for one is answered in that era
# (a missing _meta or header is then that era's error, not "method not found").
PER_REQUEST_ONLY_METHODS = frozenset({"server/discover", "subscriptions/listen"})


def negotiate_handshake(requested: str) -> str:
    """``initialize``: the client's version if we speak it, else our newest handshake version."""
    return requested if requested in HANDSHAKE_VERSIONS else LATEST_HANDSHAKE_VERSION


def declared_version(params: Mapping[str, Any]) -> object:
    """The version ``params._meta`` declares (any JSON value), or None when it declares none."""
    meta = params.get("_meta")
    return meta.get(PROTOCOL_VERSION_META_KEY) if isinstance(meta, dict) else None


def request_era(method: str, params: Mapping[str, Any], header_version: str | None) -> Era:
    """Which era answers this request.

    A handshake-era version in the header decides for the handshake era (its ``_meta`` is
    then ordinary metadata, as it always was). Otherwise a per-request version in the
    header, any version in ``_meta``, or a method only the per-request era has, decides for
    the per-request era, whose own rules then judge the request (an unknown version there is
    answered with the supported list). Everything else (no header, as on ``initialize``, or
    an unknown header without ``_meta``) stays in the handshake era, answered as before.
    """
    if header_version in HANDSHAKE_VERSIONS:
        return "handshake"
    if header_version in PER_REQUEST_VERSIONS or method in PER_REQUEST_ONLY_METHODS:
        return "per-request"
    return "per-request" if declared_version(params) is not None else "handshake"
