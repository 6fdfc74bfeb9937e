"""A request asked as whether it may or should be done, or told to the assistant as its task.

- ``leave_questions``: a user asks leave or advice before acting, and a model passes the question
  on: "*is it okay to* delete box file 123", "*is it safe to* merge PR 8", "*is it worth*
  creating a jira issue", "*can I go ahead and* close github issue 12", "*mind if I* create a
  notion page", "*any objection to* archiving asana project 77", "*would you recommend*
  refunding stripe charge ch_9". The tool it needs is the one doing it (to do it, or to see what
  doing it takes); as written, "okay", "safe", "worth", "objection" were the request's rarest
  words and it found nothing.
- ``assistant_orders``: a request told to the assistant in the second person, as a plan or a
  system prompt writes it: "*you need to* create a jira issue", "*you are asked to* create a
  notion page", "*your next step is to* close github issue 12".

Each is read as the order it asks about ("delete box file 123"), a gerund in the plain form; only
where what follows is an action's order.
"""

from __future__ import annotations

import re

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import order_first

_WHO = r"(?:i|we|me|us)"
_FINE = (
    r"(?:ok(?:ay)?|alright|all\s+right|fine|safe|wise|sensible|reasonable|appropriate|a\s+good\s+idea|good|smart|cool)"
)
_LEAVE = re.compile(
    rf"^\s*(?:(?:is|would)\s+it\s+(?:be\s+)?{_FINE}(?:\s+(?:for|with)\s+(?:me|us|you))?\s+(?:to|if\s+{_WHO})"
    r"|is\s+it\s+(?:worth|worthwhile)(?:\s+it)?(?:\s+to)?"
    rf"|(?:can|may|could|shall|should)\s+{_WHO}\s+(?:just\s+)?go\s+ahead\s+and"
    rf"|(?:do\s+you\s+|would\s+you\s+)?mind\s+if\s+{_WHO}"
    r"|(?:any|are\s+there\s+any)\s+objections?\s+to"
    r"|(?:would|do|can)\s+you\s+(?:recommend|suggest|advise)"
    rf"|(?:am\s+i|are\s+we|is\s+one)\s+(?:allowed|permitted|supposed)\s+to"
    rf"|what\s+(?:if|happens\s+if)\s+{_WHO}"
    rf"|(?:is\s+there\s+)?any\s+(?:harm|risk|problem|downside)\s+in"
    r")\s+(?P<rest>[a-z].*?)\s*\??\s*$",
    re.IGNORECASE | re.DOTALL,
)
_TOLD = re.compile(
    r"^\s*(?:(?:you|u)(?:\s+|(?=['\u2019]))"
    r"(?:(?:will\s+|would\s+)?(?:need|have|got|ought|want)\s+to|(?:are|'re|\u2019re)\s+"
    r"(?:asked|supposed|expected|required|meant|requested|instructed)\s+to|(?:'ll|\u2019ll|\s+will)\s+want\s+to)"
    r"|your\s+(?:(?:next|first|only|main)\s+)?(?:step|task|job|goal|mission|assignment|objective)"
    r"\s+(?:is|will\s+be)\s+to"
    r")\s+(?P<rest>[a-z].*)$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 2000  # characters


def leave_asked(request: str) -> str:
    """``request`` asking whether it may or should be done read as the order ("is it okay to
    delete box file 123": "delete box file 123"); ``request`` as written otherwise."""
    return _order(_LEAVE, request)


def told_assistant(request: str) -> str:
    """``request`` told to the assistant as its task read as the order ("your next step is to
    close github issue 12": "close github issue 12"); ``request`` as written otherwise."""
    return _order(_TOLD, request)


def _order(pattern: re.Pattern[str], request: str) -> str:
    asked = pattern.match(request) if len(request) <= _LONGEST else None
    if asked is None:
        return request
    order = as_verb(asked["rest"])
    return order if order_first(order) else request
