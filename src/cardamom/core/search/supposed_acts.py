"""A question of what an action would do (``supposed_acts``): "*what happens if I* delete box
folder 99", "*what if we* archive slack channel C0123", "*suppose I* cancel cal.com booking 881,
*what then*", "*if I* close github issue 12 *will it notify anyone*", "*will* rebooting droplet 77
*lose data*", "*what's the impact of* deleting jira issue ENG-4".

A person weighing an action asks about the tool that does it, and a model looking for that tool
writes the question as it came. Its words ("happens", "impact", "lose", "notify") are no word of
that tool's, and as written the request found nothing. Read as the action supposed ("delete box
folder 99"), where an order or its gerund says it.
"""

from __future__ import annotations

import re

from cardamom.core.search.request_frame import as_verb
from cardamom.core.search.verbal_nouns import order_first

# "what happens if I ...", "what if we ...", "suppose I ..., what then", "imagine we ..."
_WHAT_IF = re.compile(
    r"^\s*(?:so\s+)?(?:what\s+(?:happens|would\s+happen|will\s+happen|could\s+happen|happens\s+next)\s+(?:if|when|once)"
    r"|what\s+if|suppose|supposing|imagine|say)\s+(?:i|we|you|someone|somebody)\s+(?:were\s+to\s+|was\s+to\s+)?"
    r"(?P<act>\S.*?)(?:\s*[,;-]\s*(?:what\s+then|then\s+what|what\s+happens|what\s+would\s+happen)\b.*)?[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "if I close github issue 12, will it notify anyone"
_IF_THEN = re.compile(
    r"^\s*if\s+(?:i|we|you)\s+(?P<act>\S.*?)\s*,?\s+(?:will|would|does|do|is|can|could)\s+"
    r"(?:it|that|this|they|anyone|anybody|anything|someone|people|the\s+\w+)\b.*$",
    re.IGNORECASE | re.DOTALL,
)
# "will rebooting droplet 77 lose data", "does archiving notion page 5c1e2f break its links"
_GERUND_ASKED = re.compile(
    r"^\s*(?:will|would|does|do|can|could|might|is|should)\s+(?P<gerund>[a-z]{4,}ing)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "what's the impact of deleting ...", "is there any risk in merging ...", "is it safe to delete ..."
_WEIGHED = re.compile(
    r"^\s*(?:what(?:'s|\u2019s|\s+is|\s+are|\s+would\s+be)\s+the\s+(?:impact|effect|consequences?|risks?|downsides?"
    r"|side\s+effects?|implications?)\s+of|is\s+there\s+(?:any\s+)?(?:risk|danger|downside)\s+(?:in|to|of)"
    r"|(?:is|would)\s+it\s+(?:be\s+)?(?:safe|risky|dangerous)\s+to)\s+(?P<act>\S.*?)[\s?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# what a gerund's question asks of its action, after the thing ("... *lose* data", "... *notify* him")
_CONSEQUENCES = re.compile(
    r"\s+(?:also\s+)?(?:lose|break|notify|affect|cause|trigger|alert|impact|hurt|destroy|remove|delete|change|email"
    r"|send|wipe|erase|stop|kill|reset)\b.*$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 300  # characters


def supposed_act(request: str) -> str:
    """``request`` asking what an action would do read as the action ("what happens if I delete
    box folder 99": "delete box folder 99"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    found = _WHAT_IF.match(request) or _IF_THEN.match(request) or _WEIGHED.match(request)
    if found is not None:
        return _as_order(found["act"]) or request
    asked = _GERUND_ASKED.match(request)
    if asked is not None:
        consequence = _CONSEQUENCES.search(asked["rest"])
        if consequence is not None and consequence.start() > 0:
            return _as_order(f"{asked['gerund']} {asked['rest'][: consequence.start()]}") or request
    return request


def _as_order(act: str) -> str | None:
    """``act`` as an order: its gerund read as its verb ("deleting ...": "delete ..."); None
    where no order opens it."""
    order = as_verb(act.strip())
    return order if order_first(order) else None
