"""A person made into a role: "make slack guest U0G1 a *regular* member", "make octocat an *admin* of the
acme org on github", "make bob a *collaborator* on github repo acme/api" (``made_roles``).

"Make" is no name's verb, and the role is a word of several names: read as written, the request
finds nothing, or a tool listing the role's holders. The apps set a role in one of three ways: a
name setting the role itself (Slack's ``admin_users_set_regular``, ``admin_users_set_admin``), a
membership set with the role as its value (GitHub's ``orgs_set_membership_for_user``, a team's
``teams_add_or_update_membership_for_user_in_org``, whichever names say the place's kind), or the
role added (``repos_add_collaborator``). The request is read in the first way the app's names
allow, the role's own set, its add, then the membership, the person quoted as a value: "set regular
for slack guest 'U0G1'". Made *the* role of a thing, the person is its field ("make priya the owner
of asana project 12", ``person_names.person_as_field``).
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.person_names import person_as_field
from cardamom.core.search.tokens import GRAMMAR_WORDS, tokenize
from cardamom.core.search.verb_readings import literal_names, names_saying

MADE_ROLES = frozenset(
    {"admin", "administrator", "owner", "member", "maintainer", "collaborator", "moderator", "guest", "manager"}
    | {"editor", "viewer"}
)
_ROLES = "|".join(sorted(MADE_ROLES))
_MADE = re.compile(
    r"^\s*make\s+(?!sure\b)(?P<who>[\w.@-]+(?:\s+(?!(?:is|are|be)\b)[\w.@-]+){0,2}?)\s+an?\s+(?:(?P<kind>[a-z]+)\s+)??"
    rf"(?P<role>{_ROLES})(?P<place>\s+(?:of|in|on|for|at|to)\s+\S.*?)?\s*[.!]?$",
    re.IGNORECASE | re.DOTALL,
)
# ("make priya *the* owner of ...": one holder, a field of the thing, ``person_as_field``'s)
# the verbs a name may set a membership by, in the order they are tried
_MEMBERSHIP_VERBS = ("set", "update", "add")


def made_role(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` making a person a role read as the role set in the way the names of ``tools``
    set it; where none does, or the person is no one ("make *it* a ..."), as a field of the thing
    set to the person (``person_names``), or as written."""
    found = _MADE.match(request[:300])
    if found is None:
        return request
    read = _role_set(index, found, tools)
    # (no name sets it: a person may still be made a field "of" the thing, "make bob an admin of box
    # group membership 4410": "set the admin of ... to bob", as ``person_as_field`` reads "the")
    return read if read is not None else person_as_field(request) if index.options.person_names else request


def _role_set(index: SearchIndex, found: re.Match[str], tools: frozenset[int]) -> str | None:
    """The role set as the names of ``tools`` set it, for ``made_role``; None where none does."""
    *kinds, person = found.group("who").split()
    if person.casefold() in {"it", "this", "that", "me", "us", "them", "him", "her"}:
        return None  # ("make me a channel": something made for someone)
    who = f"{' '.join(kinds) or 'user'} '{person}'"
    role, kind = found.group("role").casefold(), (found.group("kind") or "").casefold()
    place = found.group("place") or ""
    # (a name setting a person's role says the person too: ``admin_users_set_admin``, no
    # ``repos_set_admin_branch_protection``)
    setting = literal_names(index, "set") & tools & (literal_names(index, "user") | literal_names(index, "member"))
    for word in (kind, role):
        if word and setting & literal_names(index, word):
            return f"set {word} for {who}{place}"  # Slack's ``admin_users_set_regular``
    if names_saying(index, ("add", role), tools):
        named = " ".join((*kinds, f"'{person}'"))  # (no "user", which another name says)
        return f"add {role} {named}{place}"  # ``repos_add_collaborator``
    held = literal_names(index, "membership") & tools
    if held:
        words = [w for w in tokenize(place) if w not in GRAMMAR_WORDS and w not in index.app_mentions]
        among = frozenset().union(*(literal_names(index, w) & held for w in words)) or held  # (a team's)
        verb = next((v for v in _MEMBERSHIP_VERBS if literal_names(index, v) & among), None)
        if verb is not None:
            return f"{verb} membership for {who}{place} as {role}"
    return None
