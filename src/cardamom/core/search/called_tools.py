"""A request that calls a tool by its name: 'use "create_issue" in jira for project ENG', "call
jira's create_issue for ENG", "invoke `listCustomers` on stripe". The name is the request's words
("create issue"), not a quoted value (a title is quoted too: 'create a task called "Review"'),
and the calling verb ("call", "invoke") is no action of the app's. Read as the name's words, the
app's after them (``called_names``). Only a name shaped as one: words joined by underscores or
in camel case.
"""

from __future__ import annotations

import re

_NAME = r"[A-Za-z]+(?:_[A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+"
_QUOTED_NAME = re.compile(rf"[\"'`\u201c\u201d\u2018\u2019](?P<name>{_NAME})[\"'`\u201c\u201d\u2018\u2019]")
_CALLING = re.compile(
    rf"^\s*(?:please\s+)?(?:call|invoke|use|run|execute)\s+(?:the\s+)?(?:(?P<app>[\w.\-]+?)(?:'s|\u2019s)\s+)?"
    rf"(?P<name>{_NAME})(?:\s+(?:tool|function|endpoint|method|operation))?(?P<rest>\s.*)?$",
    re.IGNORECASE | re.DOTALL,
)


def called_by_name(request: str) -> str:
    """``request`` with a tool name it quotes unquoted, and a call of it by name ("call jira's
    create_issue for ENG") written as the name's words ("create_issue for ENG in jira")."""
    if len(request) > 2000:
        return request
    request = _QUOTED_NAME.sub(lambda found: found.group("name"), request)
    called = _CALLING.match(request)
    if called is None:
        return request
    app = f" in {called.group('app')}" if called.group("app") else ""
    return f"{called.group('name')}{called.group('rest') or ''}{app}"
