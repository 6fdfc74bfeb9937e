"""A question asking a measure of one thing, which a tool of its own names: "what's the *disk usage*
of digitalocean mysql cluster 9cc1", "how much *actions cache* is acme/api *using*".

The thing questions read a question about one thing named by its id as the thing's get, its other
words a field the get returns (``thing_questions``); but where one name says every word the question
asks ("disk", "usage", "mysql": DigitalOcean's ``monitoring_get_database_mysql_disk_usage``), that
tool answers it, and the question is ranked as written (``named_measures``). "How much X is Y
using" asks X's usage of Y, as the names say it ("usage", where "using" is no name's word): it is
read so, where a name of the app says "usage" (``used_amounts``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.verb_readings import names_saying

_NAMED_WORDS = 2  # at least: one word alone ("status") is a field the get returns
# "how much disk is digitalocean mysql cluster 9cc1 using", "how much storage do we use in box"
_USED = re.compile(
    r"^\s*how\s+much\s+(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|are|was|were|does|do|did|has|have)\s+"
    r"(?P<user>\S.*?)\s+(?:using|use|used|consuming|consume|consumed)\b(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)


def measure_named(index: SearchIndex, words: Sequence[str], tools: frozenset[int]) -> bool:
    """One name of ``tools`` says every word of ``words``, two or more ("disk", "usage", "mysql")."""
    if len(words) < _NAMED_WORDS:
        return False
    return bool(names_saying(index, words, tools))


def usage_asked(request: str, says_usage: Callable[[], bool]) -> str:
    """``request`` asking how much of a thing another uses read as that usage ("how much disk is
    digitalocean mysql cluster 9cc1 using": "get disk usage of digitalocean mysql cluster 9cc1"),
    where ``says_usage`` (a name of the app says "usage"); ``request`` as written otherwise."""
    found = _USED.match(request[:300])
    if found is None or not says_usage():
        return request
    rest = found.group("rest").strip()
    return f"get {found.group('what')} usage of {found.group('user')}{' ' + rest if rest else ''}"
