"""What a thing created is for, said after its "to" (``purposed_things``): "create an asana task
*to renew the domain*", "create a jira issue *to fix the login page*", "add a todo in asana *to
call bob*"; and what it says, after "that", "about" or a verb telling it ("summarizing"), or a
dash or a colon: "log a bug in jira *that the export button is broken*", "new jira bug *-
checkout fails on safari*".

The clause is the thing's content, its title as the person would write it; read as the request's
words, "renew", "domain" and "login" took mass no name of the app carries and nothing cleared the
floor. It is quoted, so it is read as a value: 'create an asana task "renew the domain"'. A
clause is one where a creating verb opens the request and "to" is followed by a word (a verb, whatever
it is) and then a determiner, a pronoun or a person's name: "add bob *to the project*", "add a comment *to issue
5*" and "add a task *to project alpha*" place the thing instead. The apps named after the clause
stay outside it ("... to renew the domain *in asana*").
"""

from __future__ import annotations

import re
from collections.abc import Collection

from cardamom.core.search.person_names import names_a_person
from cardamom.core.search.tokens import tokenize

_PURPOSED = re.compile(
    r"^(?P<head>\s*(?:please\s+)?(?:create|add|make|open|file|log|raise|new|schedule|set\s+up|start)\b[^\"'\n]{3,80}?)"
    r"\s+to\s+(?P<verb>[a-z]+)\s+(?P<next>[\w@.'-]+)(?P<rest>[^\"\n]*)$",
    re.IGNORECASE,
)
# ... or what it says, after "that", "about" or a verb telling it, or a dash or a colon: "log a bug in
# jira *that the export button is broken*", "create a github issue *about the broken build*", "write a
# notion page *summarizing the Q3 results*", "new jira bug *- checkout fails on safari*"
_TOLD = re.compile(
    r"^(?P<head>\s*(?:please\s+)?(?:create|add|make|open|file|log|raise|new|write|draft|submit|report)\s+"
    r"[^\"'\n:\-\u2013\u2014]{2,80}?)(?:\s+(?:that|about|regarding|concerning|describing|summari[sz]ing|explaining"
    r"|documenting|covering|outlining)|\s*(?::|\s[-\u2013\u2014]))\s+(?P<rest>[^\"\n]{3,})$",
    re.IGNORECASE,
)
# the words after the clause's verb that say it acts on something: "to renew *the* domain"
_DETERMINERS = frozenset(
    {"the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these", "those", "some"}
    | {"all", "every", "each", "me", "us", "him", "them", "it", "up", "out", "back", "with", "about"}
)
# ... or what it is for, past "for" and an article (``created_for``): "create a github issue *for the flaky
# test* in acme/api", "write up an asana task *for the budget review*" (never an id: "for customer cus_1")
_FOR = re.compile(
    r"^(?P<head>\s*(?:please\s+)?(?:create|add|make|open|file|log|raise|new|write|draft|submit|report)\s+"
    r"(?:a|an|the|one)\s+[^\"'\n:\-\u2013\u2014]{2,60}?)\s+for\s+(?:the|a|an|our|my)\s+"
    r"(?P<rest>[A-Za-z][^\"\n\d]{2,80})$",
    re.IGNORECASE,
)
_PLACE = re.compile(r"\s+(?:in|on|via|using|with)\s+(?P<app>[\w.-]+(?:\s+[\w.-]+)?)\s*[.!]?$", re.IGNORECASE)


def quoted_purpose(request: str, app_words: Collection[str], *, for_things: bool = False) -> str:
    """``request`` with what a thing created is for (``_PURPOSED``), or what it says (``_TOLD``),
    quoted as its content, where it names an app (``app_words``), the app named after it outside
    the quotes; ``for_things`` (``created_for``): what it is for past "for the" (``_FOR``) too;
    ``request`` as written otherwise."""
    if len(request) > 1000 or set(tokenize(request)).isdisjoint(app_words):
        return request  # (naming no app: "write me an essay about ..." is all the request)
    purposed = _PURPOSED.match(request)
    if purposed is None:
        told = _TOLD.match(request) or (_FOR.match(request) if for_things else None)
        return request if told is None else _quoted(told.group("head"), told.group("rest"), app_words)
    verb, after = purposed.group("verb").casefold(), purposed.group("next")
    if verb in app_words or verb in _DETERMINERS or len(verb) < 2:
        return request
    if after.casefold() not in _DETERMINERS and not names_a_person(after):
        return request  # "add a task to project alpha": a place
    return _quoted(purposed.group("head"), f"{purposed.group('verb')} {after}{purposed.group('rest')}", app_words)


def _quoted(head: str, clause: str, app_words: Collection[str]) -> str:
    """``head``, then ``clause`` quoted, the app named at its end (``app_words``) outside."""
    place = _PLACE.search(clause)
    outside = ""
    if place is not None and set(place.group("app").casefold().split()) <= set(app_words):
        clause, outside = clause[: place.start()], clause[place.start() :]
    return f'{head} "{clause.strip()}"{outside}'
