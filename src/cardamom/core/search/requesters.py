"""A request told of the person who wants it (``told_by_anyone``): "*Alice wants* the jira issue
ENG-9 assigned to her", "*my manager needs* a list of all asana projects", "*the team lead asked
me to* close github issue 44".

A model passing on what someone asked writes who asked first. The frame's own list knows a few
tellers ("the user", "the customer", "they"); any other person's words ("manager", "lead",
"alice") were read as the request's, took mass no name carries, and nothing cleared the floor.
A teller is a given name, or up to three words ending in a word for a person or a group of them
("the on-call *engineer*", "our *designer*", "the marketing *team*"), maybe with an id ("the
customer cus_7"), before a verb of wanting or asking; it is read as "the user", which the frame
then leaves out (``request_frame``). A teller naming an app keeps its words ("the jira admin
wants ..."), and so does one asking to be moved or let in ("Dana wants *to be added* to #design",
"bob needs *access* to box folder 12": the person is what is moved, ``passive_voice`` and
``person_moves`` read it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from cardamom.core.search.person_names import capitalised_stranger, names_a_person_placed
from cardamom.core.search.tokens import tokenize

# the words for a person, or people together, who ask for things at work
_PEOPLE = frozenset(
    {"user", "customer", "client", "requester", "requestor", "caller", "manager", "boss", "lead", "team", "designer"}
    | {"developer", "dev", "engineer", "pm", "cfo", "ceo", "cto", "coo", "cmo", "vp", "admin", "administrator"}
    | {"reviewer", "colleague", "coworker", "co-worker", "teammate", "agent", "owner", "director", "founder"}
    | {"intern", "accountant", "analyst", "recruiter", "marketer", "rep", "representative", "person", "someone"}
    | {"somebody", "everyone", "friend", "partner", "contractor", "consultant", "assistant", "officer", "executive"}
    | {"stakeholder", "supervisor", "tester", "staff", "employee", "member", "people", "folks", "department", "hr"}
    | {"finance", "legal", "sales", "marketing", "support", "ops", "devops", "sre", "qa", "lawyer", "buyer", "vendor"}
    | {"editor", "writer", "author", "maintainer", "contributor", "approver", "assignee", "reporter", "head"}
    | {"scientist", "architect", "producer", "coordinator", "specialist", "advisor", "operator", "on-call"}
)
_OWNERS = r"(?:the|my|our|your|their|his|her|a|an|one\s+of\s+(?:the|our|my))\s+"
_TELLING = re.compile(
    rf"^\s*(?P<teller>(?P<owner>{_OWNERS})?(?P<words>[A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*){{0,2}}?)"
    r"(?:\s+(?P<id>[A-Za-z_-]*\d[\w.-]*|[\w.+-]+@[\w.-]+\.\w+))?)\s+"
    r"(?:(?:just|also|now|really)\s+)?"  # "our CTO *just* asked me to ..."
    r"(?P<says>wants?|needs?|would\s+like|(?:'|\u2019)d\s+like|wish(?:es)?|asks?|asked|has\s+asked|is\s+asking"
    r"|requested|requests|is\s+requesting|is\s+trying|is\s+looking|is\s+hoping"
    # ... or wrote asking: "the client *emailed asking us to* void ..."
    r"|(?P<wrote>(?:emailed|messaged|wrote|texted|pinged|called|slacked)(?:\s+(?:me|us))?\s+(?:asking|to\s+ask)))\b"
    # "Dana wants to be added to ...", "bob needs edit access to ...": the person is moved, no teller
    r"(?!\s+(?:to\s+(?:be|get)|(?:[a-z-]+\s+)?(?:access|permissions?))\b)",
    re.IGNORECASE,
)
# the words no teller is: the asker, and the frame's own tellers, which it reads already
_NO_TELLER = frozenset({"i", "we", "you", "it", "this", "that", "there", "user", "they", "he", "she"})


def told_as_users(request: str, app_words: Collection[str], known: Callable[[str], bool]) -> str:
    """``request`` with the person who wants it, a teller of ``_TELLING``, written "the user";
    ``app_words``: the words naming the org's apps (a teller saying one keeps its words);
    ``known``: whether a tool's name says a word (a capitalised word none says names a person:
    "*Priyanka* wants ..."); ``request`` as written otherwise."""
    match = _TELLING.match(request[:300])
    if match is None:
        return request
    words = tokenize(match.group("words"))
    if not words or words[-1] in _NO_TELLER or not set(tokenize(match.group("teller"))).isdisjoint(app_words):
        return request
    if not _tells(match.group("words"), words, owned=match.group("owner") is not None, known=known):
        return request
    says = "asks" if match.group("wrote") else "requests" if match.group("says").casefold() == "is requesting" else ""
    after = request[match.end("says") :] if says else request[match.start("says") :]
    return f"{request[: match.start('teller')]}the user {says}{after}"


# the source a request is passed on from, labelled before it: "*From bob:* ...", "*Message from the
# CEO -* ...", "*Request from finance:* ...", "*Customer says:* ...", "*bob wrote:* "...""
_SOURCE = re.compile(
    r"^\s*(?:(?:(?:a|an|the)\s+)?(?:[A-Za-z-]+\s+){0,2}?(?:message|request|note|ticket|e-?mail|mail|dm|text|slack"
    r"|comment|question|ask|forward(?:ed|ing)?|fwd)\s+)?from\s+(?P<who>[^:\-\u2013\u2014\"]{1,40}?)\s*[:\-\u2013\u2014]+\s+"
    r"|^\s*(?P<teller>(?:(?:the|my|our|a|an)\s+)?[A-Za-z][A-Za-z'-]*(?:\s+[A-Za-z][A-Za-z'-]*){0,2}?)\s+"
    r"(?:just\s+)?(?:says|said|wrote|writes|asks|asked|emailed|messaged|texted|pinged)(?:\s+(?:me|us))?"
    r"(?:\s*[:,]\s*|\s+(?=[\"\u201c'])|\s+(?=(?:can|could|would|will|please|pls)\b))",
    re.IGNORECASE,
)
_OWNER_WORDS = frozenset({"the", "my", "our", "a", "an"})
_QUOTES = "\"'\u201c\u201d"


def without_source(request: str, app_words: Collection[str], known: Callable[[str], bool]) -> str:
    """``request`` without the source it is passed on from (``_SOURCE``), a teller's words saying
    a person (``_tells``), its quotes around it; ``request`` as written otherwise, and where the
    source is an app (``app_words``: "from stripe: ..." says where)."""
    match = _SOURCE.match(request[:300])
    # (the medium before "from" is none: "*Slack* from dana: create a notion page ...")
    if match is None or not set(tokenize(match.group("who") or match.group("teller"))).isdisjoint(app_words):
        return request
    teller = match.group("teller")
    if teller is not None:
        first, _, written = teller.partition(" ")
        owned = first.casefold() in _OWNER_WORDS and bool(written)
        written = written if owned else teller
        words = tokenize(written)
        if not words or words[-1] in _NO_TELLER or not _tells(written, words, owned=owned, known=known):
            return request
    rest = request[match.end() :].strip()
    return rest.strip(_QUOTES) if rest[:1] in _QUOTES else rest


def _tells(written: str, words: list[str], *, owned: bool, known: Callable[[str], bool]) -> bool:
    """``words`` (``written``) are a person's: a word for one last ("the on-call *engineer*",
    "the marketing *team*"), or, alone and with no owner, a given name or a capitalised word no
    tool's name says."""
    head = words[-1]
    if head in _PEOPLE or (head.endswith("s") and head[:-1] in _PEOPLE):
        return True
    if owned or len(written.split()) != 1:
        return False
    return names_a_person_placed(written) or capitalised_stranger(written, known)
