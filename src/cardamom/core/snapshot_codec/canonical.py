"""Plain values copied so that equal snapshots encode to equal bytes, whatever the objects' history."""

from __future__ import annotations

import sys
from typing import Any


def _uninterned(text: str) -> str:
    """``text`` as a fresh string, or the interned one for a one-character string.

    ``marshal`` records whether a string is interned, and that depends on the object's
    history (a code constant is, a parsed value is not, a shared one-character string may
    have been interned by any import): a fresh copy never is, and a one-character string,
    which CPython cannot copy, always is.
    """
    if len(text) < 2:
        return sys.intern(text)
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass")


class Canonical:
    """A deep copy of plain values that encodes to the same bytes whatever the objects' history.

    ``marshal`` writes a back-reference for an object it meets twice, but only for objects
    with more than one reference, so its output depends on object identity. Here every leaf
    (string, number) goes through one table per type (strings uninterned: ``_uninterned``),
    equal sets of integers (postings) through another, and equal dicts through a third
    (``share``), so identity follows value alone: equal snapshots encode to equal bytes, and a
    load creates each distinct string, number, posting set and shared schema once.
    """

    def __init__(self) -> None:
        self._strings: dict[str, str] = {}
        self._ints: dict[int, int] = {}
        self._floats: dict[str, float] = {}  # by hex: 0.0 and -0.0 stay apart
        self._sets: dict[frozenset[int], frozenset[int]] = {}
        self._shared: dict[str, Any] = {}

    def copy(self, value: Any) -> Any:
        kind = type(value)
        if kind is str:
            found = self._strings.get(value)
            if found is None:
                found = self._strings[value] = _uninterned(value)
            return found
        if kind is int:
            return self._ints.setdefault(value, value)
        if value is None or kind is bool or kind is bytes:
            return value
        if kind is float:
            return self._floats.setdefault(value.hex(), value)
        if kind is dict:
            return {self.copy(k): self.copy(v) for k, v in value.items()}
        if kind is list:
            return [self.copy(v) for v in value]
        if kind is tuple:
            return tuple([self.copy(v) for v in value])
        if kind is frozenset or kind is set:
            items = sorted(value)
            if all(type(v) is int for v in items):
                ints = self._ints
                copied = frozenset([ints.setdefault(v, v) for v in items])
                return self._sets.setdefault(copied, copied)
            return frozenset([self.copy(v) for v in items])
        if isinstance(value, str | int | float):  # a subclass: as before, marshal decides
            return value
        raise TypeError(f"a snapshot cannot store {kind.__name__}")

    def share(self, value: Any) -> Any:
        """One object for every equal dict (same keys in the same order): a schema stored once."""
        if type(value) is not dict:
            return self.copy(value)
        key = repr(value)  # plain values: equal reprs are equal values of equal types
        found = self._shared.get(key)
        if found is None:
            found = self._shared[key] = self.copy(value)
        return found
