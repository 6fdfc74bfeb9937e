"""A failure reported beside the order it calls for (``failure_reports``).

An agent passing on what broke writes the report first, as a log or a user wrote it, then the
order: "Error 502 from droplet 77, *reboot it*", "build failed on github acme/api: *rerun
workflow run 991*", "card_declined on stripe charge ch_9; *show me the charge*", "ERROR:
droplet 77 out of disk. *resize it*"; or the order first and the report after it: "reboot
droplet 77, *it returns error 502*". The report's words ("error", "502", "declined") name no
tool, yet weighed as the request's they were its rarest and left it under the floor, or drew
an app's error logs. Read as the order, its "it" (or "its", "the charge") the one thing the
report names by its id, and the apps the report names as the place it asks in.

Only where the report says a failure ("error", "failed", "timeout", "down", a status code) and
opens with no action of its own ("list failed stripe charges; refund them" is two orders).
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.thing_questions import one_thing
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verbal_nouns import order_first

# what a report of a failure says: an error, an exception, a status code, a thing down or stuck
_FAILURE = re.compile(
    r"(?<![a-z])(?:errors?|err!?|exceptions?|fail(?:s|ed|ing|ure)?|time[ds]?\s*out|timeouts?|crash(?:es|ed|ing)?"
    r"|down|unreachable|unavailable|unresponsive|forbidden|denied|declined|not[\s_]found|broken|broke|stuck"
    r"|frozen|hung|panic|traceback|out\s+of\s+(?:disk|memory|space)|does\s*n[o']t\s+exist)(?![a-z])"
    # a status code alone ("tt1234567" is none), where its words say so: "*a 502* from ...", "*HTTP 404*",
    # "*502 Bad Gateway*", "returns *500*" ("500 CNY for transportation" is an amount)
    r"|\b(?:a|an|http|status|code|error|got|getting|returns|returned|throws|threw|gave)"
    r"\s+[45]\d\d(?![\w.-])|(?<![\w.+-])[45]\d\d(?=\s+(?:bad|internal|not|forbidden|unauthorized|service|gateway"
    r"|timeout|conflict|too|error|errors|unprocessable|method|request)\b)",
    re.IGNORECASE,
)
# where a report and an order part: a comma, a semicolon, a colon, a dash or a sentence's end
_PARTING = re.compile(r"\s*[,;]\s+|:\s+|\s+[-\u2013\u2014]+\s+|(?<=[.!?])\s+")
# the words an order may open with after the report ("..., *please* reboot it", "...; *can you* ...")
_OPENERS = re.compile(
    r"^(?:(?:please|pls|so|now|just|kindly|can\s+you|could\s+you|would\s+you)\b[\s,]*)*", re.IGNORECASE
)
# a report after the order, to the request's end: "reboot droplet 77*, it returns error 502*"
_REPORTED_AFTER = re.compile(
    r"[,;]\s+(?:it|its|it's|they|this|that|i|we|i'm|we're|i've|we've|the\s+\w+)\b(?P<report>[^,;.!?]*)[.!?]?\s*$",
    re.IGNORECASE,
)
# an error's own number, no thing of the report ("*error 502* from droplet 77", "*HTTP 404*")
_CODED = re.compile(r"\b(?:errors?|http|status|code|exception)\s+#?\d+\b", re.IGNORECASE)
_ID = re.compile(r"(?<![\w/])(?=[\w-]*\d)[A-Za-z][\w-]*\d[\w-]*(?![\w/])")
_LONGEST = 400  # characters


def reported_failure_in(index: SearchIndex, request: str) -> str:
    """``reported_failure`` where the index's switch reads reports (a cheap test first: most
    requests report no failure)."""
    if not index.options.failure_reports or len(request) > _LONGEST or _FAILURE.search(request) is None:
        return request
    return reported_failure(request)


def reported_failure(request: str) -> str:
    """``request`` reporting a failure beside its order read as the order, its pronoun the one
    thing the report names ("Error 502 from droplet 77, reboot it": "reboot droplet 77");
    ``request`` as written otherwise."""
    for parting in reversed(list(_PARTING.finditer(request))):
        report, order = request[: parting.start()], request[parting.end() :]
        order = _OPENERS.sub("", order)
        if len(tokenize(order)) < 2:
            continue  # an order names what it acts on: "reboot *it*" ("query =" is code)
        if order_opens(order) and _FAILURE.search(report) is not None and not _ordered(report):
            return _on_thing(order.rstrip(" .!?"), report)
    after = _REPORTED_AFTER.search(request)
    if after is not None and _FAILURE.search(after["report"]) is not None and _ordered(request):
        return request[: after.start()]
    return request


# verbs finding things, an order whatever follows them ("*list* failed stripe charges; refund them")
_FINDING = frozenset({"list", "get", "show", "find", "search", "fetch", "count", "retrieve", "display"})
# a report's second word telling of its first ("*build failed* on ...", "*deploy keeps* timing out")
_TELLING = frozenset({"is", "are", "was", "were", "keeps", "kept", "returns", "returned", "throws", "threw", "says"})
_TELLING |= {"said", "has", "had", "won't", "can't", "doesn't", "didn't", "isn't", "gives", "gave", "got", "hit"}


# orders of two words a machine's failure calls for ("*power cycle* it", "*spin up* another")
_PHRASAL = re.compile(
    r"^(?:power\s+(?:(?:it|them)\s+)?(?:cycle|off|on)|shut\s+down|spin\s+(?:up|down)|bring\s+(?:up|back))\b", re.I
)


def order_opens(text: str) -> bool:
    """``text`` opens with an order (``order_first``), the same done again ("*rerun* ...") or an
    order of two words ("*power cycle* it")."""
    first = text.split(maxsplit=1)[0].casefold() if text.strip() else ""
    redone = first.startswith("re") and len(first) > 4 and order_first(first[2:])
    return order_first(text) or redone or _PHRASAL.match(text) is not None


def _ordered(text: str) -> bool:
    """``text`` opens with an order: a verb first, no failure or telling of it after ("*build*
    failed on ..." reports), or a verb finding things ("*list* failed stripe charges")."""
    words = text.split(maxsplit=2)
    first = words[0].casefold() if words else ""
    second = words[1].casefold().strip(",:;.!?") if len(words) > 1 else ""
    told = second in _TELLING or _FAILURE.fullmatch(second) is not None
    return order_opens(text) and (not told or first in _FINDING)


def _on_thing(order: str, report: str) -> str:
    """``order`` with its "it", "them", "its" or the report's kind ("the charge") written as the
    one thing ``report`` names by its id, or its one id ("for ENG-4"); as written where it
    names none or several."""
    uncoded = _CODED.sub(" ", report)
    thing = one_thing(uncoded)
    if thing is None:
        ids = _ID.findall(uncoded)
        if len(ids) != 1:
            return order
        thing = ids[0]
    kind, _, _ = thing.rpartition(" ")
    read = re.sub(r"\bits\s+(\w+(?:\s+\w+)?)$", rf"the \1 of {thing}", order, count=1, flags=re.IGNORECASE)
    read = re.sub(r"\bits\b", f"the {thing}", read, count=1, flags=re.IGNORECASE)
    read = re.sub(r"\b(?:it|them)\b", thing, read, count=1, flags=re.IGNORECASE)
    if read == order and kind:  # "...; get *the invoice*": the invoice reported
        read = re.sub(rf"\bthe\s+{re.escape(kind)}\b(?!\s+\S*\d)", f"the {thing}", order, count=1, flags=re.I)
    return read
