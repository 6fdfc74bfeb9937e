"""A model's own reasoning around the request it searches for (``monologue_frames``).

A model calling ``search_tools`` writes what it is thinking as often as what it wants: "User
asked me to pin the deploy message in Slack #general. Looking for a pin tool.", "to answer the
user I need the list of open PRs in github acme/api", "Find tool: resize droplet on
DigitalOcean", "Let me find the GitHub tool for starring a repository", "For this task I need
Stripe customer retrieval by id", "the assistant must reply to Intercom conversation 88". The
frame names nothing a tool does, and its words sank the request below the floor or led it to
another tool ("user stats" for "answer the user"). The frame is read away, the request kept:

- a label naming the search ("searching for:", "find tool:", "need xero tool:"; an app's name in
  it stays, the request placed in it);
- an opening saying what the request is for ("to answer the user", "for this task", "first");
- the model seeking a tool ("let me find the GitHub tool for starring a repository": "starring a
  repository in GitHub"; "I should find a tool to ...") or a thing ("I need the list of ...");
- the model as the one who acts ("the assistant must reply ...", "I'll need to ...");
- a sentence before or after the request looking for a tool ("... #general. Looking for a pin
  tool.", "Need a tool. The user wants to ...");
- the user asking to be moved ("the user wants to be removed from asana project 31": "remove me
  from ...");
- the user's words passed on as said ('The user said: "cancel my 3pm meeting on cal.com"').
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.tokens import tokenize

_TOOL = r"(?:tools?|functions?|endpoints?|operations?|methods?|apis?|capabilit(?:y|ies))"
# "searching for:", "find tool:", "need xero tool:", "query:", "tool needed:"
_LABEL = re.compile(
    r"^\s*(?:(?:searching|search|looking)(?:\s+for)?|query|find|need(?:ed)?|intent|goal)?"
    rf"(?:\s+(?!{_TOOL}\b)(?P<app>[\w.\-]+))?\s*(?:{_TOOL}(?:\s+needed)?)?\s*:\s*(?=\S)",
    re.IGNORECASE,
)
# "to answer the user(,)", "for this task(,)", "first(,)" before the model's own words
_PURPOSE = re.compile(
    r"^\s*(?:to\s+(?:answer|help|respond\s+to|handle)\s+(?:the\s+|this\s+)?(?:user|customer|request|question)"
    r"(?:'s|\u2019s)?(?:\s+(?:question|request))?|for\s+(?:this|the)\s+(?:task|request|step|question)"
    r"|first|next|then|now)\s*,?\s+(?=(?:i|we|let|the\s+assistant)\b)",
    re.IGNORECASE,
)
# the model seeking a tool: "let me find the github tool for", "I should find a tool to"
_SEEKING = re.compile(
    r"^\s*(?:(?:let\s+me|let's|i(?:'ll|\u2019ll|\s+will|\s+should|\s+must|\s+need\s+to|\s+have\s+to|\s+want\s+to)?"
    r"|we(?:'ll|\s+will|\s+should|\s+need\s+to)?)\s+)?(?:find|look\s+for|search\s+for|locate|use|get|pick)\s+"
    rf"(?:a|an|the|some|any)\s+(?:(?P<app>[\w.\-]+)\s+)?{_TOOL}\s+(?:to|for|that|which)\s+",
    re.IGNORECASE,
)
# the model's wish for a thing, no verb after it: "I need *the list of* ...", "I'll need Stripe ...",
# "I want all open jira bugs", "I'd like the stripe customer cus_1" (a state wished is
# ``passive_voice``'s: "we need the charge ch_1 to be refunded")
_NEEDING = re.compile(
    r"^\s*(?:i|we)(?:(?:'ll|\u2019ll|\s+will|\s+would)?\s+(?:need|want)|(?:'d|\u2019d|\s+would)\s+like)"
    r"\s+(?!to\b)(?!.*\bto\s+(?:be|get)\s)(?=\S)",
    re.IGNORECASE,
)
# the model as the one who acts: "the assistant must reply ...", "I'll need to ..."
_ACTING = re.compile(
    r"^\s*(?:the\s+assistant|i(?:'ll|\u2019ll|\s+will)\s+(?:need|have)\s+to|i\s+must|i\s+have\s+to)"
    r"(?:\s+(?:must|should|needs?\s+to|has\s+to|will))?\s+(?=\w)",
    re.IGNORECASE,
)
# a sentence after the request looking for a tool: ". Looking for a pin tool.", ". Searching for an
# invoice listing tool."
_SOUGHT = (
    r"(?:(?:(?:i'm|i\s+am|we're)\s+)?(?:looking|searching)\s+for|(?:i\s+)?(?:need|want))\s+(?:a|an|the|some)\s+"
    rf"(?:[\w\-]+\s+){{0,3}}{_TOOL}"
)
_TRAILING = re.compile(rf"(?<=[.!?])\s+{_SOUGHT}\s*[.!]?\s*$", re.IGNORECASE)
# ... and before it: "Need a tool. The user wants to ..."
_LEADING = re.compile(rf"^\s*{_SOUGHT}\s*[.!:]\s+(?=\S)", re.IGNORECASE)
# the user asking to be moved: "the user wants to be removed from ...": "remove me from ..."
_MOVED = re.compile(
    r"^\s*(?:the\s+)?(?:user|customer|requester)\s+(?:wants|would\s+like|needs|asked|is\s+asking)\s+to\s+be\s+"
    r"(?P<participle>added|removed|invited|kicked)\s+(?P<rest>(?:to|from|into)\b.*)$",
    re.IGNORECASE | re.DOTALL,
)
_MOVES = {"added": "add", "removed": "remove", "invited": "invite", "kicked": "kick"}
# the user's words passed on as said: 'The user said: "cancel my 3pm meeting on cal.com"',
# "the customer asked: refund ch_3" (a colon or a quote after the verb: "the user asked to be
# removed" is ``_MOVED``'s)
_REPORTED = re.compile(
    r"^\s*(?:the\s+|my\s+|our\s+)?(?:user|customer|client|requester|boss|manager|colleague|teammate)"
    r"(?:\s+(?:said|says|wrote|writes|asked|asks|requested|requests|typed|messaged)(?:\s+me)?"
    r"(?:\s*:\s*|\s*,?\s*(?=[\"\u201c']))"
    # ... or what they wrote, labelled, in quotes: 'User message: "refund stripe charge ch_77"'
    r"|(?:'s|\u2019s)?\s+(?:message|request|query|question|ask)\s*:\s*(?=[\"\u201c']))(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a quote around all the user said
_QUOTED = re.compile(r"^[\"\u201c'](?P<said>[^\"\u201c\u201d]+)[\"\u201d']\s*[.!?]?\s*$")
_LONGEST = 2000


def without_monologue(request: str, apps: Container[str] = frozenset(), *, reported: bool = False) -> str:
    """``request`` without the model's reasoning around it (``_LABEL``, ``_PURPOSE``,
    ``_SEEKING``, ``_NEEDING``, ``_ACTING``, ``_TRAILING``, ``_LEADING``, ``_MOVED``); as written where it has
    none, or where nothing would be left. ``apps``: the words of the apps the request names,
    whose name in the frame stays ("let me find the *GitHub* tool for ..."; not "a *good* tool").
    ``reported`` (``reported_requests``): the user's words passed on as said are the request
    (``_REPORTED``), out of their quotes."""
    if len(request) > _LONGEST:
        return request
    text = _LEADING.sub("", _TRAILING.sub("", request), count=1)
    said = _REPORTED.match(text) if reported else None
    if said is not None:
        quoted = _QUOTED.match(said.group("rest"))
        text = quoted.group("said") if quoted is not None else said.group("rest")
    moved = _MOVED.match(text)
    if moved is not None:
        text = f"{_MOVES[moved.group('participle').casefold()]} me {moved.group('rest')}"
    for _ in range(3):  # "For this task, I need ...", "first I need to ..."
        before = text
        text = _PURPOSE.sub("", text, count=1)
        label = _LABEL.match(text)
        if label is not None and label.group(0).strip() != ":":
            text = _kept_app(label.group("app"), text[label.end() :], apps)
        seeking = _SEEKING.match(text)
        if seeking is not None:
            text = _kept_app(seeking.group("app"), text[seeking.end() :], apps)
        text = _NEEDING.sub("", text, count=1)
        text = _ACTING.sub("", text, count=1)
        if text == before:
            break
    return text if text.strip() else request


def _kept_app(word: str | None, rest: str, apps: Container[str]) -> str:
    """``rest``, placed in the app the frame named ("need *xero* tool: invoice emailing": "invoice
    emailing in xero"), so its own first word opens it; a word naming no app leaves."""
    named = word is not None and (word.casefold() in apps or "".join(tokenize(word)) in apps)
    return f"{rest.rstrip()} in {word}" if named else rest
