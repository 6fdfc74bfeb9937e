"""Tags written on a request (``request_tags``): "*[P1]* reboot droplet 77", "*(high priority)*
archive slack channel C0123", "*[ops]* delete box file 123", "*{low}* delete asana task 12",
"*<urgent>* text ...", "send xero invoice INV-3 to the customer *[finance]*".

A tag files a request under a team, a priority or a label in a tracker's or a chat's way; it
names nothing a tool does. As written, "p1", "priority" and "ops" took mass no name of the app
carries, and the request found nothing. Read without a tag in brackets of any kind, of one to
three words (or a priority's "P1", "SEV2"), at the request's start or (not in parentheses, which
say how: "list files (recursive)") its end; an id in brackets after its thing ("(ENG-4)") is
``bracketed_ids``'.
"""

from __future__ import annotations

import re

_TAG = r"(?:[\[({<]\s*(?:[A-Za-z][A-Za-z'&/-]*(?:\s+[A-Za-z][A-Za-z'&/-]*){0,2}|(?:p|sev|prio)\s*-?\d)\s*[\])}>])"
_OPENING = re.compile(rf"^\s*(?:{_TAG}\s*[:\-\u2013\u2014]?\s*)+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
# (at the end, not in parentheses: "list files *(recursive)*" says how)
_CLOSING = re.compile(rf"^(?P<rest>.*?\S)\s*(?:\s*(?!\(){_TAG})+\s*[.!]*$", re.IGNORECASE | re.DOTALL)
_LONGEST = 400  # characters


def without_tags(request: str) -> str:
    """``request`` without the tags at its start and its end; ``request`` as written where none
    is, or nothing of two words or more is left."""
    if len(request) > _LONGEST:
        return request
    read = request
    opening = _OPENING.match(read)
    if opening is not None:
        read = opening["rest"]
    closing = _CLOSING.match(read)
    if closing is not None:
        read = closing["rest"]
    return read if len(read.split()) >= 2 else request
