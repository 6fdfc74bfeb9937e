"""One thing's get and its list, told apart by the number the request says its thing in
(``number_twins``).

DigitalOcean's ``nfs_get_snapshot`` and ``nfs_list_snapshot`` say the same words but their verb: a
request saying neither verb ("Digital Ocean NFS *snapshots* in nyc3", "which *versions* exist of
the Twilio event streams schema ...": Twilio's ``fetch_schema_version`` and ``list_schema_version``)
scores both alike, and the get came first by its name. Where the request says in the plural a
thing the get's name says in the singular, the list comes first; in the singular, or where the get's
name says the plural too ("Twilio voice dialing *permissions*" of a country), the order stands. Only between
two tools scoring as the first whose names differ in that verb alone (the thing's number aside:
``apps_get_job_invocation``, ``apps_list_job_invocations``).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardamom.core.search.coverage import Covering
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import placed_first, tied_first
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.tokens import inflection_key, is_plural

_GETS = frozenset({"get", "fetch", "retrieve", "read", "describe", "show"})
_LIST = "list"


def listed_twin_first(
    index: SearchIndex, passing: list[Covering], top: list[tuple[int, int, float]], said: Iterable[str]
) -> list[tuple[int, int, float]]:
    """``top`` with the list first, where its first tool gets one thing and a tool of ``passing``
    scoring as much lists them, its name the first's but for the verb, and one of the request's
    weighed words (``said``, values out) is the names' thing in the plural."""
    if not top:
        return top
    first = own_name_words(index.documents[top[0][0]].name)
    if _GETS.isdisjoint(first) or _LIST in first:
        return top  # (most first tools: no one thing's get)
    things = {inflection_key(w) for w in first if w not in _GETS}
    # (a plural the get's name says as well names no number: "voice dialing *permissions*" in both)
    if not any(is_plural(w) and inflection_key(w) in things and w not in first for w in said):
        return top
    twin = tied_first(index, passing, top, lambda doc: _twins(first, own_name_words(index.documents[doc].name)))
    return placed_first(top, twin) if twin is not None else top


def _twins(first: list[str], other: list[str]) -> bool:
    """The names differ in their verb only, a get's in the first and "list" in the other (each
    other word the same but for its number)."""
    if len(first) != len(other):
        return False
    differing = [(a, b) for a, b in zip(first, other, strict=True) if inflection_key(a) != inflection_key(b)]
    return len(differing) == 1 and differing[0][0] in _GETS and differing[0][1] == _LIST
