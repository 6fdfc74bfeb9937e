"""A question about one thing named by its id: "when was jira issue ENG-5 *created*", "who
*owns* box folder 77", "why did stripe charge ch_1 *fail*", "how long has droplet 5512 been
*running*", "when does stripe subscription sub_1 *renew*". What it asks is a field of the thing
(its creator, owner, failure reason, status, renewal date), which the thing's get returns; read
as words of the request, its verb ("owns", "fail", "renew") is in no name of the app, or in a
name that acts ("fail" is Stripe's test helper's), and the request finds nothing or the wrong
tool. Such a question is read as the thing's get ("get box folder 77"), where no name of the
app carries one of its words with the thing's (``pulls_list_reviews`` answers "who *reviewed*
PR 12", and it is ranked as written) (``thing_questions``). A "what" or "which" question asks
for things ("what are the labels on issue 7"), and a count for a list: neither is read so. The
one thing a context names by its id is what a request's "it" acts on ("Our Asana project 31 is
done. Archive *it*": ``context_pronouns``)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, tokenize
from cardamom.core.search.verb_readings import literal_names

_ASKING = re.compile(r"^\s*(?:when|who|whom|why|where|whose|how(?!\s+many\b))\b", re.IGNORECASE)
# the thing's kind and its id: "issue ENG-5", "folder 77", "charge ch_1", "PR #12", "repo acme/api"
_THING = re.compile(r"\b(?P<kind>[A-Za-z]{2,})\s+#?(?P<id>[A-Za-z]*[-_]?\d[\w.-]*|[\w.-]+/[\w.-]+)(?=$|[\s,.?!;:)])")
_AUXILIARIES = frozenset({"was", "is", "were", "did", "does", "do", "has", "have", "had", "been", "be", "get", "got"})
_AUXILIARIES |= {"s", "re", "ve", "d", "will", "would"}  # "who*'s* assigned"
_LONGEST = 14  # words: a question about one thing is short
# events of the thing's life a question asks the time or the author of ("when was issue ENG-5
# *created*", "who *updated* page 7fa"): the thing's fields, whatever names act so
_EVENTS = frozenset({"created", "updated", "modified", "opened", "started", "running", "deployed", "launched"})
_EVENTS |= {"added", "changed", "edited", "made", "written", "booked", "scheduled", "uploaded", "last"}
# what a "who" question asks of one thing: who holds one of its fields ("who *owns* box folder
# 77", "who's *assigned* to task 12"); "who can *access*", "who are the *members* of" ask for
# its relations, which names of their own list (``get_folders_id_collaborations``)
_HOLDERS = _EVENTS | {"owns", "own", "owner", "assigned", "assignee", "reported", "reporter", "author", "wrote"}


def thing_question(index: SearchIndex, request: str, apps: Iterable[str]) -> str | None:
    """The get of the one thing a wh-question about it names ("get folder 77"), where no name
    of ``apps``' tools carries one of its other words with the thing's kind; None otherwise."""
    if _ASKING.match(request) is None or len(tokenize(request[:400])) > _LONGEST:
        return None
    things = list(_THING.finditer(request))
    if len(things) != 1:
        return None
    kind, thing_id = things[0].group("kind", "id")
    tools = index.tools_of(apps)
    kinds = literal_names(index, kind.casefold()) & tools
    if not kinds:
        return None
    said = set(tokenize(f"{kind} {thing_id}")) | {w for app in apps for w in tokenize(app)}
    others = [
        w
        for w in tokenize(_ASKING.sub("", request))
        if w not in said
        and w not in _AUXILIARIES
        and w not in GRAMMAR_WORDS
        and w not in QUERY_FILLER_WORDS
        and w not in _EVENTS
        and w not in index.app_mentions  # "digitalocean", which its names carry as their account
    ]
    if any(literal_names(index, w) & kinds for w in others):
        return None
    if request.lstrip()[:3].casefold() == "who" and not all(w in _HOLDERS for w in others):
        return None
    return f"get {kind} {thing_id}"


_PRONOUN = re.compile(r"\b(?:it|them)\b", re.IGNORECASE)


def with_thing(part: str, request: str) -> str:
    """``part`` (the words of ``request`` that ask) with its "it" or "them" written as the one
    thing the rest of ``request`` names by its id ("Our Asana project 31 is done. Archive *it*":
    "Archive project 31"; ``context_pronouns``); ``part`` where the rest names none or several."""
    if len(request) > 2000 or _PRONOUN.search(part) is None:
        return part
    at = request.find(part)
    rest = request[:at] + " " + request[at + len(part) :] if at >= 0 else ""
    things = list(_THING.finditer(rest))
    if len(things) != 1:
        return part
    return _PRONOUN.sub(f"{things[0].group('kind')} {things[0].group('id')}", part, count=1)
