"""A request given no hurry (``unhurried_phrases``).

An order with no deadline says so: "*at some point* archive slack channel C0123", "delete box file
123 *when you're free*", "send xero invoice INV-3 *whenever convenient*", "*no rush, but* cancel
...", "*sometime this week,* close ...", "*if time permits,* create ...", "*when you have a
sec,* ...". The words ("point", "free", "convenient") name no tool and were the request's rarest,
leaving it under the floor. Read without them, where an order is left (the deadlines a time frame
sets, "by end of day", are ``time_frames``').
"""

from __future__ import annotations

import re

from cardamom.core.search.words_around import order_within

_WHEN = (
    r"(?:at\s+some\s+point(?:\s+(?:today|soon|this\s+week|later))?|some\s*time(?:\s+(?:today|soon|this\s+week|later|"
    r"next\s+week|tomorrow))?|whenever(?:\s+(?:convenient|possible|you(?:'re|\u2019re|\s+are)\s+free|you\s+can"
    r"|you\s+get\s+(?:a\s+)?(?:chance|minute|moment|sec(?:ond)?)|you\s+have\s+(?:a\s+)?(?:chance|minute|moment|sec(?:ond)?"
    r"|time)))?|when(?:\s+you(?:'re|\u2019re|\s+are)\s+(?:free|done|able|around|back)|\s+you\s+(?:have|get)\s+(?:a\s+)?"
    r"(?:chance|minute|moment|sec(?:ond)?|time)|\s+convenient|\s+possible)|if\s+(?:you\s+have|you\s+get|there(?:'s|\u2019s"
    r"|\s+is))\s+(?:a\s+)?(?:chance|minute|moment|sec(?:ond)?|time)|if\s+time\s+permits|time\s+permitting"
    r"|no\s+(?:rush|hurry|pressure)(?:\s+on\s+this)?(?:\s*,?\s*but)?|not\s+urgent(?:\s*,?\s*but)?|eventually"
    r"|(?:later|sometime)\s+today|in\s+(?:your|the)\s+own\s+time|at\s+your\s+leisure)"
)
_OPENING = re.compile(rf"^\s*{_WHEN}\s*[,:;\-\u2013\u2014]*\s+", re.IGNORECASE)
_CLOSING = re.compile(rf"\s*[,;\-\u2013\u2014(]*\s+{_WHEN}\s*[.!)]*\s*$", re.IGNORECASE)
# a word each giving no hurry holds
_CUES: tuple[str, ...] = (
    "point",
    "time",
    "when",
    "if",
    "rush",
    "hurry",
    "pressure",
    "urgent",
    "eventually",
    "today",
    "own",
    "leisure",
)
_LONGEST = 600  # characters


def unhurried(request: str) -> str:
    """``request`` without the words giving it no hurry, where an order is left ("at some point
    archive slack channel C0123": "archive slack channel C0123"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    return order_within(request, _OPENING, _CLOSING, _CUES)
