"""A thing named by its id, then told again in other words (``thing_appositives``).

After a thing's id a user often says which one it is: "delete box file 123*, the one in folder
99*", "reboot droplet 77*, the web server*", "refund stripe charge ch_9 *- the duplicate*", "send
xero invoice INV-3*, the one for acme,* to the client", "assign jira issue OPS-2*, the payments
crash,* to carol". The id names the thing; the appositive's words ("server", "duplicate",
"marketing") are no tool's, or drew one of their own (Asana's `duplicate_task`). Read without the
appositive, what follows it kept.

Only an appositive opening with a determiner ("the", "our", "my", "that") after a word with a digit
(the thing's id, or its place: "in acme/api"), up to six words, to a comma, a closing mark or the end.
"""

from __future__ import annotations

import re

_APPOSITIVE = re.compile(
    r"(?P<before>\S*\d\S*(?:\s+(?:in|on|from)\s+[\w./-]+)?)"
    r"\s*(?:,|\s[-\u2013\u2014]|\s\()\s*(?:the|our|my|your|their|that|this)\s+(?P<words>[\w'/.-]+(?:\s+[\w'/.-]+){0,5}?)"
    r"\s*(?P<end>,|\)|\s[-\u2013\u2014]\s|$)",
    re.IGNORECASE,
)
# what an appositive never is: a follow-up's or a clause's words ("..., the rest too", "the one I mentioned"
# is ``mentioned_things``'), an order ("..., the next step is ..."), a state ("..., that is closed")
_NOT_APPOSITIVE = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|would|should|can|could|too|also|rest|same|other|next|i|we|you"
    r"|mentioned|discussed|said|sent|asked)\b",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")  # (every appositive follows one: a cheap test first)
# (and its opening, which a long request seldom writes: ``_APPOSITIVE`` tries every word with a
# digit before it, a long request's most costly reading where none is written)
_OPENING = re.compile(r"(?:,|\s[-\u2013\u2014]|\s\()\s*(?:the|our|my|your|their|that|this)\s", re.IGNORECASE)
_LONGEST = 600  # characters


def without_appositive(request: str) -> str:
    """``request`` without the appositive telling again which thing its id names ("reboot droplet
    77, the web server": "reboot droplet 77"); ``request`` as written otherwise."""
    if len(request) > _LONGEST or _DIGIT.search(request) is None or _OPENING.search(request) is None:
        return request
    told = _APPOSITIVE.search(request)
    if told is None or _NOT_APPOSITIVE.search(told["words"]):
        return request
    head, rest = request[: told.end("before")], request[told.end() :].strip()
    return f"{head} {rest}" if rest else head
