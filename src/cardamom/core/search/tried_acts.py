"""A request asked as something to try (``tried_acts``): "*try to* reboot droplet 77", "*see if you
can* refund stripe charge ch_9", "could you *try* deleting box file 123", "*give* cancelling
cal.com booking 881 *a shot*", "*have a go at* closing jira issue ENG-4", "*take a stab at*
texting ...", "*do your best to* reply to ...".

A person unsure it can be done asks for a try; the try is the act. As written, "try", "shot" and
"stab" were the request's rarest words, no name of the app carries them, and it found nothing or
a tool they matched (a charge read where one was to be refunded: "see if"). Read as the act
tried, its "-ing" in the plain form, where what is left opens with an order. A try again ("try
again to ...") is ``told_attempts``'.
"""

from __future__ import annotations

import re

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import order_first

_ASKING = r"(?:(?:(?:can|could|would|will)\s+you\s+|please\s+|just\s+|maybe\s+|let'?s\s+|we\s+should\s+|i'?ll\s+)*)"
_TRYING = re.compile(
    rf"^\s*{_ASKING}(?:(?:try|attempt)(?:\s+(?:to|and)|(?=\s+[a-z]+ing\b))|(?:see|check|find\s+out)\s+(?:if|whether)\s+"
    r"(?:you|we|i)\s+(?:can|could|are\s+able\s+to)|(?:make|have)\s+an\s+attempt\s+(?:to|at)|(?:have|take)\s+a\s+"
    r"(?:go|stab|crack|shot|swing)\s+at|(?:do|try)\s+(?:your|our|my)\s+(?:best|utmost)\s+to)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "give cancelling cal.com booking 881 a shot": the act between "give" and the try
_GIVEN_A_TRY = re.compile(
    rf"^\s*{_ASKING}give\s+(?P<rest>[a-z]+ing\s+.+?)\s+(?:a|another)\s+(?:shot|go|try|whirl|stab|crack)\s*[.!?]*"
    r"(?P<place>\s+(?:in|on)\s+[\w.]+)?$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 400  # characters


def tried_act(request: str) -> str:
    """``request`` as the act it asks to try; ``request`` as written where no try opens it, or
    what it tries is no order."""
    if len(request) > _LONGEST:
        return request
    trying = _TRYING.match(request) or _GIVEN_A_TRY.match(request)
    if trying is None:
        return request
    rest = as_verb(trying["rest"]) + (trying.groupdict().get("place") or "")  # (the app's place, after)
    return rest if order_first(rest) else request
