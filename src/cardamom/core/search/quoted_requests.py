"""A request passed on in quotes (``quoted_requests``).

An agent handing on what someone asked quotes it and says to do it: 'the customer wrote "please
cancel my subscription sub_1" - do it in stripe', 'email from bob: "can you close ENG-4 in
jira?" - go ahead', "per alice's message ('archive C0123 in slack'), do that", '"merge PR 12 in
github acme/api" -- from the release manager'. Read as written, the words around the quote
("wrote", "email", "message", "release") drew the app's e-mail or message tools, and the quoted
order weighed as a value. The request is the quoted order, past its asking words ("please",
"can you", "can someone"), in the apps the words around it name.

Only where the quote opens with an order of three words or more, the words around it say it is
passed on (who wrote, said or asked it, or "do it", "go ahead", "handle it") and give no order
of their own: 'post "deploy done" to slack' posts the quote, 'create a jira issue "fix login"'
names the issue by it, 'asana wrap up the to-do "Send report"' names the to-do.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order, order_first

# a quoted passage: in straight or curly quotes, three words or more
_QUOTED = re.compile(
    r"\"(?P<double>[^\"]{8,300})\"|(?<!\w)'(?P<single>[^']{8,300})'(?!\w)|\u201c(?P<curly>[^\u201d]{8,300})\u201d"
)
# the words doing what the quote says: "do it", "go ahead", "handle it", "action it", "please do"
_DOING = re.compile(
    r"^\s*(?:please\s+)?(?:(?:do|handle|action|actions|execute|run|perform|process)\s+(?:it|that|this|so)"
    r"|go\s+ahead|take\s+care\s+of\s+(?:it|that|this)|make\s+it\s+(?:so|happen)|please\s+do|get\s+it\s+done)\b",
    re.IGNORECASE,
)
# what says the quote is passed on: its teller's words, or the words doing it
_PASSED_ON = re.compile(
    r"\b(?:wrote|writes|says|said|asked|asks|requested|requests|message|email|e-mail|ticket|note|quote|quoted"
    r"|forwarded|per|(?<=-\s)from|do\s+(?:it|that|this|so)|go\s+ahead|handle\s+it|action\s+it|please\s+do|take\s+care\s+of)\b",
    re.IGNORECASE,
)
_NAMING = re.compile(r"\b(?:called|named|titled|entitled|labell?ed|tagged|subject)\s*:?\s*$", re.IGNORECASE)
_FEWEST_WORDS = 3  # an order passed on names its thing: "cancel my subscription sub_1"
# the asking words opening a quoted order beyond ``asked_order``'s: "can someone", "could somebody"
_ANYONE_ASKED = re.compile(r"^\s*(?:can|could|would|will)\s+(?:someone|somebody|anyone|anybody)\s+", re.I)
# the courtesy ending a quoted order: "reboot droplet 77 *pls*"
_COURTESY_LAST = re.compile(r"[\s,]+(?:pls|plz|please|thanks|thank\s+you|thx|ty)\s*$", re.IGNORECASE)
# words after a first word that make it a noun telling where the quote came from ("*email from* bob:")
_TOLD = frozenset({"from", "by", "of", "to", "says", "said", "wrote", "asked", "reads", "thread", "text", "note"})
_LONGEST = 800  # characters


def quoted_request(request: str) -> str:
    """``request`` passing on a quoted order read as the order, the words around the quote kept
    after it where they name a place ("... - do it in stripe": "cancel my subscription sub_1 in
    stripe"); ``request`` as written otherwise."""
    if len(request) > _LONGEST or not any(mark in request for mark in "\"'\u201c"):
        return request
    quotes = list(_QUOTED.finditer(request))
    if len(quotes) != 1:
        return request
    found = quotes[0]
    quoted = (found["double"] or found["single"] or found["curly"]).strip().rstrip(".!?")
    quoted = _COURTESY_LAST.sub("", _ANYONE_ASKED.sub("", quoted))
    order = asked_order(quoted) or (quoted if order_first(quoted) else "")
    if not order:
        return request
    around = f"{request[: found.start()]} {request[found.end() :]}"
    if _NAMING.search(request[: found.start()]) is not None:
        return request  # a name: "... in Slack called 'Release 4.2 notes'"
    if len(order.split()) < _FEWEST_WORDS or _PASSED_ON.search(around) is None:
        return request  # a quoted value: 'asana wrap up the to-do "Send report"', 'xero "list invoices"'
    for part in re.split(r"[-\u2013\u2014,;:.()>]+|\s--\s", around):
        words = part.casefold().split()
        own = asked_order(part.strip()) or part.strip()
        if order_first(own) and _DOING.match(part) is None and words[1:2] != [] and words[1] not in _TOLD:
            return request  # the words around give an order of their own: 'post "..." to slack'
    place = re.search(r"\b(?:in|on|via|using)\s+(?P<app>[\w.]+)\s*[.!?]?\s*$", around.strip())
    return f"{order} in {place['app']}" if place is not None else order
