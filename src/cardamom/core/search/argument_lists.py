"""A request that writes its call's arguments as code, read as the words a request says them
in: ``key=value`` pairs ("github list issues state=open labels=bug"), a JSON object ("stripe
create customer {"email": "jo@example.com"}"), a call's arguments ("stripe.Customer.create(
email='jo@example.com')", "octokit.issues.listForRepo({owner: 'acme'})"), an endpoint's query
string ("GET /repos/acme/api/issues?state=open"), a curl command. They become a with-clause
after the rest of the request ("stripe create customer with "jo@example.com""), each value
quoted, so that the rules reading a request's values and its with-clause read them
(``thing_values``). A field's key leaves: a field set is the request's argument, not the
tool's word; a key placing the thing or naming its query language ("repo=", "jql=") stays.

A key whose value is an object or a list ("properties": {...}) names the structure and leaves
with its brackets; a variable passed by name is no word. A colon pairs a key with its value
only inside braces or parentheses, or after a quoted key: outside them "Box: create key" names
an app.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from cardamom.core.search.argument_values import QUERY_LANGUAGES
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.value_words import CONTAINERS

_KEY = r"""(?:"(?P<dq>[A-Za-z_][\w.-]*)"|'(?P<sq>[A-Za-z_][\w.-]*)'|(?P<bare>[A-Za-z_][\w.-]*))"""
_VALUE = r"""(?:"(?P<dv>[^"]*)"|'(?P<sv>[^']*)'|(?P<nest>[\[{])|(?P<bv>[^\s,;&)}\]'"]+))"""
# (an address's scheme is no key: "https://host/path?*q=1*")
_PAIR = re.compile(rf"(?<![\w.-])(?:--?)?{_KEY}\s*(?P<sep>=|:(?!//))\s*{_VALUE}")
# What may stand between two pairs of one list: separators, brackets, and a command's flag for
# its next pair ("-d email=... *-d* name=...")
_BETWEEN = re.compile(r"^(?:[\s,;&{}()\[\]]|(?<!\S)-[A-Za-z]\b)*$")
_FLAG = re.compile(r"(?<!\S)-[A-Za-z]\s*$")  # "curl ... *-d* email=..."
# GitHub's CLI takes an endpoint's path without its slash, its method after -X
_GH_API_PATH = re.compile(r"\bgh api\s+(?:-X\s+(?P<method>[A-Za-z]+)\s+)?(?=[A-Za-z][\w.-]*/)")
# A call's arguments ("get_invoices(*xero_tenant_id*, statuses=[...])"): a variable passed by
# its name is the caller's, no word of the request; and JavaScript's "await" before a call
_CALL_ARGUMENTS = re.compile(r"(?<=[A-Za-z0-9_])\((?P<arguments>[^()]*)\)")
_VARIABLE = re.compile(r"^\s*[A-Za-z_][\w.]*\s*$")
_AWAIT = re.compile(r"(?<![\w.])await\s+(?=[A-Za-z_][\w.]*\()")
# curl's command, its method, and the options that say how, not what: "curl -s -X POST
# https://api.stripe.com/v1/customers -H 'Authorization: Bearer ...'" is the endpoint it calls
_CURL = re.compile(r"(?<![\w-])curl\s+")
_CURL_METHOD = re.compile(r"(?<!\S)(?:-X|--request)\s+(?P<method>[A-Za-z]+)")
_CURL_OPTIONS = re.compile(
    r"(?<!\S)(?:(?:-H|--header|-u|--user|-A|--user-agent)\s+(?:'[^']*'|\"[^\"]*\"|\S+)|-[sSiLkvf]+(?=\s|$)|--[a-z-]+(?=\s|$))"
)
# Keys saying where a thing is or how it is searched for: "repo=acme/api" is ``issues_list_for_repo``'s
_PLACING_KEYS = CONTAINERS | QUERY_LANGUAGES
_ID_WORDS = frozenset({"id", "ids", "gid", "uuid", "sid", "key"})
_BRACKETS = str.maketrans({c: " " for c in "{}()[]"})


class WrittenArguments(NamedTuple):
    """A request read for the arguments it writes as code (``read_arguments``)."""

    rest: str  # the request without them
    clause: str  # them as a with-clause ("with "jo@example.com" and repo "acme/api""), or ""
    words: frozenset[str]  # their words, keys and values ("*state*=*open*")


def read_arguments(request: str, named: Callable[[str], bool] = lambda _: False) -> WrittenArguments:
    """``request`` with its lists of written arguments taken out, those arguments as a
    with-clause ("with "jo@example.com" and "Jo""), which the request's other forms (a call, a
    keyword search ending in its action) are read without and which goes last, and their words,
    keys and values: a call's arguments by how they are written, which leave the mass wherever
    the request names no app (``scope``; inside one, the with-clause's rules read them:
    ``thing_values``). A key saying where the thing is or how it is searched for stays where
    some tool's name says it (``named``: "repo=acme/api", "jql=..."); a field's key leaves and
    its value stays ("name=", "body=", "to="): a field set is the request's argument, not the
    tool's word."""
    request = _GH_API_PATH.sub(lambda m: f"gh api {(m.group('method') or '').upper()} /", _as_endpoint(request))
    request = _CALL_ARGUMENTS.sub(_without_variables, _AWAIT.sub("", request))
    if "=" not in request and ":" not in request:
        return WrittenArguments(request, "", frozenset())
    pairs = [m for m in _PAIR.finditer(request) if _pairs(request, m)]
    if not pairs:
        return WrittenArguments(request, "", frozenset())
    runs: list[list[re.Match[str]]] = [[pairs[0]]]
    for pair in pairs[1:]:
        if _BETWEEN.match(request[runs[-1][-1].end() : pair.start()]):
            runs[-1].append(pair)
        else:
            runs.append([pair])
    kept: list[str] = []
    at = 0
    for run in runs:
        before = _FLAG.sub("", request[at : run[0].start()]).removesuffix("?")  # "/issues*?*state=open"
        kept += [before, " "]
        at = run[-1].end()
    kept.append(request[at:])
    said = [_said(pair, named) for run in runs for pair in run if pair.group("nest") is None]
    rest = "".join(kept)
    # the brackets an argument list stood in leave with it: "create(...)", "{...}"
    rest = rest.translate(_BRACKETS) if any(_bracketed(request, run[0]) for run in runs) else rest
    words = frozenset(token for m in pairs for token in (*tokenize(_key(m)), *tokenize(_value(m))))
    return WrittenArguments(rest.rstrip(), f" with {' and '.join(said)}" if said else "", words)


def _as_endpoint(request: str) -> str:
    """A curl command read as the endpoint it calls: its method first, its options out."""
    if _CURL.search(request) is None:
        return request
    request = _CURL_OPTIONS.sub(" ", _CURL.sub("", request))
    if _CURL_METHOD.search(request) is None:  # curl's own: POST with data, else GET
        method = "POST" if re.search(r"(?<!\S)(?:-d|--data\S*)\s", request) else "GET"
        request = re.sub(r"(?<!\S)(?=https?://)", f"-X {method} ", request, count=1)
    return " ".join(_CURL_METHOD.sub(lambda m: m.group("method").upper(), request).split())


def _without_variables(call: re.Match[str]) -> str:
    """A call's argument list without the variables it passes by name (none left: no list)."""
    kept = [a for a in call.group("arguments").split(",") if not _VARIABLE.match(a)]
    return f"({','.join(kept)})" if kept else ""


def _pairs(request: str, pair: re.Match[str]) -> bool:
    """Whether ``pair`` is a key and its value: ``=`` anywhere (never inside an address:
    "https://host/?q=1" is read by its query string, "a==b" is no pair), ``:`` after a quoted
    key or inside brackets."""
    if pair.group("sep") == "=":
        return not request[pair.end("sep") :].startswith("=")
    return pair.group("bare") is None or _bracketed(request, pair)


def _bracketed(request: str, pair: re.Match[str]) -> bool:
    """Whether ``pair`` stands inside an open brace or parenthesis of ``request``."""
    before = request[: pair.start()]
    return before.count("{") > before.count("}") or before.count("(") > before.count(")")


def _said(pair: re.Match[str], named: Callable[[str], bool]) -> str:
    """A pair as a request says it: its value quoted, an argument value whatever its words,
    after its key where that places or searches (``_PLACING_KEYS``) and ``named`` says every
    word of it but an id's."""
    key = _key(pair)
    value = _value(pair)
    quote = "'" if '"' in value else '"'
    words = [w for w in tokenize(key) if w not in _ID_WORDS]
    quoted = f"{quote}{value}{quote}" if value else ""
    if words and all(w in _PLACING_KEYS and named(w) for w in words):
        return f"{key} {quoted}".rstrip()
    return quoted


def _value(pair: re.Match[str]) -> str:
    """A pair's value as written, its quotes out ("" for an object or a list)."""
    return next((v for v in (pair.group("dv"), pair.group("sv"), pair.group("bv")) if v is not None), "")


def _key(pair: re.Match[str]) -> str:
    """A pair's key as written, its quotes out."""
    return pair.group("dq") or pair.group("sq") or pair.group("bare") or ""
