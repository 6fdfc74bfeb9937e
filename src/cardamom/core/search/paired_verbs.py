"""Two verbs on one thing: offered as alternatives, or a look before the act.

A user unsure which act the app calls it, or content with either, writes both (``alternative_verbs``):
"*close or resolve* jira issue ENG-4", "*refund or void* stripe charge ch_9", "*reply to or close*
intercom conversation 301", "*either* email *or* resend xero invoice INV-3", "cancel or reschedule
cal.com booking 55*, whichever is easier*". The second verb's words drew its own tools ("void": an
invoice's void) or, a verb no name says, were the request's rarest. Read as the first, as the
user named it first; the other is still the list's to show.

A look at the thing before the act (``inspected_acts``) is no step a tool is asked for: "*find
and* delete box file 123", "*review and* merge github PR 12", "*double-check then* cancel cal.com
booking 55", "*look up and* refund stripe charge ch_9". The act is the request; the look drew the
app's search or get ("find": Box's search). Read as the act.

Only where both are verbs a request opens with (``verbal_nouns.known_verb``), the one kept first.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.slang_verbs import slang_verb
from cardamom.core.search.verbal_nouns import known_verb, opens_order

_OPENER = r"^(?P<open>\s*(?:(?:please|pls|kindly|just|can\s+you|could\s+you|would\s+you)\s+)*)"
_PREPOSITION = r"(?:\s+(?:to|on|from|into|with|for|up|off|out|down))?"
_ALTERNATIVE = re.compile(
    rf"{_OPENER}(?:either\s+)?(?P<first>[a-z]+(?:-[a-z]+)?)(?P<prep>{_PREPOSITION})\s*,?\s+or\s+(?:else\s+)?"
    rf"(?P<second>[a-z]+(?:-[a-z]+)?){_PREPOSITION}\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a choice left to the reader after it: "..., whichever is easier", "... either way"
_CHOICE = re.compile(
    r"\s*[,;\-\u2013\u2014(]*\s*(?:whichever|whatever)\s+(?:is\s+|works\s*|you\s+)?(?:easier|simpler|quicker|faster|"
    r"best|better|possible|prefer|think|works|makes\s+sense)?[^,.;!?]*[.!)]*\s*$|\s*,?\s+either\s+(?:way|one)\s*[.!]*\s*$",
    re.IGNORECASE,
)
# the looks before an act: "find and", "review and", "double-check then", "look up and"
_LOOK = (
    r"(?:find|locate|check|double[\s-]?check|review|read|verify|inspect|examine|look\s+(?:up|at|into|over)"
    r"|pull\s+up|search\s+for|go\s+over|go\s+through|confirm|validate|open\s+up|take\s+a\s+look\s+at)"
)
_LOOKED = re.compile(
    rf"{_OPENER}(?:first\s+)?{_LOOK}\s*,?\s+(?:and(?:\s+then)?|then|&|\+|,\s*then)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 600  # characters


def first_alternative(request: str, one_name: Callable[[str, str], bool]) -> str:
    """``request`` offering two verbs on one thing, read with the first ("close or resolve jira
    issue ENG-4": "close jira issue ENG-4"), where no name says both (``one_name``: "create or
    update" is an upsert's); ``request`` as written otherwise."""
    if len(request) > _LONGEST or " or " not in request.casefold():
        return request
    unchosen = _CHOICE.sub("", request)
    offered = _ALTERNATIVE.match(unchosen)
    if offered is None:
        return request
    first, second = offered["first"].casefold(), offered["second"].casefold()
    if not (_verb(first) and _verb(second)) or one_name(first, second):
        return request
    # (the first verb's own particle kept with it: "reply *to* or close ...": "reply to ...")
    return f"{offered['open']}{offered['first']}{offered['prep']} {offered['rest']}"


def act_after_look(request: str) -> str:
    """``request`` opening with a look at its thing before its act, read as the act ("find and
    delete box file 123": "delete box file 123"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    looked = _LOOKED.match(request)
    act = looked["rest"].split(maxsplit=1)[0].strip(",:;.!?").casefold() if looked is not None else ""
    if looked is None or not (opens_order(act) or _verb(act)):
        return request
    return f"{looked['open']}{looked['rest']}"


def _verb(word: str) -> bool:
    """``word`` is a verb a request opens with, slang for one ("kill"), or one done again, its "re"
    written on ("rerun", "resend")."""
    redone = word.startswith("re") and len(word) > 4 and opens_order(word[2:])
    return known_verb(word) or slang_verb(word) or redone
