"""An endpoint written as an HTTP method and a path ("POST /v1/customers", "GET
/repos/{owner}/{repo}/issues", "DELETE https://api.stripe.com/v1/customers/{id}"), read as the
request it stands for ("post customers", "list issues in repo", "delete customer").

A model that has read an app's API reference writes its requests this way. As written, the
path's version ("v1", "2.0", "2010-04-01"), its parameters ("{owner}") and its extension
(".json") are words some description carries by chance, and outweigh the path's resources:
"POST /v1/customers" found a tool whose description says "v1". The method says the action, the
last resource the thing acted on, and the resources before it where that thing lives ("GET
/projects/{id}/tasks": the tasks *in* a project, Asana's ``get_tasks_for_project``).

A path is read only after a method, or where it has a parameter or opens with a version
("/v1/", "/rest/api/3/"): "upload /Users/ana/report.pdf to box" names a file, and
"https://github.com/acme/api/pull/12" a page, whose last number is an id. A path's query
("?status=busy") filters, no resource; an action written in camel case is its words
("/tasks/{id}/*addFollowers*": "add followers in task").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import takewhile

from cardamom.core.search.keyword_order import trailing_verb
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import is_plural, singular, tokenize

_METHOD = r"(?:GET|POST|PUT|PATCH|DELETE|get|post|put|patch|delete)"
# A path: from a slash (or a URL's scheme) to the next space, with a letter in it.
_ENDPOINT = re.compile(
    rf"(?:(?<!\S)(?P<method>{_METHOD})\s+)?(?<!\S)(?:https?://(?P<host>[^\s/]+))?(?P<path>/[^\s]*[A-Za-z][^\s]*)"
)
_PARAMETER = re.compile(r"^(?:\{[^}]*\}|<[^>]*>|:\w+|\*)$")
_VERSION = re.compile(r"^(?:v\d+(?:\.\d+)*(?:beta|alpha)?\d*|\d+(?:[.\-]\d+)*)$", re.IGNORECASE)
# Segments that place an API, not a resource: "/rest/api/3/issue", "/api.xro/2.0/Invoices"
_PREFIXES = frozenset({"api", "apis", "rest", "public", "graphql"})
# Segments standing for the caller's own thing: "/users/*me*" is the caller's user
_CALLER = frozenset({"me", "self", "current"})
_HOST_PREFIXES = frozenset({"api", "www", "app"})
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_EXTENSION = re.compile(r"\.(?:json|xml|yaml|yml|csv|html?)$", re.IGNORECASE)
# Verbs a path ends with as its action, besides those a keyword search ends with
# (``keyword_order.trailing_verb``): "/messages/send", "/charges/{id}/capture"
_ACTION_SEGMENTS = frozenset({"send", "query", "reply", "dispatch", "trigger", "capture", "refund", "pay", "sync"})


def read_endpoints(request: str, known: Callable[[str], bool] | None = None) -> str:
    """``request`` with each endpoint it writes (a method and a path) read as words: the method
    (a GET of a collection lists it), the last resource, and "in" each resource before it,
    nearest first; ``request`` as written where it writes none. ``known`` (``path_values``):
    whether a word is one some tool's name carries, to read a segment written in a parameter's
    place as a value ("/repos/*acme*/*api*/pulls/*12*/files")."""
    if "/" not in request:
        return request
    return _ENDPOINT.sub(lambda match: _read(match, known), request)


def _read(match: re.Match[str], known: Callable[[str], bool] | None) -> str:
    method = (match.group("method") or "").lower()
    path = match.group("path")
    written = match.group(0)
    host = match.group("host")
    # (its query's filters are values, no resource: "/Calls.json*?Status=busy*")
    segments = [s for s in path.partition("?")[0].split("/") if s]
    # ``path`` must be an endpoint's, not a file's or a web page's: a method before it, a
    # parameter, or a version it opens with ("/v1/...", "/2.0/..."); "github.com/acme/api/pull/12"
    # ends with an id
    leading = takewhile(lambda s: bool(_VERSION.match(s)) or _is_prefix(s), segments)  # "/rest/api/3"
    if not method and not any(_PARAMETER.match(s) for s in segments) and not any(_VERSION.match(s) for s in leading):
        return written
    resources: list[str] = []  # each as the request says it: one of a collection where an id follows
    last_is_parameter = False
    for segment in segments:
        # a value written in a parameter's place: "/repos/*acme*/...", "/customers/*cus_9s6X*"
        after_collection = bool(resources) and not last_is_parameter and is_plural(resources[-1])
        valued = (
            known is not None
            and bool(resources)
            and segment.lower() not in _CALLER
            and _is_value(segment, known, after_collection)
        )
        if _PARAMETER.match(segment) or valued:
            if resources and not last_is_parameter and resources[-1].isalpha():  # "/droplets/{id}"
                resources[-1] = singular(resources[-1])
            last_is_parameter = True
            continue
        segment = _EXTENSION.sub("", segment)
        if segment.lower() in _CALLER and resources and resources[-1].isalpha():  # "/users/me"
            resources[-1] = f"my {singular(resources[-1])}"
            last_is_parameter = True
            continue
        if _VERSION.match(segment) or (not resources and _is_prefix(segment)):
            continue
        if not any(c.isalpha() for c in segment):
            continue
        # (not a proper name; an action written in camel case is its words: "/tasks/{id}/*addFollowers*")
        resources.append(segment if "." in segment else _CAMEL.sub(" ", segment).lower())
        last_is_parameter = False
    if not resources:
        return written
    *places, thing = resources
    words: list[str] = []
    if places and (trailing_verb(thing) or thing in _ACTION_SEGMENTS):  # ".../{id}/finalize"
        words.append(thing)
        thing = places.pop()
    elif places and " " in thing and is_action_word(thing.split()[0]):  # ".../{id}/addFollowers": its own action
        words.append(thing.split()[0])
        thing = " ".join(thing.split()[1:])
    elif method and "." not in thing:  # a method's name ("/api/chat.postMessage") says its own action
        lists = method == "get" and not last_is_parameter and is_plural(thing)  # "/v1/balance": one
        # the method as written otherwise: names made from paths say it ("post_customers"), and
        # every app's names say "post", "put" and "patch" through a synonym of their action
        words.append("list" if lists else method)
    words.append(thing)
    for place in reversed(places):  # "/projects/{id}/tasks": the tasks in one project
        words += ["in", place]
    if host:  # "api.stripe.com": the app's name
        words += [label for label in host.split(".")[:-1] if label.lower() not in _HOST_PREFIXES]
    return " ".join(words)


def _is_prefix(segment: str) -> bool:
    """A segment placing the API: "api", "rest", or one naming it with a dot ("api.xro")."""
    return segment.lower() in _PREFIXES or ("." in segment and segment.split(".")[0].lower() in _PREFIXES)


def _is_value(segment: str, known: Callable[[str], bool], after_collection: bool) -> bool:
    """A segment written in a parameter's place: a number; one word, not a plural nor an action,
    after a collection ("/repos/*octocat*", a REST path's id follows its collection); or words
    no tool's name carries, as written or in the singular ("acme", "cus_9s6X"; not "pulls")."""
    if segment.isdigit():
        return True
    segment = _EXTENSION.sub("", segment)
    lowered = segment.lower()
    if after_collection and not is_plural(lowered) and not trailing_verb(lowered) and lowered not in _ACTION_SEGMENTS:
        return True
    words = [w for w in tokenize(_CAMEL.sub(" ", segment).lower()) if w.isalpha()]  # ("addFollowers": two words)
    return bool(words) and not all(known(w) or known(singular(w)) for w in words)
