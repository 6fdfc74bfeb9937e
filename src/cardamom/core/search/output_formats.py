"""The form a request asks its answer in ("list github repos *as a table*", "stripe customers *in
JSON*", "export the invoices *as csv*"): how the caller shows the answer, no word of the tool
that gets it. In a request naming a connected app, it leaves the request where no name of the
app carries its words; Notion's ``retrieve_page_markdown`` keeps "as markdown"
(``output_formats``). So does the page of it asked for ("*the next page of* stripe customers",
"*page 2 of* jira issues"): a cursor's or an offset's value, the things listed the request.
So does the order asked for ("*newest first*", "*sorted by due date*", "*in descending order*"):
a sort parameter's value (``sort_orders``). So does a superlative before the things ("the *most
recent* stripe charge", "the *largest* stripe invoice"): the things listed in its order, read in the
plural, where no name of the app says it with the thing (``repos_get_latest_release``;
``superlative_orders``). So does a report asked of things ("give me *a table of* open jira issues",
"*a report of* xero invoices", "*print* the box folder 99 contents", "... *into a sheet*"): the
things shown, where no name of the app says the report's word with a word of theirs (Xero's reports
are of a balance sheet, never of invoices; things exported are ``exported_lists``';
``asked_reports``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Container, Iterable

from cardamom.core.search.dated_words import DATE_WORDS
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import is_plural, plural, tokenize
from cardamom.core.search.verb_readings import literal_names

# "as a table", "in JSON format", "as a bulleted list", "formatted as plain text", at the end of
# the request or before a next clause ("as a table, sorted by name")
_FORMAT = re.compile(
    r"\s*\b(?:as|in|into|formatted\s+as)\s+(?:an?\s+|the\s+)?"
    r"(?P<form>(?:(?:nicely\s+)?formatted\s+|bulleted\s+|numbered\s+|plain\s+|markdown\s+|csv\s+|json\s+|html\s+)?"
    r"(?:table|json|csv|markdown|yaml|xml|list|bullets|bullet\s+points|text|spreadsheet|html)"
    r"(?:\s+(?:format|form))?)"
    r"(?=\s*(?:$|[.,;:!?)]|\s+(?:and|then|please|sorted|grouped|ordered)\b))",
    re.IGNORECASE,
)

# a report asked of things: "give me a table of ...", "a quick summary of ...", "print ..."
_REPORT = re.compile(
    r"^\s*(?:(?:please\s+)?(?:(?:give|get|send|show|make|build|create|generate|pull|produce|prepare|run|want|need)"
    r"(?:\s+me)?\s+)?(?:(?:an?|the|me\s+an?)\s+)?(?:(?:quick|full|short|brief|detailed|complete|weekly|monthly|daily)"
    r"\s+)?(?P<form>table|report|spreadsheet|sheet|overview|digest|summary|rundown|breakdown|round-?up|printout"
    r"|csv|listing)\s+(?:of|on|for|about)"
    r"|(?P<verb>print|output|tabulate|summari[sz]e))\s+(?P<things>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# where the report goes: "into a sheet", "to excel", "in a google sheet"
_SHEET = re.compile(
    r"\s+(?:in|into|to|onto)\s+(?:an?\s+|the\s+|my\s+)?(?:google\s+)?(?:sheets?|spreadsheet|excel|csv(?:\s+file)?)"
    r"(?=\s*(?:$|[.,;:!?]))",
    re.IGNORECASE,
)

# "the next page of", "page 2 of": which page of the list
_PAGING = re.compile(
    r"\b(?:(?:the\s+)?(?:next|previous|first|last|second|third|fourth|fifth|following|\d+(?:st|nd|rd|th))\s+page"
    r"|page\s+\d+)\s+of\s+(?:the\s+)?",
    re.IGNORECASE,
)

# "newest first", "sorted by due date", "ordered by created date desc", "in descending order", at
# the request's end or before a next clause
_ORDER = re.compile(
    r"[\s,\-\u2013\u2014]*\b(?P<form>(?:(?:the\s+)?(?:newest|oldest|latest|earliest|most\s+recent|least\s+recent"
    r"|highest|lowest|largest|smallest|biggest|recent)\s+(?:ones?\s+)?first"
    r"|(?:sorted|ordered|sort|order)\s+by\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?(?:\s+(?:asc|desc|ascending|descending))?"
    r"|in\s+(?:ascending|descending|reverse\s+chronological|chronological|alphabetical)\s+order))"
    r"(?=\s*(?:$|[.,;:!?)]|\s+(?:and|then|please|as|in)\b))",
    re.IGNORECASE,
)


def without_formats(
    index: SearchIndex,
    request: str,
    apps: Collection[str],
    *,
    orders: bool = False,
    superlatives: bool = False,
    reports: bool = False,
    app_words: Container[str] = (),
) -> str:
    """``request`` without the page of the answer it asks for, without the forms it asks its
    answer in whose words no name of ``apps``' tools carries (a form's word the request says
    elsewhere stays: "*list* asana projects as a bulleted list" keeps its verb), (``orders``)
    without the order it asks the list in, and (``superlatives``) with the things a superlative
    orders in the plural, the superlative out; (``reports``) a report asked of things as the things
    shown (``app_words``: the words naming the apps, which a tool's name may carry)."""
    if len(request) > 2000:
        return request  # a form is asked in a request's last words, never in pasted text
    if reports:
        request = _reported(index, request, apps, app_words)
    paged = _PAGING.sub("", request)
    request = paged if paged.strip() else request
    if _FORMAT.search(request):
        request = _without_forms(index, request, apps)
    if orders and _ORDER.search(request):
        # an order's words are a sort parameter's, its key a field's name ("sorted by
        # *comments*" is no list of comments): they leave whatever the names say
        bare = _ORDER.sub("", request)
        request = bare if bare.strip() else request
    if superlatives and _SUPERLATIVE.search(request):
        request = _SUPERLATIVE.sub(functools.partial(_listed, index, apps), request)
    return request


def _reported(index: SearchIndex, request: str, apps: Collection[str], app_words: Container[str]) -> str:
    """``request`` asking a report of things as the things shown ("a table of open jira
    issues": "show open jira issues"), where no name of ``apps``' tools says the report's word
    with a word of the things (``app_words``: the words naming the apps, which a name may carry);
    without where the report goes ("into a sheet")."""
    lowered = request.casefold()
    sheet = _SHEET.search(request) if "sheet" in lowered or "excel" in lowered or "csv" in lowered else None
    if sheet is not None and len(tokenize(request[: sheet.start()])) >= 2:
        request = request[: sheet.start()] + request[sheet.end() :]
    found = _REPORT.match(request)
    if found is None:
        return request
    written = (found.group("form") or found.group("verb")).casefold()
    tools = index.tools_of(apps)
    reports = frozenset().union(*(literal_names(index, w) for w in tokenize(written))) & tools
    words = [w for w in tokenize(found.group("things")[:200]) if w.isalpha() and w not in app_words]
    if any(literal_names(index, w) & reports for w in words):
        return request  # an app's own report of the things ("a report of the balance sheet": Xero's)
    return f"show {found.group('things')}"


def _without_forms(index: SearchIndex, request: str, apps: Iterable[str]) -> str:
    """``request`` without the forms whose words no name of ``apps``' tools carries."""
    tools = index.tools_of(apps)
    said = set(tokenize(_FORMAT.sub(" ", request)))

    def kept(match: re.Match[str]) -> str:
        words = [t for t in tokenize(match.group("form")) if t not in said]
        return match.group(0) if any(literal_names(index, w) & tools for w in words) else ""

    bare = _FORMAT.sub(kept, request)
    return bare if bare.strip() else request


# "the most recent stripe charge", "the largest stripe invoice": then the words of the things
_SUPERLATIVE = re.compile(
    r"\b(?:the\s+|my\s+|our\s+)?(?P<word>most\s+recent(?:ly\s+(?:created|updated|modified|added|opened))?"
    r"|least\s+recent|most\s+expensive|latest|newest|oldest|earliest|last|first|largest|biggest|smallest"
    r"|highest|lowest|cheapest|next|previous|upcoming|second|third|fourth|fifth|2nd|3rd|4th|5th|every|each)\s+"
    r"(?P<things>[a-z]+(?:[\s.-]+[a-z]+){0,3})\b",
    re.IGNORECASE,
)
# words ending the things' words ("the latest stripe charge *in* ...") and words a superlative
# orders that are no things ("the last *month*", "the first *name*": a time, a field)
_PAST_THINGS = frozenset(
    {"in", "on", "of", "for", "from", "to", "with", "by", "at", "this", "that", "since", "before", "after", "and"}
    | {"or", "where", "which", "who", "whose", "created", "sent", "made", "opened", "added", "updated", "today"}
)
_NO_THINGS = frozenset({"month", "week", "year", "day", "quarter", "hour", "minute", "night", "time", "weekend"})
_NO_THINGS |= {"name", "page", "one", "ones", "few", "couple", "several", "first", "last", "times"}
_NO_THINGS |= DATE_WORDS  # "next *tuesday*", "last *friday*": a day, no things


def _listed(index: SearchIndex, apps: Iterable[str], found: re.Match[str]) -> str:
    """The things a superlative orders, in the plural and without it; ``found`` as written where
    they are no things or a name of ``apps``' tools says the superlative with the thing."""
    words = found.group("things").split()
    # (a participle after the things says which: "every open jira issue *assigned* to me")
    end = next((i for i, w in enumerate(words) if w.casefold() in _PAST_THINGS or (i and w.endswith("ed"))), len(words))
    things = words[:end]
    if not things or things[-1].casefold() in _NO_THINGS or things[-1].casefold().endswith("ed"):
        return found.group(0)
    said = tokenize(found.group("word"))[-1:] + tokenize(things[-1])
    tools = index.tools_of(apps)
    for word in said:
        tools &= literal_names(index, word)
    if tools:
        return found.group(0)  # ``repos_get_latest_release``: "the latest release" is its own
    thing = things[-1]
    many = thing if is_plural(thing.casefold()) else plural(thing)
    return " ".join((*things[:-1], many, *words[end:]))
