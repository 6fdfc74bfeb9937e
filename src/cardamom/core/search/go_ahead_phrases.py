"""A go-ahead around the order (``go_ahead_phrases``).

An order given leave writes the leave: "*proceed with* the refund of stripe charge ch_9", "*go
ahead with* merging github PR 12", "*carry on with* the reboot of droplet 77", "*move forward
with* sending ...", "*feel free to* update notion page abc", "*you can go ahead and* text ...";
or an outcome made so: "*make it so that* slack channel C0123 is archived", "*see that* jira issue
ENG-4 is closed", "*make it happen:* reboot droplet 77", "*make sure to* reply to ..."; a favour
asked ("*do me a favor and* reboot ..."); an authority's word ("*per legal,* delete ...", "*on
alice's orders,* reboot ..."). The leave's words ("proceed", "free", "happen", "legal") name no
tool and were the request's rarest. Read as the order (a gerund as its verb, an act's noun as its
verb on the thing), an outcome as one made sure of (``passive_voice``'s wished states read it).
"""

from __future__ import annotations

import re

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import act_verb, asked_order

_LEAVE = re.compile(
    r"^\s*(?:(?:please|ok|okay|so|yes)\s*,?\s+)?(?:(?:you\s+(?:may|can|could)\s+)?(?:proceed|go\s+ahead|carry\s+on"
    r"|go\s+on|continue|move\s+(?:forward|ahead)|press\s+on)\s*(?:with|to|and|:)|feel\s+free\s+to|(?:you\s+(?:may|can)|you're"
    r"|you\s+are)\s+(?:free|welcome|cleared|good)\s+to|you\s+can\s+(?:go\s+ahead\s+and\s+)?|make\s+sure\s+(?:to|you)"
    # a favour asked: "do me a favor and ...", "would you do me the kindness of ..."
    r"|(?:(?:would|could|can)\s+you\s+)?do\s+me\s+(?:a\s+favou?r|the\s+kindness)\s*(?:and|,|:|-|of)"
    # an authority's word: "per legal,", "per the ticket,", "on alice's orders,"
    r"|(?:as\s+)?per\s+[^,;:]{1,40},|on\s+[^,;:]{1,30}?(?:'s|\u2019s)\s+(?:orders?|instructions?|say-so|advice),)\s+",
    re.IGNORECASE,
)
# "the refund of stripe charge ch_9": the act's noun, then its thing
_ACT_OF = re.compile(r"^(?:the\s+|a\s+|that\s+)?(?P<noun>[a-z]+)\s+(?:of|on|for)\s+(?P<thing>\S.*)$", re.I | re.DOTALL)
# an outcome made so: "make it so (that) ...", "see (to it) that ...", "have it so ..."
_MADE_SO = re.compile(
    r"^\s*(?:make\s+it\s+so|have\s+it\s+so|see\s+that|arrange\s+(?:it\s+)?so)(?:\s+that)?\s+", re.IGNORECASE
)
_STATE = re.compile(r"\s(?:is|are|gets?|be)\s", re.IGNORECASE)
# "make it happen:", "get it done:", "do it:" before the order
_DO_IT = re.compile(
    r"^\s*(?:make\s+it\s+happen|get\s+it\s+done|just\s+do\s+it|do\s+it|let's\s+do\s+it)\s*[:\-\u2013\u2014]\s*", re.I
)
_LONGEST = 600  # characters


def past_go_ahead(request: str) -> str:
    """``request`` read past the leave given it ("proceed with the refund of stripe charge ch_9":
    "refund stripe charge ch_9"), an outcome made so as one made sure of ("make it so that ... is
    archived": "make sure ... is archived"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    made = _MADE_SO.match(request)
    if made is not None and _STATE.search(request, made.end()):  # (a state made: "... *is* archived")
        return "make sure " + request[made.end() :]
    done = _DO_IT.match(request)
    if done is not None and asked_order(request[done.end() :]):
        return request[done.end() :]
    leave = _LEAVE.match(request)
    if leave is None:
        return request
    rest = as_verb(request[leave.end() :].strip())
    act = _ACT_OF.match(rest)
    verb = act_verb(act["noun"].casefold()) if act is not None else None
    if act is not None and verb is not None:
        rest = f"{verb} {act['thing']}"
    return rest if asked_order(rest) else request
