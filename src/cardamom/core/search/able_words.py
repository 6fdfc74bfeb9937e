"""What a thing can be done to, as names say it in one word (``able_words``): "who *can be
assigned* jira issue KAN-4" asks for the users *assignable* to it (Jira's ``find_assignable_users``),
"which files *can be downloaded*" for the *downloadable* ones; "who *can I assign* jira issue KAN-9
to" for the same users (``chosen_people``).

Read so only where a tool name of the index carries the adjective: elsewhere "can be" and its
participle stay as written.
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.scoped_compounds import NamedWords

_CAN_BE = re.compile(r"\bcan\s+be\s+(?P<participle>[a-z]{3,}ed)\b", re.IGNORECASE)
# ... asked whom one may do it to (``chosen_people``): "who *can I assign* jira issue KAN-9 to"
_WHO_CAN = re.compile(r"\b(?<=who\s)(?:can|could|may|should)\s+(?:i|we|you)\s+(?P<verb>[a-z]{3,})\b", re.IGNORECASE)


def able_form(participle: str) -> tuple[str, ...]:
    """The adjectives in -able a past participle may make: "assigned" "assignable", "downloaded"
    "downloadable", "subscribed" "subscribable" (its stem's "e" back)."""
    stem = participle[:-2]
    doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem  # "submitted": "submit"
    return tuple(dict.fromkeys((f"{stem}able", f"{stem}eable", f"{doubled}able")))


def as_able(request: str, vocabulary: Container[str], *, chosen: bool = False) -> str:
    """``request`` with "can be <participle>" read as the adjective in -able a name of
    ``vocabulary`` carries ("who can be assigned ...": "who assignable ..."), with ``chosen``
    (``chosen_people``) "who can I <verb>" too ("who can I assign ... to"); as written otherwise."""

    def able(match: re.Match[str]) -> str:
        said = next((w for w in able_form(match["participle"].casefold()) if w in vocabulary), None)
        return said if said is not None else match.group(0)

    def verb_able(match: re.Match[str]) -> str:
        verb = match["verb"].casefold()
        said = next((w for w in (f"{verb}able", f"{verb.removesuffix('e')}able") if w in vocabulary), None)
        return said if said is not None else match.group(0)

    lowered = request.casefold()  # (most requests: neither, no pattern tried)
    request = _CAN_BE.sub(able, request) if "can" in lowered else request
    return _WHO_CAN.sub(verb_able, request) if chosen and "who" in lowered else request


def able_vocabulary(index: SearchIndex, tools: frozenset[int], named: bool) -> Container[str]:
    """The words an adjective in -able is looked up in: every tool name's, or with ``named``
    (``possible_doers``) those of ``tools``, the apps the request names (Jira's *assignable* is no
    word of a request naming GitHub: "who can be assigned issues in github repo acme/api" asks
    for its assignees, ``people_questions``)."""
    return NamedWords(index.name_postings, tools) if named and tools else index.name_postings
