"""A thing said to await an act (``awaited_acts``): "jira issue ENG-4 *to be closed*", "*need* stripe
charge ch_9 *refunded* asap", "slack channel C0123: *needs archiving*", "PR 12 in github acme/api
*awaiting merge*", "xero invoice INV-3 *pending send* to the customer", "intercom conversation 301
*waiting on a reply*".

A queue, a board or a note says what a thing awaits; the act awaited is the request. As written,
"awaiting", "pending" and "waiting" drew a search or were the request's rarest words, and a
participle after its thing read as a state. Read as the act on the thing ("close jira issue
ENG-4", "merge PR 12 ..."), where the thing carries an id and the act is one a request opens with.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.verbal_nouns import act_verb, order_first

# (no wish's subject before it: "*I want* jira issue ENG-5 to be closed" is ``wanted_done``')
_THING = (
    r"(?P<thing>(?!(?:i|we|you|they|i'd|we'd|i'm|we're)\b)[^,:;]{2,80}?\d[\w./-]*"
    r"(?:\s+(?:in|on|at|from)\s+[\w./-]+(?:\s+[\w./-]+)?)?)"
)
_SOON = r"(?:asap|please|now|soon|today)"
_TAIL = rf"(?P<tail>(?:\s+(?!{_SOON}\b)\S.*?)?)(?:\s+{_SOON})*\s*[.!]*$"
# "jira issue ENG-4 to be closed", "need stripe charge ch_9 refunded"
_TO_BE = re.compile(rf"^\s*{_THING}\s+(?:is\s+|are\s+)?to\s+be\s+(?P<participle>[a-z]{{3,}}){_TAIL}", re.I | re.S)
_NEEDED = re.compile(
    rf"^\s*(?:(?:i|we)\s+)?(?:really\s+)?need\s+{_THING}\s+(?P<participle>[a-z]{{3,}}ed){_TAIL}", re.I | re.S
)
# "slack channel C0123: needs archiving", "droplet 77 requires rebooting"
_NEEDING = re.compile(
    rf"^\s*{_THING}\s*[:,\-]?\s+(?:needs|requires|wants)\s+(?P<gerund>[a-z]{{3,}}ing){_TAIL}", re.I | re.S
)
# "PR 12 awaiting merge", "xero invoice INV-3 pending send to ...", "... waiting on a reply", "... up for deletion"
_AWAITING = re.compile(
    rf"^\s*{_THING}\s*[:,\-]?\s+(?:awaiting|pending|waiting\s+(?:on|for)|due\s+for|up\s+for|ready\s+for|queued\s+for)"
    rf"\s+(?:an?\s+|the\s+|its\s+)?(?P<act>[a-z]{{3,}}){_TAIL}",
    re.IGNORECASE | re.DOTALL,
)
# ... as ``verbal_nouns`` leaves it, the act's noun moved first: "delete box folder 555 awaiting"
_MOVED = re.compile(
    rf"^\s*(?P<verb>[a-z]{{3,}})\s+{_THING}\s*[:,\-]?\s+(?:awaiting|pending|needs|requires|waiting(?:\s+(?:on|for))?"
    r"|due(?:\s+for)?|up\s+for|ready\s+for|queued\s+for)\s*[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
_JOINED = {"reply": "reply to", "respond": "respond to", "comment": "comment on"}  # "reply *to* conversation 301"
_LONGEST = 300  # characters


def awaited_act(request: str, verb_of: Callable[[str], str | None]) -> str:
    """``request`` as the act its thing awaits; ``verb_of``: the verb a participle is a form of
    ("closed": "close"), or None. ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    verb: str | None = None
    found = _TO_BE.match(request) or _NEEDED.match(request)
    if found is not None:
        verb = verb_of(found["participle"].casefold())
    else:
        found = _NEEDING.match(request) or _AWAITING.match(request)
        if found is not None:
            said = found.groupdict().get("gerund") or found["act"]
            verb = act_verb(said.casefold())
    moved = _MOVED.match(request) if found is None else None
    if moved is not None and order_first(moved["verb"]):
        return f"{moved['verb']} {moved['thing'].strip()}"
    if found is None or verb is None or not order_first(verb):
        return request
    return f"{_JOINED.get(verb, verb)} {found['thing'].strip()}{found['tail']}"
