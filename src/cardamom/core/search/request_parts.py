"""A request written in labelled parts, as an agent plans: "Context: our on-call rotation is in
slack. *Task:* post a reminder in #oncall", "Goal: ...", "Step 1: get the jira issue ENG-9.
Step 2: ...". The task's part is the request; the context's words (an app's name aside) name
no tool. So is the part after a context's "so" ("we just closed a deal with Acme, *so* create
a customer in stripe"), where an action opens it (``labelled_parts``)."""

from __future__ import annotations

import re

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import tokenize

# a part's label, at the request's start or a sentence's ("search notion *query:* roadmap" is a field's)
_LABEL = re.compile(
    r"(?:^|(?<=[.;!?\n]))\s*(?P<label>context|background|notes?|goal|task|request|action|ask|objective|intent|query"
    r"|todo|step\s*\d+)\s*:\s*",
    re.IGNORECASE,
)
_TASKS = frozenset({"goal", "task", "request", "action", "ask", "objective", "intent", "query", "todo"})
# "..., so create a customer in stripe": the context before, the request after
_SO = re.compile(r"^[^.;:!?]{8,}?,\s*so\s+(?:please\s+)?(?P<rest>(?P<first>[A-Za-z]+)\b.*)$", re.IGNORECASE | re.DOTALL)


def task_part(request: str) -> str:
    """The part of ``request`` that asks: its task's, goal's or first step's part where it is
    written in labelled parts, the words after a context's "so" where an action opens them;
    ``request`` otherwise."""
    if len(request) > 2000:
        return request
    labels = list(_LABEL.finditer(request))
    if labels:
        parts = [
            (re.sub(r"\s+", "", m.group("label").casefold()), request[m.end() : end].strip())
            for m, end in zip(labels, [m.start() for m in labels[1:]] + [len(request)], strict=True)
        ]
        asked = [text for label, text in parts if label in _TASKS and text] or [
            text for label, text in parts if label.startswith("step") and text
        ]
        return asked[0] if asked else request
    so = _SO.match(request)
    return so.group("rest") if so is not None and is_action_word(so.group("first").casefold()) else request


def with_apps(part: str, mentions: tuple[AppMention, ...]) -> str:
    """``part`` with the connected apps the whole request names elsewhere ("Context: ... in
    *slack*"), as the place it asks in."""
    said = set(tokenize(part))
    elsewhere = [" ".join(m.words) for m in mentions if m.connected and not said.issuperset(m.words)]
    return f"{part} in {' and '.join(dict.fromkeys(elsewhere))}" if elsewhere else part
