"""A request told as an attempt: one that failed, or one to try again (``told_attempts``).

An agent debugging writes what went wrong: "I'm getting an error when *creating a jira issue*",
"why does *posting to slack channel #general* fail", "*the stripe refund for charge ch_9* keeps
failing", "can't *upload report.pdf to box folder 12*", "*merging PR 8 in acme/api* returns 405",
"I tried to *delete asana task 12* but got forbidden", "*github issue 14 in acme/api* won't
*close*". The tool it needs is the one the attempt calls, to call it again or read what it says;
as written, "error", "fail" and "forbidden" drew a workflow's failure step or were the request's
rarest words. So is a request to try again: "try again to refund ...", "... once more",
"... again" (a thing done again with a verb of its own, "resend", is ``repeated_actions``').
Read as the attempt's order ("create a jira issue"), its gerund in the plain form.

Only where the attempt left is an order (its first word an action's), or a thing that names the
action ("the stripe refund for charge ch_9": ``verbal_nouns`` reads it).
"""

from __future__ import annotations

import re

from cardamom.core.search.app_scope import find_mentions
from cardamom.core.search.declined_acts import declined_in
from cardamom.core.search.failure_reports import reported_failure_in
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order_surroundings import without_surroundings
from cardamom.core.search.quoted_requests import quoted_request
from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.request_parts import with_apps
from cardamom.core.search.thing_histories import history_read
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verbal_nouns import known_verb, order_first

_ERROR = (
    r"(?:(?:an?\s+)?(?:\d{3}\s+)?(?:[\w-]+\s+)?(?:error|exception|failure)(?:\s+\d{3})?|(?:an?\s+)?\d{3}|forbidden)"
)
# the failure opening it: "I'm getting an error when", "error 404 when", "can't", "unable to" (a cry
# before it, "help,", is ``_HELP``'s)
_OPENING = re.compile(
    r"^\s*(?:(?:(?:i|we)(?:'m|\u2019m|\s+am|'re|\u2019re|\s+are)?\s+)?(?:(?:keep|kept)\s+)?"
    rf"(?:getting|get|got|seeing|see|hit|hitting)\s+{_ERROR}"
    rf"|{_ERROR})\s+(?:when|while|on|after|trying\s+to|for)\s+(?:i\s+|we\s+)?(?:try\s+to\s+|tried\s+to\s+)?"
    r"|^\s*(?:i\s+|we\s+)?(?:can't|can\u2019t|cannot|can\s+not|couldn't|couldn\u2019t|(?:am\s+|are\s+)?unable\s+to"
    r"|(?:am\s+|are\s+)?not\s+able\s+to|keep\s+failing\s+to|failed\s+to|fail\s+to)\s+"
    r"|^\s*(?:please\s+)?(?:try\s+(?:again|once\s+more|one\s+more\s+time)\s+to|try\s+to|retry\s+to"
    r"|(?:let's|let\u2019s)\s+try\s+to|one\s+more\s+try:?)\s+",
    re.IGNORECASE,
)
# "why does posting to slack fail", "why can't I create a notion page"
_WHY = re.compile(
    r"^\s*why\s+(?:(?:does|do|did|is|would)\s+(?P<doing>.+?)\s+(?:fail|failing|not\s+work|error\s+out|break)"
    r"|(?:can't|can\u2019t|cannot|won't|won\u2019t)\s+(?:i|we)\s+(?P<order>.+?))\s*\??\s*$",
    re.IGNORECASE | re.DOTALL,
)
# the failure after it: "... keeps failing", "... returns 405", "... didn't send", "... failed with 401"
_FAILING = re.compile(
    r"\s*,?\s+(?:keeps?\s+failing|(?:is\s+|are\s+)?failing|fails?|failed"
    r"|(?:is|isn't|isn\u2019t|is\s+not|doesn't|doesn\u2019t|does\s+not|didn't|didn\u2019t|did\s+not|won't|won\u2019t)"
    r"\s+(?:work(?:ing)?|go\s+through|send|succeed)"
    r"|(?:returns?|returned|throws?|threw|gives?(?:\s+me)?|gave(?:\s+me)?|raises?)\s+"
    rf"{_ERROR}|(?:fails?|failed|errors?(?:\s+out)?)\s+with\s+\S+)\b[^.?!,;]*[.?!]?\s*$",
    re.IGNORECASE,
)
# "I tried to delete asana task 12 but got forbidden": the attempt before "but"
_TRIED = re.compile(r"^\s*(?:i|we)\s+tried\s+to\s+(?P<order>.+?)\s*,?\s+but\b.*$", re.IGNORECASE | re.DOTALL)
# "github issue 14 in acme/api won't close": the thing, then the verb refused
_REFUSING = re.compile(
    r"^\s*(?P<thing>[^,.;:!?]{3,100}?)\s+(?:won't|won\u2019t|will\s+not|doesn't|doesn\u2019t|can't|can\u2019t)\s+"
    r"(?P<verb>[a-z]+)\s*[.!?]?\s*$",
    re.IGNORECASE,
)
# what tries again at the end: "... again", "... once more", "... one more time"
_AGAIN = re.compile(r"\s+(?:again|once\s+more|one\s+more\s+time)\s*[.!?]?\s*$", re.IGNORECASE)
# a cry opening it: "help, merging PR 8 ... returns 405"
_HELP = re.compile(r"^\s*(?:help|hmm+|ugh|argh)\s*[,!:]+\s*", re.IGNORECASE)
# a verb done again written with a hyphen: "re-open", "re-invite" ("reopen", as the names write it)
_REDONE = re.compile(r"(?<![\w-])re-(?=[a-z]{4,}\b)", re.IGNORECASE)
_FILTERING = re.compile(r"\b(?:that|which|who|were|was|have|has|had)\s*$", re.IGNORECASE)
# what an attempt's telling says somewhere (most requests say none: a cheap test first, as plain
# substrings: "n't" is "can't", "won't", "doesn't", "didn't", "isn't")
_TELLING: tuple[str, ...] = ("error", "exception", "fail", "forbidden", "n't", "n\u2019t", "cannot", "unable")
_TELLING += ("not able", "tried", "why", "again", "once more", "one more", "try", "re-", "getting", "got ")
_TELLING += ("seeing", "return", "throw", "threw", "give", "gave", "raise", "hitting")
_LONGEST = 2000  # characters


def attempted_in(index: SearchIndex, request: str) -> str:
    """``attempted`` where the index's switch reads attempts and ``request`` names a connected
    app, whose tools bound the answer ("why does my car fail" keeps its words); read before the
    request's arguments and addresses ("can't upload *report.pdf* ...": a file's). Read before
    it, in this order: a quoted order passed on (``quoted_requests``), a failure reported beside
    its order (``failure_reports``), an act declined before the one asked (``declined_acts``) and
    the history of a thing in its reader's words (``thing_histories``), each where its switch
    says: the words around the order name no tool, or the app's names give the history a word;
    before them, what ``order_surroundings`` reads."""
    request = without_surroundings(index, request)
    if index.options.quoted_requests:  # 'bob wrote "please cancel sub_1" - do it in stripe': "cancel sub_1 in stripe"
        # (the apps named around the quote are where it was said; one the org lacks still finds nothing)
        request = _placed(index, quoted_request(request), request, connected=False)
    # "Error 502 from droplet 77, reboot it": "reboot droplet 77"; the apps the report names its place
    request = _placed(index, reported_failure_in(index, request), request)
    # "don't delete box file 123, just move it ...": "move file 123 ..."
    request = _placed(index, declined_in(index, request), request)
    request = history_read(index, request)  # "activity on asana task 12": "get stories of asana task 12"
    if not index.options.told_attempts or len(request) > _LONGEST:
        return request
    lowered = request.casefold()
    if not any(word in lowered for word in _TELLING):
        return request
    read = attempted(request)
    if read == request:
        return request
    found = find_mentions(tokenize(request), index.app_mentions, index.label_postings)
    return read if any(mention.connected for mention in found) else request


def _placed(index: SearchIndex, read: str, request: str, *, connected: bool = True) -> str:
    """``read`` (``request`` read past its words around the order) with the apps ``request`` names
    there, as the place it asks in (``request_parts.with_apps``), the org's (``connected``) and
    those it lacks; ``request`` where nothing was read."""
    if read == request:
        return request
    named = tuple(find_mentions(tokenize(request), index.app_mentions, index.label_postings))
    return with_apps(read, named, connected=connected, others=True)


def attempted(request: str) -> str:
    """``request`` told as an attempt read as the attempt's order ("I'm getting an error when
    creating a jira issue": "create a jira issue"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    read = _read(request)
    return read if read.strip() != request.strip() and (order_first(read) or _names_action(read)) else request


def _read(request: str) -> str:
    request = _REDONE.sub("re", _HELP.sub("", request))
    why = _WHY.match(request)
    if why is not None:
        return _plain(why["doing"] or why["order"])
    tried = _TRIED.match(request)
    if tried is not None:
        return tried["order"]
    refusing = _REFUSING.match(request)
    if refusing is not None and order_first(refusing["verb"]):
        return f"{refusing['verb']} {refusing['thing']}"
    opened = _OPENING.match(request)
    rest = request[opened.end() :] if opened is not None else request
    failing = _FAILING.search(rest)
    # (an order's things "that failed" are a filter: "list stripe charges that failed")
    ordered = order_first(rest) and not rest.split(maxsplit=1)[0].casefold().endswith("ing")  # ("creating ..." fails)
    if failing is not None and not ordered and not _FILTERING.search(rest[: failing.start()]):
        rest = rest[: failing.start()]
    rest = _AGAIN.sub("", rest)
    return _plain(rest) if rest != request else request


def _plain(rest: str) -> str:
    """``rest`` with a first word in "-ing" written as the verb it is ("creating": "create")."""
    return as_verb(rest.strip())


def _names_action(rest: str) -> bool:
    """A thing naming its action leads what is left: "the stripe *refund* for charge ch_9"."""
    words = rest.casefold().split()[:4]
    return any(known_verb(word) for word in words)
