"""A request written as a reminder of it (``reminded_orders``): "*don't forget to* archive slack channel
C0123", "*remember to* refund stripe charge ch_9", "*reminder to* cancel cal.com booking 881",
"*remind me later to* delete box file 123", "*you forgot to* merge PR 8", "*still need to* send the
twilio sms", "*we still haven't created* the jira issue for the login bug".

A reminder asks for what it reminds of; its words ("remember", "forget", "still") are no tool's,
and as written they were the request's rarest and it found nothing. Read as the order it reminds
of ("we still haven't created the jira issue": "create the jira issue"). Where an app named has
tools of its own for reminders (Slack's ``reminders_add``), "remind me to ..." stays theirs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import order_first

# "don't forget to", "remember to", "make sure you don't forget to", "reminder to", "you forgot to", "still need to"
_REMINDER = re.compile(
    r"^\s*(?:(?:please|pls|and|also|oh)\s+)*(?:(?:make\s+sure\s+(?:that\s+)?)?(?:you\s+|we\s+)?(?:don'?t|don\u2019t|do\s+not"
    r"|never)\s+forget(?:\s+to|\s*:|\s+(?=[a-z]+ing\b))|remember\s+to|(?:a\s+)?(?:friendly\s+|quick\s+|gentle\s+)?"
    r"reminder\s*(?:to|:)|(?P<remind>remind\s+(?:me|us)(?:\s+(?:later|again|tomorrow))?\s+to)"
    r"|(?:you|we|i)\s+(?:forgot|never\s+got\s+(?:a\s+)?round)\s+to|(?:(?:we|i)\s+)?still\s+(?:need|have|got)\s+to)"
    r"\s*(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "we still haven't created the jira issue ...": what is still undone, in the perfect
_UNDONE = re.compile(
    r"^\s*(?:(?:we|i|you)\s+)?(?:still\s+)?(?:haven'?t|haven\u2019t|have\s+not|hasn'?t|has\s+not)\s+(?:yet\s+)?"
    r"(?P<participle>[a-z]{3,})\s+(?P<rest>\S.*?)(?:\s+yet)?[.!?]*$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 400  # characters


def reminded_request(request: str, verb_of: Callable[[str], str | None], reminding: bool = False) -> str:
    """``request`` as the order its reminder reminds of; ``verb_of``: the verb a participle is
    a form of ("created": "create"), or None; ``reminding``: an app named keeps "remind me to";
    ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    reminder = _REMINDER.match(request)
    if reminder is not None and not (reminding and reminder["remind"]):
        rest = as_verb(reminder["rest"])  # "do not forget *adding* bob to ...": "add bob to ..."
        return rest if order_first(rest) else request
    undone = _UNDONE.match(request)
    if undone is not None:
        verb = verb_of(undone["participle"].casefold())
        if verb is not None:
            return f"{verb} {undone['rest']}"
    return request
