"""A request hedged in a phrase of judgement (``hedge_phrases``).

Unsure of the call, a user or an agent passing one on writes the order under an opinion: "*I'd
say* delete box file 123", "*not sure, but* archive ...", "*it might be worth* merging PR 12",
"*it seems like we should* text +15551234 ...", "*if you ask me,* cancel ...", "*I'm leaning
towards* refunding ...", "the notion page abc should *probably* be updated". The words of the
judgement ("say", "worth", "seems") name no tool and were the request's rarest, leaving it under
the floor. Read as the order, a gerund opening it in the plain form ("merging": "merge").
The single hedges ("maybe", "I think", "probably best to") are ``hedged_requests``'.

Only where an order, or a thing stating what is to be done to it, is left.
"""

from __future__ import annotations

import re

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import order_first

_WE = r"(?:we|you|i|u)"
_HEDGE = re.compile(
    r"^\s*(?:(?:i'?m\s+)?not\s+(?:sure|certain|100%\s+sure)\s*,?\s*(?:but|though)\s*,?\s*)?"
    r"(?:(?:i'd|i\u2019d|i\s+would|i)\s+(?:probably\s+)?say\s*,?\s*"
    r"|(?:it\s+)?(?:might|may|could|would)\s+be\s+(?:worth|good|wise|smart|best|better|a\s+good\s+idea)(?:\s+to)?\s+"
    r"|(?:it\s+)?(?:seems|looks|sounds|feels)(?:\s+like|\s+as\s+if|\s+that)?\s+"
    rf"{_WE}\s+(?:should|need\s+to|ought\s+to|must|have\s+to|gotta)\s+"
    rf"|(?:i\s+have\s+a|i've\s+got\s+a|my)\s+(?:feeling|hunch|gut(?:\s+feeling)?)(?:\s+says|\s+tells\s+me)?"
    rf"(?:\s+that)?\s+{_WE}\s+should\s+"
    r"|if\s+(?:you\s+ask\s+me|i\s+had\s+to\s+guess|i\s+were\s+you)\s*,?\s*"
    r"|(?:in\s+my\s+(?:humble\s+)?opinion|imo|imho|personally|honestly)\s*,?\s*"
    r"|(?:i'?m\s+)?(?:leaning|inclined)\s+(?:towards?|to)\s+"
    r"|(?:i'?m\s+)?not\s+(?:sure|certain)\s*,?\s*(?:but|though)\s*,?\s*)",
    re.IGNORECASE,
)
# a hedge inside a passive's verb: "... should *probably* be updated"
_HEDGED_PASSIVE = re.compile(
    r"\b(should|must|needs?\s+to|ought\s+to|has\s+to|have\s+to)\s+(?:probably|maybe|perhaps|likely|possibly)\s+(?=be\b)",
    re.IGNORECASE,
)
_LONGEST = 600  # characters


def unhedged(request: str) -> str:
    """``request`` past a hedge of judgement opening it, an order left ("I'd say delete box file
    123": "delete box file 123"; "it might be worth merging PR 12": "merge PR 12"), and without
    one inside a passive's verb ("should probably be updated": "should be updated"); ``request``
    as written otherwise."""
    if len(request) > _LONGEST:
        return request
    request = _HEDGED_PASSIVE.sub(r"\1 ", request)
    hedge = _HEDGE.match(request)
    if hedge is None or not hedge.group(0).strip():
        return request
    rest = as_verb(request[hedge.end() :].strip())
    return rest if rest and order_first(rest) else request
