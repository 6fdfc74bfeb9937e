"""Step 5, refined: a request for the caller's own things (``first_person``) gets the tool whose
name says the caller (GitHub's ``repos_list_for_authenticated_user``, Jira's
``get_current_user``, Notion's ``get_self``) first, among the tools that cleared the floor; a
question saying no verb asks for the list of its things (``asked_caller_things``, its head read
by ``head_nouns.listed_head``); and where the first tool is an organization's, its twin for the
caller or a user, of the same score, comes first (``caller_twins``: "update *my* copilot space 5"
is ``copilot_spaces_update_for_user``).
"""

from __future__ import annotations

from cardamom.core.search.coverage import Covering
from cardamom.core.search.first_person import CALLER_WORDS
from cardamom.core.search.head_nouns import RequestHead, forms, name_head
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import order_results, placed_first
from cardamom.core.search.postings import EMPTY, union_of
from cardamom.core.search.tokens import inflection_key
from cardamom.core.search.verb_readings import verb_names

# Name words saying the caller on their own (``get_users_me``, ``get_my_filters``,
# ``users_get_authenticated``): "current" says it only with "user", "self" only without "hosted"
_CALLER_NAMES = CALLER_WORDS - {"current", "self"} | {"myself", "mine", "whoami"}


def caller_named(index: SearchIndex) -> frozenset[int]:
    """The tools whose names say the caller: a word of ``_CALLER_NAMES``, "current" with "user"
    (``get_current_user``; DigitalOcean's ``..._connections_current`` is a metric), or "self"
    that is not "self-hosted" (``get_self``; GitHub's runners)."""
    postings = index.name_postings
    current = postings.get("current", EMPTY) & postings.get("user", EMPTY)
    own = postings.get("self", EMPTY) - postings.get("hosted", EMPTY)
    return union_of((*(postings.get(w, EMPTY) for w in _CALLER_NAMES), current, own))


def caller_first(
    index: SearchIndex,
    head: RequestHead | None,
    passing: list[Covering],
    top: list[tuple[int, int, float]],
    *,
    twins: bool = False,
) -> list[tuple[int, int, float]]:
    """``top`` with the first tool (by the result order) that cleared the floor and whose name
    says the caller placed first, where its name does the request's verb (as written, inflected
    or through a synonym: "create the team for me" is no ``get_my_teams``) to a thing the caller
    owns, the request's head noun (or a synonym); a request for the caller's user ("who am I":
    "get my user") takes a name whose thing is the caller (``get_self``). ``twins``
    (``caller_twins``): then an organization's first tool gives way to its user's twin."""
    placed = _caller_placed(index, head, passing, top)
    placed = _caller_twin_first(index, placed) if index.options.caller_user_twins and placed else placed
    return _user_twin_first(index, placed) if twins and placed else placed


def _caller_twin_first(index: SearchIndex, top: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """``top`` with the caller's twin of its first tool, a user's, placed first where it scores the
    same: "list my starred repos on github" is ``activity_list_repos_starred_by_authenticated_user``,
    not ``..._by_user`` (``caller_user_twins``)."""
    first = index.documents[top[0][0]].name
    if not first.endswith("_user") or first.endswith("_authenticated_user"):
        return top
    twin = _twin(index, top, first[: -len("_user")] + "_authenticated_user")
    return placed_first(top, twin) if twin is not None else top


def _twin(index: SearchIndex, top: list[tuple[int, int, float]], name: str) -> tuple[int, int, float] | None:
    """The tool of ``top`` named ``name`` that scores as its first does, if any."""
    return next((t for t in top if t[1] == top[0][1] and index.documents[t[0]].name == name), None)


# An organization's tool and its twins for the caller or a user (GitHub's ``..._for_org``,
# ``..._for_authenticated_user``, ``..._for_user``), by the endings of their names
_ORG_ENDINGS = ("_for_org", "_in_org", "_for_organization")
_USER_ENDINGS = ("_for_authenticated_user", "_for_user")


def _user_twin_first(index: SearchIndex, top: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """``top`` with the caller's or a user's twin of its first tool placed first, where that is an
    organization's and the twin scores the same."""
    first = index.documents[top[0][0]].name
    ending = next((e for e in _ORG_ENDINGS if first.endswith(e)), None)
    if ending is None:
        return top
    stem = first[: -len(ending)]
    for twin_ending in _USER_ENDINGS:
        twin = _twin(index, top, stem + twin_ending)
        if twin is not None:
            return placed_first(top, twin)
    return top


def _caller_placed(
    index: SearchIndex, head: RequestHead | None, passing: list[Covering], top: list[tuple[int, int, float]]
) -> list[tuple[int, int, float]]:
    """``caller_first``'s placing of the caller's tool."""
    if head is None:
        return top  # without a head noun, nothing says what of the caller's the request asks for
    named = caller_named(index) & verb_names(index, head.verb)
    if not named:
        return top
    documents = index.documents
    heads = forms(head.head, True)
    mine = [c for c in passing if c[0] in named and _owned(documents[c[0]].name, heads)]
    if index.options.placed_mine and top:
        # "list my codespaces *in acme/api*": no caller's tool covering less of the request than
        # the first (``..._in_repository_for_authenticated_user``, not ``..._for_authenticated_user``)
        mine = [c for c in mine if c[3] >= top[0][2] - 1e-9]
    if not mine:
        return top
    best = order_results(index, mine, 1)[0]
    return placed_first(top, best)


_CALLER_KEYS = frozenset(inflection_key(w) for w in (*_CALLER_NAMES, *CALLER_WORDS, "user"))
_USER = forms("user", True)


def _owned(name: str, heads: frozenset[str]) -> bool:
    """The name's thing is the caller's: no noun but the caller's words beside it
    (``codespaces_list_repositories_for_secret_for_authenticated_user`` lists a secret's
    repositories), and it is the request's head, or the caller where the head is a user."""
    read = name_head(name)
    if read.others - read.modifiers - _CALLER_KEYS:
        return False
    return read.head in heads or (read.head in _CALLER_KEYS and not heads.isdisjoint(_USER))
