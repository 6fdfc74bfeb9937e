"""The tools a request did not ask for, which come after the rest among equal scores
(``tie_break.result_order_key``): an administrators' API the request names no administrator
for (``admin_last``, ``admin_tools``); where the request names no action at all, a tool
that deletes, cancels or stops (``unasked_endings``: "stripe customer cus_123" reads the customer,
never deletes it first because "delete" sorts before "get"); and where it writes, a tool whose
name only reads (``written_reads``: "update stripe product prod_1" is ``post_products_id``, never
``get_products_search`` first because "get" sorts before "post")."""

from __future__ import annotations

from collections.abc import Collection, Container
from dataclasses import dataclass

from cardamom.core.search.admin_tools import unasked_admin
from cardamom.core.search.destructive_actions import ends_things, only_reads, writes
from cardamom.core.search.index import SearchIndex


@dataclass(frozen=True, slots=True)
class _Unasked:
    """Asked one tool at a time, as the order asks only about the tools tied at the cut."""

    index: SearchIndex
    admin: Container[int]
    ending: bool
    reading: bool = False

    def __contains__(self, tool: object) -> bool:
        if not isinstance(tool, int):
            return False
        name = self.index.documents[tool].name_tokens
        return tool in self.admin or (self.ending and ends_things(name)) or (self.reading and only_reads(name))


def unasked_tools(
    index: SearchIndex, tokens: Collection[str], *, admin: bool, ending: bool, action: str | None = None
) -> Container[int]:
    """The tools the request (``tokens``) did not ask for: with ``admin``, an administrators'
    API's where it names no administrator; with ``ending`` (the request names no action), the
    tools whose names delete, cancel or stop; where its ``action`` writes (``written_reads``),
    the tools whose names only read."""
    admins = unasked_admin(index, tokens) if admin else frozenset()
    reading = index.options.written_reads and action is not None and writes(action)
    return _Unasked(index, admins, ending, reading) if ending or reading else admins
