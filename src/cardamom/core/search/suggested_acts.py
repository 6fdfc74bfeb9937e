"""A request asked as a suggestion or a negated question (``suggested_acts``): "*how about*
sending xero invoice INV-3 ...", "*why not* merge PR 12", "*can't you just* reboot droplet 77",
"*shouldn't we* cancel cal.com booking 881", "*wouldn't it be better to* delete ...", "*any
reason not to* delete asana task 12?", "*is there any harm in* rebooting ...", "*why haven't
you replied* to intercom conversation 301".

A suggestion asks for its act as a question; as written, "about", "reason" and "harm" were the
request's rarest words, or its gerund read as a thing (an invoice got where one was to be sent),
or "shouldn't" left its verb to a state (a booking confirmed). Read as the act suggested, its
"-ing" in the plain form and a participle as its verb, where what is left opens with an order.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import order_first

_SUBJECT = r"(?:you|we|u)"  # (not "I": "why can't I see box folder 9" is a failure, ``told_attempts``')
_SUGGESTING = re.compile(
    r"^\s*(?:(?:so|well|hmm+|ok|okay|but),?\s+)?(?:how|what)\s+about|why\s+not|why\s+(?:don'?t|do\s+not|wouldn'?t|won'?t)"
    rf"\s+{_SUBJECT}(?:\s+just)?|(?:can'?t|cannot|couldn'?t|won'?t|wouldn'?t|shouldn'?t|mustn'?t)\s+{_SUBJECT}"
    r"(?:\s+just)?|wouldn'?t\s+it\s+be\s+(?:better|good|nice|wise|smart|best|easier|simpler|faster)\s+(?:to|if\s+we|if\s+you)"
    r"|isn'?t\s+it\s+(?:about\s+)?time\s+(?:to|we|you)|(?:is\s+there\s+)?any\s+reason\s+(?:not\s+to|why\s+we\s+can'?t)"
    r"|(?:is\s+there\s+)?any\s+harm\s+in|what'?s\s+stopping\s+(?:you|us)\s+from|would\s+it\s+hurt\s+to"
    r"|(?:it\s+)?(?:might|may)\s+be\s+(?:worth|good|best)\s+(?:to)?",
    re.IGNORECASE,
)
_OPENING = re.compile(rf"^\s*(?:{_SUGGESTING.pattern})\s+(?P<rest>\S.*?)\s*[?.!]*$", re.IGNORECASE | re.DOTALL)
# "why haven't you replied to ...", "why hasn't anyone merged PR 12": the participle's act
_UNDONE = re.compile(
    r"^\s*why\s+(?:haven'?t|hasn'?t|have\s+not|has\s+not)\s+(?:you|we|they|anyone|anybody|someone|somebody)\s+(?:yet\s+)?"
    r"(?P<participle>[a-z]{3,})\s+(?P<rest>\S.*?)(?:\s+yet)?\s*[?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 400  # characters


def suggested_act(request: str, verb_of: Callable[[str], str | None]) -> str:
    """``request`` as the act it suggests; ``verb_of``: the verb a participle is a form of
    ("replied": "reply"), or None. ``request`` as written where no suggestion opens it, or what
    it suggests is no order."""
    if len(request) > _LONGEST:
        return request
    undone = _UNDONE.match(request)
    if undone is not None:
        verb = verb_of(undone["participle"].casefold())
        return f"{verb} {undone['rest']}" if verb is not None else request
    suggested = _OPENING.match(request)
    if suggested is None:
        return request
    rest = as_verb(suggested["rest"])
    return rest if order_first(rest) else request
