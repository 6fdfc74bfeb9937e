"""A name written in lowercase words joined by hyphens: a repository, a branch, a team, a
project ("get the blob for *billing-service* 8156570 on github", "export the sbom of
*design-docs*", "delete branch *feature-login*"). Read as written, its words ("billing",
"service", "design") were weighed as words of the request: in no name of the app, the request
found nothing. Quoted, it is a value (``hyphenated_values``), but where a name of the app says
two of its words in order ("*re-run* the workflow": ``actions_re_run_workflow``), where a word
is a particle or shorter than two letters ("to-do", "sign-in", "e-mail"), where a word is an
action ("double-check", "read-only", "auto-merge"), or where a digit opens a word ("2024-06-14"
is a date, read as one)."""

from __future__ import annotations

import itertools
import re

from cardamom.core.search.api_verbs import API_VERBS
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, NAME_ONLY_QUERY_WORDS, QUERY_FILLER_WORDS
from cardamom.core.search.verb_readings import said_in_order

_HYPHENATED = re.compile(r"(?<![\w'\"/.@#:=-])(?P<name>[a-z]{2,}(?:-[a-z][a-z0-9]+)+)(?![\w'\"/.@:=-])")
_LONGEST = 500  # characters


def quoted_hyphens(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` with each name in hyphenated lowercase words quoted ("for 'billing-service'"),
    where no name of ``tools`` says two of its words in order and none is a particle."""
    if not tools or "-" not in request or len(request) > _LONGEST:
        return request
    found = [m for m in _HYPHENATED.finditer(request) if names_a_thing(index, m.group("name").split("-"), tools)]
    return quoted_names(request, found)


def quoted_names(request: str, found: list[re.Match[str]]) -> str:
    """``request`` with each of the ``found`` matches' ``name`` group quoted."""
    for match in reversed(found):
        request = f"{request[: match.start()]}'{match.group('name')}'{request[match.end() :]}"
    return request


def names_a_thing(index: SearchIndex, parts: list[str], tools: frozenset[int]) -> bool:
    """A name's words (``parts``) name a thing, no particle, action or state, and no name of
    ``tools`` says two of them in order."""
    if any(p in GRAMMAR_WORDS or p in QUERY_FILLER_WORDS or p in NAME_ONLY_QUERY_WORDS for p in parts):
        return False  # "to-do", "sign-in", "follow-up"
    if any(is_action_word(p) or p in API_VERBS for p in parts):
        return False  # a verb or a state: "double-check", "read-only", "auto-merge"
    return not any(said_in_order(index, a, b, tools) for a, b in itertools.pairwise(parts))
