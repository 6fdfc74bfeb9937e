"""A question about one thing named by its id: "when was jira issue ENG-5 *created*", "who *owns* box
folder 77", "why did stripe charge ch_1 *fail*", "how long has droplet 5512 been *running*", "when
does stripe subscription sub_1 *renew*". What it asks is a field of the thing (its creator, owner,
failure reason, status, renewal date), which the thing's get returns; read as words of the request,
its verb ("owns", "fail", "renew") is in no name of the app, or in a name that acts ("fail" is
Stripe's test helper's), and the request finds nothing or the wrong tool. Such a question is read as
the thing's get ("get box folder 77"), where no name of the app carries one of its words with the
thing's (``pulls_list_reviews`` answers "who *reviewed* PR 12", and it is ranked as written)
(``thing_questions``). A "what" or "which" question asks for things ("what are the labels on issue
7"), and a count for a list: neither is read so. A yes/no question, and a "what" asking what is or
went on with the thing, are read so too, and a past verb whose things the app lists on it asks for
them ("who *commented* on github issue 7": its comments) (``asked_things``). The one thing a context
names by its id is what a request's "it" acts on ("Our Asana project 31 is done. Archive *it*":
``context_pronouns``). What someone said is the messages they posted (``said_question``); what a
thing holds, its items (``contents_question``). A "which" or "what" question naming one field of the
thing ("*which region* is droplet 77 in", in two words or past the app's name: "what *time zone* is
slack user U1 in") asks it too (``asked_fields``), and a kind in two words a name says in their
order is one ("payment intent pi_42", ``compound_kinds``), as is one whose first word begins a group
of the app's names ("*kubernetes* cluster k8s-1": ``kubernetes_get_cluster``). A question asking
which things there are is their list ("what repos are in the github org acme", ``listed_question``),
and one asking what time a "when" question (``timed_question``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from cardamom.core.search.dated_words import IRREGULAR_PARTICIPLES
from cardamom.core.search.first_person import OWN_WORDS
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.measured_questions import measure_named
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.synonyms import NAME_SHORTHANDS, is_action_word
from cardamom.core.search.tokens import (
    GRAMMAR_WORDS,
    PLACING_WORDS,
    QUERY_FILLER_WORDS,
    READ_FRAME_NOUNS,
    inflection_key,
    is_plural,
    tokenize,
)
from cardamom.core.search.value_words import COUNTING
from cardamom.core.search.verb_readings import literal_names, said_in_order, verb_names

_ASKING = re.compile(r"^\s*(?:when|who|whom|why|where|whose|how(?!\s+many\b))\b", re.IGNORECASE)
# a yes/no question, asked of one thing's state ("*did* stripe charge ch_1 succeed", "*is* droplet
# 5512 running", "*has anyone* commented on jira issue ENG-5") (``asked_things``; "have jira
# transition OPS-5 to Done" tells, asks nothing)
_WHETHER = re.compile(r"^\s*(?:did|does|is|are|was|were|has)\b", re.IGNORECASE)
# ... and a "what" asking what is, was or went on with it ("*what's* blocking jira issue ENG-5",
# "*what happened to* droplet 5512"), but for things it names ("what are the labels on ...")
_WHAT = re.compile(r"^\s*what(?:'s|\s+is|\s+was|\s+happened|\s+changed|\s+went)\b", re.IGNORECASE)
# ... and a question asking which or what one of its fields is ("*which region is* droplet 77 in",
# "*what email does* contact 6612 have"), in two words or past the app's name ("what *time zone* is
# slack user U1 in", "which *intercom admin* is ...") (``asked_fields``)
_FIELD = re.compile(r"^\s*(?:which|what)\s+(?P<field>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|was|does|did|has)\b", re.IGNORECASE)
# the thing's kind and its id: "issue ENG-5", "folder 77", "charge ch_1", "PR #12", "repo acme/api"
_THING = re.compile(r"\b(?P<kind>[A-Za-z]{2,})\s+#?(?P<id>[A-Za-z]*[-_]?\d[\w.-]*|[\w.-]+/[\w.-]+)(?=$|[\s,.?!;:)])")
_AUXILIARIES = frozenset({"was", "is", "were", "did", "does", "do", "has", "have", "had", "been", "be", "get", "got"})
_AUXILIARIES |= {"s", "re", "ve", "d", "will", "would"}  # "who*'s* assigned"
_LONGEST = 14  # words: a question about one thing is short
# events of the thing's life a question asks the time or the author of ("when was issue ENG-5
# *created*", "who *updated* page 7fa"): the thing's fields, whatever names act so
_EVENTS = frozenset({"created", "updated", "modified", "opened", "started", "running", "deployed", "launched"})
_EVENTS |= {"added", "changed", "edited", "made", "written", "booked", "scheduled", "uploaded", "last"}
# ... and the states it was brought to, which its fields say too ("who *merged* PR 12", "when
# was invoice in_5 *paid*") (``asked_things``)
_STATES = frozenset({"merged", "closed", "resolved", "reopened", "archived", "cancelled", "canceled", "completed"})
_STATES |= {"published", "paid", "sent", "delivered", "succeed", "succeeded", "finished", "done", "deleted"}
_STATES |= {"fail", "failed"}  # ("did github workflow run 991 *fail*": no ``re_run_workflow_failed_jobs``)
# ... and the states it is in, which its fields say ("is github repo acme/web *private*": no
# ``actions_get_private_repo_fork_pr_workflows_settings_repository``)
_STATES |= {"private", "public", "internal", "locked", "unlocked", "active", "inactive", "enabled", "disabled"}
_STATES |= {"paused", "suspended", "verified", "blocked", "visible", "hidden", "online", "offline"}
# what a "who" question asks of one thing: who holds one of its fields ("who *owns* box folder
# 77", "who's *assigned* to task 12"); "who can *access*", "who are the *members* of" ask for
# its relations, which names of their own list (``get_folders_id_collaborations``)
HOLDER_WORDS = _EVENTS | {"owns", "own", "owner", "assigned", "assignee", "reported", "reporter", "author", "wrote"}


def thing_question(index: SearchIndex, request: str, apps: Iterable[str]) -> str | None:
    """The get of the one thing a wh-question about it names ("get folder 77"), where no name
    of ``apps``' tools carries one of its other words with the thing's kind; None otherwise."""
    asked = index.options.asked_things
    opening = _ASKING.match(request) or (_WHETHER.match(request) or _WHAT.match(request) if asked else None)
    opening = opening or (_FIELD.match(request) if index.options.asked_fields else None)
    if opening is None or len(tokenize(request[:400])) > _LONGEST:
        return None
    # (the field asked, one of the thing's: "which *labels* are on ..." asks for things)
    field = [w for w in tokenize(opening.group("field")) if w not in index.app_mentions] if opening.re is _FIELD else []
    if opening.re is _FIELD and (not field or any(is_plural(w) or w in GRAMMAR_WORDS for w in field)):
        return None
    # (a place is no thing: "in acme/api" is where "github issue 7" is, and stays its place)
    found = list(_THING.finditer(request))
    places = [t for t in found if asked and _no_kind(t.group("kind"))]
    things = [t for t in found if t not in places]
    if len(things) != 1 or len(places) > 1:
        return None
    place = f" {places[0].group(0)}" if places else ""
    kind, thing_id = things[0].group("kind", "id")
    kind = kind.casefold()
    tools = index.tools_of(apps)
    kinds = literal_names(index, kind) & tools
    if asked and (kind,) in NAME_SHORTHANDS:  # "PR 12": ``pulls_get``, ``pulls_check_if_merged``
        kinds |= literal_names(index, NAME_SHORTHANDS[(kind,)]) & tools
    if not kinds:
        return None
    # (the thing, its place and the apps' names are said: no words of the question)
    said = {w for t in found for w in tokenize(t.group(0))} | {w for app in apps for w in tokenize(app)}
    if index.options.compound_kinds:  # "stripe *payment* intent pi_42": Stripe's ``payment_intents``
        before = tokenize(request[: things[0].start()][-60:])
        first = before[-1] if before else ""
        # (a name says the two words as one kind, in their order: "who *reviewed* PR 12" asks
        # for the reviews of PR 12, ``pulls_list_reviews``)
        noun = first and first not in GRAMMAR_WORDS and not is_action_word(first)
        noun = noun and (first, kind) not in NAME_SHORTHANDS  # ("pull request" says GitHub's "pulls")
        joint = said_in_order(index, first, kind, kinds) if noun else frozenset()
        # (or a group of the app's names begins with it: "digitalocean *kubernetes* cluster k8s-1",
        # ``kubernetes_get_cluster``, not ``databases_get_cluster``)
        joint = joint or (_grouped(index, first, kinds) if noun else frozenset())
        if joint and first not in index.app_mentions:
            kind, kinds = f"{first} {kind}", joint
            said.add(first)
    states = _EVENTS | _STATES if asked else _EVENTS
    words = [w for w in tokenize(request[opening.end() :]) if w not in said and w not in index.app_mentions]
    others = [
        w
        for w in words
        if w not in _AUXILIARIES and w not in GRAMMAR_WORDS and w not in QUERY_FILLER_WORDS and w not in states
    ]  # (the app's name: "digitalocean", which its names carry as their account)
    if asked:
        listed = _listed_acts(index, others, kinds | literal_names(index, f"{kind}s") & tools, tools)
        if listed is not None:  # "who commented on github issue 7": its comments
            return f"list {listed} on {kind} {thing_id}{place}"
    whom = opening.group(0).strip().casefold() in {"who", "whom"} or (asked and bool(SOMEONE & set(words)))
    whether = opening.re is _WHETHER
    # (a yes/no question's state a name checking it says with the thing is that name's: "has PR
    # 12 been *merged*" is ``pulls_check_if_merged``)
    checked = [w for w in words if w in _STATES] if whether else []
    checkers = (d for w in checked for d in literal_names(index, w) & kinds & _checking(index))
    if any(_checks_only(index.documents[d].name, checked, kind) for d in checkers):
        return None
    # (who holds a field asks the thing, whatever name says it: "who is *assigned* to github
    # issue 7" is no ``issues_check_user_can_be_assigned_to_issue``)
    held = asked and (whom or bool(field))  # "who is it *assigned* to", "which team is it *assigned* to"
    if any(literal_names(index, w) & kinds for w in [*field, *others] if not (held and w in HOLDER_WORDS)):
        return None
    if opening.re is _WHAT and any(is_plural(w) for w in others):
        return None  # "what's new in the open pull requests of ..." asks for things
    counted = [b for a, b in itertools.pairwise(others) if a in COUNTING]
    if any(literal_names(index, w) & tools or literal_names(index, f"{w}s") & tools for w in counted):
        return None  # "what's the *latest comment* on jira issue OPS-9" asks for one of its comments
    if whom and not all(w in HOLDER_WORDS or (asked and w in states) for w in others):
        return None
    if whether and not others and not any(w in states for w in words):
        return None  # "is github PR 12 in acme/api" asks nothing of it
    if index.options.named_measures and measure_named(index, others, tools):
        return None  # "what's the *disk usage* of digitalocean mysql cluster 9cc1": a name says it
    return f"get {kind} {thing_id}{place}"


# the words of a name checking whether ("``pulls_check_if_merged``")
_CHECKING = ("check", "if")


def _checking(index: SearchIndex) -> frozenset[int]:
    """The tools whose names check whether ("``pulls_check_if_merged``")."""
    return frozenset().union(*(literal_names(index, word) for word in _CHECKING))


def _checks_only(name: str, states: list[str], kind: str) -> bool:
    """``name`` checks a state of the thing of ``kind`` and nothing else: ``pulls_check_if_merged``
    for "has PR 12 been merged", not ``repos_check_private_vulnerability_reporting`` for "is
    github repo acme/web private"."""
    kinds = {inflection_key(w) for w in (*tokenize(kind), NAME_SHORTHANDS.get((kind,), kind))}
    return all(
        w in _CHECKING or w in states or w in GRAMMAR_WORDS or inflection_key(w) in kinds for w in own_name_words(name)
    )


def _grouped(index: SearchIndex, first: str, kinds: frozenset[int]) -> frozenset[int]:
    """The tools of ``kinds`` whose names begin with ``first``, inflected or not: their group's word."""
    key = inflection_key(first)
    documents = index.documents
    return frozenset(d for d in kinds if [inflection_key(w) for w in own_name_words(documents[d].name)[:1]] == [key])


def _no_kind(word: str) -> bool:
    """``word``, before an id, places it or says nothing of its kind ("in acme/api", "of 46")."""
    return word.casefold() in GRAMMAR_WORDS or word.casefold() in QUERY_FILLER_WORDS


def _named_things(text: str) -> list[re.Match[str]]:
    """The things ``text`` names by their ids, no places ("folder 77", not "in acme/api")."""
    return [t for t in _THING.finditer(text) if not _no_kind(t.group("kind"))]


# anyone at all, no person named ("who has *anyone* assigned", "have *someone* review PR 88")
SOMEONE = frozenset({"anyone", "anybody", "someone", "somebody"})


def _listed_acts(index: SearchIndex, words: list[str], kinds: frozenset[int], tools: frozenset[int]) -> str | None:
    """The things a question's past verb makes, where a name of the app's ``tools`` lists them,
    ending with them, one carrying the thing's kind (``kinds``) if any does ("*commented*":
    GitHub's ``issues_list_comments``, Jira's ``get_comments``); None where no word of
    ``words`` is such a verb."""
    for word in words:
        if not word.endswith("ed") or len(word) < 5:
            continue
        stem = inflection_key(word)
        for plural in (f"{stem}s", f"{stem}es"):
            if not is_plural(plural):
                continue
            listing = literal_names(index, plural) & tools & verb_names(index, "list")
            listing = frozenset(d for d in listing if index.documents[d].name.endswith(f"_{plural}"))
            # ... or one saying nothing else where none carries the kind (Jira's ``get_comments``)
            alone = {d for d in listing if len(whole_name(index.documents[d].name).split("__")[-1].split("_")) == 2}
            if listing & kinds or (alone and not literal_names(index, plural) & kinds):
                return plural
        # ... or a compound ending with it, on the thing ("how much time was *logged* on jira
        # issue HELP-3": ``get_issue_worklog``)
        for root in dict.fromkeys((stem, stem[:-1] if stem[-2:-1] == stem[-1:] else stem)):  # ("logg-": "log")
            for document in sorted(tools & kinds & verb_names(index, "list")) if len(root) >= 3 else ():
                last = index.documents[document].name.split("_")[-1]
                if len(last) > len(root) + 1 and last.removesuffix("s").endswith(root):
                    return last
    return None


_PRONOUN = re.compile(r"\b(?:it|them)\b", re.IGNORECASE)
# "its" and what of the thing follows, to the part's end: "list *its items*", "get *its status*"
_POSSESSIVE = re.compile(r"\b(?:its|their)\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s*[.!?]?\s*$", re.IGNORECASE)


def one_thing(text: str) -> str | None:
    """The one thing ``text`` names by its id, as its kind and id ("issue 9"); None where it names
    none or several."""
    things = _named_things(text[:400])
    return f"{things[0].group('kind').casefold()} {things[0].group('id')}" if len(things) == 1 else None


def with_thing(part: str, request: str, *, possessive: bool = False) -> str:
    """``part`` (the words of ``request`` that ask) with its "it" or "them" written as the one
    thing the rest of ``request`` names by its id ("Our Asana project 31 is done. Archive *it*":
    "Archive project 31"; ``context_pronouns``); ``possessive`` (``possessive_pronouns``): its "its"
    too ("Box folder 99 is full. List *its* items": "List the items of folder 99"); ``part`` where
    the rest names none or several."""
    pronoun = _PRONOUN.search(part)
    owning = _POSSESSIVE.search(part) if possessive and pronoun is None else None
    if len(request) > 2000 or (pronoun is None and owning is None):
        return part
    at = request.find(part)
    rest = request[:at] + " " + request[at + len(part) :] if at >= 0 else ""
    # (no repository placing it: "the github PR 14 *in acme/api* is stale, close it")
    things = [t for t in _THING.finditer(rest) if not ("/" in t.group("id") and _no_kind(t.group("kind")))]
    if len(things) != 1:
        return part
    # the kind as a word, whatever its case where it opened a sentence ("*Droplet* 5512 is ...")
    thing = f"{things[0].group('kind').casefold()} {things[0].group('id')}"
    if owning is not None:
        return f"{part[: owning.start()]}the {owning.group('what')} of {thing}"
    return _PRONOUN.sub(thing, part, count=1)


# a question asking which things there are: "*what repos are* in the github org acme", "*which
# pull requests are* open in acme/web", "*what are* the labels on github issue 7"
_LISTED = re.compile(
    r"^\s*(?:(?:what|which)\s+(?P<things>(?:[a-z]+\s+)?[a-z]+)\s+(?:are|were)(?:\s+there)?\b\s*"
    r"|what\s+are\s+(?=(?:[\w.-]+\s+){0,4}?[a-z]+s\b))",
    re.IGNORECASE,
)
_LISTED_LEADS = frozenset({"all", "the", "our", "any"})


def listed_question(request: str) -> str:
    """``request`` asking which things there are read as their list ("what repos are in the
    github org acme": "list repos in the github org acme") (``asked_lists``); ``request`` as
    written where the things asked are no plural ("what time is ..."); a read's frame ("what are
    the *details* of ...") reads."""
    found = _LISTED.match(request[:500])
    if found is None:
        return request
    things = found.group("things")
    # (the things of one thing named by its id are asked as written: "which firewalls are on droplet 77")
    of_one = any("/" not in t.group("id") for t in _named_things(request[found.end() :]))  # (a slug places them)
    if things is None:  # "what are [all the open jira] bugs": the words up to the first plural
        words = tokenize(request[found.end() :][:200])
        first = next((i for i, w in enumerate(words[:5]) if is_plural(w)), None)
        if first is None or (words[0] in GRAMMAR_WORDS and words[0] not in _LISTED_LEADS):
            return request
        if not OWN_WORDS.isdisjoint(words[:first]):
            return request  # (the caller's own are asked as written: "what are *my* open asana tasks")
        if words[first] in READ_FRAME_NOUNS:  # "what are the *details* of ..." reads
            return f"get {request[found.end() :]}"
        return request if of_one else f"list {request[found.end() :]}"
    words = things.casefold().split()
    if of_one or not is_plural(words[-1]) or words[0] in QUERY_FILLER_WORDS or words[-1] in READ_FRAME_NOUNS:
        return request
    # (a state things were brought to is asked as written: "what issues were *created* this week")
    after = tokenize(request[found.end() :][:40])[:1]
    if after and (after[0].endswith("ed") or after[0] in IRREGULAR_PARTICIPLES):
        return request
    return f"list {things} {request[found.end() :]}".rstrip()


# a question asking the time of a thing: "*what time is* my next cal.com booking", "*what day
# does* stripe subscription sub_1 renew"
_WHAT_TIME = re.compile(r"^\s*(?:what|which)\s+(?:time|date|day|hour)\s+(?=(?:is|was|does|did|will|are|were)\b)", re.I)


# ... and the time a thing does what its time says: "when does my next cal.com booking *start*"
_WHEN_DOES = re.compile(
    r"^\s*when\s+(?:does|do|did|will)\s+(?P<thing>\S.*?)\s+"
    r"(?:start|begin|end|finish|expire|renew|happen|occur|take\s+place|close|open)\s*\??$",
    re.IGNORECASE | re.DOTALL,
)


def timed_question(request: str) -> str:
    """``request`` asking what time or day a thing is, does or did something asked with "when"
    ("what time is my next cal.com booking": "when is my next cal.com booking"; "when does my next
    cal.com booking start": the same), as the questions of a thing's time are read
    (``asked_times``); ``request`` as written otherwise."""
    found = _WHAT_TIME.match(request[:500])
    if found is not None:
        return f"when {request[found.end() :]}"
    happens = _WHEN_DOES.match(request[:500])
    return request if happens is None else f"when is {happens.group('thing')}"


# what someone said: "*what did ana post* in slack #general", "what has bob written in #eng"
_SAID = re.compile(
    r"^\s*what\s+(?:did|has|have)\s+(?P<who>[\w@.'-]+(?:\s+[\w@.'-]+)?)\s+"
    r"(?:say|said|post|posted|write|written|wrote|send|sent|share|shared|mention|mentioned|announce|announced)\b"
    r"(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)


def said_question(request: str) -> str:
    """``request`` asking what someone said read as the messages they posted ("what did ana post
    in slack #general yesterday": "messages ana posted in slack #general yesterday"), which an
    app lists or searches, or as the get of the one thing it names by its id, which holds them
    (``said_questions``); ``request`` otherwise."""
    said = _SAID.match(request[:500])
    if said is None:
        return request
    things = _named_things(said.group("rest"))
    if len(things) == 1:  # "what did the customer write in intercom conversation 88": that conversation
        return f"get {things[0].group('kind').casefold()} {things[0].group('id')}"
    return f"messages {said.group('who')} posted{said.group('rest')}".rstrip(" ?")


# what a container holds: "*what's in* box folder 77", "*the contents of* folder 77", "*what does*
# folder 77 *contain*"
_CONTENTS = re.compile(
    r"^\s*(?:(?:show\s+me\s+|tell\s+me\s+|list\s+)?what(?:'s|\s+is|\s+are|\s+was)\s+(?:in|inside)\b"
    r"|(?:get\s+|list\s+|show\s+(?:me\s+)?)?(?:the\s+)?contents?\s+of\b"
    r"|what\s+does\b(?=.*\bcontain\s*\??\s*$))",
    re.IGNORECASE | re.DOTALL,
)
# the words a name says for what a container holds (Box's ``get_folders_id_items``)
_HELD = ("items", "children", "contents", "entries")
_LONGEST_UNNAMED = 3  # words: "my root folder"


def contents_question(index: SearchIndex, request: str, apps: Iterable[str]) -> str | None:
    """The listing of what the one thing a question names by its id holds ("what's in box folder
    77": "list items of folder 77"), where a name of ``apps``' tools says its kind, then what
    it holds (``get_folders_id_items``) (``contents_questions``); None otherwise."""
    opening = _CONTENTS.match(request[:300])
    if opening is None:
        return None
    things = _named_things(request)
    if len(things) > 1:
        return None
    if things:
        kind, thing_id = things[0].group("kind").casefold(), things[0].group("id")
    else:  # (a thing no id names, its last word its kind: "what's in my root *folder*")
        said = itertools.takewhile(lambda w: w not in PLACING_WORDS, tokenize(request[opening.end() :][:100]))
        words = [w for w in said if w not in index.app_mentions and w not in GRAMMAR_WORDS and w not in OWN_WORDS]
        if not words or len(words) > _LONGEST_UNNAMED:
            return None
        kind, thing_id = words[-1], ""
        if words[:-1]:
            thing_id = " ".join(words[:-1])  # (its words said before it, after the kind: "root")
    documents = index.documents
    carrying = (literal_names(index, kind) | literal_names(index, f"{kind}s")) & index.tools_of(apps)
    for held in _HELD:
        for doc_id in literal_names(index, held) & carrying:
            words = whole_name(documents[doc_id].name).split("__")[-1].split("_")
            at = next((i for i, w in enumerate(words) if inflection_key(w) == inflection_key(kind)), None)
            if at is not None and held in words[at + 1 :]:
                return f"list {held} of {kind} {thing_id}".rstrip()
    return None
