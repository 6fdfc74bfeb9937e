"""An act declined before the one asked (``declined_acts``): "don't delete box file 123, *just move
it to folder 99*", "rather than deleting droplet 77, *power it off*", "forget cancelling cal.com
booking 55, *reschedule it to friday*", "no reply needed on intercom conversation 301, *just close
it*".

Read as written, the declined verb ("delete", "cancel") was the request's first and drew its own
tool, the opposite of what is asked. The request is the order after it, its "it" (or "its") the
one thing the declined act names by its id, or that thing placed after an order naming none
("don't merge PR 12 in github acme/api yet, *request a review*": "... on PR 12"); the apps the
declined part names are the place it asks in.

Only where an order follows the declined act past a comma, a semicolon, a dash or a full stop.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from cardamom.core.search.failure_reports import order_opens
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.thing_questions import one_thing, with_thing
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verb_readings import leads_a_name

_DECLINED = re.compile(
    r"^\s*(?:(?:please\s+)?(?:don'?t|don\u2019t|do\s+not|never)|no\s+need\s+to|(?:let's\s+)?not|never\s+mind"
    r"|forget(?:\s+about)?|skip|rather\s+than|instead\s+of|no\s+\w+\s+(?:needed|necessary|required)\s+(?:on|for))"
    r"\s+(?P<declined>(?:[^,;.!?\u2013\u2014]|\.(?=\w)){3,120}?)\s*(?:[,;!]|\.(?!\w)|\s[-\u2013\u2014]+)\s*"
    r"(?:(?:just|but|please|instead|rather|so|and)\b[\s,]*)*(?P<order>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_INSTEAD = re.compile(r"[\s,]+(?:instead|rather|then)\s*[.!]?\s*$", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:it|them|its)\b", re.IGNORECASE)
_ID = re.compile(r"\S*\d\S*")
_LONGEST = 400  # characters


def declined_in(index: SearchIndex, request: str) -> str:
    """``declined_act`` where the index's switch reads it, a word opening some tool's name an order
    too."""
    if not index.options.declined_acts or len(request) > _LONGEST:
        return request
    return declined_act(request, functools.partial(leads_a_name, index))


def declined_act(request: str, leads: Callable[[str], bool] = lambda word: False) -> str:
    """``request`` declining an act before the one it asks read as the one asked ("don't delete box
    file 123, just move it to folder 99": "move file 123 to folder 99"); as written otherwise.
    ``leads``: whether a word opens some tool's name, an order too ("*request* a review")."""
    found = _DECLINED.match(request)
    if found is None:
        return request
    order = _INSTEAD.sub("", found["order"]).rstrip(" .!")
    if not order.strip():
        return request  # (marks only after the declined act: "not done ; ...")
    first = order.split(maxsplit=1)[0].casefold()
    if not (order_opens(order) or leads(first)) or len(tokenize(order)) < 2:
        return request
    if _PRONOUN.search(order) is not None:
        return with_thing(order, f"{found['declined']} {order}", possessive=True)
    thing = one_thing(found["declined"])
    return f"{order} on {thing}" if thing is not None and _ID.search(order) is None else order
