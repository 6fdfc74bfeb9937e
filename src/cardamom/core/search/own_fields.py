"""A field a tool's name carries as one thing's own (``own_fields``): the field and that thing
with nothing but actions between them ("set the topic of slack channel C012": Slack's
``conversations_set_topic``), not another thing's ("the status of droplet 77":
``droplets_get_destroy_associated_resources_status`` is a destroy's status). A thing named in two
words says both ("the history of xero *manual journal* MJ-5": ``get_manual_journals_history``,
``two_word_kinds``)."""

from __future__ import annotations

from collections.abc import Collection

from cardamom.core.search.postings import own_name_words
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.tokens import inflection_key

_SETTERS = frozenset({"set", "unset", "get", "put", "patch"})  # a name's verbs no synonym group holds


def says_own_field(
    name: str, thing: str, field: tuple[str, ...], *, ids: bool = False, kind: Collection[str] = ()
) -> bool:
    """The tool's own name says ``field`` as ``thing``'s: only actions between the two
    (``conversations_set_topic``), not another thing ("droplets_get_destroy_associated_resources_status");
    with ``ids`` (``id_segments``), the path's "id" between them too (Box's ``put_folders_id_update_shared_link``);
    ``kind``: the other words of the thing's kind of two words ("manual *journals*")."""
    words = own_name_words(name)
    keys = [inflection_key(w) for w in words]
    field_keys = {inflection_key(w) for w in field}
    thing_keys = {inflection_key(w) for w in (thing, *synonyms_of(thing))}  # a channel's "conversations"
    kind_keys = {inflection_key(w) for w in kind}
    for i, key in enumerate(keys):
        if key not in thing_keys:
            continue
        between = next((words[i + 1 : j] for j in range(i + 1, len(keys)) if keys[j] in field_keys), None)
        if between is not None and all(_between(w, ids, kind_keys) for w in between):
            return True
    return False


def _between(word: str, ids: bool, kind: Collection[str]) -> bool:
    """``word`` may stand between a thing and its field in a name."""
    return is_action_word(word) or word in _SETTERS or (ids and word == "id") or inflection_key(word) in kind


def kind_words(after: tuple[str, ...], thing: str, values: Collection[str]) -> tuple[str, ...]:
    """The words after ``thing`` in the words after "of" that name its kind with it, up to its value
    ("manual *journal* MJ-5"): at most one."""
    rest = after[after.index(thing) + 1 :] if thing in after else ()
    return tuple(w for w in rest[:1] if w.isalpha() and w not in values)
