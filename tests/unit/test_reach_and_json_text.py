"""Pure pieces of issue #12: which tool a request reaches, and JSON text read strictly."""

from __future__ import annotations

import json
import math

import pytest

from cardamom.core.json_text import MAX_DEPTH, JsonRejected, fit_for_wire, loads_lenient, loads_strict
from cardamom.core.reach import Route, RouteTable
from cardamom.core.truncation import cap_output

BASE = "https://api.example.com/v2"
TABLE = RouteTable(
    (
        Route.of("get_user", "GET", "/users/{id}"),
        Route.of("get_me", "GET", "/users/me"),
        Route.of("patch_user", "PATCH", "/users/{id}"),
        Route.of("get_file", "GET", "/files/{name}.json"),
        Route.of("get_manifest", "GET", "/files/manifest.json"),
        Route.of("get_any_file", "GET", "/files/{path}"),
        Route.of("twin_a", "GET", "/twins/{a}"),
        Route.of("twin_b", "GET", "/twins/{b}"),
    )
)


@pytest.mark.parametrize(
    ("method", "path", "reached"),
    [
        ("GET", "/users/u1", ("get_user",)),
        ("GET", "/users/me", ("get_me",)),
        ("GET", "/users/m%65", ("get_me",)),  # the upstream decodes it to "me"
        ("GET", "/users/me%2Fx", ("get_user",)),  # an encoded slash stays inside the segment
        ("get", "/users/me", ("get_me",)),
        ("PATCH", "/users/me", ("patch_user",)),
        ("GET", "/files/manifest.json", ("get_manifest",)),
        ("GET", "/files/a.json", ("get_file",)),  # partly literal beats a bare parameter
        ("GET", "/files/a.txt", ("get_any_file",)),
        ("GET", "/twins/x", ("twin_a", "twin_b")),  # a tie reaches both
        ("GET", "/nowhere/x/y", ()),
        ("DELETE", "/users/u1", ()),
    ],
)
def test_the_most_specific_template_is_reached(method: str, path: str, reached: tuple[str, ...]) -> None:
    assert TABLE.reached(method, f"{BASE}{path}?q=1", BASE) == reached


def test_a_path_outside_the_base_reaches_nothing() -> None:
    assert TABLE.reached("GET", "https://api.example.com/v1/users/me", BASE) == ()


@pytest.mark.parametrize(
    "body",
    [
        b'{"a": "\\ud800"}',
        b'{"\\udfff": 1}',
        b'["x", ["\\udc00\\ud800"]]',
        b'{"a": NaN}',
        b'{"a": -Infinity}',
        b"\xff\xfe{}",
        b'{"a": "\xed\xa0\x80"}',
        b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1),
        b"[" * 50_000 + b"]" * 50_000,
        b"{" * 10,
    ],
)
def test_strict_json_refuses_what_cannot_be_answered(body: bytes) -> None:
    with pytest.raises(JsonRejected):
        loads_strict(body)


@pytest.mark.parametrize(
    ("body", "value"),
    [
        (b'{"a": "\\ud83d\\ude00"}', {"a": "\U0001f600"}),
        (b'\xef\xbb\xbf{"a": 1}', {"a": 1}),
        (b'"\\\\ud800"', "\\ud800"),  # an escaped backslash: no surrogate at all
        (b"[" * MAX_DEPTH + b"]" * MAX_DEPTH, json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)),
    ],
)
def test_strict_json_reads_what_is_valid(body: bytes, value: object) -> None:
    assert loads_strict(body) == value


def test_lenient_reading_turns_a_stack_overflow_into_not_json() -> None:
    with pytest.raises(ValueError):
        loads_lenient("[" * 100_000 + "]" * 100_000)


def test_values_are_made_fit_for_the_wire() -> None:
    fitted = fit_for_wire({"\ud800k": ["a\udfffb", math.nan, math.inf, 1.5, "\U0001f600"]})
    assert fitted == {"\ufffdk": ["a\ufffdb", None, None, 1.5, "\U0001f600"]}
    json.dumps(fitted, allow_nan=False).encode("utf-8")


def test_tool_output_is_made_valid_while_capped() -> None:
    capped = cap_output({"\udc00": ["\ud800", math.nan]})
    assert capped.value == {"\ufffd": ["\ufffd", None]}
