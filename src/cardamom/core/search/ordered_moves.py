"""A thing moved to an end of its list (``ordered_moves``): "move the Bug issue type *to the top of*
jira issue type scheme 10010", "move asana section 12 *to the bottom*", "put PR 12 *first*".

Such a move changes the order of the things, which names say as their reorder or rank (Jira's
``reorder_issue_types_in_issue_type_scheme``); as written, "move" and "top" found a workflow's
transition. Read as the word a name of the apps says for it, where one does; as written
otherwise.
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.tokens import inflection_key, tokenize
from cardamom.core.search.verb_readings import literal_names

_TO_AN_END = re.compile(
    r"^(?P<lead>\s*(?:please\s+)?)(?:move|put|bump|push|drag)\s+(?P<thing>\S.*?)\s+(?:to\s+(?:the\s+)?"
    r"(?:very\s+)?(?:top|bottom|start|end|front|back|beginning)|(?:up\s+)?(?:first|last))"
    r"(?:\s+(?:of|in|on)\s+(?P<place>\S.*?))?(?P<tail>\s*[.!?]*)$",
    re.IGNORECASE | re.DOTALL,
)
_ORDERING = ("reorder", "rank")  # the names' words for a new order, the first a name says
_LONGEST = 300  # characters


def reordered(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` moving a thing to an end of its list read as its reorder ("move the Bug issue
    type to the top of jira scheme 10010": "reorder the Bug issue type in jira scheme 10010"),
    where a name of ``tools`` says the ordering word: the one whose name says most of the thing,
    then the shortest ("move jira issue KAN-5 to the top": Jira Software's ``rank_issues``, not
    ``reorder_issue_types_in_issue_type_scheme``), unless a name moving the thing fits it as well
    (Jira's ``move_version`` "moves" a version in its project's order)."""
    if len(request) > _LONGEST:
        return request
    found = _TO_AN_END.match(request)
    if found is None:
        return request
    thing = {inflection_key(w) for w in tokenize(found["thing"])}
    best: tuple[int, int] | None = None
    word = ""
    for ordering in ("move", *_ORDERING):  # (a name moving the thing is its own: Jira's ``move_version``)
        for doc in literal_names(index, ordering) & tools:
            said = [inflection_key(w) for w in own_name_words(index.documents[doc].name)]
            fit = (len(thing.intersection(said)), -len(said))
            if best is None or fit > best:
                best, word = fit, ordering
    if word in ("", "move"):
        return request
    place = f" in {found['place']}" if found["place"] else ""
    return f"{found['lead']}{word} {found['thing']}{place}{found['tail']}"
