"""A person looked up in an app by their name alone (``person_lookups``): "find bob in
intercom", "look up jane@acme.com in slack", "get bob's phone number from intercom".

No tool carries a person's name, and the request says no kind of thing: read as written,
"find bob in intercom" found nothing (a name is no value where it is all a request stands on),
and "get bob's phone number" Intercom's ``collect_fin_voice_call_by_phone_number``. A person is
one of the app's people, in the word its names give them (Intercom's and Xero's contacts,
Slack's and GitHub's users, Stripe's customers): "find contacts bob in intercom".
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.person_names import names_a_person_placed, person_as_value

_SOUGHT = re.compile(
    r"^(?P<verb>find|look\s+up|lookup|look\s+for|search\s+for|get|fetch|pull\s+up|show(?:\s+me)?"
    r"|dig\s+up|track\s+down|hunt\s+down|look(?=\s+\S+\s+up\s))\s+"
    r"(?P<person>[^\s']+)(?P<field>'s\s+\S.*?)?(?:\s+up)?\s+(?P<rest>(?:in|on|from|at|via)\s+\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a person's details, which the tool reading the person returns ("bob's *phone number*")
_DETAILS = frozenset({"phone", "number", "email", "e-mail", "address", "name", "title", "role", "details", "info"})
_DETAILS |= {"information", "timezone", "location", "id", "handle", "username", "mobile", "work"}
# the words apps' names give their people, the most particular first
_PEOPLE = ("contacts", "contact", "users", "user", "customers", "customer", "members", "member", "people")


def person_sought(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` looking up a person by name (or one of their fields) in an app as one of the
    app's people, in the word a name of ``tools`` gives them ("find contacts bob in intercom");
    ``request`` as written otherwise."""
    match = _SOUGHT.match(request.strip())
    person = match.group("person").strip(",.") if match is not None else ""
    if match is None or not names_a_person_placed(person):
        return request
    word = index.first_named(_PEOPLE, tools)
    if word is None:
        return request
    verb, field = match.group("verb"), match.group("field") or ""
    if _DETAILS.issuperset(field.casefold()[3:].split()):
        field = ""  # "get bob's phone number": the contact, whose details it returns
    verb = "look up" if verb.casefold() == "look" else verb  # "look bob up in intercom"
    return f"{verb} {word} {person_as_value(person)}{field} {match.group('rest')}"
