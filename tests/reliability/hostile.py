"""Hypothesis strategies for what a hostile client sends to POST /mcp.

``rejected()`` draws requests that must all be refused: broken envelopes, params of every
wrong shape, lone surrogates and invalid UTF-8, nesting past the limit, oversized fields,
hostile headers and bad tokens. By construction none of them can run a tool or change the
directory (an execute or control-plane call always carries an argument no schema accepts,
or a name nobody advertised), so "nothing stored changed" is exact.

``valid()`` draws requests that are served: handshakes, listings, searches in any script,
reads and connected-tool calls with arbitrary (valid Unicode) arguments.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from cardamom.core.json_text import MAX_DEPTH

# Names the org of tests/support.py (NOTION_ONLY_ORG) advertises, and others nobody does.
TOOLS = ("notion-legal__list_all_users", "notion-legal__retrieve_page")
OPERATIONS = (
    "cardamom__members__list",
    "cardamom__members__add",
    "cardamom__members__suspend",
    "cardamom__members__remove",
    "cardamom__connections__list",
    "cardamom__restrictions__add",
    "cardamom__audit__list",
)
METHODS = ("initialize", "ping", "tools/list", "tools/call", "resources/list", "notifications/initialized", "")
NOT_A_SCHEMA_KEY = "__not_in_any_schema__"


@dataclass(frozen=True)
class Hostile:
    kind: str
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)
    token: str = "valid"  # "valid" (the member's token), "none", or the Authorization header to send


# ---- values -------------------------------------------------------------------------------

# Unicode text of every category a client can put on the wire (surrogates are drawn separately).
text = st.text(st.characters(codec="utf-8"), max_size=40)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False, allow_infinity=False), text
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)),
    max_leaves=12,
)
# Escapes all from one half of the range: a high one followed by a low one would be a valid pair.
lone_surrogates = st.one_of(
    st.lists(st.integers(0xD800, 0xDBFF), min_size=1, max_size=3),
    st.lists(st.integers(0xDC00, 0xDFFF), min_size=1, max_size=3),
).map(lambda codes: "".join(f"\\u{c:04x}" for c in codes))


def dumps(message: Any) -> bytes:
    return json.dumps(message, ensure_ascii=False).encode("utf-8")


def request(method: str, params: Any = None, request_id: Any = 1) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def call(name: str, arguments: Any) -> dict[str, Any]:
    return request("tools/call", {"name": name, "arguments": arguments})


# ---- what must be refused -----------------------------------------------------------------


@st.composite
def broken_envelope(draw: st.DrawFn) -> Hostile:
    choice = draw(st.integers(0, 5))
    if choice == 0:  # any JSON value but an object
        value = draw(json_values.filter(lambda v: not isinstance(v, dict)))
        return Hostile("envelope", dumps(value))
    if choice == 1:  # an object without a usable jsonrpc member
        message = draw(st.dictionaries(text, json_values, max_size=5))
        message["jsonrpc"] = draw(st.one_of(json_values.filter(lambda v: v != "2.0"), st.just("1.0")))
        message["id"] = 1
        return Hostile("envelope", dumps(message))
    if choice == 2:  # wrong types for id or method
        message = request("ping")
        key = draw(st.sampled_from(["id", "method"]))
        message[key] = draw(
            st.one_of(
                st.booleans(),
                st.floats(allow_nan=False),
                st.lists(scalars, max_size=2),
                st.dictionaries(text, scalars, max_size=2),
            )
        )
        return Hostile("envelope", dumps(message))
    if choice == 3:  # a batch
        return Hostile("envelope", dumps(draw(st.lists(st.just(request("ping")), min_size=0, max_size=3))))
    if choice == 4:  # not JSON at all
        junk = draw(st.binary(max_size=200).filter(lambda b: not b.strip().startswith((b"{", b"[", b'"'))))
        return Hostile("envelope", junk or b"{")
    # truncated JSON
    whole = dumps(call("search_tools", {"query": draw(text)}))
    return Hostile("envelope", whole[: draw(st.integers(1, len(whole) - 1))])


@st.composite
def bad_params(draw: st.DrawFn) -> Hostile:
    method = draw(st.sampled_from((*METHODS[:4], "resources/list", "x/y")))
    if method in ("resources/list", "x/y"):  # methods nobody serves
        return Hostile("params", dumps(request(method, draw(st.dictionaries(text, json_values, max_size=3)))))
    if method == "initialize":
        params = draw(st.dictionaries(text, json_values, max_size=3).filter(lambda p: "protocolVersion" not in p))
        return Hostile("params", dumps(request(method, params)))
    if method in ("ping", "tools/list"):
        params = draw(st.one_of(st.lists(scalars, max_size=2), st.integers(), text))
        if method == "tools/list" and draw(st.booleans()):
            params = {"cursor": draw(text.filter(bool))}
        return Hostile("params", dumps(request(method, params)))
    return Hostile("params", dumps(request("tools/call", draw(bad_call_params()))))


@st.composite
def bad_call_params(draw: st.DrawFn) -> Any:
    choice = draw(st.integers(0, 4))
    if choice == 0:  # params of the wrong shape
        return draw(st.one_of(st.lists(scalars, max_size=2), st.dictionaries(text, scalars, max_size=3)))
    if choice == 1:  # names nobody advertises
        name = draw(text.filter(lambda n: n not in TOOLS + OPERATIONS + ("search_tools", "execute_tool")))
        return {"name": name, "arguments": draw(st.dictionaries(text, json_values, max_size=3))}
    if choice == 2:  # search_tools with arguments it does not take
        arguments = draw(
            st.one_of(
                st.fixed_dictionaries({"query": st.one_of(st.none(), st.integers(), st.just(""), st.just("   "))}),
                st.fixed_dictionaries(
                    {"query": text, "limit": st.one_of(st.integers(max_value=0), st.integers(min_value=101), text)}
                ),
                st.dictionaries(
                    text.filter(lambda k: k not in ("query", "limit")), json_values, min_size=1, max_size=3
                ),
            )
        )
        return {"name": "search_tools", "arguments": arguments}
    if choice == 3:  # a tool or operation, with an argument no schema accepts
        name = draw(st.sampled_from(TOOLS + OPERATIONS))
        arguments = draw(st.dictionaries(text, json_values, max_size=3))
        arguments[NOT_A_SCHEMA_KEY] = draw(json_values)
        if draw(st.booleans()):
            return {"name": "execute_tool", "arguments": {"name": name, "arguments": arguments}}
        return {"name": name, "arguments": arguments}
    # execute_tool of the wrong shape
    arguments = draw(
        st.one_of(
            st.dictionaries(text.filter(lambda k: k not in ("name", "arguments")), json_values, min_size=1, max_size=3),
            st.fixed_dictionaries({"name": st.one_of(st.none(), st.integers(), st.just(""), st.just("execute_tool"))}),
            st.fixed_dictionaries(
                {"name": st.sampled_from(TOOLS), "arguments": st.one_of(st.lists(scalars), text, st.integers())}
            ),
        )
    )
    return {"name": "execute_tool", "arguments": arguments}


@st.composite
def surrogates(draw: st.DrawFn) -> Hostile:
    """A lone surrogate escape (or raw invalid UTF-8) placed in the id, method, a key or a value."""
    marker = "SURROGATE_HERE"
    where = draw(st.sampled_from(["id", "method", "query", "key", "argument", "execute", "raw"]))
    templates: dict[str, dict[str, Any]] = {
        "id": request("ping", request_id=marker),
        "method": request(marker),
        "query": call("search_tools", {"query": f"notion {marker} users"}),
        "key": request("ping", {marker: 1}),
        "argument": call(TOOLS[1], {"page_id": marker}),
        "execute": call("execute_tool", {"name": TOOLS[1], "arguments": {"page_id": marker}}),
        "raw": call("search_tools", {"query": marker}),
    }
    body = json.dumps(templates[where], ensure_ascii=False)
    if where == "raw":
        raw = draw(st.sampled_from([b"\xed\xa0\x80", b"\xff", b"\xc0\xaf", b"\xe2\x82", b"\xf8\x88\x80\x80\x80"]))
        return Hostile("unicode", body.replace(marker, "").encode().replace(b'""', b'"' + raw + b'"', 1))
    escapes = draw(lone_surrogates)
    if draw(st.booleans()):  # a reversed pair is two lone halves too
        escapes = "\\udc00\\ud83d"
    return Hostile("unicode", body.replace(marker, draw(text).replace("\\", "") + escapes).encode())


@st.composite
def too_deep(draw: st.DrawFn) -> Hostile:
    depth = draw(
        st.one_of(st.integers(MAX_DEPTH + 1, MAX_DEPTH + 40), st.integers(900, 1100), st.integers(5000, 60000))
    )
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
    nested = opener * depth + "1" + closer * depth
    where = draw(st.sampled_from(["params", "arguments", "execute"]))
    shells = {
        "params": '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":NESTED}}',
        "arguments": (
            '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_tools","arguments":{"query":NESTED}}}'
        ),
        "execute": (
            '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_tool","arguments":'
            '{"name":"notion-legal__retrieve_page","arguments":{"page_id":NESTED}}}}'
        ),
    }
    return Hostile("depth", shells[where].replace("NESTED", nested).encode())


@st.composite
def oversized(draw: st.DrawFn) -> Hostile:
    size = draw(st.sampled_from([5_000, 100_000, 900_000, 1_100_000]))
    char = draw(st.sampled_from(["x", "é", "日", "\U0001f600"]))
    filler = char * (size // len(char.encode()))
    where = draw(st.sampled_from(["id", "method", "query", "argument", "key", "operation"]))
    messages: dict[str, dict[str, Any]] = {
        "id": request("ping", request_id=filler),
        "method": request(filler),
        "query": call("search_tools", {"query": filler}),
        "argument": call(TOOLS[1], {"page_id": [filler]}),
        "key": call(TOOLS[1], {filler: 1}),
        "operation": call("cardamom__members__add", {"id": filler, NOT_A_SCHEMA_KEY: 1}),
    }
    return Hostile("size", dumps(messages[where]))


HEADER_JUNK = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=60)


@st.composite
def hostile_headers(draw: st.DrawFn) -> Hostile:
    body = dumps(
        draw(st.sampled_from([request("ping"), request("tools/list"), call("search_tools", {"query": "users"})]))
    )
    which = draw(st.sampled_from(["content-type", "accept", "origin", "mcp-protocol-version"]))
    values = {
        "content-type": st.one_of(
            HEADER_JUNK.filter(lambda v: v.split(";")[0].strip().lower() != "application/json"), st.just("text/plain")
        ),
        "accept": st.one_of(
            st.just("text/html"),
            st.just("image/png"),
            HEADER_JUNK.filter(
                lambda v: "json" not in v.lower() and "*/*" not in v and "application/*" not in v.lower()
            ),
        ),
        "origin": st.one_of(
            st.just("https://evil.example"), st.just("null"), HEADER_JUNK.map(lambda v: "https://" + v)
        ),
        "mcp-protocol-version": st.one_of(
            st.just("1999-01-01"),
            HEADER_JUNK.filter(lambda v: v.strip() not in ("", "2025-03-26", "2025-06-18", "2025-11-25")),
        ),
    }
    return Hostile("headers", body, {which: draw(values[which])})


@st.composite
def bad_tokens(draw: st.DrawFn, tokens: dict[str, str]) -> Hostile:
    """``tokens`` holds real tokens to damage: 'valid', 'expired', 'stranger', 'suspended', 'other_org'."""
    body = dumps(
        draw(st.sampled_from([request("ping"), request("tools/list"), call("search_tools", {"query": "users"})]))
    )
    choice = draw(st.integers(0, 6))
    if choice == 0:
        return Hostile("token", body, token="none")
    if choice == 1:
        return Hostile(
            "token", body, token=draw(st.sampled_from(["Bearer", "Bearer ", "Basic dXNlcjpwdw==", "bearer"]))
        )
    if choice == 2:
        return Hostile(
            "token",
            body,
            token="Bearer "
            + draw(st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=300)),
        )
    if choice == 3:  # a real token with one character changed
        valid = tokens["valid"]
        at = draw(st.integers(0, len(valid) - 1))
        replacement = draw(st.sampled_from("ABCDEFabcdef0123456789-_.").filter(lambda c: c != valid[at]))
        return Hostile("token", body, token="Bearer " + valid[:at] + replacement + valid[at + 1 :])
    if choice == 4:  # a real token's header and payload with another signature, or none
        head, payload, _ = tokens["valid"].split(".")
        return Hostile(
            "token",
            body,
            token=f"Bearer {head}.{payload}." + draw(st.sampled_from(["", "AAAA", tokens["expired"].split(".")[2]])),
        )
    if choice == 5:  # alg none
        return Hostile("token", body, token="Bearer eyJhbGciOiJub25lIn0." + tokens["valid"].split(".")[1] + ".")
    return Hostile(
        "token",
        body,
        token="Bearer " + tokens[draw(st.sampled_from(["expired", "stranger", "suspended", "other_org"]))],
    )


def rejected(tokens: dict[str, str]) -> st.SearchStrategy[Hostile]:
    return st.one_of(
        broken_envelope(),
        bad_params(),
        surrogates(),
        too_deep(),
        oversized(),
        hostile_headers(),
        bad_tokens(tokens),
    )


# ---- what is served -----------------------------------------------------------------------


@st.composite
def valid(draw: st.DrawFn) -> Hostile:
    choice = draw(st.integers(0, 7))
    if choice == 0:
        params = {
            "protocolVersion": draw(st.sampled_from(["2025-03-26", "2025-06-18", "2025-11-25", "2099-01-01"])),
            "capabilities": {},
            "clientInfo": {"name": draw(text), "version": "1"},
        }
        return Hostile("valid", dumps(request("initialize", params, draw(st.one_of(st.integers(0, 2**53), text)))))
    if choice == 1:
        return Hostile("valid", dumps(request(draw(st.sampled_from(["ping", "tools/list"])))))
    if choice in (2, 3):
        query = draw(st.text(st.characters(codec="utf-8"), min_size=1, max_size=80).filter(lambda q: q.strip()))
        arguments: dict[str, Any] = {"query": query}
        if draw(st.booleans()):
            arguments["limit"] = draw(st.integers(1, 100))
        return Hostile("valid", dumps(call("search_tools", arguments)))
    if choice == 4:
        return Hostile("valid", dumps(call(TOOLS[0], {})))
    if choice == 5:
        page = draw(
            st.text(st.characters(codec="utf-8"), min_size=1, max_size=60).filter(lambda p: p not in (".", ".."))
        )
        wrapped = draw(st.booleans())
        message = (
            call("execute_tool", {"name": TOOLS[1], "arguments": {"page_id": page}})
            if wrapped
            else call(TOOLS[1], {"page_id": page})
        )
        return Hostile("valid", dumps(message))
    if choice == 6:
        return Hostile(
            "valid", dumps(call(draw(st.sampled_from(["cardamom__members__list", "cardamom__connections__list"])), {}))
        )
    return Hostile("valid", dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))


def mixed(tokens: dict[str, str]) -> st.SearchStrategy[Hostile]:
    return st.booleans().flatmap(lambda served: valid() if served else rejected(tokens))


def count_by_kind(counts: dict[str, int]) -> Callable[[Hostile], None]:
    def bump(item: Hostile) -> None:
        counts[item.kind] = counts.get(item.kind, 0) + 1

    return bump
