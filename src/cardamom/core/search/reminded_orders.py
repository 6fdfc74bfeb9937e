"""A request written as a reminder of it (``reminded_orders``): "*don't forget to* archive slack channel
C0123", "*remember to* refund stripe charge ch_9", "*reminder to* cancel cal.com booking 881",
"*remind me later to* delete box file 123", "*you forgot to* merge PR 8", "*still need to* send the
twilio sms", "*we still haven't created* the jira issue for the login bug"; and (``regretted_acts``)
a request written as a regret: "*I should have archived* slack channel C0123 yesterday", "*I meant
to* refund stripe charge ch_9", "*we were supposed to* close jira issue ENG-4", "*I wish I'd
removed* bob from ...", "*I was going to* delete box file 123 *but never did*".

A reminder asks for what it reminds of; its words ("remember", "forget", "still") are no tool's,
and as written they were the request's rarest and it found nothing. Read as the order it reminds
of ("we still haven't created the jira issue": "create the jira issue"); a regret, as the act
it regrets not doing. Where an app named has
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
# ``regretted_acts``: an act regretted in the perfect, "I should have archived", "we ought to have
# rebooted", "should've merged", "I wish I'd removed", "if only I had deleted"
_REGRETTED = re.compile(
    r"^\s*(?:(?:i|we|you|they|someone|somebody)\s+)?(?:really\s+)?(?:(?:should|ought\s+to|could|must)(?:'ve|\u2019ve"
    r"|\s+have)|shoulda|coulda|(?:i\s+wish|if\s+only)\s+(?:i|we)(?:'d|\u2019d|\s+had))\s+(?:already\s+|really\s+|just\s+)?"
    r"(?P<participle>[a-z]{3,})\s+(?P<rest>\S.*?)(?:\s+(?:already|by\s+now|(?:(?:a\s+few|several|some|many|two|three)\s+)?(?:minutes|hours|days|weeks|months|ages)"
    r"\s+ago))?[.!?]*"
    r"(?P<place>\s+(?:in|on)\s+[\w.]+)?$",
    re.IGNORECASE | re.DOTALL,
)
# ... or one meant to be done: "I meant to", "we were supposed to", "I was going to ... but never
# did", "it was my job to", "I keep forgetting to", "I had planned to"
_MEANT = re.compile(
    r"^\s*(?:(?:i|we|you)\s+)?(?:(?:(?:had\s+)?meant|(?:was|were|am|are)\s+(?:going|supposed|meant|due)|(?:had\s+)?planned"
    r"|intended|(?:keep|kept)\s+(?:forgetting|meaning|wanting)|(?:totally\s+|completely\s+)?forgot)\s+to|it(?:'s|\u2019s|\s+is|\s+was)\s+(?:my|our"
    r"|your)\s+(?:job|task|turn)\s+to)\s+(?P<rest>\S.*?)(?:,?\s+(?:but|and)\s+(?:never|didn'?t|did\s+not|forgot"
    r"|haven'?t|have\s+not|couldn'?t)\b.*)?[.!?]*$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 400  # characters


def reminded_request(
    request: str, verb_of: Callable[[str], str | None], reminding: bool = False, regrets: bool = False
) -> str:
    """``request`` as the order its reminder reminds of (or, ``regrets``, the act its regret
    regrets); ``verb_of``: the verb a participle is a form of ("created": "create"), or None;
    ``reminding``: an app named keeps "remind me to"; ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    reminder = _REMINDER.match(request)
    if reminder is not None and not (reminding and reminder["remind"]):
        rest = as_verb(reminder["rest"])  # "do not forget *adding* bob to ...": "add bob to ..."
        return rest if order_first(rest) else request
    if regrets:
        regretted = _REGRETTED.match(request)
        verb = verb_of(regretted["participle"].casefold()) if regretted is not None else None
        if regretted is not None and verb is not None:
            return f"{verb} {regretted['rest']}{regretted['place'] or ''}"
        meant = _MEANT.match(request)
        if meant is not None and order_first(rest := as_verb(meant["rest"])):
            return rest
    undone = _UNDONE.match(request)
    if undone is not None:
        verb = verb_of(undone["participle"].casefold())
        if verb is not None:
            return f"{verb} {undone['rest']}"
    return request
