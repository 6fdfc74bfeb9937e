"""What a question asks may be done: "which gadgets *can I add* to a jira dashboard", "which fields
*could I add* to a tab on jira screen 10001" (``possible_actions``).

The verb after "can I" in a question asking which things says which of them, the ones open to the
asker: the question lists them (Jira's ``get_all_available_dashboard_gadgets``), it adds nothing.
As written, "add" was the request's action and Jira's ``add_gadget`` came first. A "which" or
"what" question's verb after "can", "could", "may" or "might" and the asker is a value, as the
action the asker did is (``asked_actions``: "how many messages *did we send*"); a question asking
how to do a thing ("how can I add a gadget") or whether one may ("can I add ...") keeps its verb.
"""

from __future__ import annotations

import re

_POSSIBLE = re.compile(
    r"^\s*(?:which|what)\b[^?.!]*?\b(?:can|could|may|might)\s+(?:i|we|you)\s+(?P<verb>[a-z]+)\b", re.IGNORECASE
)


def possible_verbs(query: str) -> frozenset[str]:
    """The verb a "which"/"what" question asks may be done ("which gadgets can I *add*"), if any."""
    found = _POSSIBLE.match(query)
    return frozenset({found["verb"].casefold()}) if found is not None else frozenset()
