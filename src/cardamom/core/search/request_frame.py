"""A request's opening frame: the words a person or a model writes before what it asks ("I need
to", "can you please", "help me"). They name nothing a tool does, yet "need" and "want" are no
closed-class words the filler list may hold ("want" is a wish list's word, "like" a post's), so
they go only where they open the request, before its action."""

from __future__ import annotations

import re

_GREETING = r"(?:(?:hey|hi|hello|ok|okay|so|please|kindly)\b[,!]?\s+)*"
_ASKING = r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
_WISHING = (
    r"(?:(?:i|we)(?:'d|\u2019d|\s+would)?\s+(?:really\s+|also\s+|just\s+)?"
    r"(?:need|want|like|love|wish|have|got|ha(?:ve|s)\s+got)(?:\s+you)?\s+to"
    r"|(?:i|we)(?:'m|\u2019m|'re|\u2019re|\s+am|\s+are)\s+(?:trying|looking|going|hoping|planning)\s+to"
    r"|help\s+(?:me|us)(?:\s+to)?"
    r"|let(?:'s|\u2019s|\s+me|\s+us)"
    r")\s+"
)
_PREAMBLE = re.compile(rf"^\s*{_GREETING}{_ASKING}(?:please\s+)?(?:{_WISHING})?(?:please\s+)?", re.IGNORECASE)


def without_preamble(request: str) -> str:
    """``request`` from its first word past the opening frame ("I need to *add* a comment ...",
    "can you please help me *find* ..."); the request as written when the frame is all there is."""
    match = _PREAMBLE.match(request)
    if match is None or not match.group(0):
        return request
    rest = request[match.end() :]
    return rest if rest.strip() else request
