"""Whom a thing is sent to, said by their kind (``recipient_kinds``): "send xero invoice INV-3 *to
the client*", "email the receipt *to our accountant*", "forward it *to the customer*", and in a
learner's order, "send *to client* the xero invoice INV-3".

A person sent to by name ("... to bob") is a value; by the kind of person they are, the words
were the request's own, and a kind no tool of the app says ("client": Xero writes "contact")
took the mass the floor weighs and the request found nothing. Whom a thing goes to is an
address the call takes, no word of the tool that sends it: read without it, where no tool of the
app that sends says the kind, in its name or its text (Intercom's replies are to a customer;
Xero's customers are contacts its invoices are e-mailed to, in words of their own).
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import tokenize

_SENDING = r"(?:send|sends|sent|resend|email|e-mail|mail|forward|share|text|deliver|give)"
_KIND = (
    r"(?:(?:the|our|my|their|his|her|your|a|this|that)\s+)?(?:new\s+)?(?P<kind>clients?|customers?|vendors?|suppliers?"
    r"|accountants?|bookkeepers?|boss|manager|team|colleagues?|co-?workers?|buyers?|recipients?|partners?|landlord"
    r"|tenants?|lawyer|auditors?|finance(?:\s+team)?|stakeholders?)"
)
# "send xero invoice INV-3 to the client", "... to our accountant via email": the kind at the end
# or before how it goes
_AFTER = re.compile(
    rf"^(?P<head>\s*{_SENDING}\b.{{1,160}}?)\s+to\s+{_KIND}(?P<tail>(?:\s+(?:via|by|over|through|with|using|on|in)\b.*)?)[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "send to client the xero invoice INV-3": the kind before the thing
_BEFORE = re.compile(rf"^(?P<head>\s*{_SENDING})\s+to\s+{_KIND}\s+(?P<tail>\S.*)$", re.IGNORECASE | re.DOTALL)
_LONGEST = 300  # characters


def without_recipient(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` sending a thing without whom it goes to, said by their kind, where no tool of
    ``tools`` (the named apps') says the kind; ``request`` as written otherwise."""
    if len(request) > _LONGEST or " to " not in request.casefold():
        return request
    found = _AFTER.match(request) or _BEFORE.match(request)
    if found is None:
        return request
    sending = index.postings(tokenize(found["head"])[0]).every & tools
    if any(index.postings(word).every & sending for word in tokenize(found["kind"])):
        return request  # the app's own word where it sends: Stripe's invoices sent to customers
    head, tail = found["head"], found["tail"]
    return f"{head} {tail.strip()}".rstrip() if tail.strip() else head
