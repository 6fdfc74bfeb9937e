"""The 2026-07-28 request rules: per-request ``_meta`` and the headers that mirror the body.

Checked in this order, each failure answered with HTTP 400:

1. ``params._meta`` carries ``io.modelcontextprotocol/protocolVersion`` (a string) and
   ``io.modelcontextprotocol/clientCapabilities`` (an object); ``clientInfo`` is optional
   but, when given, must be an ``Implementation``.                        -> -32602
2. ``MCP-Protocol-Version`` is present and equals the ``_meta`` version.    -> -32020
3. That version is one this server speaks.                      -> -32022 (+ supported)
4. ``Mcp-Method`` is present and equals the body's ``method``.              -> -32020
5. On ``tools/call``, ``Mcp-Name`` is present and, decoded, equals
   ``params.name``.                                                        -> -32020

Header values are case-sensitive; header names are not (the HTTP layer folds them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mcp_types import (
    CLIENT_CAPABILITIES_META_KEY,
    CLIENT_INFO_META_KEY,
    PROTOCOL_VERSION_META_KEY,
    ClientCapabilities,
    Implementation,
)
from pydantic import ValidationError

from cardamom.errors import HeaderMismatch, MissingRequestMeta, UnsupportedRequestVersion
from cardamom.mcp.request_headers import HeaderValue, McpHeaders
from cardamom.mcp.versions import PER_REQUEST_VERSIONS, SUPPORTED_VERSIONS

# Requests whose Mcp-Name header mirrors params.name (the only one a tools-only server serves).
NAMED_METHODS = frozenset({"tools/call"})
# The clientInfo name goes on audit rows: self-reported, so kept to a sane length there.
MAX_CLIENT_NAME_CHARS = 200


@dataclass(frozen=True, slots=True)
class RequestContext:
    """What a valid 2026-07-28 request says about itself."""

    version: str
    capabilities: ClientCapabilities
    client_name: str | None  # clientInfo.name: self-reported, for the audit row and logs only
    mcp_name: str | None  # the decoded Mcp-Name header, on tools/call


def _meta(params: Mapping[str, Any]) -> tuple[str, ClientCapabilities, str | None]:
    meta = params.get("_meta")
    if not isinstance(meta, dict):
        raise MissingRequestMeta(
            f"params._meta is required on a 2026-07-28 request, with {PROTOCOL_VERSION_META_KEY} "
            f"and {CLIENT_CAPABILITIES_META_KEY}"
        )
    version = meta.get(PROTOCOL_VERSION_META_KEY)
    if not isinstance(version, str) or not version:
        raise MissingRequestMeta(f"params._meta needs {PROTOCOL_VERSION_META_KEY}: the protocol version, a string")
    raw_capabilities = meta.get(CLIENT_CAPABILITIES_META_KEY)
    if not isinstance(raw_capabilities, dict):
        raise MissingRequestMeta(
            f"params._meta needs {CLIENT_CAPABILITIES_META_KEY}: an object ({{}} when the client declares none)"
        )
    try:
        capabilities = ClientCapabilities.model_validate(raw_capabilities)
    except ValidationError as exc:
        raise MissingRequestMeta(f"params._meta {CLIENT_CAPABILITIES_META_KEY} is malformed: {_first(exc)}") from None
    client_name = None
    raw_info = meta.get(CLIENT_INFO_META_KEY)
    if raw_info is not None:
        try:
            client_name = Implementation.model_validate(raw_info).name[:MAX_CLIENT_NAME_CHARS]
        except ValidationError as exc:
            raise MissingRequestMeta(f"params._meta {CLIENT_INFO_META_KEY} is malformed: {_first(exc)}") from None
    return version, capabilities, client_name


def _first(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else str(err["msg"])


def _mirror(header: HeaderValue, label: str, body_value: str, body_field: str) -> None:
    if header.problem is not None:
        raise HeaderMismatch(f"Header mismatch: {header.problem}")
    if header.value is None:
        raise HeaderMismatch(f"Header mismatch: the {label} header is required and must equal {body_field}")
    if header.value != body_value:
        raise HeaderMismatch(
            f"Header mismatch: {label} header value {header.value!r} does not match {body_field} {body_value!r}"
        )


def validate(method: str, params: Mapping[str, Any], headers: McpHeaders) -> RequestContext:
    """The request's context, or the protocol error its first broken rule calls for."""
    version, capabilities, client_name = _meta(params)
    _mirror(headers.protocol_version, "MCP-Protocol-Version", version, "params._meta protocol version")
    if version not in PER_REQUEST_VERSIONS:
        raise UnsupportedRequestVersion(version, SUPPORTED_VERSIONS)
    _mirror(headers.method, "Mcp-Method", method, "the body's method")
    mcp_name = None
    if method in NAMED_METHODS:
        name = params.get("name")
        if isinstance(name, str):  # a missing or non-string name is the params check's to report
            _mirror(headers.name, "Mcp-Name", name, "params.name")
            mcp_name = name
        elif headers.name.present:
            raise HeaderMismatch("Header mismatch: Mcp-Name is set but the body has no params.name")
    return RequestContext(version, capabilities, client_name, mcp_name)
