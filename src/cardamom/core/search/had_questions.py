"""A question whether a thing has things of a kind (``had_things``): "does stripe customer cus_1
have *a subscription*", "do we have any open PRs in github acme/api", "has jira issue ENG-4 got
*any comments*".

The answer is the list of those things: read as written, the thing's kind in the singular tied
every tool of the thing saying it, whatever its verb, and the first in order made one (Stripe's
``post_customers_customer_subscriptions_*``). Read as their list of the owner: "list
subscriptions of stripe customer cus_1", a list's plural for the one asked.

Only a question of one owner and one kind of thing, in a word or two after "a", "an", "any",
"some" or "more than one"; or, asking which things it has, in one to three words after "what" or
"which", of an owner named by no id (``which_had``: "what repos does the acme org have").
"""

from __future__ import annotations

import re

from cardamom.core.search.tokens import is_plural, plural

_HAD = re.compile(
    r"^\s*(?:does|do|did|has|have)\s+(?P<owner>(?:[^.;:!?]|\.(?=\w)){1,80}?)\s+(?:have|has|got|own|contain|hold)\s+"
    r"(?:a|an|any|some|one|more\s+than\s+one|multiple)\s+(?P<thing>[A-Za-z]+(?:\s+[A-Za-z]+){0,2}?)"
    r"(?P<rest>(?:\s+(?:in|on|at|for|from)\s+[^?]*)?)\s*\??\s*$",
    re.IGNORECASE | re.DOTALL,
)
# ... and which things a thing has (``which_had``): "what repos does the acme org have on github"
_WHICH_HAD = re.compile(
    r"^\s*(?:what|which)\s+(?P<thing>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)\s+(?:does|do|did)\s+"
    r"(?P<owner>(?:[^.;:!?]|\.(?=\w)){2,80}?)\s+(?:have|own|contain|hold)"
    r"(?P<rest>(?:\s+(?:in|on|at|for|from)\s+[^?]*)?)\s*\??\s*$",
    re.IGNORECASE | re.DOTALL,
)
_SUBJECTS = frozenset({"we", "i", "you", "they", "u"})  # "do *we* have any ...": the caller's own


def had_question(request: str, *, which: bool = False) -> str:
    """``request`` asking whether a thing has things of a kind read as their list ("does stripe
    customer cus_1 have a subscription": "list subscriptions of stripe customer cus_1"), with
    ``which`` which things it has too ("what repos does the acme org have on github": "list repos
    of the acme org on github"); ``request`` as written otherwise."""
    found = _HAD.match(request[:300])
    if found is None and which:
        found = _WHICH_HAD.match(request[:300])
        # (one thing named by its id is the thing questions': "what custom fields does asana project 12 have")
        found = None if found is not None and any(c.isdigit() for c in found["owner"]) else found
    if found is None:
        return request
    *adjectives, thing = found["thing"].split()
    many = is_plural(thing.casefold()) or (thing.endswith("s") and thing[:-1].isupper())  # "PRs"
    things = " ".join((*adjectives, thing if many else plural(thing)))
    owner = found["owner"].strip()
    if owner.casefold() == "i":  # "do *I* have any pending repo invites": the caller's own
        return f"list my {things}{found['rest']}"
    if owner.casefold() in _SUBJECTS:
        return f"list {things}{found['rest']}"
    return f"list {things} of {owner}{found['rest']}"
