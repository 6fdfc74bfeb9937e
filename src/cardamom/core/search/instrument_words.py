"""An app named as the instrument a request is done with (``instrument_words``).

A model writes the app it means as a means: "*use the Stripe API to* list customers", "*using
the GitHub API,* list open pull requests", "*through the Asana integration,* add a task",
"upload report.pdf to folder 123 *using Box*", "the *Slack API* conversations.list". The app's
name scopes the request as it does anywhere, but "use", "using", "call" and "API" were words of
the request: "use" weighed more than "customers" in Stripe, and Slack's ``api_test`` carries
"api". Read as the plain request with the app placed after it ("list customers in stripe"),
the words of the means leave it.

So is an app told to do it: "*have Asana* create a project", "*get Slack to* post ...", "*ask
Jira for* the transitions of PROJ-3".

Only around an app's name, as written in full: "use a template", "call +1555..." and "test the
Slack API" (nothing after it) keep their words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Container, Mapping

from cardamom.core.search.app_scope import find_mentions
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.synonyms import LEADING_VERBS, is_action_word
from cardamom.core.search.tokens import tokenize, unique
from cardamom.core.search.verb_readings import leads_a_name

_OWNERS = r"(?:(?:the|my|our|your)\s+)?"
# what a means is called after its app's name: "the Stripe *API*", "the Jira *REST API*"
_MEANS = r"(?:(?:rest|graphql|public|web)\s+)?(?:api|apis|sdk|integration|connector|mcp(?:\s+server)?)"
# a verb of using it, or a preposition of passing through it
_USING = r"(?:use|using|utili[sz]e|utili[sz]ing|leverage|leveraging|call|calling|by\s+using)"
_PASSING = r"(?:via|through|thru|with)"
_LONGEST = 4  # words of an app's name
_WINDOW = 120  # characters: a preposition, an owner's word, an app's name and the means' words


def _by_length(pattern: str) -> list[re.Pattern[str]]:
    """``pattern`` with ``{app}`` an app's name of one to four words (none of them a mark
    between clauses), compiled for each length, the longest first."""
    return [
        re.compile(pattern.replace("{app}", rf"(?P<app>[\w.\-]+(?:\s+[\w.\-]+){{{n - 1}}})"), re.I | re.S)
        for n in range(_LONGEST, 0, -1)
    ]


# "use the stripe api to list customers", "with the jira api create a bug", "via Slack, send ..."
_LEADING = _by_length(
    rf"^\s*(?:please\s+)?(?:(?P<using>{_USING})|{_PASSING})\s+{_OWNERS}{{app}}"
    rf"(?P<means>\s+{_MEANS})?(?P<then>\s*[,:;]|\s+-+|\s+to\b|\s+and\b)?\s+(?P<rest>\S.*)$"
)
# "list customers using the stripe api", "... via the Slack API"
_TRAILING = _by_length(
    rf"^(?P<rest>.*\S)\s*,?\s+(?:(?P<using>using|utili[sz]ing|leveraging|by\s+using)|{_PASSING}|in|on|from)\s+"
    rf"{_OWNERS}{{app}}(?P<means>\s+{_MEANS})?[\s.!?]*$"
)
# ``qualified_means``: the means named by its product or version between the app's name and "API"
# ("use the xero *accounting* api to get invoices", "with twilio's *messaging* api send ...",
# "cal.com *v2* api cancel ..."), an endpoint that does it ("hit the digitalocean endpoint *that*
# lists droplets") or asked *for* a thing ("query the jira api *for* issue ENG-4": its get)
_QUALIFIED = _by_length(
    rf"^\s*(?:please\s+)?(?:(?P<using>{_USING}|hit|query|ping)|{_PASSING})\s+{_OWNERS}{{app}}(?:'s|\u2019s)?"
    r"(?P<qualifier>\s+[\w.\-]+)?"
    rf"(?P<means>\s+(?:{_MEANS}|endpoints?))(?P<then>\s*[,:;]|\s+-+|\s+to\b|\s+and\b|\s+(?:that|which)\b|\s+for\b)?"
    r"\s+(?P<rest>\S.*)$"
)
# "have Asana create a project", "get Slack to post ...", "ask Jira for the transitions of ...":
# the app told to do it
_CAUSING = _by_length(
    rf"^\s*(?:please\s+)?(?P<causing>have|make|get|ask|tell)\s+{_OWNERS}{{app}}\s+"
    r"(?:(?P<to>to)\s+|(?P<for>for)\s+)?(?P<rest>\S.*)$"
)
# "list Twilio calls from yesterday *using the API*": the means without its app's name again
_MEANS_LAST = re.compile(
    rf"(?<!\s)(?:\s*,\s*|\s+)(?:using|via|through|thru|with)\s+(?:(?:the|its|their|our)\s+)?{_MEANS}[\s.!?]*$", re.I
)
# "the Slack API conversations.list", "stripe api list customers": the means' word amid the
# request, not one naming a thing of it ("create a sendgrid api *key*")
_MODIFIED = (
    r"(?:keys?|tokens?|calls?|limits?|usage|versions?|logs?|requests?|credentials?|secrets?|clients?|access|rate)"
)
# (nor the command of a CLI before a path: "gh api repos/acme/api/issues")
# (each pattern starts at a run of spaces' first, so a long run costs no more than its length)
_AMID = re.compile(rf"(?<!\s)\s+{_MEANS}(?=\s*[,:]?\s+(?!{_MODIFIED}\b)[^\s/]+(?:\s|$))", re.IGNORECASE)
# ... and a version before it: "cal.com *v2 api* cancel booking 881" (``qualified_means``)
_VERSIONED = re.compile(rf"(?<!\s)\s+v\d+(?:\.\d+)?\s+{_MEANS}(?=\s*[,:]?\s+(?!{_MODIFIED}\b)[^\s/]+(?:\s|$))", re.I)


# what a request must say for any pattern above to apply (most say neither: a cheap test first)
_OPENS = re.compile(
    rf"^\s*(?:please\s+)?(?:{_USING}|{_PASSING}|have|make|get|ask|tell|hit|query|ping)\b", re.IGNORECASE
)
_SAYS_MEANS = re.compile(rf"\b(?:using|utili[sz]ing|leveraging|by\s+using|{_MEANS})\b", re.IGNORECASE)


def as_instrument(
    request: str,
    mentions: Mapping[str, tuple[str, ...]],
    labels: Container[str] = (),
    qualified: Callable[[str], bool] | None = None,
) -> str:
    """``request`` with the app it names as its means read as its place: "use the stripe api
    to list customers" reads "list customers in stripe" (``mentions``, ``labels``: the index's
    app names and connector-label words); with ``qualified`` (``qualified_means``: whether a
    word opens a name of a tool), so too a means named by its product or version, an endpoint
    or a thing asked for ("the slack *admin* api" keeps its word: ``admin_users_list``). The
    request as written where no app is named so."""

    def names_app(words: str) -> bool:
        tokens = tokenize(words)
        found = find_mentions(tokens, mentions, labels)
        return bool(tokens) and {w for mention in found for w in mention.words} >= set(tokens)

    opens = _OPENS.match(request) is not None
    for pattern in _LEADING if opens else ():
        leading = pattern.match(request)
        if leading is None or not names_app(leading["app"]):
            continue
        then = (leading["then"] or "").strip()
        # a verb of using needs a "to" or a mark before the request ("use box to upload ...");
        # a preposition of passing, the means' word or a mark ("via slack, send ...")
        if leading["means"] or (then and (leading["using"] or then in {",", ":", ";"})):
            return f"{leading['rest'].rstrip(' .!?')} in {leading['app']}"
    qualifying = _qualified_means(request, names_app, qualified) if opens and qualified is not None else None
    if qualifying is not None:
        return qualifying
    for pattern in _CAUSING if opens else ():
        causing = pattern.match(request)
        if causing is None or not names_app(causing["app"]):
            continue
        verb, rest = causing["causing"].casefold(), causing["rest"].rstrip(" .!?")
        if causing["for"] and verb == "ask":
            return f"get {rest} in {causing['app']}"
        # "get", "ask" and "tell" with their "to"; "have" and "make" before an action ("have
        # asana create ..."), not a thing made ("make slack channel ...")
        if (causing["to"] and verb in {"get", "ask", "tell"}) or (
            verb in {"have", "make"} and not causing["to"] and _is_action(rest.split()[0])
        ):
            return f"{rest} in {causing['app']}"
    if _SAYS_MEANS.search(request) is None:
        return request
    # the means closes the request: read its last words only (a long request costs no more)
    window = request[-_WINDOW:]
    before = request[: len(request) - len(window)]
    for pattern in _TRAILING:
        trailing = pattern.match(window)
        if trailing is not None and (trailing["using"] or trailing["means"]) and names_app(trailing["app"]):
            return f"{(before + trailing['rest']).rstrip(' ,')} in {trailing['app']}"
    last = _MEANS_LAST.search(request)
    if last is not None and find_mentions(tokenize(request[: last.start()]), mentions, labels):
        return request[: last.start()]
    versioned = _VERSIONED.search(request) if qualified is not None else None
    for amid in (versioned,) if versioned is not None else _AMID.finditer(request):
        words = request[: amid.start()].split()
        # the words right before the means' word, up to four, naming an app
        if any(names_app(" ".join(words[-n:])) for n in range(1, min(_LONGEST, len(words)) + 1)):
            return request[: amid.start()] + request[amid.end() :]
    return request


def _qualified_means(request: str, names_app: Callable[[str], bool], opens_name: Callable[[str], bool]) -> str | None:
    """``request`` with its means named by its product or version, an endpoint or a thing asked
    for read as its place (``_QUALIFIED``), where the qualifying word opens no tool's name
    (``opens_name``); None where it names none so."""
    for pattern in _QUALIFIED:
        means = pattern.match(request)
        if means is None or not names_app(means["app"]) or opens_name((means["qualifier"] or "").strip().casefold()):
            continue
        rest, then = means["rest"].rstrip(" .!?"), (means["then"] or "").strip().casefold()
        return f"{'get ' if then == 'for' else ''}{rest} in {means['app']}"
    return None


def instrument_read(index: SearchIndex, request: str) -> str:
    """``as_instrument`` with the index's app names, and (``qualified_means``) its tools' names."""
    leading = functools.partial(leads_a_name, index) if index.options.qualified_means else None
    return as_instrument(request, index.app_mentions, index.label_postings, leading)


def means_words(written: str, read: str) -> tuple[str, ...]:
    """The words of the means ``written`` said and its reading ``read`` left out ("use", "api")."""
    kept = set(tokenize(read))
    return unique(t for t in tokenize(written) if t not in kept)


def _is_action(word: str) -> bool:
    """Whether ``word`` is an action a request opens with ("create", "open")."""
    lowered = word.casefold()
    return is_action_word(lowered) or lowered in LEADING_VERBS
