"""A request addressed to a colleague by name (``addressed_people``).

Written in a team's chat, an order opens with whom it asks: "*Eve,* could you delete box file
123?", "*Grace,* send xero invoice INV-3 to acme", "*@alice* can you merge ...", "*Frank -* close
jira issue ENG-4", "*Team -* please merge ...". The name is no tool's word; it was the request's
rarest, or drew a tool of its own ("Eve": Box's events). Read without it, where an order (or the
asking before one) follows.

Only a single name, capitalised before a comma or a dash, or after "@", that names no app and is
no label's word ("Subject, ...", "Note - ..."); a name before a colon may be an app's the org
lacks ("Forem: get followed tags") and stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.verbal_nouns import asked_order

_ADDRESSED = re.compile(
    r"^\s*(?:(?:hey|hi|hello|yo|ok|okay)\s+)?(?:(?P<name>(?-i:[A-Z])[a-z]{1,20})\s*(?:,|\s[-\u2013\u2014])"
    r"|@(?P<handle>[\w.-]{2,30})\s*[,:\-\u2013\u2014]?)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a label's word, no one's name: "Subject, ...", "Note - ..." (a name before a colon may be an app's
# the org lacks, "Forem: get followed tags", and is never read)
_LABELS = frozenset(
    {"subject", "re", "task", "goal", "context", "note", "notes", "todo", "question", "request", "action", "summary"}
    | {"title", "description", "body", "priority", "status", "update", "fyi", "reminder", "ticket", "issue", "bug"}
    | {"step", "ask", "objective", "intent", "query", "prompt", "command", "error", "warning", "info", "urgent"}
    | {"important", "also", "so", "now", "then", "next", "first", "finally", "please", "thanks", "done", "yes", "no"}
)
_ASKING = re.compile(r"^(?:please|pls|can|could|would|will|when|if|quick)\b", re.IGNORECASE)
_LONGEST = 600  # characters


def unaddressed(request: str, names_app: Callable[[str], bool]) -> str:
    """``request`` without the colleague it is addressed to, where an order or its asking follows
    and the name names no app (``names_app``) ("Eve, could you delete box file 123?": "could you
    delete box file 123?"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    addressed = _ADDRESSED.match(request)
    if addressed is None:
        return request
    name = addressed["name"] or addressed["handle"]
    rest = addressed["rest"]
    if name.casefold() in _LABELS or names_app(name) or not (asked_order(rest) or _ASKING.match(rest)):
        return request
    return rest
