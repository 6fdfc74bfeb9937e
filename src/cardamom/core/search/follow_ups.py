"""A follow-up asked after the request (``follow_ups``): "archive slack channel C0123 *and let me know
when it's done*", "refund stripe charge ch_9, *then confirm back to me*", "reboot droplet 77 *and
ping me after*", "close jira issue ENG-4 *and report back*", "send xero invoice INV-3 ... *and
update me*".

What a person asks to hear afterwards is the assistant's to do, after the tool returns; no tool of
the app does it. As written, "know", "confirm" and "report" took mass no name of the order's tool
carries, and the request found nothing or a confirmation of a payment. Read without it, at the
request's end after "and", "then" or a mark, where an order opens what is left.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order

_FOLLOW_UP = re.compile(
    r"^(?P<rest>.*?\S)\s*(?:[,;]|\s[\-\u2013\u2014]+)?\s+(?:and\s+then|and|then|after\s+that|afterwards)?\s*,?\s*"
    r"(?:(?:let|keep)\s+(?:me|us)\s+(?:know|posted|updated|in\s+the\s+loop)|(?:confirm|report|get|circle|check)\s+back"
    r"|ping\s+(?:me|us)|tell\s+(?:me|us)\s+(?:once|when|if|after|what|how|whether)|(?:send|give)\s+(?:me|us)\s+(?:a|the)\s+"
    r"(?:confirmation|summary|heads[\s-]?up|note)|update\s+(?:me|us)|confirm\s+(?:once|when|after|it'?s|it\s+is|to\s+me)"
    r"|keep\s+(?:me|us)\s+(?:posted|updated)|notify\s+(?:me|us)\s+(?:once|when|after))\b.*$",
    re.IGNORECASE | re.DOTALL,
)
# a verb and its particle that switch a thing, no order word alone: "*power off* droplet 91"
_SWITCHED = re.compile(r"^(?:power|shut|turn|switch|boot|spin)\s+(?:off|on|down|up)\b", re.IGNORECASE)
_LONGEST = 400  # characters


def without_follow_up(request: str) -> str:
    """``request`` without the follow-up asked after it; ``request`` as written where none ends
    it, or no order is left."""
    if len(request) > _LONGEST:
        return request
    found = _FOLLOW_UP.match(request)
    if found is None:
        return request
    rest = found["rest"].rstrip(" ,;.-")
    acted = bool(asked_order(rest)) or _SWITCHED.match(rest) is not None  # ("*power off* droplet 91")
    return rest if len(rest.split()) >= 2 and acted else request
