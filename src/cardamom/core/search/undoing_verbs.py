"""A request undoing an action: "*unpin* the message in slack #general", "*unfollow* asana task
12", "*stop watching* jira issue ENG-5" (``undoing_verbs``).

English undoes a verb with "un-" or "stop ...ing"; the APIs remove the thing the verb added:
Slack's ``pins_remove``, Asana's ``remove_follower_for_task``, Jira's ``remove_watcher``,
GitHub's ``issues_remove_assignees``. Where no tool's name says the undoing verb ("unstar" and
"unarchive" are names' own words and stay), the request is read as removing the verb's thing,
in the form the names write it: "remove followers from asana task 12". Reading "unassign" as
"assign" would find the opposite tool.

An action undone in other words (``undone_acts``): "*undo the archive of* slack channel C0123" is
"unarchive ..." where a name says it; a deletion undone ("*undo the deletion of* ...", "*bring
back* ...", "*put back* the deleted box folder 99", "*undelete* ...") restores, where a tool of the
app says "restore", or unarchives where a name says that; "*un-assign*" is "unassign". A thing
restored that was archived ("restore the *archived* intercom contact 55", "recover slack channel C0123
*from the archive*") is unarchived, where a name says it (``archived_restores``).
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.accidental_acts import opposite_act
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.request_clauses import app_opening_left
from cardamom.core.search.tokens import is_plural
from cardamom.core.search.verb_readings import literal_names
from cardamom.core.search.verbal_nouns import act_verb, gerund_verb, known_verb

_UNDOING = re.compile(r"^\s*(?:un(?P<verb>[a-z]{3,})|stop\s+(?P<gerund>[a-z]{3,}ing))\b\s*(?P<rest>.*)$", re.I | re.S)
# the endings of the thing a verb adds, as names write it: "follow": ``followers``, "assign":
# ``assignees``, "watch": ``watcher``, "pin": ``pins``
_THING_ENDINGS = ("", "s", "er", "ers", "ee", "ees", "es", "d", "ed")
# ... or the thing it makes ("assign": Box's retention policy ``assignments``, ``undone_assignments``)
_MADE_ENDINGS = ("ment", "ments")
# an action undone in words: "undo the archive of", "revert the deletion of", "bring back", "put back"
_UNDO_OF = re.compile(
    r"^\s*(?:undo|reverse|revert|roll\s*back)\s+(?:the\s+|my\s+|that\s+|this\s+|our\s+)?(?:last\s+|previous\s+)?"
    r"(?P<act>[a-z]{3,})\s+(?:of|on|to|for)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ... its gerund after "undo": "undo archiving slack channel C0123" (``undone_opposites``)
_UNDO_DOING = re.compile(
    r"^\s*(?:undo|reverse|revert|roll\s*back)\s+(?P<act>[a-z]{3,}ing)\s+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL
)
_BACK = re.compile(
    r"^\s*(?:(?:bring|put|get)\s+back|undelete|recover|resurrect)\s+(?P<rest>\S.*)$|^\s*(?:bring|put|get)\s+"
    r"(?P<thing>\S.{0,80}?)\s+back\s*$",
    re.IGNORECASE | re.DOTALL,
)
# an archived thing brought back: "restore the archived intercom contact 55", "recover slack channel
# C0123 from the archive" (``archived_restores``)
_ARCHIVED = re.compile(
    r"^\s*(?:restore|recover|reactivate|revive|(?:bring|get)\s+back)\s+(?:(?:the|my|our|this|that)\s+)?"
    r"(?:archived\s+(?P<rest>\S.*?)|(?P<thing>\S.*?)\s+(?:from|out\s+of)\s+(?:the\s+)?archives?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
_DELETING = frozenset({"delete", "remove", "trash"})  # the acts a restore undoes
_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "this", "that", "from", "on", "of"})


def undone(index: SearchIndex, request: str, tools: frozenset[int], apps: Container[str] = ()) -> str:
    """``request`` opening with an undoing verb no name of ``tools`` (the named apps') says, read
    as removing that verb's thing; ``request`` as written otherwise. ``apps``: the words naming
    the apps, which may open it before the verb ("asana unfollow task 12")."""
    written = request
    request = app_opening_left(request, apps)
    if index.options.undone_acts:
        request = re.sub(r"^(\s*)un-(?=[a-z]{3,})", r"\1un", request, flags=re.IGNORECASE)  # "un-assign"
        said = _said_undone(index, request[:400], tools)
        if said is not None:
            return said + request[400:]
    match = _UNDOING.match(request[:400])
    if match is None:
        return written
    rest = match.group("rest") + request[400:]
    following = next((w for w in rest.casefold().split()[:3] if w not in _DETERMINERS), "")
    if is_plural(following):
        return written  # an adjective: "unread messages", "unpaid invoices"
    undoing = match.group("verb")
    if undoing is not None:
        if literal_names(index, "un" + undoing.casefold()) & tools:
            return written  # the names' own word: "unstar", "unarchive", "unlock"
        verb = undoing.casefold() if known_verb(undoing.casefold()) else None
    else:
        verb = gerund_verb(match.group("gerund"))
        if verb is not None and index.options.undone_gerunds and literal_names(index, "un" + verb) & tools:
            return f"un{verb} {rest}"  # "stop following octocat on github": the names' "unfollow"
    if verb is None:
        return written
    thing = _thing_of(index, verb, tools)
    if thing is None:
        return written
    joining = "" if rest.casefold().startswith(("from ", "on ", "of ")) else "from "
    return f"remove {thing} {joining}{rest}".rstrip()


def _said_undone(index: SearchIndex, request: str, tools: frozenset[int]) -> str | None:
    """``request`` undoing an action in words, read as the names' undoing verb ("undo the archive
    of ...": "unarchive ..."; a deletion undone: "restore ..."); None where it undoes none or no
    tool of ``tools`` says the undoing verb."""
    archived = _ARCHIVED.match(request) if index.options.archived_restores else None
    if archived is not None and literal_names(index, "unarchive") & tools:
        return f"unarchive {archived.group('rest') or archived.group('thing')}"  # no delete undone: an archive
    opposites = index.options.undone_opposites
    undo = _UNDO_OF.match(request) or (_UNDO_DOING.match(request) if opposites else None)
    back = _BACK.match(request) if undo is None else None
    if undo is not None:
        act = undo.group("act").casefold()
        verb = act_verb(act) or (gerund_verb(act) if opposites and act.endswith("ing") else None)
        rest = undo.group("rest")
    elif back is not None:
        verb, rest = "delete", back.group("rest") or back.group("thing")
    else:
        return None
    if verb is None:
        return None
    if verb not in _DELETING:
        if literal_names(index, "un" + verb) & tools:
            return f"un{verb} {rest}"
        # ... or its opposite in another word: "undo the close of jira issue ENG-4": "reopen ..."
        opposite = opposite_act(verb) if opposites else None
        return f"{opposite} {rest}" if opposite is not None and not opposite.startswith("un") else None
    if index.postings("restore").every & tools:
        return f"restore {rest}"
    return f"unarchive {rest}" if literal_names(index, "unarchive") & tools else None


def _thing_of(index: SearchIndex, verb: str, tools: frozenset[int]) -> str | None:
    """The word ``tools``' names write for the thing ``verb`` adds (``followers`` for "follow"),
    or None where none writes one."""
    endings = _THING_ENDINGS + _MADE_ENDINGS if index.options.undone_assignments else _THING_ENDINGS
    return index.first_named((verb + ending for ending in endings), tools)
