"""JSON text as Cardamom reads it from clients and upstreams, and values made fit to send.

A request body must be I-JSON (RFC 7493): UTF-8, no lone surrogate (an escape such as
``\\ud800`` that is not half of a pair cannot be encoded as UTF-8, so nothing could ever
answer it), no ``NaN``/``Infinity`` (not JSON at all), and nested at most ``MAX_DEPTH``
levels, so nothing that walks the message afterwards can run out of stack.

An upstream's answer is read leniently (whatever it sends becomes data or text), and what
goes back to a client is made valid first (``fit_for_wire``): a lone surrogate becomes U+FFFD,
a non-finite number ``null``.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 64  # containers; MCP arguments and results need a handful
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # \ud800-\udfff: half of a pair, or alone


class JsonRejected(ValueError):
    """The text is not JSON this service accepts; the message says why."""


def _reject_constant(name: str) -> Any:
    raise JsonRejected(f"{name} is not a JSON value")


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a code point that UTF-8 cannot encode (an unpaired surrogate)."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _walk(value: Any) -> tuple[int, bool]:
    """The nesting depth of ``value`` (containers) and whether any string or key holds a lone surrogate."""
    deepest, lone = 0, False
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            lone = lone or has_lone_surrogate(item)
        elif isinstance(item, dict):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                for key, child in item.items():
                    lone = lone or has_lone_surrogate(key)
                    stack.append((child, depth + 1))
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                stack.extend((child, depth + 1) for child in item)
    return deepest, lone


def loads_strict(body: bytes) -> Any:
    """A client's JSON body, or ``JsonRejected`` naming what is wrong with it."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonRejected(f"the body is not UTF-8 (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise JsonRejected(f"the body is nested deeper than {MAX_DEPTH} levels") from None
    except JsonRejected:
        raise
    except ValueError as exc:
        raise JsonRejected(f"the body is not valid JSON ({str(exc)[:120]})") from None
    # Cheap first: the depth cannot exceed the number of brackets, and a lone surrogate needs an escape.
    brackets = text.count("[") + text.count("{")
    if brackets > MAX_DEPTH or _SURROGATE_ESCAPE.search(text):
        depth, lone = _walk(value)
        if depth > MAX_DEPTH:
            raise JsonRejected(f"the body is nested deeper than {MAX_DEPTH} levels")
        if lone:
            raise JsonRejected("the body holds a lone surrogate escape (\\ud800-\\udfff unpaired): not Unicode text")
    return value


def loads_lenient(text: str) -> Any:
    """An upstream's JSON answer; ``ValueError`` if it is not JSON (too deep counts as not JSON)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply to read") from None


def fit_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (a valid pair is kept as its character)."""
    if not has_lone_surrogate(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def fit_for_wire(value: Any, depth: int = 0) -> Any:
    """``value`` as valid JSON can carry it: lone surrogates replaced, non-finite numbers as ``null``.

    Containers nested deeper than ``MAX_DEPTH`` are cut to ``null`` (tool output is capped at a
    far smaller depth before it gets here; this only guards the encoder).
    """
    if isinstance(value, str):
        return fit_text(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict | list | tuple):
        if depth >= MAX_DEPTH:
            return None
        if isinstance(value, dict):
            return {fit_text(str(k)): fit_for_wire(v, depth + 1) for k, v in value.items()}
        return [fit_for_wire(v, depth + 1) for v in value]
    return value
