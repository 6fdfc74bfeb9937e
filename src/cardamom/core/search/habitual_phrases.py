"""A request done as it always is (``habitual_phrases``).

A routine is asked for by its habit: "send xero invoice INV-3 *as usual*", "*same as last time,*
archive slack channel C0123", "refund stripe charge ch_9 *like we always do*", "close jira issue
ENG-4*, the usual way*", "delete box file 123 *as we normally do*", "update notion page abc *the
same way as last week*", "*the usual:* reboot droplet 77". The habit's words ("usual", "always",
"normally") name no tool and were the request's rarest, leaving it under the floor. Read without
them, where an order is left.
"""

from __future__ import annotations

import re

from cardamom.core.search.words_around import order_within

_HABIT = (
    r"(?:as\s+(?:usual|always|ever|before|normal|per\s+usual|we\s+(?:always|usually|normally|typically)\s+do"
    r"|(?:we|you)\s+did\s+(?:last\s+time|before))|(?:the\s+)?same\s+(?:as|way\s+as)\s+(?:last\s+(?:time|week|month)|before"
    r"|always|usual)|like\s+(?:we\s+(?:always|usually|normally|typically)\s+do|before|always|usual|last\s+time)"
    r"|(?:the|our)\s+usual(?:\s+way)?|the\s+(?:usual|normal|regular|standard)\s+(?:way|process|routine)"
    r"|per\s+(?:usual|our\s+(?:process|routine))|(?:the\s+)?same\s+(?:old\s+)?drill)"
)
_OPENING = re.compile(rf"^\s*{_HABIT}\s*[,:;\-\u2013\u2014]+\s*", re.IGNORECASE)
_CLOSING = re.compile(rf"\s*[,;\-\u2013\u2014(]*\s+{_HABIT}\s*[.!)]*\s*$", re.IGNORECASE)
# a word each habit holds
_CUES: tuple[str, ...] = (
    "usual",
    "always",
    "ever",
    "before",
    "normal",
    "did",
    "same",
    "routine",
    "process",
    "standard",
    "regular",
)
_CUES += ("drill", "typically", "last time")
_LONGEST = 600  # characters


def without_habit(request: str) -> str:
    """``request`` without the words asking it done as always, where an order is left ("send xero
    invoice INV-3 as usual": "send xero invoice INV-3"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    return order_within(request, _OPENING, _CLOSING, _CUES)
