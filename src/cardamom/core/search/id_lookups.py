"""A thing looked up "by id" with no id given (``id_lookups``): "xero get file by id", "github get
repo webhook by id", "asana get project membership by id".

Every tool acting on one thing takes its id, and most say so in their descriptions ("Retrieves a
file by a unique file ID"); a few names say it too (Xero's ``get_*_attachment_by_id``). With the id
written after it ("by id 4ff1e5cc"), "id" announces a value and leaves the request; without one, it
weighed as a word of the request that names scored 5 and descriptions 1, so a name saying
"by_id" outscored the tool named for the thing asked ("xero get file by id": the attachments'
``get_account_attachment_by_id``, "file" reaching "attachment" through a synonym, before
``get_file``). The phrase says how the tool finds the thing: a description saying "id" scores it
as a name's prefix would (3), so the thing's own name decides, while a name saying "by_id" still
comes before its twin that does not ("intercom get company by id": ``retrieve_a_company_by_id``).
"""

from __future__ import annotations

import re

# "by id", "by its id", "by ID", "by their ids", "by the uuid": the lookup, whatever follows
_LOOKUP = re.compile(
    r"\bby\s+(?:(?:its|their|the|an?|his|her|that|this)\s+)?(?P<key>ids?|uuids?|gids?)\b", re.IGNORECASE
)


def id_lookups(query: str) -> frozenset[str]:
    """The words of ``query`` saying a thing is looked up by its id ("by *id*", "by its *uuid*")."""
    return frozenset(m["key"].casefold() for m in _LOOKUP.finditer(query))
