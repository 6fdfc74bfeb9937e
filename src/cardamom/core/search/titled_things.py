"""A thing an order acts on, named by its name or title and no id (``titled_things``): "close the
*login crash* issue in jira", "delete the *Q3 report* file in box", "archive the *marketing*
channel in slack".

A name is a value the call looks the thing up by; its words are the person's, not the API's. As
written, "login", "crash" and "q3" weighed as the request's rarest words, no tool of the app
carries them, and it found nothing. Read as a name quoted after the thing's kind ('close the
issue "login crash" in jira'), so it is a value, where the kind is a word the app's tool names
say: the words opening the name that no tool of the app says ("merge the *dark-mode* pull request").
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verb_readings import literal_names
from cardamom.core.search.verbal_nouns import order_first

_NAMED = re.compile(
    r"^(?P<verb>\s*[A-Za-z][\w-]*)\s+(?P<det>the|my|our|this|that|their)\s+(?P<name>[\w'.&-]+(?:\s+[\w'.&-]+){0,3}?)"
    r"\s+(?P<kind>[A-Za-z]+)(?P<tail>\s+(?:in|on|from|at|inside)\s+\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# words that place or order a thing, not its name: "the *latest* comment", "the *last 20* messages"
_ORDER_WORDS = frozenset({
    "latest", "last", "first", "newest", "oldest", "recent", "next", "previous", "current", "new", "old", "main",
    "default", "top", "bottom", "whole", "entire", "same", "other", "only", "most", "least", "earliest", "final",
    "original", "active", "open", "closed", "pending", "archived", "deleted", "primary", "selected", "given",
})  # fmt: skip
_LONGEST = 200  # characters


def quoted_name(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` with the name of the thing its order acts on quoted after the thing's kind, as
    the names of ``tools`` (the named apps') say it; ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    found = _NAMED.match(request)
    if found is None or not order_first(found["verb"]):
        return request
    kind = found["kind"].casefold()
    kinds = literal_names(index, kind) & tools
    if not kinds:
        return request
    words = found["name"].split()
    # the name: the words opening it that no tool says ("*dark-mode* pull request": "pull" is GitHub's)
    said = [bool(literal_names(index, " ".join(tokenize(w))) & tools) or w.casefold() in _ORDER_WORDS for w in words]
    unsaid = next((i for i, known in enumerate(said) if known), len(words))
    if unsaid == 0 or not tokenize(" ".join(words[:unsaid])):
        return request  # a name in the app's own words may be its kind's ("the open issue")
    kept = words[unsaid:]
    together = kinds
    for word in kept:
        together = together & literal_names(index, " ".join(tokenize(word)))
    if not together:  # ("the Q3 *report* file": no name says a report file; the name is all of it)
        unsaid, kept = len(words), []
    kind_said = " ".join((*kept, found["kind"]))
    return f'{found["verb"]} the {kind_said} "{" ".join(words[:unsaid])}"{found["tail"]}'
