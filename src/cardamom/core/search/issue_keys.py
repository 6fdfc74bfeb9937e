"""An issue named by its key alone ("move PROJ-12 to done in jira"), read with its noun.

An issue tracker's key ("PROJ-12", "ENG-4") says which issue as plainly as "issue PROJ-12"
does, and people write it bare: "change the priority of PROJ-7 to high in jira", "mark
PROJ-12 as done in jira", "set PROJ-7 priority to high". As a value, the key weighs nothing,
and the request stood on its verb alone: Jira's tools that *change* or *mark* anything
(``change_filter_owner``, ``get_auto_complete``) came first, where "change the priority of
jira issue PROJ-7 to high" finds ``edit_issue``. A bare key reads as "issue" and the key,
where the request says no thing of a tracker's before it or anywhere ("bug ENG-4", "the
ticket ENG-4" keep their words), and only inside a named app whose tools' names say "issue"
(Xero's invoice numbers, "INV-3", are keys of another kind: ``names_issues``).
"""

from __future__ import annotations

import re

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, union_of

# A key as trackers write it: a project's key in capitals, a dash, a number ("PROJ-12", "A1-7").
_KEY = re.compile(r"(?<![\w/-])[A-Z][A-Z0-9]{1,9}-\d+(?![\w-])")
# Words saying the kind of thing a key names, written by the request itself.
_THINGS = frozenset(
    {"issue", "issues", "ticket", "tickets", "bug", "bugs", "story", "stories", "epic", "epics", "task", "tasks"}
    | {"subtask", "subtasks", "incident", "incidents", "defect", "defects", "request", "requests", "item", "items"}
    | {"card", "cards", "sprint", "version", "release", "board", "project", "invoice", "order", "case", "cases"}
)
_WORD = re.compile(r"[A-Za-z]+")


def keyed_issue(request: str) -> str | None:
    """``request`` with "issue" written before its first issue key, where no word of it says
    what the key names; None where it has no bare key."""
    key = _KEY.search(request)
    if key is None:
        return None
    if any(word.casefold() in _THINGS for word in _WORD.findall(request)):
        return None
    return f"{request[: key.start()]}issue {request[key.start() :]}"


def names_issues(index: SearchIndex, mentions: tuple[AppMention, ...]) -> bool:
    """The request names an app of the org (``mentions``), and each such app has tools with
    "issue" in their names, where a bare key is an issue's (``issue_keys``)."""
    apps = [index.app_targets.get(m.name, EMPTY) for m in mentions if m.connected]
    issues = union_of(index.name_postings.get(word, EMPTY) for word in ("issue", "issues"))
    return bool(apps) and all(tools & issues for tools in apps)
