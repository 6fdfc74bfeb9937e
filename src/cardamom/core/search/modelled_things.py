"""A thing made after another (``modelled_things``).

A new thing is often asked for by a model: "create a jira issue *like ENG-4*", "create a droplet
*just like droplet 77*", "make another cal.com booking *like 55* for next week", "create an xero
invoice *identical to INV-3*", "a stripe customer *with the same email as* cus_1". The model is
the making's argument; its id and words ("identical", "like") are no tool's, and left the request
under the floor. Read as the making without it, "another" as "a".

Only after a verb that makes ("create", "make", "add", "open", "set up", "new").
"""

from __future__ import annotations

import re

_MAKING = re.compile(r"^\s*(?:please\s+)?(?:create|make|add|open|set\s+up|spin\s+up|build|new)\b", re.IGNORECASE)
_MODEL = re.compile(
    r"\s*,?\s+(?:(?:just|exactly|much|something)\s+)?(?:like|identical\s+to|similar\s+to|(?:the\s+)?same\s+as"
    r"|based\s+on|modell?ed\s+(?:on|after)|copied\s+from|cloned\s+from|matching|mirroring)\s+"
    r"(?:(?:the\s+)?(?:one|existing|current|old)\s+)?(?P<model>(?:[a-z.]+\s+){0,2}[\w./-]*\d[\w./-]*|(?:that|this)\s+one)"
    r"(?=\s|[,.;!?]|$)",
    re.IGNORECASE,
)
_ANOTHER = re.compile(r"\banother\b", re.IGNORECASE)
_LONGEST = 600  # characters


def without_model(request: str) -> str:
    """``request`` making a thing after another, without the model ("create a jira issue like
    ENG-4": "create a jira issue"); ``request`` as written otherwise."""
    if len(request) > _LONGEST or not _MAKING.match(request):
        return request
    modelled = _MODEL.search(request)
    if modelled is None:
        return request
    return _ANOTHER.sub("a", request[: modelled.start()] + request[modelled.end() :], count=1)
