"""Which era answers a request, and how an MCP header value is read."""

from __future__ import annotations

from typing import Any

import pytest

from cardamom.mcp.request_headers import McpHeaders, decode_value
from cardamom.mcp.versions import negotiate_handshake, request_era

META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}


@pytest.mark.parametrize(
    ("method", "params", "header", "era"),
    [
        ("initialize", {"protocolVersion": "2025-06-18"}, None, "handshake"),
        ("tools/list", {}, "2025-11-25", "handshake"),
        ("tools/list", {"_meta": META}, "2025-11-25", "handshake"),  # a handshake version decides
        ("tools/list", {}, None, "handshake"),
        ("tools/list", {}, "2099-01-01", "handshake"),  # unknown header, no _meta: answered as before
        ("tools/list", {}, "2026-07-28", "per-request"),
        ("tools/list", {"_meta": META}, None, "per-request"),  # then: the header is missing (-32020)
        (
            "tools/list",
            {"_meta": {**META, "io.modelcontextprotocol/protocolVersion": "2099-01-01"}},
            "2099-01-01",
            "per-request",
        ),
        ("server/discover", {}, None, "per-request"),  # then: _meta is missing (-32602)
        ("tools/list", {"_meta": {"progressToken": 1}}, None, "handshake"),  # ordinary _meta
    ],
)
def test_request_era(method: str, params: dict[str, Any], header: str | None, era: str) -> None:
    assert request_era(method, params, header) == era


def test_initialize_counters_what_it_does_not_speak() -> None:
    assert negotiate_handshake("2025-03-26") == "2025-03-26"
    assert negotiate_handshake("2026-07-28") == "2025-11-25"  # the per-request era has no handshake


@pytest.mark.parametrize(
    ("raw", "decoded"),
    [
        ("get_weather", "get_weather"),
        ("=?base64?SGVsbG8sIOS4lueVjA==?=", "Hello, 世界"),
        ("=?base64?IHBhZGRlZCA=?=", " padded "),
        ("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=", "=?base64?literal?="),
        ("=?base64?abc", "=?base64?abc"),  # no suffix: literal
        ("SGVsbG8=", "SGVsbG8="),  # no prefix: literal
    ],
)
def test_decoding_a_header_value(raw: str, decoded: str) -> None:
    assert decode_value(raw) == decoded


@pytest.mark.parametrize(
    "raw", ["=?base64?SGVsbG8?=", "=?base64?SGVs!!!bG8=?=", "=?base64?/w==?=", "caf\u00e9", "a\nb"]
)
def test_a_value_no_header_can_carry_is_refused(raw: str) -> None:
    with pytest.raises(ValueError):
        decode_value(raw)


class Headers:
    def __init__(self, *pairs: tuple[str, str]) -> None:
        self.pairs = pairs

    def getlist(self, key: str) -> list[str]:
        return [v for k, v in self.pairs if k.lower() == key]


def test_headers_are_read_trimmed_and_a_conflicting_repeat_is_a_problem() -> None:
    read = McpHeaders.read(Headers(("mcp-method", " tools/call "), ("mcp-name", "a"), ("mcp-name", "b")))
    assert read.method.value == "tools/call"
    assert read.name.value is None and read.name.problem and "more than once" in read.name.problem
    assert not read.protocol_version.present
