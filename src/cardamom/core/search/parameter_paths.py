"""The things whose ids a tool takes, read from its path and input schema when its search
document is built (``parameter_fit`` orders ties by them)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from cardamom.core.search.tokens import inflection_key, tokenize

_PLACEHOLDER = re.compile(r"\{([^{}]+)\}(?:\.\w+)?")  # "{Sid}.json" too
# The words ending a parameter's name that say it is an identifier, not which thing it names.
_IDENTIFYING = frozenset(
    {"id", "ids", "gid", "key", "keys", "uuid", "uid", "sid", "number", "slug", "name", "or", "exposed"}
)


def parameter_things(path: str, schema: Mapping[str, Any], frozen: Collection[str] = ()) -> frozenset[str]:
    """The things (inflection keys) whose ids a tool takes from its caller: each path
    parameter's, and each argument its input schema requires, but those ``frozen`` (the
    connection's own, which an admin set: a caller never gives them)."""
    things: set[str] = set()
    before = ""
    for segment in path.split("/"):
        found = _PLACEHOLDER.fullmatch(segment)
        if found is None:
            words = tokenize(segment)
            before = inflection_key(words[-1]) if words else before
            continue
        if found.group(1) not in frozen:
            things.add(_thing(found.group(1)) or before)
    required = schema.get("required")
    if isinstance(required, list):  # a remote MCP server's tool has no path: ``owner``, ``repo``, ``issue_number``
        things.update(_thing(name) for name in required if isinstance(name, str) and name not in frozen)
    return frozenset(things - {""})


def _thing(parameter: str) -> str:
    """The thing a parameter's name names, its identifying words aside (``issueIdOrKey``: issue;
    ``subscription_exposed_id``: subscription); "" for a bare ``id``."""
    words = tokenize(parameter)
    while words and words[-1] in _IDENTIFYING:
        words.pop()
    return inflection_key(words[-1]) if words else ""
