"""A thing started that no name starts: "*start a* slack call for the standup" (``started_things``).

One starts a call, a conversation or a deployment as one creates it; the names say "add" or
"create" (Slack's ``calls_add``, DigitalOcean's ``apps_create_deployment``). Read as written,
"start" was the request's rarest word, which no tool of Slack says, and it found nothing. A request
opening "start a" or "start an" is read as "create a", where no name of the app says "start" with
the thing (GitHub's ``migrations_start_for_org`` starts a migration, as "start a migration" asks);
"start a new ..." is read so by the openings' synonyms, "start droplet 5" powers one on.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.verb_readings import names_saying

_STARTED = re.compile(r"^\s*(?:start|begin)\s+(?P<article>an?)\s+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)


def started_as_created(index: SearchIndex, request: str, tools: frozenset[int], app_words: Collection[str]) -> str:
    """``request`` starting a thing read as creating it ("create a slack call for the standup"),
    where no name of ``tools`` says "start" with the thing's word; as written otherwise."""
    found = _STARTED.match(request)
    if found is None:
        return request
    rest = found.group("rest")
    thing = next((w.casefold() for w in rest.split() if w.casefold() not in app_words), "")
    if not thing.isalpha() or names_saying(index, ("start", thing), tools):
        return request
    return f"create {found.group('article')} {rest}"
