"""A precaution the request is taken as (``precaution_clauses``).

An act done to be safe says so: "snapshot droplet 77 *in case the deploy fails*", "*just in
case,* export slack channel C0123 history", "*as a precaution,* back up box folder 99", "get
stripe charge ch_9 *in case the customer asks*", "*to be safe,* list ...", "retrieve intercom
conversation 301 *for the record*". The precaution's words ("deploy", "fails", "asks", "record")
name what might happen, no tool; they were the request's rarest, or drew a tool of their own
(Intercom's call recordings). Read without them, where an order is left. "In case" opening a
clause before the order is its condition ("in case box file 123 is a duplicate, delete it"), kept.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order
from cardamom.core.search.words_around import order_within

_OPENING = re.compile(
    r"^\s*(?:just\s+in\s+case|as\s+a\s+(?:precaution|safeguard|backup)|(?:just\s+)?to\s+be\s+(?:safe|sure"
    r"|on\s+the\s+safe\s+side)|for\s+safety(?:'s\s+sake)?|for\s+(?:the\s+)?record)\s*[,:;\-\u2013\u2014]+\s*",
    re.IGNORECASE,
)
_CLOSING = re.compile(
    r"\s*[,;\-\u2013\u2014(]*\s+(?:(?:just\s+)?in\s+case\b[^,;.!?]{0,80}|as\s+a\s+(?:precaution|safeguard)"
    r"|(?:just\s+)?to\s+be\s+(?:safe|on\s+the\s+safe\s+side)|for\s+safety(?:'s\s+sake)?|for\s+(?:the|our)\s+records?)"
    r"\s*[.!)]*\s*$",
    re.IGNORECASE,
)
# a word each precaution holds
_CUES: tuple[str, ...] = ("case", "precaution", "safeguard", "backup", "safe", "sure", "record")
_LONGEST = 600  # characters


def without_precaution(request: str) -> str:
    """``request`` without the precaution it is taken as, where an order is left ("snapshot droplet
    77 in case the deploy fails": "snapshot droplet 77"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    return order_within(request, _OPENING, _CLOSING, _CUES, _ordered)


def _ordered(read: str) -> bool:
    """``read`` is an order, or one done again, its "re" written on ("rerun ...")."""
    return bool(asked_order(read)) or (read[:2].casefold() == "re" and bool(asked_order(read[2:])))
