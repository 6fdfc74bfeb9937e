"""The courtesy around a request (``courtesies``): "*I was wondering if you might be able to* refund
stripe charge ch_9", "*it would be lovely if you could* close github issue 12", "*I'd be grateful if
you'd* delete box file 123", "*kindly be so good as to* merge PR 8", and a question tag after it:
"refund stripe charge ch_9*, ok?*", "close github issue 12*, right?*", "reboot droplet 77*, yeah?*".

A courtesy says how a person asks, no word of what; its longer forms and the tags after the
request were left in its words ("wondering", "lovely", "grateful", "ok", "right": "right" also
a name's word), and the request found nothing. Read without them, where an order follows the
courtesy or comes before the tag. So is a thing asked to have, as one orders at a counter ("*could
I have* xero invoice INV-3", "*I'll take* the stripe balance", "*lemme see* ..."): its get. And
(``sign_offs``) a sign-off after the request: "... *ty*", "... *you're a star*", "... *Regards,
Finance*", "... *much appreciated*". So (``polite_conditions``) is a request asked as a condition of
its own courtesy: "*if you could* archive slack channel C0123 *that'd be great*", "*if you can*
refund ..., *awesome*", "*at your convenience,* send ...".
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order, order_first

_COURTESY = re.compile(
    r"^\s*(?:(?:i|we)\s+(?:was|were|am|are)\s+wondering\s+(?:if|whether)"
    r"|it\s+would\s+be\s+(?:really\s+|so\s+)?(?:lovely|great|nice|awesome|wonderful|helpful|amazing|fantastic|super)\s+if"
    r"|(?:i|we)(?:'d|\u2019d|\s+would)\s+(?:really\s+|so\s+|be\s+)?(?:be\s+)?(?:grateful|thankful|glad|happy|obliged"
    r"|appreciate\s+it|love\s+it)\s+if"
    r"|(?:kindly\s+|(?:would|could|will)\s+you\s+)?be\s+so\s+(?:good|kind)\s+as\s+to|would\s+it\s+(?:trouble|bother)\s+you\s+to"
    r"|might\s+i\s+ask\s+you\s+to|(?:i|we)\s+(?:humbly\s+)?(?:request|ask)\s+that)"
    r"\s+(?:you(?=['\u2019\s]))?(?:\s*(?:might|could|would|can|will|'d|\u2019d)\s+|\s+)?(?:(?:be\s+able\s+to|possibly|please|kindly)\s+)*"
    r"(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a tag after the request: ", ok?", ", right?", ", will you?", "- can you do that?", ", if that's alright"
_TAG = re.compile(
    r"\s*[,;\-\u2013\u2014]\s*(?:ok(?:ay)?|right|yeah|yes|yep|alright|all\s+right|correct|sound\s+good|sounds\s+good"
    r"|will\s+you|would\s+you|could\s+you|can\s+you|won't\s+you|can\s+you\s+do\s+that|would\s+that\s+work"
    r"|is\s+that\s+(?:possible|ok(?:ay)?|alright|fine)|if\s+that(?:'s|\u2019s|\s+is)\s+(?:ok(?:ay)?|alright|fine|possible)"
    r"|if\s+(?:you\s+)?(?:can|could|don't\s+mind)|thanks\s+in\s+advance|cheers|ta|k)\s*[?.!]*"
    # (the app's place, where a reading put it after: "..., yeah? *in DigitalOcean*")
    r"(?P<place>\s+in\s+[\w.\-]+(?:\s+[\w.\-]+)?)?\s*$",
    re.IGNORECASE,
)
# a thing asked to have, as one orders at a counter: "could I have xero invoice INV-3", "I'll take the
# stripe balance", "lemme see intercom conversation 55", "can we get droplet 77 rebooted"
_HAVING = re.compile(
    r"^\s*(?:(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:have|get|see|grab)|(?:i|we)(?:'ll|\u2019ll|\s+will)\s+"
    r"(?:take|have)|lemme\s+(?:see|have|get)|gimme|(?P<ahead>let(?:'s|\u2019s|\s+us)\s+go\s+ahead\s+and))\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ``sign_offs``: thanks and a letter's close after the request, and the name signed under it
_SIGN_OFF = re.compile(
    r"(?:[\s,.;!\-\u2013\u2014]+(?:thanks|thank\s+you|many\s+thanks|thanks\s+a\s+(?:lot|bunch|million|ton)|thx(?:\s+a\s+lot)?"
    r"|ty(?:sm|vm)?|tia|ta|cheers)|\s*[,.;!\-\u2013\u2014]+\s*(?:much\s+appreciated|(?:i\s+)?appreciate\s+it|you(?:'re|\u2019re"
    r"|\s+are)\s+(?:a\s+)?(?:star|legend|lifesaver|the\s+best)|you\s+rock|(?:best|kind|warm)\s+regards|regards"
    r"|best(?:\s+wishes)?|sincerely|(?:with\s+)?thanks\s+and\s+regards))"
    # (the name signed under it, capitalised: "Regards, *Finance*")
    r"(?:[,.]?\s+(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)?\s*[.!]*"
    r"(?P<place>\s+in\s+[\w.\-]+(?:\s+[\w.\-]+)?)?\s*$",
    re.IGNORECASE,
)
# ``polite_conditions``: "if you could ... that'd be great", "at your convenience, ..."
_IF_YOU_COULD = re.compile(
    r"^\s*(?:if\s+you(?:'d|\u2019d|\s+could|\s+can|\s+would|\s+might)(?:\s+(?:please|kindly))?|at\s+your\s+(?:earliest\s+)?"
    r"convenience\s*,)\s+(?P<rest>\S.*?)(?:[\s,;\-]+(?:that(?:'d|\u2019d|\s+would|'ll|\s+will)\s+be\s+(?:\w+\s+)?\w+|(?:that'?s\s+)?"
    r"(?:awesome|great|amazing|perfect|ideal|wonderful|fantastic|lovely|brilliant|super|cool)|thanks?))?\s*[.!]*"
    r"(?P<place>\s+in\s+[\w.\-]+(?:\s+[\w.\-]+)?)?\s*$",
    re.IGNORECASE | re.DOTALL,
)
_TAG_TAIL = 120  # characters: a tag and the app's place after it
_LONGEST = 400  # characters


def _asks(text: str) -> bool:
    """``text`` is an order, past its asking words too ("*please* merge ... asap. Ta")."""
    return order_first(text) or bool(asked_order(text))


def without_courtesy(request: str, sign_offs: bool = False, conditions: bool = False) -> str:
    """``request`` without the courtesy around it (and, ``sign_offs``, the sign-off after it;
    ``conditions``, a condition of its own courtesy), where an order is left; ``request`` as
    written otherwise."""
    if len(request) > _LONGEST:
        return request
    polite = _IF_YOU_COULD.match(request) if conditions else None
    # (a clause after a comma is the order the condition sets: "if you can find the bug, *fix it*")
    if polite is not None and order_first(polite["rest"]) and "," not in polite["rest"]:
        request = polite["rest"] + (polite["place"] or "")
    signed = _SIGN_OFF.search(request, max(0, len(request) - _TAG_TAIL)) if sign_offs else None
    if signed is not None and signed.start() > 0 and _asks(request[: signed.start()].strip()):
        request = request[: signed.start()] + (signed["place"] or "")
    tagged = _TAG.search(request, max(0, len(request) - _TAG_TAIL))  # (a tag ends the request)
    if tagged is not None and tagged.start() > 0 and _asks(request[: tagged.start()].strip()):
        request = request[: tagged.start()] + (tagged["place"] or "")
    courted = _COURTESY.match(request)
    if courted is not None and order_first(courted["rest"]):
        request = courted["rest"]
    having = _HAVING.match(request)
    if having is not None:
        rest = having["rest"]
        return rest if having["ahead"] and order_first(rest) else f"get {rest}"
    return request
