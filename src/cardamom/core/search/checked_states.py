"""A thing's state to be checked, asked as the question it is (``checked_states``): "*verify
that* xero invoice INV-9 *has been paid*", "*check that* droplet 5512 *is running*", "*see if* bob
*is* online in slack". "Make sure" and "ensure" wish the state (the earlier rounds read them as
the action making it so: "make sure droplet 5512 is powered off"), and "check if" reads as
written already.

The question itself ("has xero invoice INV-9 been paid", "is droplet 5512 running") reads as the
thing's get (``thing_questions``); written after a verb of checking, the verb ("verify", "see")
and the state ("paid") weighed as words no tool says, and the request found nothing.
"""

from __future__ import annotations

import re

# the verbs asking to check, and whether their clause needs "that", "if" or "whether" ("see
# droplet 5512" reads it; "see *if* droplet 5512 is running" asks its state)
_CHECKED = re.compile(
    r"^(?:please\s+)?(?:(?P<checks>verify|confirm|double[- ]?check)"
    r"|(?P<asks>see|find\s+out|figure\s+out|determine|tell\s+me|let\s+me\s+know)|(?P<check>check))\s+"
    r"(?:(?P<conj>that|if|whether)\s+(?:or\s+not\s+)?)?"
    r"(?P<subject>\S.*?)\s+(?P<aux>is|are|was|were|has\s+been|have\s+been|has|have)"
    r"\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a possession asked with "got": "*has* stripe customer cus_88 *got* an active subscription"
_GOT = re.compile(r"^(?:has|have)\s+(?P<subject>\S.*?)\s+got\s+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
_IRREGULAR = frozenset({"run", "sent", "done", "paid", "gone", "begun", "seen", "made", "built", "won", "lost"})


def as_question(request: str) -> str:
    """``request`` checking a thing's state as the question asking it ("verify that xero invoice
    INV-9 has been paid": "has xero invoice INV-9 been paid"; "check that droplet 5512 is
    running": "is droplet 5512 running"; "has stripe customer cus_88 got ...": "does stripe customer
    cus_88 have ..."); ``request`` as written otherwise."""
    got = _GOT.match(request.strip())
    if got is not None:  # "has the customer got ...": "does the customer have ..."
        return f"does {got.group('subject')} have {got.group('rest')}"
    found = _CHECKED.match(request.strip())
    conj = (found.group("conj") or "").casefold() if found else ""
    if found is None or (found.group("asks") and not conj) or (found.group("check") and conj != "that"):
        return request  # ("check *if* ..." reads as written; "make sure" makes it so: a wish, no check)
    subject, rest = found.group("subject"), found.group("rest")
    if subject.casefold() in {"it", "this", "that", "they", "there"}:
        return request  # no thing named: "verify *it* is done"
    aux = " ".join(found.group("aux").casefold().split())
    if aux in {"has been", "have been"}:
        return f"has {subject} been {rest}"
    if aux in {"has", "have"}:
        first = rest.split(maxsplit=1)[0].casefold()
        if first.endswith(("ed", "en")) or first in _IRREGULAR:
            return f"has {subject} {rest}"  # "has the workflow *run*"
        return f"does {subject} have {rest}"  # "does stripe customer cus_9 have an active subscription"
    return f"{aux} {subject} {rest}"
