"""The things an act over many leaves out, named by their ids or names (``excepted_values``).

An act over every thing but some: "archive every slack channel *except C0123*", "close all jira
issues in ENG *except ENG-4*", "destroy all droplets *other than 77*", "merge all open PRs in
acme/api *except 12*", "remove everyone from asana project 77 *but alice*". The act is the one on
each thing; which ones it spares is its argument. As written, the spared ids were words no tool
carries ("12") or drew a tool by their kind's word ("other": DigitalOcean's droplet neighbours).
Read without them. The things excepted by a word of what they are ("slack channels *except
archived* ones") rule that word out instead (``excepted_things``, ``negated_words``).

Only ids (a digit in them), e-mails and handles, and, after "everyone", "everybody" or "all", a
name; at the request's end.
"""

from __future__ import annotations

import re

_ID = r"(?:[\w./:+-]*\d[\w./:+-]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[#@][\w.-]+)"
_KIND = r"(?:(?:the\s+)?(?:ones?|[a-z]+s?)\s+)?"  # "except *the one* 12", "except *file* 123"
_EXCEPTED = re.compile(
    r"\s*,?\s+(?:except(?:\s+for)?|excluding|exclude|other\s+than|apart\s+from|aside\s+from|save\s+for|but\s+not|besides"
    rf"|not\s+including)\s+{_KIND}{_ID}(?:\s*(?:,|and|or|&|\+|nor)\s*{_KIND}{_ID})*\s*[.!)]*\s*$",
    re.IGNORECASE,
)
# "remove everyone from asana project 77 but alice": a person spared among all
_ALL = re.compile(r"\b(?:everyone|everybody|all)\b", re.IGNORECASE)
_BUT_NAME = re.compile(r"\s*,?\s+but\s+(?:not\s+)?[a-z][a-z'.-]*\s*[.!]*\s*$", re.IGNORECASE)
# a word each exception holds (a cheap test first)
_CUES: tuple[str, ...] = (
    "except",
    "exclud",
    "other than",
    "apart from",
    "aside from",
    "save for",
    "but",
    "besides",
    "not including",
)
_LONGEST = 600  # characters


def without_excepted(request: str) -> str:
    """``request`` acting on many, without the ids or name it spares at its end ("destroy all
    droplets other than 77": "destroy all droplets"); ``request`` as written otherwise."""
    lowered = request.casefold()
    if len(request) > _LONGEST or not any(cue in lowered for cue in _CUES):
        return request
    spared = _EXCEPTED.search(request)
    if spared is not None and spared.start() > 0:
        return request[: spared.start()]
    name = _BUT_NAME.search(request)
    if name is not None and _ALL.search(request[: name.start()]):
        return request[: name.start()]
    return request
