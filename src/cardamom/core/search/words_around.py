"""The words written around an order, read off it: one reading for the phrases a request opens or
closes with that name nothing a tool does (another language's courtesy, no hurry, a habit, a
precaution)."""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.verbal_nouns import asked_order


def order_within(
    request: str,
    opening: re.Pattern[str],
    closing: re.Pattern[str],
    cues: tuple[str, ...],
    asks: Callable[[str], object] = asked_order,
) -> str:
    """``request`` without what ``opening`` matches at its start and ``closing`` at its end, where
    something is left and it is an order (``asks``: by default, one past its asking words);
    ``request`` as written otherwise, and at once where it holds none of ``cues`` (a word every
    match of either holds, lowercased: a cheap test first, most requests holding none)."""
    lowered = request.casefold()
    if not any(cue in lowered for cue in cues):
        return request
    read = closing.sub("", opening.sub("", request, count=1), count=1).strip()
    return read if read and read != request.strip() and bool(asks(read)) else request
