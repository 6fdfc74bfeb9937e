"""What a request says it does not want, after what it asks (``denied_tails``): "permanently
delete intercom contact 6512 *- not archive, delete*", "uninstall our GitHub App from installation
48213377 *- remove it, don't just suspend it*", "check what watermark is set on folder 98234511 *- I
only want to view it, not change or remove it*", "list my codespaces secrets *(just the names, not
values)*", "show my copilot agent tasks across every repository*, not just one repo*". The tail
restates the request or names the actions and things it rules out: read as words of the request,
they named the archive, the suspend, the update ("not archive, delete" ruled out both verbs, and
the contact's read came first), or took mass no name of the tool carries. The request is what
comes before it."""

from __future__ import annotations

import re

from cardamom.core.search.reason_clauses import QUOTE_MARKS
from cardamom.core.search.tokens import tokenize

# Where a tail opens: a dash set apart by spaces, a long dash, a semicolon, a comma before "not",
# a parenthesis closing the request, a sentence of its own opening with a denial.
_DENIALS = r"not|don'?t|do\s+not|never|no\s+need|rather\s+than|instead\s+of"
_OPENS = re.compile(
    rf"\s+-\s+|\s*[\u2013\u2014]\s*|\s*;\s*|\s*,\s*(?=not\b)|\s*\((?=[^()]*\)\s*[.!?]?\s*$)|(?<=[.!?])\s+(?=(?:{_DENIALS})\b)",
    re.IGNORECASE,
)
_DENIAL = re.compile(rf"\b(?:{_DENIALS})\b", re.IGNORECASE)
_LEAST = 3  # words the request keeps before its tail: "delete contact 65" keeps three
_LONGEST = 400  # characters: a tail is a written request's, never pasted text's


def without_denied_tail(request: str) -> str:
    """``request`` without its last part where that part says what it does not want; as written
    where none does, where the part quotes, or where fewer than three words would be left."""
    if len(request) > _LONGEST or not _DENIAL.search(request):
        return request
    for opening in _OPENS.finditer(request):
        tail = request[opening.end() :]
        if _DENIAL.search(tail) and not QUOTE_MARKS.search(tail):
            kept = request[: opening.start()].rstrip(" ,;")
            return kept if len(tokenize(kept)) >= _LEAST else request
    return request
