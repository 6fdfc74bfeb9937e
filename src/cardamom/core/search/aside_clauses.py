"""What a request written as a tool's description says beside what it asks: "update the
properties of a notion page *such as title or status*", "fetch a stripe customer *including
their default payment method*", "add an asana task to a project *and optionally a section*",
"retrieve calls for a twilio number *within a date range*", "move a box file to a folder *by
updating its parent*", "close an intercom conversation *on behalf of an admin*", "fetch
*detailed* information about a stripe customer". A model that has read API references writes
its requests so. Examples, what a result includes, an optional extra, the range a filter takes,
how it is done and for whom are arguments of the call or of its result, no words of the tool it
asks for: read as words of the request, they took mass no name carries ("status", "range") or
found the tool acting on the extra ("payment method", "section") (``aside_clauses``). So is a
new time an argument gives ("reschedule a booking *to a new start time*"), and a place inside
a thing ("append blocks *to the end of* a notion page") is the thing's ("to").

An example or what is included runs to the next comma or the request's end, an optional extra
to the request's end. Inside quotes every word is a value's ('search slack for "such as"') and
stays; a request left with fewer than three words was no request with an aside."""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.reason_clauses import QUOTE_MARKS
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verb_readings import said_in

# examples of a thing or a field: "such as title or status", "e.g. bugs", "for example 'done'"; and what
# it is said again ("i.e. mark it as a bug")
_EXAMPLES = r"(?:such\s+as|e\.\s?g\.?|i\.\s?e\.?|for\s+example|for\s+instance)\s+[^,;()]*"
# what a result includes ("including their default payment method", "incl. all parts") and what
# an optional extra is ("and optionally a section", ", optionally filtered by status")
_INCLUDED = r"(?:including|incl\.)\s+[^,;()]*"
_OPTIONAL = r"(?:and\s+|or\s+)?optionally\b.*"
# the range of dates a filter takes: "within a date range", "for a given time period", "between two dates"
_RANGE = (
    r"(?:within|in|for|over|during|across)\s+(?:a|an|the|any|some)?\s*(?:given\s+|specified\s+|specific\s+|custom\s+)?"
    r"(?:date|time)\s+(?:range|period|window|frame|span)|between\s+(?:two\s+)?dates"
)
# how it is done, or for whom: "move a box file to a folder *by updating its parent*", "close an
# intercom conversation *on behalf of an admin*"
_MEANS = (
    r"by\s+[a-z]{3,}ing\s+(?:its|their|the|a|an|his|her)\b.*"
    r"|on\s+behalf\s+of\s+(?:an?\s+|the\s+|another\s+)?[\w.@-]+"
)
# where in a thing a content goes ("append blocks *to the end of* a notion page": to it), and a new
# time an argument gives ("reschedule a cal.com booking *to a new start time*")
_PLACED = r"(?<=\s)(?:to|at)\s+the\s+(?:end|top|bottom|start|beginning)\s+of(?=\s)"
_NEW_TIME = r"(?:to|for|at)\s+(?:a|the)\s+new\s+(?:start\s+|end\s+)?(?:time|date|datetime|day|slot|hour)s?\b"
# the fields a list's things come with ("list droplets in a project *with their status*")
_WITH_FIELDS = (
    r"(?:along\s+)?with\s+(?:their|its)\s+(?:status|state|roles?|details|names?|emails?|ids?|owners?|sizes?|types?"
    r"|labels?|dates?|counts?|descriptions?|titles?|metadata|info|attributes|properties)(?:\s+(?:and|or)\s+[a-z]+)?$"
)
# how much of a thing's information a read returns: "fetch *detailed* information about", "the *full* details of"
_THOROUGH = r"(?:detailed|full|complete|comprehensive|extended)\s+(?=(?:info|information|details|data|metadata)\b)"
_ASIDE = re.compile(
    rf"[\s,;]*\(?\s*\b(?:{_EXAMPLES}|{_INCLUDED}|{_RANGE}|{_MEANS})\)?|{_NEW_TIME}|[\s,;]+{_OPTIONAL}$|[\s,;]+{_WITH_FIELDS}|\b{_THOROUGH}",
    re.IGNORECASE | re.DOTALL,
)
_WITHIN = re.compile(_PLACED, re.IGNORECASE)
# The fields a read of one thing asks to see, listed after it (``seen_fields``): "show droplet 31 *— its
# IPs, size and current status*", "get twilio recording RT63 *- track name, codec and duration*", "retrieve
# dispute dp_1Mt *so I can see its status and reason*", "asana project 12, *including its team, owner and
# due date*": what the result holds, as "with their status" says of a list's things. Listed after a dash
# or a colon, they are three or more, or "its" ("- just accept the loss and close it" is a request).
_ITEM = r"(?:(?:its|their|the)\s+)?[a-z][\w/'-]*(?:\s+[a-z][\w/'-]*){0,3}"
_MORE = rf"(?:\s*,\s*(?:and\s+|or\s+)?{_ITEM})*\s*,?\s+(?:and|or|&)\s+{_ITEM}"  # ", size and current status"
_SEEN = r"so\s+(?:that\s+)?(?:i|we)\s+can\s+(?:see|check|view|know)|and\s+(?:tell|show)\s+me|to\s+see"
_ASKED = re.compile(
    rf"(?:\s*[\u2014\u2013:]|\s+-)\s+(?:(?:its|their)\s+{_ITEM}{_MORE}|{_ITEM}\s*,\s*{_ITEM}{_MORE})\s*[.?!]?$"
    rf"|\s+(?:{_SEEN})\s+(?:its|their)\s+{_ITEM}(?:{_MORE})?\s*[.?!]?$"
    rf"|[\s,]+including\s+(?:its|their)\s+{_ITEM}{_MORE}\s*[.?!]?$",
    re.IGNORECASE,
)
# what a list of fields seen opens with, looked for first (``_ASKED``'s dashes, colon, "its", "their")
_SEEN_CUES = ("\u2014", "\u2013", ":", " - ", " its ", " their ", " Its ", " Their ")
# the words one of them opens with, looked for first: most requests have none
_CUES: tuple[str, ...] = ("such", "e.g", "eg.", "i.e", "example", "instance", "incl", "optional", "date", "time", "by ")
_CUES += ("behalf", "new ", "detailed", "full", "complete", "comprehensive", "extended", "the end", "the top")
_CUES += ("the bottom", "the start", "the beginning", "with their", "with its")
# A gloss: a word or two in parentheses, in lower case, after a word and before the request goes on,
# restating it ("which versions *(releases)* does jira project MOBILE have"): where no tool of the
# apps named says a word of it, it took mass no name carries (``glossed_words``); one a tool says
# stays ("get the jira PR *(pull request)* list": Jira has none, and says so); not a negation
# ("(not versions)") nor a value's ("(GB)", "(v2)")
_GLOSS = re.compile(
    r"(?<=[A-Za-z])\s+\((?!(?:not|no|except|excluding|without|only|just)\b)(?P<gloss>[a-z]+(?:[\s-][a-z]+)?)\)(?=\s+\w)"
)
_LEAST = 3  # words a request keeps past its asides: "list issues including closed" keeps three
_LONGEST = 400  # characters: an aside is a written request's, never pasted text's


def without_seen_fields(request: str) -> str:
    """``request`` without the fields it asks to see of the thing it reads (``_ASKED``), whether
    or not it names an app, where it gives the thing's id ("McDonald's brand, including their logo,
    colors and fonts" asks for a brand's logo); as written where it lists none, where they are
    quoted, where it is pasted text, or where fewer than three words would be left."""
    if len(request) > _LONGEST or not any(cue in request for cue in _SEEN_CUES):
        return request  # (most requests: no list after a dash or a colon, no "its" or "their")
    if not (asked := _ASKED.search(request)) or QUOTE_MARKS.search(asked.group(0)):
        return request
    kept = request[: asked.start()].rstrip(" ,;")
    return kept if len(tokenize(kept)) >= _LEAST and any(c.isdigit() for c in kept) else request


def without_asides(request: str, *, glossed: tuple[SearchIndex, frozenset[int]] | None = None) -> str:
    """``request`` without what it says beside what it asks (``_ASIDE``), a place inside a thing
    read as the thing's; ``request`` as written where it says none, where it quotes, where it is
    pasted text, or where fewer than three words would be left. ``glossed`` (``glossed_words``):
    the index and the named apps' tools, without a gloss in parentheses restating a word
    (``_GLOSS``) no word of which those tools say."""
    if len(request) > _LONGEST:
        return request
    if glossed is not None and glossed[1] and "(" in request:
        index, tools = glossed

        def unsaid(match: re.Match[str]) -> str:
            said = any(said_in(index, word, tools) for word in tokenize(match.group("gloss")))
            return match.group(0) if said else ""

        cut = _GLOSS.sub(unsaid, request)
        request = cut if len(tokenize(cut)) >= _LEAST else request
    folded = request.casefold()
    if not any(cue in folded for cue in _CUES) or QUOTE_MARKS.search(request):
        return request
    kept = _WITHIN.sub("to", _ASIDE.sub("", request)).strip()
    return kept if kept != request.strip() and len(tokenize(kept)) >= _LEAST else request
