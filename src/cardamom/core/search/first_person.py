"""What a request says of its caller: it asks for the caller's own things ("list *my* repos",
"who am I", "the issues assigned *to me*"), which ``caller_order`` reads.

"my" and "me" are filler to the weights: most apps have no tool for the caller's own things,
and "list my asana tasks" must still find ``get_tasks``.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

# A request's words for the caller's own ("list *my* repos", "assigned to *me*")
OWN_WORDS = frozenset({"my", "me", "mine"})
# A tool's words for the caller, in its title ("Get *current* user") or its name
# (``users_get_authenticated``, ``get_self``; ``caller_order`` reads "current" and "self" in names)
CALLER_WORDS = frozenset({"current", "me", "my", "self", "authenticated"})
# "me" after one of these is whose ("assigned *to me*"); after a verb it is who receives ("show me")
_WHOSE = frozenset({"to", "for", "by", "with", "about", "of", "from", "at", "on"})
_REACH = 3  # words from "my" to the head noun it owns: "my open pull requests"


def says_first_person(sequence: Sequence[str], head: str | None, values: Container[str] = ()) -> bool:
    """Whether the request asks for the caller's own things: "my" owning its head noun (within
    ``_REACH`` words; "list repos for *my* org" owns the org, not the repos), "me" or "myself"
    after a preposition, "mine", or "am I"; never a word of a value ("a page titled 'My notes'")."""
    for i, word in enumerate(sequence):
        if word in values:
            continue
        following = sequence[i + 1 : i + 1 + _REACH]
        if word == "my" and (head is None or head in following):
            return True
        if word in ("me", "myself") and i > 0 and sequence[i - 1] in _WHOSE:
            return True
        if word == "mine" or (word, *following[:1]) in (("am", "i"), ("i", "am")):
            return True
    return False
