"""A verb no name says, done by the tool whose description says it (``described_verbs``).

"close intercom conversation 88": no Intercom name says "close", so the request's verb is read
as the update the app's names say (``state_verbs``), and ``update_conversation`` comes first;
Intercom closes, snoozes and assigns a conversation by ``manage_conversation``, whose
description says so ("Close a conversation", "Assign a conversation to an admin"). Where the
verb read as another is written in the description of a tool acting on the request's thing,
that tool comes first: its vendor says it does the request's very verb.
"""

from __future__ import annotations

from cardamom.core.search.coverage import Covering
from cardamom.core.search.head_nouns import RequestHead, acts_on, forms
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import order_results, placed_first
from cardamom.core.search.postings import EMPTY, own_name_words
from cardamom.core.search.synonyms import group_keys, is_action_word
from cardamom.core.search.tokens import inflection_key
from cardamom.core.search.verb_readings import verb_names

# the names' verbs that do no verb of another's: they read or take a thing away
_NOT_DOING = group_keys(frozenset({"get", "list", "search", "delete"}))


def described_verb_first(
    index: SearchIndex,
    head: RequestHead,
    read_as: tuple[tuple[str, str], ...],
    written: frozenset[str],
    passing: list[Covering],
    top: list[tuple[int, int, float]],
) -> list[tuple[int, int, float]]:
    """``top`` with the best tool of ``passing`` whose name acts on the request's head and whose
    description says the request's verb as written placed first, where that verb was read as
    another (``read_as``) because no name says it, and the tool does not say that other verb;
    ``written``: the request's words as written. ``top`` as it is otherwise."""
    # (the head's verb is the one written, or already the reading: "close" read as "update")
    verb, reading = next(((w, r) for w, r in read_as if head.verb in (w, r) and " " not in r and w.isalpha()), ("", ""))
    # (a verb the request writes, read as an action the names say in general: "move" read as
    # Jira's "transition" reads a name; "wrap up" joined as "complete" is no word of the request; a
    # read read as a list, "get bob's contacts", guesses nothing)
    if not verb or not is_action_word(reading) or verb not in written or inflection_key(verb) in _NOT_DOING:
        return top
    named = index.name_postings.get(verb, EMPTY)
    if any(c[0] in named for c in passing):
        return top  # a name that cleared the floor says the verb: no guess to mend
    describing = index.description_postings.get(verb, EMPTY)
    if not describing:
        return top
    documents = index.documents
    heads = forms(head.head, False)
    # (not the tools the reading names: ``update_conversation`` points "close" to the manage endpoint)
    guessed = verb_names(index, reading)
    doing = [
        c
        for c in passing
        if c[0] in describing
        and c[0] not in guessed
        and acts_on(documents[c[0]].name, heads)
        and inflection_key(_name_verb(documents[c[0]].name)) not in _NOT_DOING
    ]
    if not doing:
        return top
    return placed_first(top, order_results(index, doing, 1)[0])


def _name_verb(name: str) -> str:
    """The first action word of a tool's own name (``create`` of ``repos_create_fork``)."""
    return next((w for w in own_name_words(name) if is_action_word(w)), "")
