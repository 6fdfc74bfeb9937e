"""The things the caller is a member of, said by a clause after them (``member_clauses``): "list
all the asana workspaces *I belong to*", "the slack channels *I'm in*", "github orgs *we're
members of*", "box folders *I have access to*".

The clause says whose things: the caller's, which an app's listing returns by itself (Asana's
``get_workspaces``, GitHub's ``orgs_list_for_authenticated_user``). Read as written, "belong"
was the request's rarest word and a tool whose description says it ("tasks belonging to the
workspace") answered, or none did. The clause is read as "my" before the things: "list all my
asana workspaces"."""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import order_first

_MEMBER_CLAUSE = re.compile(
    r"^(?P<head>.*?\S)\s+(?:(?:that|which)\s+)?(?:i|we)(?:['\u2019]m|['\u2019]re|\s+am|\s+are)?\s+(?:"
    r"belong\s+to|(?:a\s+)?members?\s+of|(?:a\s+)?part\s+of|in|on|have\s+access\s+to|can\s+(?:access|see|view)"
    r"|(?:have\s+)?joined)(?P<tail>\s+(?:in|on)\s+[\w.]+(?:\s+[\w.]+)?)?\s*[?.!]?\s*$",
    re.IGNORECASE | re.DOTALL,
)
# the words a listing's things open with, the last of which "my" stands for ("all *the* workspaces")
_DETERMINED = re.compile(r"\b(?:the|all|every|any)\s+(?=\S+(?:\s+\S+){0,2}$)", re.IGNORECASE)
_LONGEST = 300  # characters
_NOT_THINGS = frozenset({"the", "a", "an", "all", "my", "our", "am", "are", "do", "did", "have", "was", "were"})


def caller_as_owner(request: str) -> str:
    """``request`` with a clause saying the caller is a member of its things read as "my"
    before them ("list all the asana workspaces I belong to": "list all my asana workspaces");
    ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    found = _MEMBER_CLAUSE.match(request)
    if found is None:
        return request
    head, tail = found["head"], found["tail"] or ""
    words = head.split()
    if len(words) < 2 or words[-1].casefold() in _NOT_THINGS:
        return request  # no things before the clause, or a question's ("which orgs *am* I a member of")
    owned = head if re.search(r"\b(?:my|our)\b", head, re.IGNORECASE) else _owned(head)
    return f"{owned}{tail}"


def _owned(head: str) -> str:
    """``head`` with "my" for the last determiner of its things, or after its verb."""
    matches = list(_DETERMINED.finditer(head))
    if matches:
        last = matches[-1]
        word = last.group(0).strip().casefold()
        mine = "all my " if word == "all" else "my "
        return head[: last.start()] + mine + head[last.end() :]
    if not order_first(head):
        return f"my {head}"  # "asana workspaces": "my asana workspaces"
    verb, things = head.split(None, 1)
    return f"{verb} my {things}"  # "list asana projects": "list my asana projects"
