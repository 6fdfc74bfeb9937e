"""The environment a thing runs in, named with it (``environment_words``).

Engineers say where a thing lives: "reboot the *prod* droplet 77", "restart droplet 77 *in
production*", "delete the *staging* droplet 77", "refund stripe charge ch_9 *in live mode*",
"list droplets *in the staging environment*". The
environment picks which account or thing the arguments name, not which tool; its words no tool
of these apps says were the request's rarest (or drew a test helper: Stripe's test-mode refund).
Read without them.

Only where no name of the apps the request names (or of any app, where it names none) says the
word: an app whose tools deploy to production ("promote to production") keeps it, and so does
Stripe "in test mode" (its test helpers' names say "test").
"""

from __future__ import annotations

import re
from collections.abc import Callable

_ENVIRONMENT = r"(?:prod|production|staging|stage|sandbox|live|test|dev|development|qa|uat|preprod|pre-prod)"
_PLACE = re.compile(
    rf"\s+(?:in|on|from)\s+(?:the\s+|our\s+)?(?P<env>{_ENVIRONMENT})(?:\s+(?:mode|environment|env|account|cluster"
    r"|server|instance|workspace))?"
    # (its place ends there: "... for the *prod outage*" is a thing's words)
    r"(?=\s*(?:[,.;!?)]|$)|\s+(?:and|then|before|after|please|pls|now|asap|too|first|today|via|using|with)\b)",
    re.IGNORECASE,
)
# before the thing: "the *prod* droplet 77", "*staging* droplet 77" (a whole environment's word)
_BEFORE = re.compile(r"(?<![\w-])(?P<env>prod|production|staging|preprod|pre-prod)\s+(?=[a-z]+\s+\S*\d)", re.I)
# an environment's word in full, as a name may say it
_FULL = {"prod": "production", "dev": "development", "stage": "staging", "preprod": "production"}
_LONGEST = 600  # characters


def without_environment(request: str, a_name_says: Callable[[str], bool]) -> str:
    """``request`` without the environment its thing lives in, where no name says the word ("reboot
    the prod droplet 77": "reboot the droplet 77"); ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request

    def unsaid(found: re.Match[str]) -> str:
        env = found["env"].casefold()
        return "" if not a_name_says(env) and not a_name_says(_FULL.get(env, env)) else found.group(0)

    read = _BEFORE.sub(unsaid, _PLACE.sub(unsaid, request))
    return read if read.strip() else request
