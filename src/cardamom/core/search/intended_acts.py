"""A request written as what its writer intends, is about to do or must do soon, and the urging
or a step's place opening it (``intended_acts``).

A model passes on a user's words, and a user states an intention as often as an order: "*gonna*
archive slack channel C0123", "*I'll* create a jira issue for the outage", "*we will be
cancelling* cal.com booking 881", "*I was going to* send a twilio sms", "*it's time we deleted*
box folder 99", "*tomorrow I'll* add bob to ...". An urging or a step's place opens it as
often: "*asap:* refund stripe charge ch_9", "*URGENT!!!* delete ...", "*simply* create a box
folder", "*please, right now,* reboot ...", "*first* get the jira issue ENG-4" (where "first"
read as the first few things, a list). Each says when or how much, none what a tool does: as
written, "gonna", "tomorrow" or "asap" was the request's rarest word and it found nothing. Read
as the order itself ("archive slack channel C0123"), its verb in its plain form.

Only where the intention's verb (or the word after the urging) is an action's: "I'll be out
tomorrow" and "first names of the asana users" keep their words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.verbal_nouns import gerund_verb, order_first, participle_verb

# when it is to be done, before the intention: "*tomorrow* I'll add ...", "*later today,* ..."
_WHEN = (
    r"(?:(?:(?:later\s+)?(?:today|tonight|tomorrow)|later|soon|next\s+week|this\s+(?:morning|afternoon|evening|week))"
    r"\s*,?\s+)?"
)
_WHO = r"(?:i|we|you|someone|somebody)"
# the intention, then the verb in its plain form: "I'll", "we will", "gonna", "I'm about to",
# "I was going to", "we'll need to"
_INTENDING = re.compile(
    rf"^\s*{_WHEN}(?:"
    rf"{_WHO}\s*(?:'ll|\u2019ll|\s+will|\s+shall)(?:\s+(?:need|have|want|be\s+able)\s+to|\s+(?:also|just|then))?"
    rf"|(?:{_WHO}(?:'m|\u2019m|'re|\u2019re|\s+am|\s+are|\s+was|\s+were|\s+is)\s+)?"
    r"(?:gonna|going\s+to|about\s+to)(?:\s+(?:need|have|want)\s+to)?"
    rf"|{_WHO}\s+(?:had|has|have)\s+to"
    r")\s+(?P<rest>[a-z]\S*\s+\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ... or the verb in "-ing" after "will be": "we will be *cancelling* ..."
_BEING = re.compile(
    rf"^\s*{_WHEN}{_WHO}\s*(?:'ll|\u2019ll|\s+will|\s+shall)\s+be\s+(?P<verb>[a-z]+ing)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ... or in the past after "it's time": "it's time we *deleted* box folder 99"
_TIMED = re.compile(
    rf"^\s*it(?:'s|\u2019s|\s+is)\s+(?:high\s+|about\s+)?time\s+{_WHO}\s+(?P<verb>[a-z]+ed)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# an urging or a step's place opening it, its marks after it: "asap:", "URGENT!!!", "right now,",
# "at once:", "P1 -"; or right before the verb: "*simply* create", "*first* get" (a labelled
# step, "Step 1: ... Step 2: ...", is ``request_parts``')
_URGING = (
    r"(?:urgent(?:ly)?|asap|a\.s\.a\.p\.?|(?:high\s+|top\s+)?priority|important|p[0-3]|right\s+now|at\s+once"
    r"|immediately|straight\s+away|right\s+away|quick(?:ly)?|fast|simply|really|just|first(?:ly|\s+of\s+all)?"
    r"|to\s+(?:start|begin)(?:\s+with)?|please|pls|plz|kindly|now)"
)
# (an urging before a wish the frame reads: "*really* need to create ...")
_WANTING = re.compile(r"(?:need|want|have|got)\s+to\s", re.IGNORECASE)
_LONGEST = 2000  # characters
_URGED = re.compile(
    rf"^\s*(?:{_URGING}(?:\s*[,:;!.\-\u2013\u2014]+\s*|\s+))+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL
)


def intended_as_asked(request: str, participle: Callable[[str], str | None] = participle_verb) -> str:
    """``request`` with an intention, an urging or a step's place opening it read as the order
    it states ("gonna archive slack channel C0123": "archive slack channel C0123"), where the
    verb it leaves first is an action's; ``participle``: the verb a past form writes ("deleted")."""
    if len(request) > _LONGEST:
        return request
    urged = _URGED.match(request)
    if urged is not None and (order_first(urged["rest"]) or _WANTING.match(urged["rest"])):
        request = urged["rest"]
    being = _BEING.match(request) or _TIMED.match(request)
    if being is not None:
        written = being["verb"].casefold()
        verb = gerund_verb(written) if written.endswith("ing") else participle(written)
        return f"{verb} {being['rest']}" if verb is not None and order_first(verb) else request
    intending = _INTENDING.match(request)
    if intending is not None and order_first(intending["rest"]):
        return intending["rest"]
    return request
