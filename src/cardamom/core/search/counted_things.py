"""How many things an order makes or acts on, said in words (``counted_things``): "open *a few*
github issues", "add *three* comments to jira issue ENG-4", "make *a pair of* xero invoices",
"refund *half of* stripe charge ch_9", "create *a dozen* notion pages".

A tool makes or acts on one thing a call; how many calls a person wants is no word of its name.
Read as written, "few", "pair" and "half" were the request's rarest words and it found nothing or
a tool they happened to match (a deployment, an issue type's context). Read without the count,
where it follows the order's verb; a count in digits is a value already.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import order_first

_COUNT = (
    r"(?:a\s+few|a\s+couple(?:\s+of)?|couple\s+of|a\s+pair\s+of|a\s+dozen|dozens\s+of|half(?:\s+of)?|several|multiple"
    r"|a\s+handful\s+of|a\s+bunch\s+of|a\s+number\s+of|lots\s+of|a\s+lot\s+of|two|three|four|five|six|seven|eight|nine"
    r"|ten|eleven|twelve|fifteen|twenty|a\s+hundred|hundreds\s+of|both(?:\s+of)?)"
)
_COUNTED = re.compile(rf"^(?P<verb>\s*[A-Za-z][\w-]*)\s+{_COUNT}\s+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
_LONGEST = 300  # characters


def uncounted(request: str) -> str:
    """``request`` without how many things its order makes or acts on; ``request`` as written
    where no count follows the verb opening it."""
    if len(request) > _LONGEST:
        return request
    counted = _COUNTED.match(request)
    if counted is None or not order_first(counted["verb"]):
        return request
    verb = counted["verb"]  # ("open *a few* github issues": issues made, not the open ones)
    return f"{'create' if verb.strip().casefold() == 'open' else verb} {counted['rest']}"
