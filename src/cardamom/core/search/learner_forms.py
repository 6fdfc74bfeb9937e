"""A request in a learner's English (``learner_forms``): "*make delete of* the box file 123",
"*need do reboot for* droplet 77", "*how I can* archive slack channel C0123", "*I am wanting to*
see intercom conversation 55".

People write to a model in a second language, and a model passes their words on. A light verb
carries the act as its noun ("make delete of", "do refund of", "give a refund for", "take a
snapshot of"): "make" read as "create" found Box's file requests, and "do" and "for" left the
act a bare noun. A question's order kept as a statement's ("how I can ...") read as a question
about the thing, and a progressive wish ("I am wanting to ...") as no wish. Read as the act, the
question and the wish they write: "delete the box file 123", "reboot droplet 77", "how do I
archive ...", "I want to see ...". The light verb's act is read only where it is a verb a
request opens with or its noun ("deletion", "removal"; "*take a look at* jira issue ENG-4", as
any English writer says it, is its get).
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import act_verb, known_verb

# "make delete of", "do a refund of", "need do reboot for", "take a snapshot of": the act as the verb
_LIGHT = re.compile(
    r"^(?P<lead>\s*(?:(?:please|pls|kindly)\s+)?(?:(?:i|we|you)\s+)?(?:(?:need|needs|want|must|have|has|should|can"
    r"|could)\s+(?:to\s+)?)?)(?:make|makes|making|do|does|doing|perform|give|take)\s+(?:a\s+|an\s+|the\s+|one\s+)?"
    r"(?P<act>[a-z]{3,})\s+(?:of|for|on|to|at|with)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "how I can archive", "how we could delete": a question in a statement's order
_HOW = re.compile(r"\bhow\s+(?P<who>i|we|you|one)\s+(?:can|could|should|may|might)\s+(?=[a-z])", re.IGNORECASE)
# "I am wanting to", "we're needing to": a wish in the progressive
_WISHING = re.compile(
    r"\b(?P<who>i|we)\s*(?:am|are|'m|\u2019m|'re|\u2019re)\s+(?P<wish>want|need|like|wish|require)ing\s+(?=to\b)",
    re.IGNORECASE,
)
# "need reboot droplet 77", "I want see ...": a wish with no "to" before its verb
_BARE_WISH = re.compile(r"^(?P<wish>\s*(?:(?:i|we)\s+)?(?:need|needs|want|wants))\s+(?P<verb>[a-z]{3,})\b", re.I)
# acts whose noun reads a thing ("take a *look* at jira issue ENG-4": its get); the others' nouns
# are ``verbal_nouns.ACTION_NOUNS``
_READING_NOUNS = {"look": "get", "peek": "get"}
_LONGEST = 400  # characters


def learners_read(request: str) -> str:
    """``request`` with a learner's light verb, question order and progressive wish read as the
    act, the question and the wish (``request`` as written where it writes none)."""
    if len(request) > _LONGEST:
        return request
    lowered = request.casefold()
    if "how" in lowered:  # (most requests: no question's order to read, no pattern tried)
        request = _HOW.sub(lambda found: f"how do {found['who']} ", request)
    if "ing " in lowered:
        request = _WISHING.sub(lambda found: f"{found['who']} {found['wish'].casefold()} ", request)
    light = _LIGHT.match(request)
    if light is not None:
        act = light["act"].casefold()
        verb = _READING_NOUNS.get(act) or act_verb(act)
        if verb is not None:  # ("make a payment of $50" reads as written)
            request = f"{light['lead']}{verb} {light['rest']}"
    bare = _BARE_WISH.match(request)
    if bare is not None and known_verb(bare["verb"].casefold()):
        request = f"{bare['wish']} to {request[bare.start('verb') :]}"
    return request
