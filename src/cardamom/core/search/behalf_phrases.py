"""Whom an order is done for, said as a behalf (``behalf_phrases``): "refund stripe charge ch_9 *on
my behalf*", "reboot droplet 77 *on behalf of the ops team*", "*on behalf of alice,* close jira
issue ENG-4", "archive slack channel C0123 *as a favour to bob*".

The call acts with the caller's grant whoever it is done for; "behalf" and "favour" are no word
of a tool, and as written they were the request's rarest and it found nothing. Read without
them, at the request's start (before a mark) or its end after a thing named by its id (a behalf
after anything else may be what a list filters by, or whom a message is sent as), where an order
is left.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order

_BEHALF = (
    r"(?:on\s+(?:my|our|his|her|their|your|the\s+\w+'?s|\w+'s)\s+behalf|on\s+behalf\s+of\s+(?:[\w@.'-]+\s*){1,5}?"
    r"|as\s+a\s+(?:favou?r|courtesy)(?:\s+(?:to|for)\s+(?:[\w@.'-]+\s*){1,4}?)?)"
)
_OPENING = re.compile(rf"^\s*{_BEHALF}\s*[,:;\-\u2013\u2014]\s*(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
_CLOSING = re.compile(rf"^(?P<rest>.*?\S)[\s,]+{_BEHALF}\s*[.!?]*$", re.IGNORECASE | re.DOTALL)
_LONGEST = 400  # characters


def without_behalf(request: str) -> str:
    """``request`` without whom it is done on behalf of; ``request`` as written where no behalf
    opens or closes it, or what is left is no order."""
    if len(request) > _LONGEST:
        return request
    found = _OPENING.match(request)
    closing = _CLOSING.match(request) if found is None else None
    if closing is not None and any(c.isdigit() for c in closing["rest"].split()[-1]):
        found = closing  # (after a thing by its id: "list payments made *on behalf of acme*" filters)
    if found is None:
        return request
    rest = found["rest"]
    return rest if asked_order(rest) else request
