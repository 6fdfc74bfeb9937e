"""The history of a thing, asked in its reader's words (``thing_histories``): "what's the history of
jira issue ENG-4", "activity on asana task 12", "audit trail for xero invoice INV-3", "timeline
of ...", "the changelog of ...".

Each app names a thing's history in its own word: Jira's ``get_change_logs``, Asana's stories
(``get_stories_for_task``), Xero's ``get_invoice_history``, a file's versions. Read as written,
"history", "activity" or "trail" was the request's rarest word where the app's names say another,
and it found the thing itself or nothing. Read as the get of the app's word, the first of
``_NAMES`` that a name of the app says beside the thing's kind, or, where none says the kind,
alone ("get change logs of jira issue ENG-4"); where no name gives it a word, the thing's own get
("the timeline of intercom conversation 301": "get intercom conversation 301"), not Stripe's
balance history for an invoice's.

Only a history asked of a thing named by its kind and id, in an app the request names.
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, union_of
from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.tokens import inflection_key, tokenize

# a thing named by its kind and id: "jira issue ENG-4", "the asana task 12"
_THING = r"(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?\s+\S*\d\S*"
_HISTORY = re.compile(
    r"^\s*(?:(?:what(?:'s|\u2019s|\s+is)|show(?:\s+me)?|get|give\s+me|list|see|check)\s+)?(?:the\s+)?"
    r"(?:full\s+|whole\s+|complete\s+|recent\s+)?(?P<word>history|timeline|activity|activities|audit\s+(?:trail|log)"
    r"|change\s*log|changelog|changes|log\s+of\s+changes|revisions?|edit\s+history|paper\s+trail)\s+"
    rf"(?:of|on|for|in)\s+(?P<thing>{_THING})\s*\??\s*$",
    re.IGNORECASE,
)
_ONE_THING = re.compile(_THING, re.IGNORECASE)
# the words apps' names give a thing's history, the likeliest first
_NAMES: tuple[tuple[str, ...], ...] = (
    ("history",), ("histories",), ("changelog",), ("changelogs",), ("change", "logs"), ("audit", "logs"),
    ("stories",), ("activities",), ("activity",), ("events",), ("versions",),
)  # fmt: skip
# ... of them, the words naming a history only (a thing's events or stories may be another's)
_HISTORIES = frozenset({("history",), ("histories",), ("changelog",), ("changelogs",), ("change", "logs")})
_READS = frozenset({"get", "list", "retrieve", "fetch", "read", "show", "all"})
_LONGEST = 200  # characters


def history_read(index: SearchIndex, request: str) -> str:
    """``request`` asking the history of a thing read as the get of the word the named app's
    names give it ("activity on asana task 12": "get stories of asana task 12"), or of the thing
    where they give it none; ``request`` as written where it asks none or names no connected app."""
    if not index.options.thing_histories or len(request) > _LONGEST:
        return request
    found = _HISTORY.match(request)
    if found is None:
        return request
    tools = index.tools_of(index.apps_named(request))
    if not tools:
        return request
    # (no name giving it a word: the thing's own get, whose fields tell its times and states)
    return named_history(index, found["thing"], tools) or f"get {found['thing']}"


def named_history(index: SearchIndex, thing: str, tools: frozenset[int]) -> str | None:
    """The get of the word a name of ``tools`` gives the history of ``thing``, one thing named by
    its kind and id ("get change logs of jira issue ENG-4"); None where no name gives it one."""
    if _ONE_THING.fullmatch(thing.strip()) is None:
        return None
    kinds = {inflection_key(w) for w in tokenize(thing) if w.isalpha()}
    word = _said(index, tools, kinds) or _said(index, tools, set())
    return f"get {word} of {thing}" if word is not None else None


def _said(index: SearchIndex, tools: frozenset[int], kinds: set[str]) -> str | None:
    """The first history word a name of ``tools`` says, beside one of ``kinds`` if any given."""
    names = index.documents
    for words in _NAMES:
        for doc in union_of(index.name_postings.get(w, EMPTY) for w in words[:1]) & tools:
            said = whole_name(names[doc].name).split("__")[-1].split("_")
            if not all(w in said for w in words):
                continue
            # beside the thing's kind, or (none given) of no other thing: Jira's ``get_change_logs``,
            # not Asana's ``get_stories_for_goal`` for a project
            alone = not kinds and words in _HISTORIES and set(said) <= _READS | set(words)
            if kinds & {inflection_key(w) for w in said} or alone:
                return " ".join(words)
    return None
