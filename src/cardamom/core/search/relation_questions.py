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
``enterprise_team_memberships_get``, not its mascot's ``meta_get_octocat``), its check where a name
of the app checks it, as a role such a name checks ("is octocat a *collaborator* on ...": the
check's, ``checked_members``). The things the caller is in are the caller's ("which slack channels *am
I* in": "list my slack channels", ``own_relations``), and the things a subject does a verb to that no
name says with them its list ("what packages does the acme org *publish*": "list packages for the
acme org", ``verbed_things``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import GRAMMAR_WORDS, is_plural
from cardamom.core.search.verb_readings import names_saying

# participles saying two things are tied, and nothing more ("subscribed", "starred" say more)
_TIES = (
    "linked|assigned|added|attached|connected|associated|related|set|mapped|tied|bound|used|included|listed"
    "|placed|put|filed|grouped|enrolled|involved"
)
# the things asked (one to three words), the other thing, a participle saying a tie (or none:
# "which projects is task 12 *in*"), its preposition, and where the question places them
_RELATED = re.compile(
    r"^\s*(?:what|which)\s+(?P<things>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?P<be>is|are|was|were|am)\s+"
    rf"(?P<other>\S.*?)(?:\s+(?P<tie>{_TIES})|\s+(?P<member>(?:an?\s+)?member|part))?"
    r"\s+(?P<preposition>to|in|on|with|into|under|within|inside|of)"
    r"(?P<place>\s+(?:in|on|at|within|inside|for)\s+\S.*?)?[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "is octocat a member of ...", "check if bob is part of ...": the person, then the thing
_WHO = r"[\w.@-]+(?:\s+(?!(?:a|an|still)\b)[\w.@-]+)?"  # one or two words: "octocat", "bob smith"
_MEMBER = re.compile(
    rf"^\s*(?:(?:check|see|verify|confirm|find\s+out)\s+(?:if|whether)\s+(?P<who>{_WHO})\s+is|is\s+(?P<asked>{_WHO}))"
    r"\s+(?:(?:still\s+)?(?:an?\s+)?(?:(?P<kind>public|private)\s+)?(?:member|part)\s+of"
    r"|in(?=\s.*\b(?:team|group|org|organization|channel|workspace)\b))"
    r"\s+(?P<place>\S.*?)[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "is octocat a *collaborator* on github repo acme/api": a person's role on a thing, which a name
# may check (``checked_members``)
_ROLES = "collaborator|maintainer|owner|admin|administrator|follower|assignee|watcher|subscriber|guest|moderator"
_ROLE = re.compile(
    rf"^\s*(?:(?:check|see|verify|confirm|find\s+out)\s+(?:if|whether)\s+(?P<who>{_WHO})\s+is|is\s+(?P<asked>{_WHO}))"
    rf"\s+(?:still\s+)?(?:an?\s+)?(?P<role>{_ROLES})\s+(?:of|on|in|at|for)\s+(?P<place>\S.*?)[\s?.!]*$",
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
# "what packages does the acme org *publish*", "which projects does bob *manage* in asana": the things
# a subject does a verb to (``verbed_things``), but what it has, owns, belongs to or means (other
# readings': ``had_questions``, ``belonged_questions``)
_DONE = re.compile(
    r"^\s*(?:what|which)\s+(?P<things>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:does|do|did)\s+"
    r"(?P<subject>[\w./@-]+(?:\s+(?!(?:have|has|had|be|been|last|this|next)\b)[\w./@-]+){0,3}?)\s+(?P<verb>[a-z]+)"
    r"(?P<place>\s+(?:in|on|at|within|inside|for)\s+\S.*?)?[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
_NOT_DONE = frozenset({"have", "has", "had", "belong", "participate", "work", "mean", "need", "want", "say", "like"})
_NOT_DONE |= {"look", "cost", "take", "get", "do", "support", "allow", "accept", "offer", "own", "contain", "hold"}
_NOT_DONE |= {"today", "yesterday", "week", "month", "year", "quarter", "day", "time"}  # a time's word, no verb
# the other thing is no pronoun standing for the things ("what projects are *there* in ...")
_NOT_OTHERS = frozenset({"there", "here", "they", "these", "those", "it", "available", "open", "active", "in", "on"})
_PRONOUNS = frozenset({"this", "that", "he", "she", "we", "you", "i", "someone", "anyone", "everyone"})
_NO_PERSON = _NOT_OTHERS | _PRONOUNS
_PLACING = frozenset({"in", "on", "within", "inside"})
_LONGEST = 300  # characters: a question is short
_OPENERS = ("what", "which", "is ", "check", "see", "verify", "confirm", "find")


def related_things(
    request: str,
    *,
    belonged: bool = False,
    checked: Callable[[str], bool] | None = None,
    own: bool = False,
    verbed: Callable[[str, str], bool] | None = None,
) -> str:
    """``request`` asking which things another is tied to read as the list of those things for
    it ("which teams is user bob assigned to in asana": "list teams for user bob in asana"; what
    one thing is set to, as that thing: "what locale is my jira user"); ``request`` as written
    where the participle says more than a tie, the thing asked is one (the other's field: "which
    folder is box file 456 in"), or the question is none of these; whether one is a
    member of a thing, as that membership ("get membership for user 'octocat' in the acme github org");
    with ``belonged`` (``belonged_questions``), which things another belongs to ("which teams does
    asana user 1201 belong to": "list teams for asana user 1201"). With ``checked``
    (``checked_members``: whether a name of the app checks a word), whether one is a member, or
    holds a role a name checks, is read as that check ("check membership for user 'octocat' in
    the acme org": ``orgs_check_membership_for_user``, not a team's membership). With ``own``
    (``own_relations``), the things the caller is in are the caller's ("which slack channels am
    I in", "which teams do I belong to": "list my slack channels"). With ``verbed`` (``verbed_things``:
    whether a name says a verb with a thing), the things a subject does a verb no name says with
    them to are its list ("what packages does the acme org publish": "list packages for the acme
    org"; "which projects does bob manage in asana": "list projects for user 'bob' in asana")."""
    if len(request) > _LONGEST or not request.lstrip()[:6].casefold().startswith(_OPENERS):
        return request  # (most requests: no question of this shape, no pattern tried)
    membership = _MEMBER.match(request)
    if membership is not None and membership.group("kind") and checked is None:
        membership = None  # ("a *public* member of": read with ``checked_members`` only)
    if membership is not None:
        who = membership.group("who") or membership.group("asked")
        if who.casefold() in _NO_PERSON:
            return request
        kind = f"{membership.group('kind')} " if membership.group("kind") else ""
        verb = "check" if checked is not None and checked(f"{kind}membership") else "get"
        return f"{verb} {kind}membership for {_person(who)} in {membership.group('place')}"
    role = _ROLE.match(request) if checked is not None else None
    if role is not None and checked is not None:
        who, held = role.group("who") or role.group("asked"), role.group("role").casefold()
        if who.casefold() in _NO_PERSON:
            return request
        if checked(held):  # "is octocat a collaborator on ...": ``repos_check_collaborator``
            return f"check {held} for {_person(who)} on {role.group('place')}"
    belongs = _BELONGS.match(request) if belonged else None
    if belongs is not None:
        other, words = belongs.group("other").strip(), belongs.group("things").split()
        if own and other.casefold() == "i" and is_plural(words[-1].casefold()):  # "which teams do I belong to"
            return f"list my {belongs.group('things')}{belongs.group('place') or ''}"
        if other.split()[0].casefold() in _NO_PERSON or not is_plural(words[-1].casefold()):
            return request  # ("which teams do *you* belong to": the held questions'; one thing: the other's field)
        if len(other.split()) == 1:
            other = _person(other)  # "which orgs does *octocat* belong to"
        return f"list {belongs.group('things')} for {other}{belongs.group('place') or ''}"
    done = _DONE.match(request) if verbed is not None else None
    if done is not None and verbed is not None:
        return _done_things(request, done, verbed)
    found = _RELATED.match(request)
    if found is None:
        return request
    tie, member = found.group("tie"), found.group("member")
    other = found.group("other").strip()
    preposition = found.group("preposition").casefold()
    if found.group("be").casefold() == "am":
        # the caller's own: "which slack channels *am I* in", "which github teams am I a member of"
        # (``own_relations``): their list, as "my" says it
        tied = tie is not None or (preposition == "of" if member is not None else preposition in _PLACING)
        plural = is_plural(found.group("things").split()[-1].casefold())
        if not own or other.casefold() != "i" or not tied or not plural:
            return request
        return f"list my {found.group('things')}{found.group('place') or ''}"
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


def _done_things(request: str, done: re.Match[str], verbed: Callable[[str, str], bool]) -> str:
    """The things a subject does a verb to (``_DONE``) read as their list for it, where no name
    says the verb with them (``verbed``) and they are plural; ``request`` otherwise."""
    things, verb, subject = done.group("things"), done.group("verb").casefold(), done.group("subject")
    thing = things.split()[-1].casefold()
    if verb in _NOT_DONE or verb in GRAMMAR_WORDS or not is_plural(thing) or verbed(verb, thing):
        return request
    if any(w.casefold() in _NOT_DONE for w in subject.split()):
        return request  # ("which teams does asana user 1201 *belong* to": the belonged questions')
    place = done.group("place") or ""
    if subject.casefold() in {"i", "we"}:  # "which repos do I maintain": mine
        return f"list {'my' if subject.casefold() == 'i' else 'our'} {things}{place}"
    if subject.casefold() in _NO_PERSON:
        return request
    if " " not in subject and not any(c in subject for c in "/.@") and not any(c.isdigit() for c in subject):
        subject = _person(subject)  # "which projects does *bob* manage": a person, no name's word
    return f"list {things} for {subject}{place}"


def checks_word(index: SearchIndex, tools: frozenset[int], word: str) -> bool:
    """A name of ``tools`` checks ``word``, each of its words (``orgs_check_public_membership_for_user``)."""
    return bool(names_saying(index, ("check", *word.split()), tools))


def verb_said_with(index: SearchIndex, tools: frozenset[int], verb: str, thing: str) -> bool:
    """A name of ``tools`` says ``verb`` with ``thing`` (``activity_list_repos_starred_by_user``)."""
    return bool(names_saying(index, (verb, thing), tools))


def _person(name: str) -> str:
    """A person named in a question, quoted as a value: a person's name is no tool's word
    ("octocat", GitHub's mascot's ``meta_get_octocat``)."""
    return f"user '{name}'"
