"""The MCP request headers, read before the body is parsed.

2026-07-28 mirrors body fields into headers so that routing, rate limiting and
authorization in front of the server (or in it) can act without parsing JSON:
``MCP-Protocol-Version`` (the ``_meta`` version), ``Mcp-Method`` (``method``) and
``Mcp-Name`` (``params.name`` of ``tools/call``). Acting on them is safe only because the
server then rejects any request whose headers and body disagree (``mcp.per_request``).

A value outside the header-safe set travels as ``=?base64?{Base64 of its UTF-8}?=``; the
decoded value is what gets compared with the body. A malformed encoding, a value with
characters no header may carry, or a header given twice with different values is a
problem the per-request era rejects (HeaderMismatch); the handshake era ignores these
headers, as it always did.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

_SENTINEL_PREFIX = "=?base64?"
_SENTINEL_SUFFIX = "?="
# RFC 9110 field values: visible ASCII, space and horizontal tab.
_SAFE = frozenset(chr(c) for c in range(0x20, 0x7F)) | {"\t"}


class HeaderSource(Protocol):
    """Case-insensitive multi-valued headers (Starlette's ``Headers`` is one)."""

    def getlist(self, key: str) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class HeaderValue:
    """One MCP header: its decoded value, or the problem that makes it unusable."""

    value: str | None = None
    problem: str | None = None

    @property
    def present(self) -> bool:
        return self.value is not None or self.problem is not None


def decode_value(raw: str) -> str:
    """A header value as the body would carry it: the Base64 sentinel decoded, else as sent.

    Raises ValueError naming the problem when the value cannot be a header value or its
    encoding is broken (bad padding, characters outside the Base64 alphabet, not UTF-8).
    """
    if any(ch not in _SAFE for ch in raw):
        raise ValueError("contains characters a header value cannot carry (encode it as =?base64?...?=)")
    if not (raw.startswith(_SENTINEL_PREFIX) and raw.endswith(_SENTINEL_SUFFIX)) or len(raw) < len(
        _SENTINEL_PREFIX
    ) + len(_SENTINEL_SUFFIX):
        return raw
    encoded = raw[len(_SENTINEL_PREFIX) : -len(_SENTINEL_SUFFIX)]
    try:
        return base64.b64decode(encoded, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError("is not valid =?base64?...?= (Base64 of UTF-8 text, padded)") from None


def _read(headers: HeaderSource, name: str, *, encoded: bool) -> HeaderValue:
    # Optional whitespace around a field value is not part of it (RFC 9110 section 5.5).
    values = {v.strip(" \t") for v in headers.getlist(name)}
    if not values:
        return HeaderValue()
    if len(values) > 1:
        return HeaderValue(problem=f"{name} is given more than once with different values")
    raw = values.pop()
    if not encoded:
        if any(ch not in _SAFE for ch in raw):
            return HeaderValue(problem=f"{name} contains characters a header value cannot carry")
        return HeaderValue(raw)
    try:
        return HeaderValue(decode_value(raw))
    except ValueError as exc:
        return HeaderValue(problem=f"{name} {exc}")


@dataclass(frozen=True, slots=True)
class McpHeaders:
    protocol_version: HeaderValue
    method: HeaderValue
    name: HeaderValue

    @classmethod
    def read(cls, headers: HeaderSource) -> McpHeaders:
        return cls(
            protocol_version=_read(headers, "mcp-protocol-version", encoded=False),
            method=_read(headers, "mcp-method", encoded=False),
            name=_read(headers, "mcp-name", encoded=True),
        )

    @classmethod
    def none(cls) -> McpHeaders:
        return cls(HeaderValue(), HeaderValue(), HeaderValue())

    @property
    def version(self) -> str | None:
        """The protocol version the header names, when it names one cleanly."""
        return self.protocol_version.value
