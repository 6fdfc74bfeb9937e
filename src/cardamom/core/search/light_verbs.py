"""An act named by its noun after a light verb (``light_verbs``).

The act is often said as a thing asked for or given: "*need a reboot on* droplet 77", "*give*
droplet 77 *a reboot*", "*need an invite for* bob to slack channel C0123", "*need the deletion of*
box file 123", "*take a snapshot of* droplet 77", "give jira issue ENG-4 *a comment*: fixed in
142", and a new thing asked for is one to make: "*need a new* jira issue for the login bug", "*a
new* asana task for the budget review". The light verb ("need", "give", "take") names no tool,
and the noun's thing drew a tool of its own ("new ... issue": Jira's workflow scheme issue type;
"snapshot of": the droplet's snapshots listed). Read as the act's verb on the thing, and a new
thing as one created. So is a small act asked with no light verb: "*a quick resend of* xero invoice
INV-3", "*one quick reply to* intercom conversation 301".

Only where the noun is an act's (``verbal_nouns.act_verb``: "reboot", "deletion", "invite").
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import act_verb

_ARTICLE = r"(?:a|an|the|one|some)\s+(?:quick\s+|full\s+|fresh\s+|proper\s+|new\s+(?=\w+\s+(?:of|on|for)\b))?"
_NEEDING = (
    r"(?:(?:i|we)\s+)?(?:(?:really\s+)?(?:need|want|require|would\s+like|'d\s+like)|do|perform|run|take|carry\s+out"
    # ... and a model's: "*initiate* a reboot of ...", "*trigger* a rerun of ..." ("issue a refund" is ``synonyms``')
    r"|initiate|trigger|execute|submit|conduct)"
)
# "need a reboot on droplet 77", "take a snapshot of droplet 77", "need an invite for bob to ..."
_ASKED = re.compile(
    rf"^(?P<open>\s*(?:(?:please|pls|kindly|just)\s+)*){_NEEDING}\s+{_ARTICLE}(?P<noun>[a-z]+)\s+(?:of|on|for|to)\s+"
    r"(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "a quick resend of xero invoice INV-3", "one quick reply to ...": no light verb, a small act
_SMALL = re.compile(
    r"^(?P<open>\s*(?:(?:please|pls|just)\s+)*)(?:(?:a|an|one|just\s+a)\s+)?(?:quick|small|tiny|short|little|fast|brief)\s+"
    r"(?P<noun>[a-z]+)\s+(?:of|on|for|to)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "give droplet 77 a reboot", "give jira issue ENG-4 a comment: fixed in 142"
_GIVEN = re.compile(
    r"^(?P<open>\s*(?:(?:please|pls|kindly|just)\s+)*)give\s+(?P<thing>[^,;:]{3,80}?)\s+(?:a|an)\s+(?:quick\s+|proper\s+)?"
    r"(?P<noun>[a-z]+)(?P<tail>\s*[:,\-].*)?\s*[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "need a new jira issue for ...", "a new asana task for ...": a thing to make
_NEW = re.compile(
    r"^(?P<open>\s*(?:(?:please|pls|kindly|just)\s+)*)(?:(?:(?:i|we)\s+)?(?:need|want|require|would\s+like|'d\s+like)\s+)?"
    r"(?:a|an|one)\s+(?:brand[\s-]+)?new\s+(?P<rest>[a-z][\w.-]*\s+\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# nouns that after "need" ask for news or a decision, not the act: "need an *update* on ENG-4"
_NOT_ACTS = frozenset({"update", "word", "look", "call", "answer", "say", "hand", "check", "read"})
# a thing's field made new is a change, no new thing: "a new *name* for slack channel C0123"
_FIELDS = frozenset({"name", "title", "description", "owner", "email", "status", "date", "assignee", "label"})
_FIELDS |= {"password", "price", "address", "phone", "summary", "due", "value", "version", "color", "topic"}
# a new thing the request states of, no ask for one: "a new channel *needs to be* created in slack"
_STATING = re.compile(r"\b(?:needs?|should|must|is|are|was|were|has|have|had|will|to\s+be)\b", re.IGNORECASE)
_LONGEST = 600  # characters


def act_of_noun(request: str) -> str:
    """``request`` naming its act by a noun after a light verb, read with the act's verb ("need a
    reboot on droplet 77": "reboot droplet 77"; "need a new jira issue for X": "create a jira
    issue for X"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    asked = _ASKED.match(request)
    verb = _verb(asked["noun"]) if asked is not None else None
    if asked is not None and verb is not None:
        return f"{asked['open']}{verb} {asked['rest']}"
    small = _SMALL.match(request)
    # (a small act asks for no news: "a tiny *update* to ..." changes it; "a quick *look* at ..." is no act)
    verb = _verb(small["noun"], news=False) if small is not None else None
    if small is not None and verb is not None:
        return f"{small['open']}{verb} {small['rest']}"
    given = _GIVEN.match(request)
    verb = _verb(given["noun"]) if given is not None else None
    if given is not None and verb is not None:
        return f"{given['open']}{verb} {given['thing']}{given['tail'] or ''}"
    new = _NEW.match(request)
    made = new["rest"] if new is not None else ""
    if new is not None and made.split(maxsplit=1)[0].casefold() not in _FIELDS and not _STATING.search(made):
        return f"{new['open']}create a {new['rest']}"
    return request


def _verb(noun: str, *, news: bool = True) -> str | None:
    """The verb an act's noun says; the noun itself where it is a verb done again ("a *resend*");
    None for a noun asking for news (``news``: "need an *update* on ...") or a look."""
    lowered = noun.casefold()
    redone = lowered if lowered.startswith("re") and len(lowered) > 4 and act_verb(lowered[2:]) else None
    asks_news = lowered in _NOT_ACTS if news else lowered in ("look", "word", "say")
    return None if asks_news else act_verb(lowered) or redone
