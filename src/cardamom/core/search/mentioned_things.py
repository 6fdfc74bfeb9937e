"""A thing named by its id, with what the conversation said of it (``mentioned_things``): "close the
jira issue ENG-4 *I mentioned earlier*", "archive slack channel C0123 *like we discussed*", "delete
that box file 123 *from yesterday's thread*", "delete the asana task 12 *you found*", "send xero
invoice INV-3, *the one we drafted,* to the customer".

An id names the thing; a clause recalling where the conversation met it names nothing a tool does.
As written, "mentioned", "discussed" and "thread" took mass no name of the app carries, and the
request found nothing or a repeating invoice ("drafted"). Read without the clause, after a word
that carries a digit (an id), where the request opens with an order.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import order_first

_RECALLED = (
    r"(?:mentioned|discussed|talked\s+about|spoke\s+about|found|drafted|flagged|shared|brought\s+up|told\s+you\s+about"
    r"|pointed\s+out|looked\s+at|noted|saw|sent\s+you|gave\s+you)"
)
_WHEN = (
    r"(?:\s+(?:earlier|before|above|yesterday|today|last\s+week|this\s+morning|just\s+now"
    r"|in\s+(?:the\s+)?(?:chat|thread|call|meeting)))?"
)
# "... ENG-4 *I mentioned earlier*", "... 12 *you found*", "... C0123 *like we discussed*",
# "... INV-3*, the one we drafted,*"
_CLAUSE = re.compile(
    rf"(?<=\d)(?P<id_end>[\w-]*)(?:\s*,)?\s+(?:(?:that|which|the\s+one)\s+)?(?:(?:i|we|you|they|he|she)\s+){_RECALLED}{_WHEN}"
    rf"|(?<=\d)(?P<id_end2>[\w-]*)\s*,?\s+(?:like|as)\s+(?:we|you|i)\s+(?:discussed|agreed|said|talked\s+about|planned){_WHEN}"
    rf"|(?<=\d)(?P<id_end3>[\w-]*)\s+from\s+(?:yesterday'?s|today'?s|the|our|this\s+morning'?s|last\s+week'?s)\s+"
    r"(?:thread|chat|meeting|email|e-mail|conversation|call|standup|discussion|message)",
    re.IGNORECASE,
)
_LONGEST = 400  # characters


def without_mention(request: str) -> str:
    """``request`` without the clause recalling its thing; ``request`` as written where none
    follows an id, or the request opens with no order."""
    if len(request) > _LONGEST or not order_first(request):
        return request
    found = _CLAUSE.search(request)
    if found is None:
        return request
    kept = found["id_end"] or found["id_end2"] or found["id_end3"] or ""
    after = request[found.end() :].lstrip()
    after = after[1:].lstrip() if after.startswith(",") else after  # (", the one we drafted, to ...")
    return f"{request[: found.start()]}{kept} {after}".rstrip()
