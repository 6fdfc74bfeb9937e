"""Output caps: tool results share the model's context window, so they are bounded.

Limits (seeds): 32,000 characters per string, 200 items per array, 200 keys per object,
and a nesting depth of 8. Depth counts containers: the outermost object or array is at
depth 1, and a container that would sit at depth 9 is replaced by a short marker string.
Strings are made valid Unicode on the way (an upstream's lone surrogate escape becomes
U+FFFD) and non-finite numbers ``null``, so any output can be sent as JSON. Whatever is cut,
the caller is told (``cardamom_truncated``), so a trimmed answer is never mistaken for a
complete one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cardamom.core.json_text import fit_text

MAX_STRING_CHARS = 32_000
MAX_ARRAY_ITEMS = 200
MAX_OBJECT_KEYS = 200
MAX_DEPTH = 8
TRUNCATED_FLAG = "cardamom_truncated"
DEPTH_MARKER = f"[truncated: nested deeper than {MAX_DEPTH} levels]"


@dataclass(frozen=True, slots=True)
class Capped:
    value: Any
    truncated: bool


def cap_output(value: Any) -> Capped:
    """Return ``value`` within every cap, and whether anything was cut."""
    cut = False

    def walk(item: Any, depth: int) -> Any:
        nonlocal cut
        if isinstance(item, str):
            if len(item) > MAX_STRING_CHARS:
                cut = True
                item = item[:MAX_STRING_CHARS]
            return fit_text(item)
        if isinstance(item, float) and not math.isfinite(item):
            return None  # NaN and the infinities are not JSON
        if isinstance(item, dict | list | tuple):
            if depth > MAX_DEPTH:
                cut = True
                return DEPTH_MARKER
            if isinstance(item, dict):
                keys = list(item)
                if len(keys) > MAX_OBJECT_KEYS:
                    cut = True
                    keys = keys[:MAX_OBJECT_KEYS]
                return {fit_text(str(k)): walk(item[k], depth + 1) for k in keys}
            items = list(item)
            if len(items) > MAX_ARRAY_ITEMS:
                cut = True
                items = items[:MAX_ARRAY_ITEMS]
            return [walk(v, depth + 1) for v in items]
        return item

    capped = walk(value, 1)
    return Capped(capped, cut)
