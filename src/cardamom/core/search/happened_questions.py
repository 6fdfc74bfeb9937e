"""A question what happened to a thing or in a place (``happened_questions``): "what happened in my
stripe account in the last day", "what's been happening on github issue 12", "what changed in
asana project 1201 this week" ("what's going on with slack channel C0123" asks its state).

What happened is the events an app records, which names say as "events" (Stripe's ``get_events``,
GitHub's ``issues_list_events``, Box's ``get_events``): read as their list, where a name of the
apps lists events of the place; as written otherwise ("happened" and "changed" were the request's
rarest words, and it found the account itself or nothing). What changed in one thing named by its
kind and id is its history, where a name of the app gives it a word (``changed_histories``,
``thing_histories``): "what changed on jira issue KAN-5" is "get change logs of jira issue KAN-5",
not Jira's notification ``get_events``.
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.thing_histories import named_history
from cardamom.core.search.tokens import inflection_key, tokenize
from cardamom.core.search.verb_readings import literal_names

_HAPPENED = re.compile(
    r"^\s*(?:(?:can\s+you\s+)?(?:show|tell)\s+me\s+)?what(?:'s|\u2019s|\s+has|\s+have)?\s+(?:been\s+)?"
    r"(?P<verb>happened|happening|changed|changing)\s+(?P<preposition>in|on|to|inside|within)\s+"
    r"(?P<place>\S.*?)[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# ... and the changes made to one thing, asked or listed: "what changes have been made to xero quote
# QU-12", "show the changes to jira issue KAN-5", "list edits made on ..." (its history, ``changed_histories``)
_CHANGES = re.compile(
    r"^\s*(?:(?:what|which)\s+|(?:show|list|get|see)\s+(?:me\s+)?(?:the\s+|all\s+(?:the\s+)?)?)"
    r"(?:changes|edits|modifications)\s+(?:(?:have|has)\s+been\s+|were\s+|was\s+)?(?:made\s+)?(?:to|on|in)\s+"
    r"(?P<place>\S.*?)[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# the words an events list's name says beside the place's: "get_events", "issues_list_events"
_LISTING = frozenset(
    inflection_key(w) for w in ("event", "events", "get", "list", "retrieve", "for", "in", "on", "all")
)
_LONGEST = 300  # characters


def events_asked(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` asking what happened in a place read as the list of its events ("what
    happened in my stripe account": "list events in my stripe account"), where a name of
    ``tools`` lists events and says nothing else but the place's words (GitHub's
    ``issues_list_events`` for an issue; not Slack's ``apps_event_authorizations_list``);
    ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    changes = _CHANGES.match(request) if index.options.changed_histories else None
    if changes is not None:  # "what changes have been made to xero quote QU-12": its history
        return named_history(index, changes["place"], tools) or request
    if "what" not in request[:40].casefold():
        return request
    found = _HAPPENED.match(request)
    if found is None:
        return request
    if index.options.changed_histories and found["verb"].casefold().startswith("chang"):
        # what changed in one thing is its history, as the app's names word it ("change logs": Jira's)
        history = named_history(index, found["place"], tools)
        if history is not None:
            return history
    place = {inflection_key(w) for w in tokenize(found["place"])}
    documents = index.documents
    listed = any(
        all(k in _LISTING or k in place for k in map(inflection_key, own_name_words(documents[d].name)))
        for d in literal_names(index, "events") & tools
    )
    if not listed:
        return request
    preposition = found["preposition"].casefold()
    return f"list events {'on' if preposition == 'on' else 'in'} {found['place']}"
