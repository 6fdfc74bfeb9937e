"""A thing given by its address ("close https://github.com/acme/web/issues/77", "get
https://acme.atlassian.net/browse/ENG-5", "download https://app.box.com/file/998877"), read as
the app its host names, the thing its path names and the thing's id: "close github issue 77 in
acme/web" (``thing_urls``). As written, the address is a value that names no app, and the
request is ranked among every app's tools with nothing left to stand on.

Only a host naming one of the org's apps is read (its name, past "www.", "app." and the like,
before the domain: ``github.com``, ``app.asana.com``; an API's host, "api.github.com", is an
endpoint's, ``endpoint_paths``); a host naming another product of the app's maker is read as
the app only where the org has that app (Jira's sites are ``*.atlassian.net``). A path's word
is the thing's kind where a tool name of the index says it (in either number) and it is no
action; the segment after it is its id, and the segments before it place it ("in acme/web");
ending the path, or before no id, it is the list ("/acme/web/issues", "/bookings/upcoming"). A
path naming no kind gives its last segment with a digit, an id; or a query's key naming a kind
("View.aspx?*InvoiceID=abc*": "invoice abc"); a GitHub path of two segments, no kind in them, is a
repository ("github.com/octocat/hello-world"), and a Slack archive's path a channel and its
message ("/archives/C123/p1712345678"). An address opening the request, an order on "this"
after it, is the order's object: "https://github.com/acme/api/issues/12 close this" is "close
github issue 12 in acme/api".
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.api_verbs import STATE_VERBS
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import is_plural, singular, tokenize

_URL = re.compile(
    r"\bhttps?://(?P<host>[A-Za-z0-9.-]+)(?::\d+)?(?P<path>/[^\s?#]*)?(?P<query>[?#][^\s]*)?", re.IGNORECASE
)
# an address, then an order on it: "https://github.com/acme/api/issues/12 *close this*", "... *mark
# done*" (not "... add *label bug*": an order with its own object)
_ADDRESS_FIRST = re.compile(
    r"^\s*(?P<url>https?://\S+)\s+(?:[-:,>]+\s*)?(?:please\s+)?(?P<verb>[A-Za-z]+)"
    r"(?:\s+(?:this|it|that)\b(?P<rest>.*)|(?P<state>(?:\s+[A-Za-z]+)?)\s*[.!]?)$",
    re.IGNORECASE | re.DOTALL,
)
# a query's key naming a thing by its id: "?InvoiceID=abc", "?task_id=5", "&contactId=9"
_KEYED_ID = re.compile(r"[?&#](?P<kind>[A-Za-z]+?)[_-]?id=(?P<id>[^&\s#]+)", re.IGNORECASE)
# GitHub's own pages, whose paths of two segments place no repository ("/orgs/acme")
_GITHUB_PAGES = frozenset(
    {"orgs", "organizations", "users", "settings", "marketplace", "topics", "sponsors", "apps", "notifications"}
    | {"explore", "features", "enterprises", "collections", "trending", "login", "new", "search", "codespaces"}
)
# a Slack archive's path: a channel, and a message in it ("p" and its timestamp's digits)
_SLACK_ARCHIVE = re.compile(r"^/archives/(?P<channel>[A-Z0-9]+)(?:/p(?P<message>\d+))?/?$", re.IGNORECASE)
# a host's first labels that name no app: "www.notion.so", "app.box.com", "dashboard.stripe.com"
_SERVICE_LABELS = frozenset({"www", "app", "dashboard", "go", "cloud", "console", "web", "my", "m"})
# a maker's host serving the app: Atlassian's sites serve Jira
_MAKERS = {"atlassian": "jira"}
_PLACES = 2  # "acme/web": an owner and a name place the thing
# a path's word for a thing the request says otherwise ("/pull/12": a pull request)
_PATH_WORDS = {"pull": "pull request"}
# the thing an app's address names with ids only ("notion.so/acme/Roadmap-9f2c", "app.asana.com/0/1/2")
_ID_ONLY = {"notion": "page", "asana": "task"}
_SEGMENT_END = ".,;:!?)"


def read_urls(request: str, mentions: Container[str], vocabulary: Container[str]) -> str:
    """``request`` with each address whose host names one of the org's apps (``mentions``: the
    index's app-name keys) read as that app, its thing and the thing's id; ``vocabulary``: the
    index's name words, which say what a path's word is a kind of."""
    if "://" not in request:
        return request
    first = _ADDRESS_FIRST.match(request)
    verb = first.group("verb").casefold() if first is not None else ""
    if first is not None and (is_action_word(verb) or (verb in vocabulary and not _is_kind(verb, vocabulary))):
        after = first.group("rest") if first.group("rest") is not None else first.group("state")
        request = f"{first.group('verb')} {first.group('url')}{after}"  # "close <address>", "mark <address> done"

    def read(match: re.Match[str]) -> str:
        app = _app(match.group("host"), mentions)
        if app is None:
            return match.group(0)
        path = (match.group("path") or "").rstrip(_SEGMENT_END)
        trailing = (match.group("path") or "")[len(path) :]
        thing = _placed(app, path) or _thing(path, vocabulary, _ID_ONLY.get(app, ""))
        thing = thing or _keyed(match.group("query") or "", vocabulary)
        return f"{app} {thing}".rstrip() + trailing

    return _URL.sub(read, request)


def _app(host: str, mentions: Container[str]) -> str | None:
    """The app's name ``host`` gives: "github.com" is "github", "cal.com" "cal.com"; None where
    no label of it (its domain aside) names one of the org's apps."""
    labels = host.casefold().split(".")
    if len(labels) < 2 or labels[0] == "api":
        return None  # "api.github.com/repos/...": an endpoint, read as one (``endpoint_paths``)
    if " ".join(labels[-2:]) in mentions:
        return ".".join(labels[-2:])  # "cal.com": the app's name is its host
    for label in reversed(labels[:-1]):
        if label in _SERVICE_LABELS:
            continue
        name = _MAKERS.get(label, label)
        if " ".join(tokenize(name)) in mentions:
            return name
    return None


def _thing(path: str, vocabulary: Container[str], unnamed: str) -> str:
    """The thing ``path`` names, as words: "issue 77 in acme/web" for "/acme/web/issues/77",
    "issues in acme/web" for "/acme/web/issues"; ``unnamed``, the thing of an address naming
    none, before its id ("page Roadmap-9f2c" for Notion's)."""
    segments = [s for s in path.split("/") if s]
    kinds = [at for at, segment in enumerate(segments) if _is_kind(segment.casefold(), vocabulary)]
    if not kinds:
        found = next((s for s in reversed(segments) if _is_id(s)), "")
        return f"{unnamed} {found}".strip() if found else ""
    at = kinds[-1]
    word = segments[at].casefold()
    place = segments[:at]
    placed = f" in {'/'.join(place)}" if 0 < len(place) <= _PLACES and not any(map(_is_id, place)) else ""
    if at == len(segments) - 1 or not _is_id(segments[at + 1]):
        return " ".join((word, *segments[at + 1 :])) + placed  # "/acme/web/issues", "/bookings/upcoming": a list
    return f"{_PATH_WORDS.get(singular(word), singular(word))} {segments[at + 1]}{placed}"


def _keyed(query: str, vocabulary: Container[str]) -> str:
    """The thing a query's key names by its id ("?InvoiceID=abc": "invoice abc"), where a tool
    name of the index says the kind; "" otherwise."""
    keyed = _KEYED_ID.search(query)
    if keyed is None or not _is_kind(keyed.group("kind").casefold(), vocabulary):
        return ""
    return f"{keyed.group('kind').casefold()} {keyed.group('id')}"


def _placed(app: str, path: str) -> str:
    """The thing an app's path names by its place alone: a GitHub owner and name, a repository
    ("/octocat/hello-world", not "/orgs/acme"); a Slack archive's channel and message; ""
    otherwise."""
    segments = [s for s in path.split("/") if s]
    if app == "github" and len(segments) == _PLACES and segments[0].casefold() not in _GITHUB_PAGES:
        return f"repo {'/'.join(segments)}"
    archive = _SLACK_ARCHIVE.match(path) if app == "slack" else None
    if archive is None:
        return ""
    channel = f"channel {archive.group('channel')}"
    return f"message {archive.group('message')} in {channel}" if archive.group("message") else channel


def _is_kind(word: str, vocabulary: Container[str]) -> bool:
    """A tool name of the index says ``word``, in either number, and it is no action (Slack's
    "/archives/C0123" names a channel, not its archiving)."""
    other = singular(word) if is_plural(word) else f"{word}s"
    acts = is_action_word(singular(word)) or singular(word) in STATE_VERBS
    return word.isalpha() and (word in vocabulary or other in vocabulary) and not acts


def _is_id(segment: str) -> bool:
    return any(c.isdigit() for c in segment)
