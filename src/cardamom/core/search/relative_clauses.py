"""A thing an order acts on, told by what it does (``relative_clauses``): "merge the github PR
*that fixes the login bug* in acme/api", "reboot the droplet *running the website*", "archive the
slack channel *that nobody uses*".

Without its id, a request says which thing by a clause after its kind; the clause's words are
the person's ("login", "website", "nobody"), no tool of the app carries them, and weighed as the
request's they were its rarest and left it under the floor. Read as the thing's description,
quoted after its kind ('merge the github PR "fixes the login bug" in acme/api'), so it is a value,
as a name is (``titled_things``).

A list's clause is its filter, read so too ("list github PRs *that fix the login bug*": its
description's words no tool says); a participle's clause only with an article after it
("running *the* website": "get code *scanning default*" is a name's words). Never a state the
thing was brought to ("the charge *that was disputed*"); the clause to the request's end or to
where it is placed ("in acme/api").
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import order_first

_THE_CLAUSE = (
    r"(?:(?:the|my|our|this|that|a|an)\s+)?(?:[\w.-]+\s+){0,2}?[A-Za-z]+)\s+"
    r"(?:(?:that|which|who)\s+(?P<clause>[^,;!?\"]{3,80}?)|(?P<participle>[a-z]{3,}ing\s+(?:(?:the|a|an|our|my)\s+)?"
    r"[^,;!?\"]{2,60}?))(?P<tail>\s+(?:in|on|at|inside)\s+[\w./@#-]+)?\s*[.!?]?\s*$"
)
# a thing's clause saying whose it is: "the project *that belongs to* the team", "issues *belonging to* epic 5"
_BELONGING = re.compile(r"\s+(?:(?:that|which)\s+belongs?|belonging)\s+to\s+", re.IGNORECASE)
_DESCRIBED = re.compile(r"^(?P<head>\s*(?P<verb>[A-Za-z]+)\s+" + _THE_CLAUSE, re.IGNORECASE | re.DOTALL)
# ... after a phrasal verb's particle too ("*set up* a box retention policy that ...", ``phrasal_clauses``)
_DESCRIBED_PHRASAL = re.compile(
    r"^(?P<head>\s*(?P<verb>[A-Za-z]+)(?:\s+(?:up|out|down|off))?\s+" + _THE_CLAUSE, re.IGNORECASE | re.DOTALL
)
# a clause saying a state the thing was brought to reads as it is ("the charge that *was disputed*")
# a search's clause is what it seeks: "search for substacks *that provide insights on marketing*"
_SEEKING = frozenset({"search", "find", "look", "seek", "discover", "explore", "browse", "query"})
_DETERMINERS = frozenset({"the", "my", "our", "this", "that", "a", "an", "their", "your", "all", "any", "some"})
# words in "-ing" that say what a thing is, before it ("*upcoming* bookings", "*pending* invoices"), or
# are prepositions ("a stripe customer *including* their default payment method": ``aside_clauses``')
_ADJECTIVES = frozenset({
    "upcoming", "pending", "existing", "outstanding", "remaining", "missing", "incoming", "outgoing", "ongoing",
    "following", "trailing", "leading", "matching", "corresponding", "recurring", "billing", "shipping", "staging",
    "testing", "onboarding", "marketing", "pricing", "booking", "meeting", "training", "something", "nothing",
    "anything", "everything", "morning", "evening", "during", "according", "including", "excluding", "regarding",
    "concerning", "considering", "notwithstanding",
})  # fmt: skip
_ARTICLED = re.compile(r"^\S+\s+(?:the|a|an|our|my)\b", re.IGNORECASE)
_STATED = re.compile(r"^(?:is|are|was|were|has|have|had)\b", re.IGNORECASE)
_LONGEST = 300  # characters


def described_by_clause(request: str, *, particles: bool = False, belonging: bool = False) -> str:
    """``request`` ordering an act on a thing told by a clause, the clause quoted as its
    description ('merge the github PR "fixes the login bug" in acme/api'); ``request`` as
    written otherwise. ``particles``: the order's verb may be phrasal ("*set up* a box retention
    policy that keeps files for 7 years", ``phrasal_clauses``). ``belonging`` (``belonging_clauses``):
    a thing that belongs to another is of it, first ("list every project *that belongs to* the
    Marketing team": "list every project *of* the Marketing team", Asana's ``get_projects_for_team``;
    no name says "belong", and as the request's rarest word it left it under the floor)."""
    if belonging and "belong" in request.casefold():
        request = _BELONGING.sub(" of ", request)
    if len(request) > _LONGEST or not any(w in request for w in (" that ", " which ", " who ", "ing ")):
        return request
    found = (_DESCRIBED_PHRASAL if particles else _DESCRIBED).match(request)
    if found is None or not order_first(found["verb"]) or found["verb"].casefold() in _SEEKING:
        return request
    clause = (found["clause"] or found["participle"]).strip()
    kind, first = found["head"].split()[-1].casefold(), clause.split()[0].casefold()
    if kind in _DETERMINERS or first in _ADJECTIVES:
        return request  # "list my *upcoming* cal.com bookings": a word before the thing, no clause
    if found["participle"] and not _ARTICLED.match(clause):
        return request  # a participle's clause takes an article ("running *the* website"; "code *scanning* default")
    if _STATED.match(clause):
        return request  # "the stripe charge that was disputed yesterday": its state, read as written
    return f'{found["head"]} "{clause}"{found["tail"] or ""}'
