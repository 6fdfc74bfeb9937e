"""A thing made and named in one breath, its name a bare word after its kind: "create folder
*reports* in box folder 0", "create repo *docs* in the acme org on github" (``named_creations``).

The name is the person's, a value the call sets; as written it weighed as a word of the request,
and where some tool of the app says it ("reports", "docs") that tool came first: Box's information
barrier reports, GitHub's Copilot space resources (whose description says "docs"). Read as a name
quoted after the kind ('create folder "reports" in box folder 0'), where the request opens with a
verb that creates, a name of the apps it names creates the kind, neither the kind nor the word is an
article, an action, filler or an app's name, no name of the app says the kind and the word together
("create issue *comment* on PR 5": ``issues_create_comment``; "create task *dependency*": Asana's
``add_dependencies_for_task``), and a place follows it.
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.synonyms import CREATING, is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, inflection_key, tokenize
from cardamom.core.search.verb_readings import literal_names, verb_names

_CREATED = re.compile(
    r"^(?P<verb>[A-Za-z]+)\s+(?P<article>(?:(?:a|an|the|new)\s+)*)(?P<kind>[A-Za-z]+)\s+(?P<name>[A-Za-z][\w.-]*)"
    r"(?P<tail>\s+(?:in|on|under|inside|within|at|for|to|into)\s+\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 200  # characters


def quoted_created_name(index: SearchIndex, request: str, tools: frozenset[int], app_words: Container[str]) -> str:
    """``request`` with the bare name of the thing it creates quoted after the thing's kind, as
    the names of ``tools`` (the named apps') say the kind; ``request`` as written otherwise."""
    if len(request) > _LONGEST or not tools:
        return request
    found = _CREATED.match(request.strip())
    if found is None or inflection_key(found["verb"].casefold()) not in CREATING:
        return request
    kind, name = found["kind"].casefold(), found["name"].casefold()
    if tokenize(name) != [name] or not _plain(name, app_words) or not _plain(kind, app_words):
        return request  # ("create *a* message in ...", "create a *jira* tkt for ...": no kind)
    kinds = literal_names(index, kind) & tools
    if not kinds & verb_names(index, found["verb"].casefold()) or kinds & literal_names(index, name):
        return request  # nothing creates the kind, or a name says the kind and the word together
    return f'{found["verb"]} {found["article"]}{found["kind"]} "{found["name"]}"{found["tail"]}'


def _plain(word: str, app_words: Container[str]) -> bool:
    """``word`` may be a kind or a name: no grammar or filler word, no action word, no app's name."""
    return not (word in GRAMMAR_WORDS or word in QUERY_FILLER_WORDS or word in app_words or is_action_word(word))
