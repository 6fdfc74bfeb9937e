"""The thing a request acts on, named first as its topic (``topic_openers``): "*regarding stripe
charge ch_9,* I want it refunded", "*about jira issue ENG-4:* please close it", "*re: asana task
12 -* mark it complete", "*with respect to notion page 5c1e2f,* archive it", "*PR 12 on github
acme/api:* go ahead and merge".

A topic opens an e-mail or a chat message before what is asked of it; read as written, "regarding"
and "respect" took mass no tool's name carries, and the order's "it" named nothing. Read as the
order on its thing: "it" (or "them", "that one", a "that" ending it) is the topic, and an order naming no thing
of its own acts on it ("merge": "merge PR 12 on github acme/api").
"""

from __future__ import annotations

import re

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import order_first

_OPENER = (
    r"regarding|re|about|as\s+(?:for|to|regards)|with\s+(?:respect|regards?|reference)\s+to|concerning|on\s+the\s+"
    r"(?:subject|topic|matter)\s+of|speaking\s+of|in\s+(?:regards?|relation|reference)\s+to|wrt|w\.r\.t\.?|apropos(?:\s+of)?"
    r"|subject|topic"
)
# the topic, then a mark closing it: "regarding *stripe charge ch_9*, ...", "re: *asana task 12* - ..."
_TOPIC = re.compile(
    rf"^\s*(?:(?:{_OPENER})\s*:?\s+)?(?P<thing>[^,:;\u2013\u2014]{{3,80}}?\d[^,:;\u2013\u2014]{{0,40}}?)"
    r"\s*(?:,|:|;|\s[\-\u2013\u2014]+)\s*(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_OPENED = re.compile(rf"^\s*(?:{_OPENER})\s*:?\s+", re.IGNORECASE)
# what names the topic in the order: "it", "them", "that one", and "this" or "that" ending it ("delete that")
_PRONOUN = re.compile(
    r"\b(?:it|them|this\s+one|that\s+one)\b|\b(?:this|that)\b(?=\s*(?:[.!?]|$|\s+(?:please"
    r"|now|asap|too|for\s+me|in\s+\S+$|on\s+\S+$)))",
    re.IGNORECASE,
)
_ASKING = re.compile(
    r"^(?:(?:please|pls|kindly|just|can\s+you|could\s+you|would\s+you|go\s+ahead\s+and|i\s+want|i'd\s+like"
    r"|we\s+want|i\s+need)\s+)*",
    re.IGNORECASE,
)
# a clause or a place opening what comes before the mark: no topic ("*if* PR 12 fails, close it")
_CLAUSE_WORDS = frozenset({
    "if", "when", "whenever", "once", "after", "before", "since", "because", "unless", "while", "as", "should",
    "until", "for", "to", "with", "from", "in", "on", "at", "by", "into", "so", "but", "and", "or", "then", "also",
    "i", "we", "you", "they", "he", "she", "there", "here", "what", "which", "who", "how", "why", "where",
})  # fmt: skip
_PLACES = frozenset({"in", "on", "via", "with", "using", "through"})
# a statement's verb in what comes before the mark: no topic ("droplet 77 *is* frozen, reboot it")
_STATED = re.compile(r"\b(?:is|are|was|were|has|have|had|does|did|isn't|aren't|wasn't|keeps|seems|looks)\b", re.I)
_ACTED_ON = re.compile(r"\b(?:it|them)\b", re.IGNORECASE)
_SENTENCES = re.compile(r"[.!?;]\s+\S")
_LABELS = frozenset({"step", "task", "note", "item", "part", "point", "question", "q", "phase", "stage", "todo"})
_MOST_WORDS = 7  # an unmarked topic's: "the cal.com booking 881", "PR 12 on github acme/api"
_LONGEST = 300  # characters


def on_topic(request: str) -> str:
    """``request`` as its order on the thing its topic names; ``request`` as written where no
    topic opens it, or what follows is no order."""
    if len(request) > _LONGEST:
        return request
    topic = _TOPIC.match(request)
    if topic is None:
        return request
    opened = _OPENED.match(request) is not None
    said = topic["thing"].split()
    # (a topic said as one only: no clause, no order of its own, "void ..., don't delete it")
    unmarked = len(said) > _MOST_WORDS or said[0].casefold() in _CLAUSE_WORDS or order_first(topic["thing"])
    if _STATED.search(topic["thing"]) or (not opened and unmarked):
        return request
    rest = topic["rest"].strip()
    if _SENTENCES.search(rest) or said[0].casefold() in _LABELS:
        return request  # ("Step 1: get ... Step 2: close it": steps, which ``request_parts`` reads)
    asked = _ASKING.sub("", rest)
    acted_on = _ACTED_ON.search(" ".join(asked.split()[:3])) is not None  # "power *it* off"
    if not asked or asked.split()[0].casefold() in _CLAUSE_WORDS or not (order_first(as_verb(asked)) or acted_on):
        return request
    thing = topic["thing"].strip()
    if _PRONOUN.search(rest):
        return _PRONOUN.sub(lambda _: thing, rest, count=1)
    # an order naming no thing of its own ("go ahead and merge", "merge on github"): the topic
    # after its verb, only where a topic is said as one or the order is its verb and place
    verb, _, after = asked.partition(" ")
    if not (opened or not after or after.split()[0].casefold() in _PLACES):
        return request
    asking = rest[: len(rest) - len(asked)]
    return f"{asking}{verb} {thing} {after}".rstrip(" .!")
