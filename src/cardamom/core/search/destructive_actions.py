"""A request that does not ask to delete is never answered with a tool that deletes, and one
that asks to delete is never answered with a tool that writes instead (adds, updates, sends).

A tie or a description can put ``delete_call`` first for "get call logs" (its description
says "logs"); a model that asked to read is then handed a tool that destroys. The request's
action is its first word when that word names an action (``synonyms.is_action_word``); a
tool's action is read from its name. A request to cancel, stop or revoke may still get a
delete tool ("cancel a subscription" is Stripe's ``delete_subscriptions_subscription``), and a
request to delete may still get a tool that reads (deleting often starts by looking the thing up).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from cardamom.core.search.synonyms import SYNONYM_GROUPS, group_keys, is_action_word
from cardamom.core.search.tokens import inflection_key

# The groups whose words never ask to delete: reading, writing, moving, sending; and of those,
# the ones that only read.
_KEEPING_HEADS = frozenset(
    {"get", "list", "search", "create", "update", "send", "upload", "download", "move", "copy", "close", "start"}
    | {"assign", "buy"}
)
_READING_HEADS = frozenset({"get", "list", "search", "download"})


_DELETE_HEADS = frozenset({"delete"})


@cache
def _keeping_groups() -> dict[str, frozenset[str]]:
    """Each word of a keeping group -> every word of the keeping groups it belongs to (keys)."""
    found: dict[str, set[str]] = {}
    for group in SYNONYM_GROUPS:
        if group[0] in _KEEPING_HEADS:
            keys = {inflection_key(w) for w in group}
            for key in keys:
                found.setdefault(key, set()).update(keys)
    return {key: frozenset(words) for key, words in found.items()}


def request_action(tokens: Iterable[str]) -> str | None:
    """The request's action: its first word, when that word names one and no other word of
    the request names the opposite ("get my playlist and remove its first song" asks for both)."""
    words = list(tokens)
    if not words or not is_action_word(words[0]):
        return None
    keys = {inflection_key(w) for w in words}
    deletes, keeping = group_keys(_DELETE_HEADS), _keeping_groups()
    if keys & deletes and any(k in keeping for k in keys):
        return None
    return words[0]


def contradicts(action: str, name_tokens: Iterable[str]) -> bool:
    """The tool's name says the opposite of ``action``: it deletes where the request keeps, or
    it writes where the request deletes. A name saying the request's own action never does."""
    key = inflection_key(action)
    names = {inflection_key(t) for t in name_tokens}
    deletes = group_keys(_DELETE_HEADS)
    keeping = _keeping_groups()
    if key in deletes:
        reading = group_keys(_READING_HEADS)
        return not names & deletes and any(n in keeping and n not in reading for n in names)
    own = keeping.get(key)
    if own is None:
        return False  # cancel, stop, revoke: a delete tool may be what they mean
    return bool(names & deletes) and not names & own
