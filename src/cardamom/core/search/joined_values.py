"""A name written in lowercase words joined by underscores inside a request in words: a coupon's,
a price's lookup key, a template's, an event's, an error's code ("delete stripe coupon
*summer_sale*", "get stripe plan *price_basic_monthly*", "get jira issue type *bug_report*",
"search intercom admin activity logs for *admin_login_success* events"). Read as written, its
words were weighed as the request's: in no name of the app, the request found nothing, or a
tool of its other words. It is a value, quoted as a hyphenated name is (``hyphenated_values``),
with the same limits: not where a name of the app says two of its words in order (the field
"*issue_type*" of Jira's ``get_issue_type``), a word is a particle, an action or a state
("*create_issue*", "*read_only*"), a word names an app the request may name
("*google_calendar*"), or the request is a name itself (a guessed name, "*get_stripe_plan*")."""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.hyphenated_values import names_a_thing, quoted_names
from cardamom.core.search.index import SearchIndex

_JOINED = re.compile(r"(?<![\w'\"/.@#:=$-])(?P<name>[a-z]{2,}(?:_[a-z]{2,})+)(?![\w'\"/.@:=-])")
_LONGEST = 500  # characters


def quoted_joins(index: SearchIndex, request: str, tools: frozenset[int], app_words: Container[str]) -> str:
    """``request`` with each name in lowercase words joined by underscores quoted ("coupon
    'summer_sale'"), where the request has other words and the name is no tool's or app's."""
    if not tools or "_" not in request or len(request) > _LONGEST or " " not in request.strip():
        return request
    found = [m for m in _JOINED.finditer(request) if _a_value(index, m.group("name").split("_"), tools, app_words)]
    return quoted_names(request, found)


def _a_value(index: SearchIndex, parts: list[str], tools: frozenset[int], app_words: Container[str]) -> bool:
    return not any(part in app_words for part in parts) and names_a_thing(index, parts, tools)
