"""A request that does not ask to delete is never answered with a tool that deletes, and one
that asks to delete is never answered with a tool that only reads or writes.

A tie or a description can put ``delete_call`` first for "get call logs" (its description
says "logs"); a model that asked to read is then handed a tool that destroys. The request's
action is its first word when that word names an action (``synonyms.is_action_word``); a
tool's action is read from its name. A request to cancel, stop or revoke may still get a
delete tool ("cancel a subscription" is Stripe's ``delete_subscriptions_subscription``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from cardamom.core.search.synonyms import SYNONYM_GROUPS, is_action_word
from cardamom.core.search.tokens import inflection_key

# The groups whose words never ask to delete: reading, writing, moving, sending.
_KEEPING_HEADS = frozenset(
    {"get", "list", "search", "create", "update", "send", "upload", "download", "move", "copy", "close", "start"}
    | {"assign", "buy"}
)


@cache
def _delete_keys() -> frozenset[str]:
    return frozenset(inflection_key(w) for group in SYNONYM_GROUPS if group[0] == "delete" for w in group)


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
    """The request's action: its first word, when that word names one."""
    first = next(iter(tokens), None)
    return first if first is not None and is_action_word(first) else None


def contradicts(action: str, name_tokens: Iterable[str]) -> bool:
    """The tool's name says the opposite of ``action``: it deletes where the request keeps, or
    it only keeps where the request deletes. A name saying the request's own action never does."""
    key = inflection_key(action)
    names = {inflection_key(t) for t in name_tokens}
    deletes = _delete_keys()
    keeping = _keeping_groups()
    if key in deletes:
        return not names & deletes and any(n in keeping for n in names)
    own = keeping.get(key)
    if own is None:
        return False  # cancel, stop, revoke: a delete tool may be what they mean
    return bool(names & deletes) and not names & own
