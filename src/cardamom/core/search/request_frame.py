"""A request's opening frame: the words a person or a model writes before what it asks ("I need
to", "can you please", "help me", "is there a tool to", "how do I"). They name nothing a tool
does, yet "need" and "want" are no closed-class words the filler list may hold ("want" is a wish
list's word, "like" a post's), so they go only where they open the request, before its action."""

from __future__ import annotations

import re

_GREETING = r"(?:(?:hey|hi|hello|ok|okay|so|please|kindly)\b[,!]?\s+)*"
_ASKING = r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
_WISHING = (
    r"(?:(?:i|we)(?:'d|\u2019d|\s+would)?\s+(?:really\s+|also\s+|just\s+)?"
    r"(?:need|want|like|love|wish|have|got|ha(?:ve|s)\s+got)(?:\s+you)?\s+to"
    r"|(?:i|we)(?:'m|\u2019m|'re|\u2019re|\s+am|\s+are)\s+(?:trying|looking|going|hoping|planning)\s+to"
    # the same without its subject, as a note is written: "want to buy ...", "trying to delete ..."
    r"|(?:would\s+like|need|want|trying|looking|hoping|planning)\s+to"
    r"|(?:(?:i|we)\s+)?(?:wanna|gotta)"
    r"|help\s+(?:me|us)(?:\s+to)?"
    # an urging: "time to close ...", "go ahead and delete ...", "we should archive ..."
    r"|(?:it(?:'s|\u2019s|\s+is)\s+)?time\s+to|go\s+ahead\s+and|(?:i|we|you)\s+(?:should|must)"
    r"|let(?:'s|\u2019s|\s+me|\s+us)"
    # asking for a way or a tool: "is there a tool to", "find the tool that", "how do I"
    r"|(?:is\s+there|(?:find|get|give\s+me|show\s+me|i\s+need|we\s+need)\s+(?:me\s+)?)\s*(?:a|an|any|the|some)\s+"
    r"(?:way|tool|function|api|endpoint|method|operation)\s+(?:to|that|which|for)"
    r"|how\s+(?:do|can|should|would)\s+(?:i|we|you)|how\s+to"
    r")\s+"
)
# after the wish, a question it asks: "I'd like to *know* which subscriptions are past due"
_LEARNING = r"(?:(?:know|find\s+out|see|learn|understand)\s+(?=(?:which|what|who|whose|where|when|how)\b))?"
_PREAMBLE = re.compile(rf"^\s*{_GREETING}{_ASKING}(?:please\s+)?(?:{_WISHING})?(?:please\s+)?", re.IGNORECASE)
_LEARNING_PREAMBLE = re.compile(_PREAMBLE.pattern + _LEARNING, re.IGNORECASE)


def without_preamble(request: str, *, learning: bool = True) -> str:
    """``request`` from its first word past the opening frame ("I need to *add* a comment ...",
    "can you please help me *find* ..."); the request as written when the frame is all there is.
    ``learning``: a wish to know opens the frame too ("I'd like to know *which* ...")."""
    match = (_LEARNING_PREAMBLE if learning else _PREAMBLE).match(request)
    if match is None or not match.group(0):
        return request
    rest = request[match.end() :]
    return rest if rest.strip() else request
