"""A request written as a call in an app's SDK or API ("twilio messages.create",
"stripe.customers.create", "xero accountingApi.getContacts"), read as the words of the request
it stands for ("twilio create messages", "xero getContacts").

An SDK names its calls object first and method last: the method is the action, and as written
it comes last, where the rules that read a request's verb do not look for it. A method that is
a whole name ("getContacts", "addFollowersForTask") reads as a guessed name does, as written, but
for the SDK's client ("accountingApi") or namespace ("rest") before it, and an id it is called
by ("getFileById"), words no tool carries.

Only a word of identifiers joined by dots or colons whose last part is an action, or a method
named with its module after a client alone ("client.chat_postMessage"): a host ("github.com"), a
file ("report.pdf") or a version ("v1.2") stays as written.
"""

from __future__ import annotations

import re

from cardamom.core.search.keyword_order import trailing_verb
from cardamom.core.search.synonyms import action_forms
from cardamom.core.search.tokens import singular

_CALL = re.compile(r"(?<!\S)[A-Za-z_]\w*(?:(?:::|[.:])[A-Za-z_]\w*)+(?![^\s(])")  # (its arguments after it)
_BY_ID = re.compile(r"(?<=[a-z])By(?:Id|ID|Key|Gid|Uuid|Sid)$")
_CAMEL_HEAD = re.compile(r"^[a-z]+(?=[A-Z])")
# Parts that name the SDK, not what a call acts on: "octokit.*rest*.issues.create"
_CLIENT_PARTS = frozenset({"rest", "api", "client", "sdk", "v1", "v2", "v3"})
_CLIENT_ENDINGS = ("api", "client", "service")
# Methods reading one thing of the collection their object names ("customers.retrieve").
_READING_ONE = frozenset({"get", "retrieve", "fetch", "read"})


def read_calls(request: str) -> str:
    """``request`` with each SDK call it writes read as words: a method of one word first
    ("messages.create": "create messages"), a method in camel case without the client or the
    id no name carries ("accountingApi.getContacts": "getContacts"); ``request`` as written
    where it writes none, or a camel-case call with neither ("tasks.createTask")."""
    if "." not in request and ":" not in request:
        return request
    return _CALL.sub(_read, request)


def _read(match: re.Match[str]) -> str:
    written = match.group(0)
    *objects, written_method = re.split(r"::|[.:]", written)  # Ruby's and PHP's "Stripe::Customer" too
    method = _BY_ID.sub("", written_method)  # "getFileById" gets one file: its id is the argument
    head = _CAMEL_HEAD.match(method)
    verb = head.group(0) if head is not None else method
    if not _is_verb(verb):
        # a client's method named with its module ("client.*chat_postMessage*", as Slack's Python SDK
        # names them): the method, as a guessed name, without the client no name carries
        clients = bool(objects) and all(_is_client(part) for part in objects)
        return written_method if clients and "_" in written_method.strip("_") else written
    # a class is no proper name ("stripe.Customer.create": "create stripe customer")
    kept = [part[:1].lower() + part[1:] for part in objects if not _is_client(part)]
    if head is not None:
        # The method says the action and its thing ("tasks.createTask"), and reads as a guessed
        # name does, but for a client ("accountingApi.") or an id ("ById") no name carries.
        if kept == objects and method == written_method:
            return written
        return " ".join((*kept, method))
    if method in _READING_ONE and kept:
        kept[-1] = singular(kept[-1])  # "repos.get" gets one repo; "repos.list" lists them
    return " ".join((method, *kept))


def _is_verb(word: str) -> bool:
    """A verb as a method names it: its base form, in lower case ("create"; an event's
    "FILE.UPLOADED" is a constant)."""
    return word.islower() and (word in action_forms() or trailing_verb(word) == word)


def _is_client(part: str) -> bool:
    lowered = part.lower()
    return lowered in _CLIENT_PARTS or (lowered != part and lowered.endswith(_CLIENT_ENDINGS))


_SHORT_FLAG = re.compile(r"(?<=\s)-[A-Za-z](?:=|\s+|(?=[\w\"']))(?P<value>'[^']*'|\"[^\"]*\"|[^\s-]\S*)")
_FLAG = re.compile(r"(?<!\S)--(?P<name>[A-Za-z][\w-]*)(?:=|\s+)(?P<value>'[^']*'|\"[^\"]*\"|[^\s-]\S*)")


def read_flags(request: str, *, short: bool = False) -> str:
    """``request`` with each command-line flag and its value ("--title 'Login fails'") read as a
    field a request gives "with" ("with title 'Login fails'"), as the rules reading a created
    thing's fields read them; with ``short`` (``short_flags``), a flag of one letter and its
    value ("gh issue list *-R acme/api*", "jira issue create *-tBug*") as a value given "with"
    ("with 'acme/api'"): its letter names a field only its command knows, and was a word."""
    if short and " -" in request:
        request = _SHORT_FLAG.sub(lambda m: f"with '{m.group('value').strip(chr(34) + chr(39))}'", request)
    if "--" not in request:
        return request
    return _FLAG.sub(lambda m: f"with {m.group('name').replace('-', ' ')} {m.group('value')}", request)
