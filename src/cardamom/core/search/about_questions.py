"""A request for what is known of one thing (``about_questions``): "*everything about* jira issue
ENG-4", "*all the details on* stripe customer cus_1", "*the lowdown on* box file 123", "*the full
story of* github issue 12", "*what do we know about* intercom contact 9", "*anything on* xero
invoice INV-3?", "*background on* notion page 5c1e2f"; how it looks, "*what does* jira issue type 10004
*look like*" (``looks_questions``); what is told of it, "*tell me about* asana team 1209"
(``told_about``); what it is set to or for, "*what is* the actions cache storage limit *set for* our
enterprise", "*which* columns *are set for* jira filter 10042" (``set_states``): a state asked, read
as the thing's get, where a tool setting it was first by the word "set".

What is known of a thing is the thing as its app returns it: read as its get ("get jira issue
ENG-4"). As written, "lowdown", "story" and "background" were the request's rarest words and it
found nothing, and "details" and "anything" drew the thing's parts (a customer's card, a
booking's reassignment). Only where the words name one thing by its id.
"""

from __future__ import annotations

import re

from cardamom.core.search.thing_questions import one_thing

_ABOUT = re.compile(
    r"^\s*(?:(?:please\s+)?(?:give|get|show|send|tell)\s+(?:me|us)\s+|i\s+(?:want|need)\s+|(?:can|could)\s+(?:you\s+)?"
    r"(?:give|get|show|tell)\s+(?:me|us)\s+)?"
    r"(?:everything|anything|all|(?:all\s+)?the\s+(?:full\s+|complete\s+|whole\s+)?(?:details|specifics|story|lowdown"
    r"|low-down|rundown|background|info|information|scoop|facts|particulars|ins\s+and\s+outs)"
    r"|(?:full|more|some|any|complete)\s+(?:details|info|information|background)|background|details|specifics"
    r"|what\s+(?:do|does)\s+(?:we|you|i)\s+(?:know|have)|what(?:'s|\u2019s|\s+is)\s+known)"
    r"\s+(?:(?:there\s+is|we\s+have|you\s+have|you\s+can\s+find)\s+)?(?:about|on|of|for|regarding|concerning|re:?)"
    r"\s+(?P<thing>\S.*?)\s*[?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# ... and how it looks (``looks_questions``): "what does jira issue type 10004 *look like*", "show me
# what box folder 77 looks like"
_LOOKS = re.compile(
    r"^\s*(?:(?:please\s+)?(?:show|tell)\s+(?:me|us)\s+what\s+(?P<shown>\S.*?)\s+looks?"
    r"|what\s+(?:does|do|did|would|will)\s+(?P<thing>\S.*?)\s+look)\s+like\s*(?:now|currently|right\s+now)?\s*[?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# ... and told about (``told_about``): "tell me about asana team 1209", "what can you tell me about ..."
_TOLD = re.compile(
    r"^\s*(?:(?:please|pls|kindly)\s+)?(?:(?:can|could|would)\s+you\s+|what\s+can\s+you\s+)?(?:tell|teach)\s+(?:me|us)"
    r"\s+(?:more\s+|a\s+(?:bit|little)\s+(?:more\s+)?)?about\s+(?P<thing>\S.*?)\s*[?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# ... and what it is set to or for (``set_states``): "what is the cache limit *set for* our
# enterprise", "which columns *are set* for filter 10042", "what's the retention period *set to* on
# repo acme/api" ("set up" and "set as" make or choose a thing: left as they are)
_SET = re.compile(
    r"^\s*(?:what(?:'s|\u2019s|\s+is|\s+are)?|which)\s+(?!(?:is|are)\s+set\b)(?P<thing>\S.*?)\s+(?:(?:is|are)\s+)?"
    r"(?:currently\s+)?set"
    r"\s+(?:to\s+(?=(?:on|in|for|at)\s)|(?P<place>for|on|in|at)\s+)(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# ... where no one sets it: "which value should *I* set for the field" asks to set one
_SETTERS = frozenset(
    {"i", "we", "you", "they", "should", "shall", "can", "could", "would", "will", "must", "do", "does", "did", "to"}
)
_LONGEST = 300  # characters


def about_thing(request: str, *, looks: bool = False, told: bool = False, set_to: bool = False) -> str:
    """``request`` asking what is known of one thing read as its get ("everything about jira
    issue ENG-4": "get jira issue ENG-4"), with ``looks`` (``looks_questions``) how it looks too,
    with ``told`` (``told_about``) what it is told ("tell me about asana team 1209"), with
    ``set_to`` (``set_states``) what it is set to or for ("which columns are set for jira filter
    10042": "get columns for jira filter 10042"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    state = _SET.match(request) if set_to else None
    if state is not None and _SETTERS.isdisjoint(state["thing"].casefold().split()):
        return " ".join(w for w in ("get", state["thing"], state["place"], state["rest"]) if w)
    asked = _TOLD.match(request) if told else None
    if asked is not None and one_thing(asked["thing"]) is not None:
        return f"get {asked['thing']}"
    looked = _LOOKS.match(request) if looks else None
    if looked is not None and one_thing(looked["shown"] or looked["thing"]) is not None:
        return f"get {looked['shown'] or looked['thing']}"
    found = _ABOUT.match(request)
    if found is None or one_thing(found["thing"]) is None:
        return request
    return f"get {found['thing']}"
