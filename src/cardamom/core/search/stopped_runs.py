"""Stopping what is running, as the app's names say it (``stopped_runs``): "*stop* workflow run 991 in
acme/api on github", "*stop* the digitalocean genai evaluation run er-12".

Names say "cancel" for what runs and may be stopped (GitHub's ``actions_cancel_workflow_run``,
DigitalOcean's ``genai_cancel_model_evaluation_run``) and keep "stop" for what is switched off
(``codespaces_stop_for_authenticated_user``). Read as written, "stop" was a word only the other
tools say: the workflow run found a codespace's stop, the evaluation run its create. A request
opening with "stop", "halt" or "abort" is read as "cancel" where a name of the app says "cancel"
with a word of its thing (the words before a place or a purpose) and none says the verb with one
("stop my github codespace" stays, and "stop droplet 5512", which no name cancels, finds its own;
"stop alice from seeing github repo acme/api" stops no repo).
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, tokenize
from cardamom.core.search.verb_readings import literal_names

_STOPPING = re.compile(
    r"^(?P<lead>\s*(?:(?:please|pls|kindly)\s+)?)(?P<verb>stop|halt|abort)\s+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL
)
_PLACED = re.compile(r"\s(?:in|on|at|of|for|from|to|with|by|inside|under)\s", re.IGNORECASE)
_THING_WORDS = 6  # words after the verb that may name its thing: "the digitalocean genai evaluation run er-12"
_LONGEST = 300  # characters


def cancelled(index: SearchIndex, request: str, tools: frozenset[int], app_words: Container[str]) -> str:
    """``request`` opening with "stop", "halt" or "abort" read as "cancel", where a name of ``tools``
    cancels its thing and none says the verb with it (``app_words``, the apps' names, name no thing);
    ``request`` as written otherwise."""
    found = _STOPPING.match(request) if tools and len(request) <= _LONGEST else None
    if found is None:
        return request
    # its thing: the words before a place or a purpose ("stop *alice* from seeing github repo acme/api")
    thing = _PLACED.split(found["rest"], maxsplit=1)[0]
    words = [w for w in tokenize(thing)[:_THING_WORDS] if w.isalpha() and w not in GRAMMAR_WORDS]
    things = [literal_names(index, w) & tools for w in words if w not in QUERY_FILLER_WORDS and w not in app_words]
    stopping = literal_names(index, found["verb"].casefold()) & tools
    cancelling = literal_names(index, "cancel") & tools
    if any(stopping & thing for thing in things) or not any(cancelling & thing for thing in things):
        return request
    return f"{found['lead']}cancel {found['rest']}"
