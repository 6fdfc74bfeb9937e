"""An app's name labelling a request, written as the place it asks in (``app_labels``): "*GitHub:*
who created PR 12" is "who created PR 12 in GitHub", so the request's first word is its own."""

from __future__ import annotations

import re
from collections.abc import Callable, Container

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.request_clauses import app_opening_left
from cardamom.core.search.request_parts import LABEL_MARKS
from cardamom.core.search.tokens import tokenize

# an app's name labelling the request: "*GitHub:* ...", "*Xero ->* ...", "*In Asana:* ..."
_APP_LABEL = re.compile(
    rf"^\s*(?:(?:in|on|from|via|using|with|for)\s+)?(?P<app>[\w.]+(?:\s+[\w.]+)?)\s*(?::|{LABEL_MARKS})\s+(?P<rest>\S.*)$",
    re.DOTALL,
)


# ... or opening a question, unmarked: "*jira* who commented on issue OPS-9"
_APP_ASKING = re.compile(
    r"^\s*(?P<app>[\w.]+(?:\s+[\w.]+)?)\s+(?P<rest>(?:who|whom|whose|what|when|where|which|why|how|is|are|was|were"
    r"|did|does|do|has|have)\b.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ... or addressed before a polite order (``addressed_apps``): "*twilio* please text +1415...",
# "*hey stripe,* could you refund ..."
_APP_ADDRESSED = re.compile(
    r"^\s*(?:(?:hey|hi|yo|ok|okay|dear|oh)\s+)?(?P<app>[\w.]+(?:\s+[\w.]+)?)\s*,?\s+(?P<rest>(?:please|pls|plz|kindly"
    r"|can\s+you|could\s+you|would\s+you|will\s+you)\b.*)$",
    re.IGNORECASE | re.DOTALL,
)


def app_last(request: str, mentions: tuple[AppMention, ...], addressed: bool = False) -> str:
    """``request`` with a connected app's name labelling it written as the place it asks in,
    after it ("Jira: status of ENG-5": "status of ENG-5 in Jira"), so its first word is its own;
    so too a question it opens ("jira who commented on issue OPS-9") and (``addressed``) an app
    addressed before a polite order ("twilio please text ...")."""
    labelled = _APP_LABEL.match(request) or _APP_ASKING.match(request)
    labelled = labelled or (_APP_ADDRESSED.match(request) if addressed else None)
    if labelled is None:
        return request
    named = "".join(tokenize(labelled.group("app")))  # "GitHub" is "git", "hub"
    if not any(mention.connected and "".join(mention.words) == named for mention in mentions):
        return request
    return f"{labelled.group('rest').rstrip()} in {labelled.group('app')}"


def read_past_app(request: str, app_words: Container[str], read: Callable[[str], str]) -> str:
    """``request`` as ``read`` reads it; where ``read`` leaves it as written and an app's name opens
    it ("asana jot down a to-do", ``app_opened_orders``), as ``read`` reads it with the name after
    it ("jot down a to-do in asana"), as the readings of a request's opening verb read it;
    ``request`` where neither reading changes it."""
    found = read(request)
    if found != request:
        return found
    opened = app_opening_left(request, app_words)
    if opened == request:
        return request
    written = request.strip()
    moved = f"{opened} in {written[: len(written) - len(opened)].strip().rstrip(':,')}"  # "in Twilio Flex"
    found = read(moved)
    return request if found == moved else found
