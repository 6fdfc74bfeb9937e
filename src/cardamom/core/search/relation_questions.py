"""A question asking which things another is tied to (``relation_questions``): "which teams is user bob
*assigned to* in asana", "what projects is jira board 7 *linked to*", "which asana projects is task
1209 *in*", "what locale is my jira user *set to*".

The participle says only that the two are tied; the answer is the first kind's things of the other,
which names write "for" it (Asana's ``get_teams_for_user``, ``get_projects_for_task``; Jira
Software's ``get_projects`` of a board). Read as written, the participle is a word some other tool
carries ("linked": ``get_remote_link_by_id``; "set": ``set_locale``) and the question's subject is
the list's ("which teams is *user* bob ...": ``get_users_for_team``). The question is read as the
list of the things for the other ("list teams for user bob in asana"); one thing asked is the
other's field, which the thing questions read, but what a setting is "set to" drops the participle
("what locale is my jira user"). A participle saying more than a tie ("which repos is octocat
*subscribed to*", "starred") is kept as written. Whether one is a member of a thing ("is octocat a
member of the enterprise team platform on github", "check if bob is part of asana team 77") asks for
that membership, the person a value ("get membership for user 'octocat' in ...": GitHub's
``enterprise_team_memberships_get``, not its mascot's ``meta_get_octocat``).
"""

from __future__ import annotations

import re

from cardamom.core.search.tokens import GRAMMAR_WORDS, is_plural

# participles saying two things are tied, and nothing more ("subscribed", "starred" say more)
_TIES = (
    "linked|assigned|added|attached|connected|associated|related|set|mapped|tied|bound|used|included|listed"
    "|placed|put|filed|grouped|enrolled|involved"
)
# the things asked (one to three words), the other thing, a participle saying a tie (or none:
# "which projects is task 12 *in*"), its preposition, and where the question places them
_RELATED = re.compile(
    r"^\s*(?:what|which)\s+(?P<things>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|are|was|were)\s+"
    rf"(?P<other>\S.*?)(?:\s+(?P<tie>{_TIES})|\s+(?P<member>(?:an?\s+)?member|part))?"
    r"\s+(?P<preposition>to|in|on|with|into|under|within|inside|of)"
    r"(?P<place>\s+(?:in|on|at|within|inside|for)\s+\S.*?)?[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "is octocat a member of ...", "check if bob is part of ...": the person, then the thing
_WHO = r"[\w.@-]+(?:\s+(?!(?:a|an|still)\b)[\w.@-]+)?"  # one or two words: "octocat", "bob smith"
_MEMBER = re.compile(
    rf"^\s*(?:(?:check|see|verify|confirm|find\s+out)\s+(?:if|whether)\s+(?P<who>{_WHO})\s+is|is\s+(?P<asked>{_WHO}))"
    r"\s+(?:(?:still\s+)?(?:an?\s+)?(?:member|part)\s+of|in(?=\s.*\b(?:team|group|org|organization|channel|workspace)\b))"
    r"\s+(?P<place>\S.*?)[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "which teams does asana user 1201 *belong to*" (``belonged_questions``): the things, the other
# thing, a verb saying the other is in them
_BELONGS = re.compile(
    r"^\s*(?:what|which)\s+(?P<things>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:does|do|did)\s+"
    r"(?P<other>\S.*?)\s+(?:belong|participate|work)\s+(?:to|in|on)"
    r"(?P<place>\s+(?:in|on|at|within|inside|for)\s+\S.*?)?[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# the other thing is no pronoun standing for the things ("what projects are *there* in ...")
_NOT_OTHERS = frozenset({"there", "here", "they", "these", "those", "it", "available", "open", "active", "in", "on"})
_PRONOUNS = frozenset({"this", "that", "he", "she", "we", "you", "i", "someone", "anyone", "everyone"})
_NO_PERSON = _NOT_OTHERS | _PRONOUNS
_PLACING = frozenset({"in", "on", "within", "inside"})
_LONGEST = 300  # characters: a question is short
_OPENERS = ("what", "which", "is ", "check", "see", "verify", "confirm", "find")


def related_things(request: str, *, belonged: bool = False) -> str:
    """``request`` asking which things another is tied to read as the list of those things for
    it ("which teams is user bob assigned to in asana": "list teams for user bob in asana"; what
    one thing is set to, as that thing: "what locale is my jira user"); ``request`` as written
    where the participle says more than a tie, the thing asked is one (the other's field: "which
    folder is box file 456 in"), or the question is none of these; whether one is a
    member of a thing, as that membership ("get membership for user 'octocat' in the acme github org");
    with ``belonged`` (``belonged_questions``), which things another belongs to ("which teams does
    asana user 1201 belong to": "list teams for asana user 1201")."""
    if len(request) > _LONGEST or not request.lstrip()[:6].casefold().startswith(_OPENERS):
        return request  # (most requests: no question of this shape, no pattern tried)
    membership = _MEMBER.match(request)
    if membership is not None:
        who = membership.group("who") or membership.group("asked")
        if who.casefold() in _NO_PERSON:
            return request
        return f"get membership for {_person(who)} in {membership.group('place')}"
    belongs = _BELONGS.match(request) if belonged else None
    if belongs is not None:
        other, words = belongs.group("other").strip(), belongs.group("things").split()
        if other.split()[0].casefold() in _NO_PERSON or not is_plural(words[-1].casefold()):
            return request  # ("which teams do *you* belong to": the held questions'; one thing: the other's field)
        if len(other.split()) == 1:
            other = _person(other)  # "which orgs does *octocat* belong to"
        return f"list {belongs.group('things')} for {other}{belongs.group('place') or ''}"
    found = _RELATED.match(request)
    if found is None:
        return request
    tie, member = found.group("tie"), found.group("member")
    other = found.group("other").strip()
    preposition = found.group("preposition").casefold()
    if member is not None:
        if preposition != "of":
            return request
        if len(other.split()) == 1 and other.casefold() not in _NO_PERSON:
            other = _person(other)  # "which teams is *octocat* a member of"
    elif preposition == "of" or (not tie and preposition not in _PLACING):
        return request  # ("of" only after "a member", "part"; no participle: "in", "on")
    words = found.group("things").split()
    first_other = other.split()[0].casefold()
    if first_other in _NOT_OTHERS or words[-1].casefold() in GRAMMAR_WORDS:
        return request
    if not is_plural(words[-1].casefold()):
        # one thing asked is the other's field ("which folder is box file 456 in": the file's), but
        # what a setting is "set to" is its value ("what locale is my jira user set to")
        if (tie or "").casefold() != "set":
            return request
        return f"what {found.group('things')} is {other}{found.group('place') or ''}"
    return f"list {found.group('things')} for {other}{found.group('place') or ''}"


def _person(name: str) -> str:
    """A person named in a question, quoted as a value: a person's name is no tool's word
    ("octocat", GitHub's mascot's ``meta_get_octocat``)."""
    return f"user '{name}'"
