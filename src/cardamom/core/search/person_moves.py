"""A person added to a place or taken out of it (``person_moves``): "add bob to slack #eng",
"remove bob from asana project 31".

"Add" and "remove" say nothing of what is added: with a person, the place's members. The apps
write the move in their own verbs or as the place's members: Slack invites to and kicks from a
conversation (``conversations_invite``, ``conversations_kick``), Asana adds and removes a
project's members (``add_members_for_project``). Read as written, "add bob to slack #eng" found
``reactions_add`` (the words left were "add" and a channel's name). A request moving a person,
by a given name, an @mention or an address, is read in the app's verb where a name of its
(none an administrator's) says one, or as the place's people, in the word a name gives them beside
the place's kind ("members", "collaborator", "collaborations"). Access given to a person ("give
bob write access to ...") and a thing shared with one ("share box folder 77 with bob@acme.com")
move the person in; access taken ("revoke bob's access to ...", "stop alice from seeing ...", "I want
bob out of ...") moves them out, and access given in other words ("grant bob edit rights on ...",
"let bob into ...") in (``revoked_access``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from cardamom.core.search.admin_tools import is_admin_name
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.person_names import capitalised_stranger, names_a_person_placed, person_as_value
from cardamom.core.search.postings import EMPTY, own_name_words
from cardamom.core.search.request_clauses import app_opening_left
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, inflection_key, tokenize
from cardamom.core.search.value_words import TENANCIES

# one of a kind of person, said as such ("remove *a user* from ...", "kick *user U1* from ...")
_SOMEONE = (
    r"(?:(?:(?:a|an|the|this|that|one|my|our)\s+)?(?:user|member|person|teammate|guest|colleague|co-?worker)"
    r"(?:\s+[A-Za-z]*\d[\w.-]*)?|someone|somebody)"
)
# a person by their role, one person as a name is (``role_people``): "add *the new hire* to ...", "remove
# *the contractor* from ...", "share ... with *the auditor*"
_ROLES = (
    r"(?:new\s+)?(?:hire|contractor|designer|auditor|intern|pm|manager|engineer|developer|dev|tech\s+lead|lead"
    r"|candidate|consultant|freelancer|vendor|accountant|lawyer|recruiter|analyst|reviewer|tester|qa|ceo|cto|cfo"
    r"|founder|newcomer|employee|temp|on-call(?:\s+engineer)?)"
)
_ROLE = rf"(?:the|our|my|this|that)\s+{_ROLES}"
_ROLE_PERSON = re.compile(_ROLE, re.IGNORECASE)
_MOVE = re.compile(
    r"^(?P<verb>add|put|invite|remove|take|kick|get(?:\s+rid\s+of)?|bring|pull|boot|drop|throw)\s+"
    rf"(?P<person>{_SOMEONE}(?=\s)|{_ROLE}(?=\s)|\S+)(?:\s+(?:back\s+)?(?P<out>out))?\s+"
    r"(?P<joint>to|into|in|inside|from|of|off(?:\s+of)?)\s+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_ONE_OF_KIND = re.compile(_SOMEONE, re.IGNORECASE)
# a person let in by access or by sharing: "give bob write access to ...", "share ... with bob"
_GIVEN = re.compile(
    r"^(?:(?:give|grant)\s+(?P<person>\S+)"
    # ... or needed: "bob needs (edit) access to ..." (``told_by_anyone``: no teller's words)
    r"|(?P<needing>\S+)\s+(?:needs?|wants?|requires?|should\s+(?:get|have)|must\s+(?:get|have)))"
    r"\s+(?:[a-z-]+\s+)?(?:access|permissions?)\s+(?:to|on|for)\s+(?P<rest>.+)$"
    # ... or a person let do what access allows: "make sure bob can edit box folder 55", "let bob view ..."
    r"|^(?:(?:make\s+sure|ensure)\s+(?:that\s+)?(?P<able>\S+)\s+(?:can|is\s+able\s+to)|let\s+(?P<let>\S+))\s+"
    r"(?:edit|view|see|access|open|read|comment\s+on|upload\s+to|write\s+to)\s+(?P<place>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# access taken from a person: "revoke bob's access to ...", "stop alice from seeing ...", "cut off
# bob's access to ...", "bob out of ..." (``revoked_access``)
_REVOKED = re.compile(
    r"^(?:(?:revoke|remove|take\s+away|cut\s+off|pull|withdraw|drop)\s+(?P<person>[^\s']+)(?:'s?|\u2019s?)?"
    r"\s+(?:[a-z-]+\s+)?(?:access|permissions?|rights)\s+(?:to|on|for|from)"
    r"|(?:stop|prevent|block|keep)\s+(?P<kept>\S+)\s+from\s+(?:seeing|accessing|viewing|editing|opening|reading)"
    # ... or wanted out ("I want bob out of slack channel C0123")
    r"|(?:(?:i|we)\s+(?:want|need)\s+)?(?P<outed>\S+)\s+(?:out\s+of|off\s+of))"
    r"\s+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# access given in other words: "grant bob edit *rights* on ...", "let bob *into* slack channel ..."
_LET_IN = re.compile(
    r"^(?:(?:give|grant)\s+(?P<person>\S+)\s+(?:[a-z-]+\s+)?rights\s+(?:to|on|for|in)"
    r"|let\s+(?P<let>\S+)\s+(?:in\s+to|into|join|in\s+on))\s+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# a person made sure of in a place or out of it: "make sure alice is in asana project 77", "ensure
# bob is no longer in slack channel C0123" (``ensured_members``)
_ENSURED = re.compile(
    r"^(?:make\s+(?:sure|certain)|ensure|see\s+to\s+it)\s+(?:that\s+)?(?P<person>\S+)\s+(?:is|gets)\s+"
    r"(?:(?P<out>not\s+in|no\s+longer\s+in|out\s+of|removed\s+from|off)"
    r"|in|on|inside|a\s+member\s+of|part\s+of|added\s+to)\s+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_SHARED = re.compile(
    rf"^share\s+(?P<rest>.+?)\s+with\s+(?P<person>{_SOMEONE}(?=\s|$)|{_ROLE}(?=\s|$)|\S+)"
    r"(?P<after>(?:\s+as\s+.+)?)$",
    re.I | re.S,
)
# the caller moved: "remove me from asana project 31" (the user asking to be moved, ``monologue``)
_CALLERS = frozenset({"me", "myself", "us"})
# the apps' own verbs for a person moved in and out, before the place's people; one moves
# only people so ("invite *octocat* to ...", whatever the name's shape)
_OWN_VERBS = {"in": ("invite",), "out": ("kick",)}
_PEOPLE_VERBS = frozenset(verb for verbs in _OWN_VERBS.values() for verb in verbs)
# the words the apps' names give the people of a place: Asana's project ``members``, GitHub's
# repository ``collaborator``, Box's folder ``collaborations``
_PEOPLE = ("members", "collaborator", "collaborators", "collaborations")
# the move's verbs no name writes ("kick" is Slack's own, read before): an idiom for adding or removing
_IDIOM_VERBS = frozenset({"kick", "boot", "throw", "take", "drop", "get", "pull", "bring", "put"})


def person_moved(index: SearchIndex, request: str, tools: frozenset[int], apps: Collection[str] = ()) -> str:
    """``request`` moving one person into or out of a place, in the verb ``tools``' names write
    for it ("invite bob to slack #eng"), or as the place's people ("add member bob to asana
    project 31", "add collaborator bob to github repo acme/api"); into or out of the app itself
    (``apps``: the words naming it), as its users ("invite bob to our slack", ``tenancy_moves``);
    one of a kind of person ("remove *a user* from ...") only in the app's own verb or into or out
    of the app; an idiom's move where no name gives the place's people a word, in the plain verb
    ("kick alice out of asana team 77": "remove alice from ...", ``idiom_moves``); ``request`` as
    written otherwise."""
    text = app_opening_left(request.strip(), apps)  # "box share folder 9 with bob": "share folder 9 ..."
    moved = _moved(text[:400], revoked=index.options.revoked_access, ensured_members=index.options.ensured_members)
    if moved is None:
        return request
    into, person, rest = moved
    verb = text.split(None, 1)[0].casefold()
    # (one invites and kicks people only: "invite *octocat* to ...", whatever the name's shape)
    anyone = verb in _PEOPLE_VERBS and person.casefold() not in QUERY_FILLER_WORDS
    # "remove *a user* from slack channel #dev": moved in the app's own verb, or into or out of the
    # app, not as the place's people (Box's group memberships add "user 77" to a group)
    one_of_kind = _ONE_OF_KIND.fullmatch(person) is not None
    named = one_of_kind or names_a_person_placed(person.strip(",.")) or person.casefold() in _CALLERS
    # (a person by their role is one person, as a name is: "remove *the contractor* from asana project 77")
    role = index.options.role_people and _ROLE_PERSON.fullmatch(person) is not None
    one_of_kind = one_of_kind and not role
    named = named or role
    # a capitalised word no tool's name nor app says is a person's name ("add *Dana* to slack #design")
    named = named or capitalised_stranger(person, lambda word: _known(index, word, apps))
    if not anyone and not named:
        return request
    rest += text[400:]
    person = person if person.casefold() in _CALLERS else person_as_value(person)  # "kick *frank* off ..."
    documents = index.documents
    joint = "to" if into else "from"
    moving = _MOVE.match(text[:400]) is not None  # (not access given: "give alice admin access to notion")
    if index.options.tenancy_moves and moving and _the_app_itself(rest, apps):
        # "remove bob from the slack workspace": the app's users, not a conversation's members
        # (Slack invites to and kicks from a channel), in its own verb where a name has it
        invites = into and bool(index.name_postings.get("invite", EMPTY) & tools)
        adds = bool(index.name_postings.get("add", EMPTY) & tools)
        if into and not invites and not adds and verb == "invite":
            return request  # an app no name of which invites nor adds: nothing ("invite bob to our notion")
        return f"{'invite' if invites else 'add' if into else 'remove'} users {person} {joint} {rest}"
    for own in _OWN_VERBS["in" if into else "out"]:
        if any(not is_admin_name(documents[d].name) for d in index.name_postings.get(own, EMPTY) & tools):
            return f"{own} {person} {joint} {rest}"
    # (a thing shared with someone of a kind is theirs to work on: "share box folder 5 with a colleague")
    shared = _SHARED.match(text[:400]) is not None
    people = people_word(index, rest, tools) if not one_of_kind or shared else None
    if people is None and not (moving and verb in _IDIOM_VERBS and index.options.idiom_moves):
        return request
    # (an idiom's verb with no people's word: "kick alice out of asana team 77", in the plain verb the names write)
    return " ".join(word for word in ("add" if into else "remove", people, person, joint, rest) if word)


_OWNERS = frozenset({"the", "our", "my", "your", "this", "their"})


def _known(index: SearchIndex, word: str, apps: Collection[str]) -> bool:
    """``word`` is a word of a tool's name, of an app's, or of the filler."""
    return word in index.name_postings or word in apps or word in QUERY_FILLER_WORDS


def _the_app_itself(place: str, apps: Collection[str]) -> bool:
    """``place`` is the app ``apps`` names, or its tenancy, maybe with its name: "our slack",
    "the slack workspace", "the github org acme"; not a place in it ("slack channel #dev")."""
    words = [w for w in tokenize(place[:200]) if w not in _OWNERS]
    named = next((i for i, w in enumerate(words) if w not in apps), len(words))
    after = words[named:]
    return named > 0 and (not after or (after[0] in TENANCIES and len(after) <= 2))


def _moved(text: str, *, revoked: bool = False, ensured_members: bool = False) -> tuple[bool, str, str] | None:
    """Whether ``text`` moves a person in (or out), the person, and the place's words;
    ``revoked``: access taken away or given in other words moves too; ``ensured_members``: so
    does a person made sure of in a place ("make sure alice is in asana project 77")."""
    if revoked:
        revoking = _REVOKED.match(text)
        if revoking is not None:
            person = revoking.group("person") or revoking.group("kept") or revoking.group("outed")
            return False, person, revoking.group("rest")
        let = _LET_IN.match(text)
        if let is not None:
            return True, let.group("person") or let.group("let"), let.group("rest")
    ensured = _ENSURED.match(text) if ensured_members else None
    if ensured is not None:
        return ensured.group("out") is None, ensured.group("person"), ensured.group("rest")
    given = _GIVEN.match(text)
    if given is not None:
        person = given.group("person") or given.group("needing") or given.group("able") or given.group("let")
        return True, person, given.group("rest") or given.group("place")
    shared = _SHARED.match(text)
    if shared is not None:
        return True, shared.group("person"), shared.group("rest") + shared.group("after")
    match = _MOVE.match(text)
    if match is None:
        return None
    verb, joint = " ".join(match.group("verb").casefold().split()), match.group("joint").casefold()
    # ("get", "bring" and "pull" someone *into* a place; "get bob to review" asks him to)
    into = (verb in ("add", "put", "invite") and joint in ("to", "into")) or (
        verb in ("get", "bring", "pull") and joint == "into"
    )
    into = into or (verb == "put" and joint in ("in", "inside"))  # "put bob in asana project 77"
    taken = (bool(match.group("out")) and joint != "to") or joint.startswith("off")
    out = (verb in ("remove", "kick", "boot", "drop", "get rid of") and joint == "from") or (
        verb in ("take", "kick", "get", "boot", "throw") and taken
    )
    return (into, match.group("person"), match.group("rest")) if into or out else None


def people_word(index: SearchIndex, place: str, tools: frozenset[int]) -> str | None:
    """The word ``tools``' names give the people of the place ``place`` names: the first of
    ``_PEOPLE`` a name says beside the place's kind ("repo": ``repos_add_collaborator``), or
    None."""
    kinds = {inflection_key(w) for w in tokenize(place) if w.isalpha()}
    documents = index.documents
    for word in _PEOPLE:
        for doc_id in index.name_postings.get(word, EMPTY) & tools:
            if not kinds.isdisjoint(inflection_key(w) for w in own_name_words(documents[doc_id].name)):
                return word
    return None  # ("members" alone: "share the Q3 report in Box with jane" read a barrier's reports)
