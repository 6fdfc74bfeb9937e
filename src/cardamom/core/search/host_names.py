"""An app named by its host ("github.com list my repos", "notion.so search pages",
"app.asana.com"), read as its name.

As written, the host's domain ("com", "so") is a word of the request, a value no tool carries,
and the rules that read the words after an app's name see one more word between. Only a host
whose name is one the org's apps are named by is read: "acme.atlassian.net" names a site, an
e-mail's domain ("ana@stripe.com") and a URL's host ("https://github.com/acme/api") are values.
An app whose name is its host ("Cal.com") keeps it.
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.tokens import tokenize

_HOST = re.compile(
    r"(?<![\w.@/:-])(?:(?:api|www|app)\.)?(?P<name>[a-z0-9][a-z0-9-]*)\.(?P<domain>com|io|so|net|org|dev|ai|co|app)"
    r"(?![\w/@.-])",
    re.IGNORECASE,
)


def read_hosts(request: str, mentions: Container[str]) -> str:
    """``request`` with each host naming an app (``mentions``: the index's app-name keys,
    tokens joined by a space) read as that name; ``request`` as written where it has none."""
    if "." not in request:
        return request

    def name(match: re.Match[str]) -> str:
        words = tokenize(match.group("name"))
        whole = " ".join((*words, *tokenize(match.group("domain"))))
        if whole in mentions:  # "cal.com": the app's name is its host
            return f"{match.group('name')}.{match.group('domain')}"
        if " ".join(words) in mentions or "".join(words) in mentions:
            return match.group("name")
        return match.group(0)

    return _HOST.sub(name, request)
