"""An action done again: "*resend* xero invoice INV-0042", "*redeploy* the app", "*reinvite*
bob to #eng". The prefix says the thing was done before, no other action: Xero sends an invoice
again with ``email_invoice``, as it sends it first. Read as a word of the request, "resend" is
in no name of the app and the request finds nothing; it is read as the action it repeats where
no name of the apps the request names says it with its prefix (Box's
``post_sign_requests_id_resend`` and GitHub's ``actions_re_run_workflow`` keep it;
``repeated_actions``). Only the actions a thing is sent, made or run with: "reset", "restore",
"review" and "report" are actions of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.verb_readings import literal_names
from cardamom.core.search.word_forms import said_side_by_side

_REPEATED = frozenset(
    {"send", "post", "deploy", "invite", "upload", "run", "submit", "publish", "share", "sync", "install"}
    | {"start", "generate", "create", "import", "export", "download", "fetch", "load", "calculate", "build"}
    | {"scan", "enable", "activate", "connect", "attach", "apply", "charge", "index", "trigger", "notify"}
)
_AGAIN = re.compile(r"\bre-?(?P<action>" + "|".join(sorted(_REPEATED)) + r")\b", re.IGNORECASE)


def done_once(index: SearchIndex, request: str, apps: Iterable[str]) -> str:
    """``request`` with each action done again ("resend") written as the action ("send"),
    where no name of ``apps``' tools says it with its prefix."""
    if len(request) > 2000 or _AGAIN.search(request) is None:
        return request
    tools = index.tools_of(apps)

    def once(found: re.Match[str]) -> str:
        action = found.group("action").casefold()
        said = literal_names(index, f"re{action}") & tools or said_side_by_side(index, "re", action, tools)
        return found.group(0) if said else found.group("action")  # ``actions_re_run_workflow`` keeps it

    return _AGAIN.sub(once, request)
