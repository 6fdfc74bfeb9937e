"""A question asking who does something to a thing: "who *starred* acme/web on github", "jira who
is *watching* issue ENG-77", "which github users *follow* torvalds".

Its answer is a list of people, which an app's names call by what they do: the agent noun of the
verb ("follow": ``users_list_followers_for_user``, "watch": ``get_issue_watchers``, "star":
``activity_list_stargazers_for_repo``). Read as written, the verb is the word of the tools doing
it ("starred": ``activity_list_repos_starred_by_user``, "watching": ``get_is_watching_issue_bulk``),
and the question finds the wrong list or none. Where a listing name of the app says a word for
people beginning with the verb ("watch*ers*", "star*gazers*"), the question is read as that list
of the thing ("list watchers of issue ENG-77"); who is on or in a thing, its members ("who's on
asana team 5") (``people_questions``), and who is part of it or belongs to it ("who belongs to box
group 901") (``relation_questions``). Who holds a field of one thing ("who *created* ...", "who
is *assigned* ...") is the thing's own question (``thing_questions``). Who may see or work on a
thing ("who *can see* box folder 99", "who *has access to* acme/api", "who is box folder 99 *shared
with*") asks its people, in the word a name gives them beside the thing's kind
(``access_questions``).
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.person_moves import people_word
from cardamom.core.search.postings import EMPTY, own_name_words
from cardamom.core.search.thing_questions import HOLDER_WORDS
from cardamom.core.search.tokens import GRAMMAR_WORDS, is_plural
from cardamom.core.search.verb_readings import literal_names, verb_names
from cardamom.core.search.verbal_nouns import gerund_verb, known_verb, participle_verb

# "who starred", "who is watching", "who's subscribed to", "which github users follow", "which
# people have starred": the verb, then what it is done to
_WHO = re.compile(
    r"\b(?:who(?:'s|\s+is|\s+are|\s+has|\s+have)?|which\s+(?:[a-z]+\s+)?(?:users|people|members|accounts)"
    r"(?:\s+are|\s+have|\s+has)?)\s+(?P<verb>[a-z]{3,})\b(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ... or who may have it done to them: "who *can be assigned* issues in acme/api" (``possible_doers``)
_WHO_CAN_BE = re.compile(
    r"\bwho\s+(?:can|could|may|might)\s+be\s+(?P<verb>[a-z]{3,})\b(?P<rest>.*)$", re.IGNORECASE | re.DOTALL
)
# "who's on asana team 5", "who is in slack channel #eng": the thing's people
_WHO_IN = re.compile(r"\bwho(?:'s|\u2019s|\s+is|\s+are)\s+(?:on|in)\s+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
# ... "who is part of box group 901", "who belongs to ..." (``relation_questions``)
_WHO_PART = re.compile(
    r"\bwho(?:'s|\u2019s|\s+is|\s+are)\s+part\s+of\s+(?P<rest>\S.*)$|\bwho\s+belongs?\s+to\s+(?P<to>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# who may see or work on a thing: "who *can see* box folder 99", "who *has access to* acme/api", "who
# is box folder 99 *shared with*" (``access_questions``)
_WHO_ACCESS = re.compile(
    r"\bwho\s+(?:(?:can|could|may|is\s+able\s+to)\s+(?:see|access|view|edit|open|read)"
    r"|(?:has|have)\s+(?:got\s+)?(?:[a-z-]+\s+)?(?:access|permissions?|rights)\s+(?:to|on|for|in))\s+(?P<rest>\S.*)$"
    r"|\bwho(?:'s|\u2019s|\s+is|\s+are)\s+(?P<shared>\S.*?)\s+shared\s+with\W*$",
    re.IGNORECASE | re.DOTALL,
)
# the endings of a word for the people doing a verb: "followers", "stargazers", "collaborators", "attendees"
_PEOPLE_ENDINGS = ("ers", "ors", "ees")
# ... and of a word for the acts themselves: "reactions", "approvals", "deployments" ("votes": verb + s)
_ACT_ENDINGS = ("ions", "als", "ments")
_LONGEST = 400  # characters: a question is short


def people_question(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` asking who does a verb to a thing read as the list of the people doing it
    ("who starred acme/web": "list stargazers of acme/web"), where a listing name of ``tools``
    says such a word; asking who is on or in a thing, as its members ("who's on asana team 5":
    "list members of asana team 5"); ``request`` as written otherwise."""
    lowered = request[:_LONGEST].casefold()
    if "who" not in lowered and "which" not in lowered:
        return request  # (most requests: no question of people, no pattern tried)
    if index.options.access_questions:
        access = _WHO_ACCESS.search(request[:_LONGEST])
        if access is not None:
            place = access.group("rest") or access.group("shared")
            word = people_word(index, place, tools) or "members"
            return f"{request[: access.start()].rstrip()} list {word} of {place}".strip()
    inside = _WHO_IN.search(request[:_LONGEST])
    if inside is None and index.options.relation_questions:
        inside = _WHO_PART.search(request[:_LONGEST])
    if inside is not None:
        place = inside.group("rest") or inside.group("to")
        return f"{request[: inside.start()].rstrip()} list members of {place}".strip()
    # (who may be assigned is no one thing's field, whoever holds it: ``possible_doers``)
    possible = _WHO_CAN_BE.search(request[:_LONGEST]) if index.options.possible_doers else None
    found = possible or _WHO.search(request[:_LONGEST])
    if found is None:
        return request
    written = found.group("verb").casefold()
    verb = _verb_of(written)
    if verb is None and index.options.unknown_doers:
        verb = _unsaid_verb(index, written, tools)  # "who *contributed* to acme/api"
    if verb is None or (possible is None and (written in HOLDER_WORDS or verb in HOLDER_WORDS)):
        return request  # (who holds a field asks the thing: "who is *assigned* to issue 7")
    people = _people_words(index, verb, tools)
    if not people and index.options.acted_lists:
        people = _act_words(index, verb, tools)  # "who *reacted* to issue 42": its reactions
    if len(people) != 1:  # none, or the verb's word is not one list's
        return request
    rest = found.group("rest").strip()
    rest = re.sub(r"^(?:on|to|in|at)\b\s*", "", rest, flags=re.IGNORECASE)  # "who's subscribed *to* ..."
    first = rest.split(maxsplit=1)[:1]
    if first and first[0].isalpha() and not index.knows(first[0].casefold()):
        rest = f"'{first[0]}'{rest[len(first[0]) :]}"  # a name, no word of the app: "who follows *torvalds*"
    before = request[: found.start()].rstrip()
    return f"{before} list {people[0]} of {rest}".strip()


def _verb_of(word: str) -> str | None:
    """The verb ``word`` writes: as is, past ("starred"), a gerund ("watching") or its third
    person ("follows", "watches")."""
    if word in GRAMMAR_WORDS:
        return None
    if known_verb(word):
        return word
    for ending in ("es", "s"):
        if word.endswith(ending) and known_verb(word[: -len(ending)]):
            return word[: -len(ending)]
    return participle_verb(word) or gerund_verb(word)


def _unsaid_verb(index: SearchIndex, word: str, tools: frozenset[int]) -> str | None:
    """The verb ``word`` writes past ("contributed"), in the present ("contributes") or as a gerund,
    where no verb list knows it (``unknown_doers``): its stem, if no name of ``tools`` says the
    word or the stem, and a listing name says one word for the people doing it ("contributors");
    or, where a reading name says one word for the acts (``acted_lists``: "voted", "votes"), its stem."""
    if word in GRAMMAR_WORDS or literal_names(index, word) & tools:
        return None
    for ending in ("ed", "d", "es", "s", "ing"):
        stem = word.removesuffix(ending)
        if stem == word or len(stem) < 4:
            continue
        if not literal_names(index, stem) & tools and len(_people_words(index, stem, tools)) == 1:
            return stem
        if index.options.acted_lists and len(_act_words(index, stem, tools)) == 1:
            return stem
    return None


def _people_words(index: SearchIndex, verb: str, tools: frozenset[int]) -> list[str]:
    """The plural words for people doing ``verb`` that a listing name of ``tools`` says, beginning
    with the verb ("watch": "watchers"; "subscribe": "subscribers")."""
    stems = {verb, verb.removesuffix("e")}
    listing = verb_names(index, "list") & tools
    words: set[str] = set()
    for document in listing:
        for word in own_name_words(index.documents[document].name):
            if word.endswith(_PEOPLE_ENDINGS) and is_plural(word) and any(_begins(word, s) for s in stems):
                words.add(word)
    return sorted(words)


def _act_words(index: SearchIndex, verb: str, tools: frozenset[int]) -> list[str]:
    """The plural words for the acts of ``verb`` that a reading name of ``tools`` says, where none
    says who does them (``acted_lists``): "react": "reactions" (GitHub's ``reactions_list_for_issue``),
    "vote": "votes" (Jira's ``get_votes``), "comment": "comments"."""
    stem = verb.removesuffix("e")
    forms = {verb + "s", verb + "es", *(stem + ending for ending in _ACT_ENDINGS)}
    said = {form: docs for form in forms if (docs := index.name_postings.get(form, EMPTY) & tools)}
    if not said:
        return []  # (most verbs: no name says their acts; the reading names are not gathered)
    reading = verb_names(index, "list") | verb_names(index, "get")
    own = [(form, own_name_words(index.documents[d].name)) for form, docs in said.items() for d in docs & reading]
    return sorted({form for form, words in own if form in words})


def _begins(word: str, stem: str) -> bool:
    return len(stem) >= 3 and word.startswith(stem) and len(word) > len(stem) + 2
