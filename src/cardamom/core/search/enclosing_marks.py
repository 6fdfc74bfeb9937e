"""Marks around a whole request (``enclosing_marks``).

A request copied from somewhere keeps the marks it was written in: quoted whole ('"delete asana
task 12"', "`reboot droplet 77`"), after a prompt's marks (">>> text +15551234 via twilio", "> merge
..."), or closed by an ellipsis in one character ("merge github PR 12 in acme/api\u2026", which
joins the last word: "api\u2026"). Read without them, where an order is left inside: a quote the
words around order something with stays a value (``quoted_requests``, ``argument_values``).
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order

_QUOTED = re.compile(
    r"^\s*[\"'`\u201c\u2018](?P<inner>[^\"`\u201c\u201d]{3,})(?:[\"'`\u201d\u2019])\s*[.!?]*\s*$", re.DOTALL
)
_PROMPT = re.compile(r"^\s*(?:>{1,3}|\u276f|\u203a|\u00bb)\s+")
_ELLIPSIS = re.compile(r"\u2026+")
_LONGEST = 600  # characters


def unenclosed(request: str) -> str:
    """``request`` without the marks around it whole, where an order is inside ('"delete asana task
    12"': "delete asana task 12"); an ellipsis in one character written as three dots."""
    if len(request) > _LONGEST:
        return request
    read = _ELLIPSIS.sub("...", request)
    prompted = _PROMPT.match(read)
    if prompted is not None and asked_order(read[prompted.end() :]):
        read = read[prompted.end() :]
    quoted = _QUOTED.match(read)
    if quoted is not None and asked_order(quoted["inner"].strip()):
        read = quoted["inner"].strip()
    return read
