"""A request written as one more after others (``additive_words``): "*oh and* reboot droplet 78
*while you're at it*", "*plus* delete asana task 13", "*additionally,* send xero invoice INV-4",
"*one more thing:* delete box file 124", "close jira issue ENG-5 *too*".

In a conversation a request follows the one before it and says so; "oh", "plus", "additionally"
and "while you're at it" name nothing a tool does, yet were the request's rarest words and it
found nothing. Read without them, where what is left opens with an order (at its start) or
holds three words or more (at its end). ``chat_openers`` reads the plain ones ("also", "and",
"then", "next,") later, at the request's start only.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order

_OPENING = re.compile(
    r"^\s*(?:(?:oh|ah|and|also|plus|then|so|too|as\s+well)\b[\s,]*)*"
    r"(?:additionally|in\s+addition|besides(?:\s+that)?|on\s+top\s+of\s+that|what'?s\s+more|moreover|furthermore"
    r"|(?:one|another|last)\s+(?:more|last|other)?\s*thing|one\s+more|and\s+also|also|plus|lastly|finally"
    r"|last\s+but\s+not\s+least|while\s+you(?:'re|\u2019re|\s+are)\s+at\s+it|and\s+then|then\s+also|after\s+that"
    r"|(?<=oh\s)and|(?<=ah\s)and)?\s*[,:;!\-\u2013\u2014]*\s*(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_CLOSING = re.compile(
    r"^(?P<rest>.*?\S)[\s,]+(?:too|as\s+well|also|while\s+you(?:'re|\u2019re|\s+are)\s+at\s+it|while\s+you'?re\s+there"
    r"|if\s+you\s+can|in\s+the\s+same\s+go)\s*[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 400  # characters


def without_additives(request: str) -> str:
    """``request`` without the words saying it is one more; ``request`` as written where they
    leave no order."""
    if len(request) > _LONGEST:
        return request
    read = request
    closing = _CLOSING.match(read)
    if closing is not None and len(closing["rest"].split()) >= 3:
        read = closing["rest"]
    opening = _OPENING.match(read)
    if opening is not None and opening["rest"] != read.lstrip() and asked_order(opening["rest"]):
        read = opening["rest"]
    return read if read != request and read.split() else request
