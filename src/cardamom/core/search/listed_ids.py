"""Several things of one kind named by their ids (``listed_ids``): "delete *both asana tasks 12 and
13*", "fetch *twilio messages SM1 and SM2*", "retrieve *notion pages 5c1e2f and 7d8e9f*", "send
*xero invoices INV-3 and INV-4*".

Things named by their ids are each acted on by the tool for one, called once each; the plural
read them as a list ("pages": a search, "messages": a list) or, with "both", as nothing. Read in
the singular, before their ids, "both" and "all" out.
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.tokens import singular

_ID = r"#?(?:[A-Za-z]*[-_]?\d[\w.\-]*|[0-9a-f]{6,})"
_LISTED = re.compile(
    rf"\b(?:(?:both|all|the)\s+(?P<between>[\w.\-]+\s+(?=[A-Za-z]{{2,}}s\s))?)?(?P<kind>[A-Za-z]{{2,}}s)\s+(?P<ids>{_ID}(?:\s*,\s*{_ID})*\s*,?\s*(?:and|&|,)\s*{_ID})"
    r"(?=$|[\s,.;:!?)])",
    re.IGNORECASE,
)
# two ids or more, listed, whatever their kind: "10010, 10011 and 10012", "SM1 & SM2" (``keyed_lists``)
_LISTED_IDS = re.compile(rf"(?<![\w.-]){_ID}(?:\s*,\s*{_ID})*\s*,?\s*(?:and|&|,)\s*{_ID}(?=$|[\s,.;:!?)])")
_LONGEST = 400  # characters


def lists_ids(request: str) -> bool:
    """``request`` names two things or more by their ids, listed ("10010, 10011 and 10012")."""
    return len(request) <= _LONGEST and _LISTED_IDS.search(request) is not None


def one_of_each(request: str, kept: Container[str] = ()) -> str:
    """``request`` with things of one kind named by their ids read in the singular ("asana tasks
    12 and 13": "asana task 12 and 13"), but ``kept``'s kinds, which a tool takes together
    (``keyed_lists``); ``request`` as written otherwise."""
    lowered = request.casefold()
    if len(request) > _LONGEST or not (" and " in lowered or "," in lowered or "&" in lowered):
        return request  # (ids listed are joined: most requests list none, no pattern tried)
    return _LISTED.sub(lambda found: _singular(found, kept), request)


def _singular(found: re.Match[str], kept: Container[str]) -> str:
    kind = found["kind"]
    one = singular(kind.casefold())
    if one == kind.casefold() or kind.casefold() in kept:
        return found.group(0)  # (no plural: "status 4 and 5"; "jira comments 1 and 2": ``get_comments_by_ids``)
    return f"{found['between'] or ''}{kind[: len(one)]} {found['ids']}"  # ("both *asana* tasks": its app kept)
