"""Output caps: 32,000 characters a string, 200 items an array, 200 keys an object, depth 8."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardamom.core.truncation import (
    DEPTH_MARKER,
    MAX_ARRAY_ITEMS,
    MAX_DEPTH,
    MAX_OBJECT_KEYS,
    MAX_STRING_CHARS,
    cap_output,
)


def test_the_caps_are_the_documented_ones() -> None:
    assert (MAX_STRING_CHARS, MAX_ARRAY_ITEMS, MAX_OBJECT_KEYS, MAX_DEPTH) == (32_000, 200, 200, 8)


# ---- strings --------------------------------------------------------------------------------------


def test_a_string_at_the_cap_is_untouched() -> None:
    text = "x" * 32_000
    capped = cap_output(text)
    assert capped.value == text
    assert capped.truncated is False


def test_a_string_one_over_the_cap_is_cut_to_the_cap() -> None:
    text = "a" * 31_999 + "bc"
    capped = cap_output(text)
    assert capped.value == "a" * 31_999 + "b"
    assert len(capped.value) == 32_000
    assert capped.truncated is True


def test_a_long_string_is_cut_keeping_its_start() -> None:
    text = "".join(chr(ord("a") + i % 26) for i in range(100_000))
    capped = cap_output(text)
    assert capped.value == text[:32_000]
    assert capped.truncated is True


def test_characters_are_counted_not_bytes() -> None:
    text = "é" * 32_000  # 64,000 bytes in UTF-8, still within the cap
    assert cap_output(text).value == text
    assert cap_output(text).truncated is False


# ---- arrays -----------------------------------------------------------------------------------------


def test_an_array_at_the_cap_is_untouched() -> None:
    items = list(range(200))
    capped = cap_output(items)
    assert capped.value == items
    assert capped.truncated is False


def test_an_array_one_over_the_cap_keeps_the_first_200() -> None:
    items = list(range(201))
    capped = cap_output(items)
    assert capped.value == list(range(200))
    assert capped.truncated is True


# ---- objects ----------------------------------------------------------------------------------------


def test_an_object_at_the_cap_is_untouched() -> None:
    obj = {f"k{i}": i for i in range(200)}
    capped = cap_output(obj)
    assert capped.value == obj
    assert capped.truncated is False


def test_an_object_one_over_the_cap_keeps_the_first_200_keys_in_order() -> None:
    keys = [f"key-{(i * 7919) % 1000:03d}" for i in range(201)]  # deliberately not sorted
    obj = {k: i for i, k in enumerate(keys)}
    capped = cap_output(obj)
    assert list(capped.value) == keys[:200]
    assert capped.value == {k: i for i, k in enumerate(keys[:200])}
    assert capped.truncated is True


# ---- depth -------------------------------------------------------------------------------------------


def nested_lists(containers: int, leaf: Any = "leaf") -> Any:
    value = leaf
    for _ in range(containers):
        value = [value]
    return value


def nested_objects(containers: int, leaf: Any = "leaf") -> Any:
    value = leaf
    for _ in range(containers):
        value = {"next": value}
    return value


@pytest.mark.parametrize("nest", [nested_lists, nested_objects])
def test_eight_nested_containers_are_kept_intact(nest: Any) -> None:
    value = nest(8)
    capped = cap_output(value)
    assert capped.value == value
    assert capped.truncated is False


@pytest.mark.parametrize("nest", [nested_lists, nested_objects])
def test_the_ninth_nested_container_is_replaced_with_the_marker(nest: Any) -> None:
    capped = cap_output(nest(9))
    assert capped.value == nest(8, leaf=DEPTH_MARKER)
    assert capped.truncated is True


@pytest.mark.parametrize("empty", [[], {}])
def test_an_empty_ninth_container_is_replaced_too(empty: Any) -> None:
    capped = cap_output(nested_lists(8, leaf=empty))
    assert capped.value == nested_lists(8, leaf=DEPTH_MARKER)
    assert capped.truncated is True


def test_much_deeper_nesting_is_cut_at_the_ninth_level() -> None:
    capped = cap_output(nested_objects(50))
    assert capped.value == nested_objects(8, leaf=DEPTH_MARKER)
    assert capped.truncated is True


def test_mixed_nesting_counts_every_container() -> None:
    value: Any = "leaf"
    for i in range(9):
        value = [value] if i % 2 else {"k": value}
    capped = cap_output(value)
    assert capped.truncated is True
    inner = capped.value
    for _ in range(8):
        inner = inner[0] if isinstance(inner, list) else inner["k"]
    assert inner == DEPTH_MARKER


def test_scalars_inside_the_eighth_container_are_kept() -> None:
    value = nested_lists(8, leaf="s")
    innermost = value
    for _ in range(7):
        innermost = innermost[0]
    innermost.extend([1, 2.5, True, None, "t"])
    capped = cap_output(value)
    assert capped.value == value
    assert capped.truncated is False


# ---- scalars and untouched values -------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, True, False, 0, -7, 3.5, 10**30, "", "short"])
def test_scalars_are_untouched(value: Any) -> None:
    capped = cap_output(value)
    assert capped.value == value
    assert type(capped.value) is type(value)
    assert capped.truncated is False


def test_nothing_cut_leaves_a_realistic_value_equal_to_its_input() -> None:
    value = {
        "results": [{"id": f"u{i}", "name": f"User {i}", "tags": ["a", "b"], "active": i % 2 == 0} for i in range(50)],
        "next_cursor": None,
        "meta": {"count": 50, "nested": {"a": {"b": {"c": [1, 2, 3]}}}},
    }
    capped = cap_output(value)
    assert capped.value == value
    assert capped.truncated is False


# ---- cuts deep inside ---------------------------------------------------------------------------------


def test_a_long_string_deep_inside_sets_the_flag_and_spares_its_siblings() -> None:
    value = {"a": [{"b": "y" * 32_001, "c": "keep"}], "d": list(range(3))}
    capped = cap_output(value)
    assert capped.truncated is True
    assert capped.value == {"a": [{"b": "y" * 32_000, "c": "keep"}], "d": [0, 1, 2]}


def test_a_long_array_deep_inside_sets_the_flag() -> None:
    value = {"page": {"items": list(range(500))}, "total": 500}
    capped = cap_output(value)
    assert capped.truncated is True
    assert capped.value == {"page": {"items": list(range(200))}, "total": 500}


def test_a_wide_object_deep_inside_sets_the_flag() -> None:
    wide = {f"f{i}": i for i in range(201)}
    capped = cap_output([[wide]])
    assert capped.truncated is True
    assert capped.value == [[{f"f{i}": i for i in range(200)}]]


def test_items_kept_after_an_array_cut_are_capped_too() -> None:
    value = ["z" * 40_000] + ["ok"] * 300
    capped = cap_output(value)
    assert capped.truncated is True
    assert capped.value == ["z" * 32_000] + ["ok"] * 199


def test_the_input_is_not_modified() -> None:
    value = {"a": "x" * 32_001, "b": list(range(201)), "c": nested_lists(9)}
    before = copy.deepcopy(value)
    cap_output(value)
    assert value == before
