"""A phone number written as people write it, with spaces, dots, dashes and parentheses:
"text *+44 7700 900123*", "call *+1 (415) 555-0100* with twilio", "sms *(415) 555-0100*"
(``spaced_numbers``).

A number written whole ("+14155550100") is one value; written in groups, each group was a
number of its own, "(415)" a remark in parentheses, and the request, its groups many and its
words few, found nothing. Read in one piece, as the call takes it.
"""

from __future__ import annotations

import re

# "+44 7700 900123", "+1 (415) 555-0100", "+1.415.555.0100": a country's code, then groups
_INTERNATIONAL = re.compile(r"(?<![\w+])\+\d{1,3}(?:[\s.\-]{0,2}\(?\d{1,5}\)?){2,5}(?![\w])")
# "(415) 555-0100", "(020) 7946 0958": an area's code in parentheses, then groups
_AREA_FIRST = re.compile(r"(?<![\w(])\(\d{2,5}\)\s?\d{3,4}[\s.\-]\d{3,4}(?![\w])")
_FEWEST, _MOST = 8, 15  # digits in a phone number (E.164 has at most fifteen)


def joined_numbers(request: str) -> str:
    """``request`` with each phone number written in groups joined in one piece ("+1 (415)
    555-0100": "+14155550100"); ``request`` as written where it writes none."""
    if "+" not in request and "(" not in request:
        return request
    return _AREA_FIRST.sub(_joined, _INTERNATIONAL.sub(_joined, request[:2000])) + request[2000:]


def _joined(found: re.Match[str]) -> str:
    written = found.group(0)
    digits = "".join(c for c in written if c.isdigit())
    if not _FEWEST <= len(digits) <= _MOST or not re.search(r"[\s.\-()]", written):
        return written
    return ("+" if written.startswith("+") else "") + digits
