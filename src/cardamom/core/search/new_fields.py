"""A field given its new value, said by "new" (``new_fields``).

A request to change a thing's field says so by the value it gets: "update the notion page abc
*with the new title*", "update stripe customer cus_1 *with the new email*", "change jira issue
ENG-4 *to the new summary*", "*set a new email for* stripe customer cus_1". Read as written,
"new" was a thing made ("create"), and the field after it a thing of its own: Jira's
``create_workflow``, Asana's ``create_custom_field``, Notion's search. The field is what is
changed: "update the notion page abc title", "update the email of stripe customer cus_1", as
those requests found the thing's update.

Only after a verb changing a thing, the field of one or two words ending the request or
followed by its value ("... with the new title: Q3 plan").
"""

from __future__ import annotations

import re

# (its participle too: "the notion page abc should be *updated* with the new title")
_CHANGING = r"(?:updated?|changed?|edit(?:ed)?|modif(?:y|ied)|amend(?:ed)?|patch(?:ed)?|refresh(?:ed)?|revised?)"
_NEW_WORDS = ("new", "updated", "latest", "correct", "right", "revised", "fresh")
_NEW = rf"(?:{'|'.join(_NEW_WORDS)})"
_FIELD = r"(?P<field>[a-z]+(?:\s+[a-z]+)?)"
# the value after the field, where it is given: "...: Q3 plan", "... 'Q3 plan'", "... = high"
_VALUE = r"(?P<value>\s*(?:[:=]\s*\S.*|[\"'\u201c\u2018].*)?)"
# "update X *with the new title*", "change X *to the new summary*"
_WITH_NEW = re.compile(
    rf"\b(?P<head>{_CHANGING}\b[^.;!?]*?)\s+(?:with|to)\s+(?:the|a|an|its|their)\s+{_NEW}\s+{_FIELD}{_VALUE}$",
    re.IGNORECASE | re.DOTALL,
)
# "*set a new email for* stripe customer cus_1"
_SET_NEW = re.compile(
    rf"\bset\s+(?:a|an|the)\s+{_NEW}\s+{_FIELD}\s+(?:for|on|of)\s+(?P<thing>[^.;!?]+?){_VALUE}$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 500  # characters


def without_new(request: str) -> str:
    """``request`` changing a field said by its new value read as the field changed ("update
    the notion page abc with the new title": "update the notion page abc title"); as written
    otherwise."""
    lowered = request.casefold()
    if len(request) > _LONGEST or not any(word in lowered for word in _NEW_WORDS):  # (most requests say none)
        return request
    found = _WITH_NEW.search(request)
    if found is not None:
        return f"{request[: found.start()]}{found['head']} {found['field']}{found['value']}"
    found = _SET_NEW.search(request)
    if found is not None:
        return f"{request[: found.start()]}update the {found['field']} of {found['thing']}{found['value']}"
    return request
