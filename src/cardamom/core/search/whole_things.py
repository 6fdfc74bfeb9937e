"""The whole of a thing said of the thing an order acts on (``whole_things``): "delete *the
entire* box folder 99", "refund *the full* stripe charge ch_9", "delete *all of* notion page
5c1e2f", "archive *every bit of* slack channel C0123", "refund *the total amount of* ...",
"close jira issue ENG-4 *entirely*".

An order acts on a whole thing unless it names a part; "entire", "full" and "entirely" say what
the call does anyway, and as written were the request's rarest words, so it found nothing.
Read without them, after the order's verb or at the request's end, where no name of the apps'
tools says the word (a "full" sync, a "complete" upload are their own).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_WHOLE = re.compile(
    r"^(?P<verb>\s*[A-Za-z][\w-]*)\s+(?:(?:the|this|that|my|our)\s+(?P<said>entire|whole|full|complete|total\s+amount\s+of)"
    r"|(?P<all>all\s+of|every\s+(?:bit|part|piece)\s+of|the\s+(?:entirety|whole)\s+of))\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_ENDING = re.compile(
    r"^(?P<rest>.*?\S)[\s,]+(?P<said>completely|entirely|fully|in\s+full|in\s+its\s+entirety|altogether|wholly"
    r"|in\s+(?:its|their)\s+entirety|for\s+good)\s*[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 400  # characters


def whole_thing(request: str, named: Callable[[str], bool]) -> str:
    """``request`` without saying its thing is whole; ``named``: whether a name of the apps'
    tools carries a word. ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    read = request
    ending = _ENDING.match(read)
    if ending is not None and len(ending["rest"].split()) >= 2 and not named(ending["said"].split()[-1].casefold()):
        read = ending["rest"]
    whole = _WHOLE.match(read)
    if whole is not None and not (whole["said"] and named(whole["said"].split()[0].casefold())):
        article = "the " if whole["said"] else ""
        read = f"{whole['verb']} {article}{whole['rest']}"
    return read
