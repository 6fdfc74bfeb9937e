"""A question asking how long things are kept (``kept_questions``): "how long does the acme github
org *keep* artifacts and logs", "how long are deleted box files *kept*".

Names say the answer's word, not the question's: GitHub's
``actions_get_artifact_and_log_retention_settings_organization``, Box's retention policies. Read as
written, "keep" and "long" are words no tool carries and the question finds nothing. Where some
name of the app says "retention", the question is read as a read of the things' retention ("get
the acme github org retention artifacts and logs").
"""

from __future__ import annotations

import re
from collections.abc import Callable

_KEPT = re.compile(
    r"\bhow\s+long\s+(?:does|do|did|will|would|can|are|is|were|was)\s+(?P<subject>\S.*?)\s+"
    r"(?:keep|kept|retain|retained|store|stored|hold|held|preserve|preserved|save|saved)\b(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 300  # characters: a question is short


def retention_asked(request: str, a_name_says: Callable[[str], bool]) -> str:
    """``request`` asking how long things are kept read as a read of their retention, where a
    name says "retention" (``a_name_says``); ``request`` as written otherwise."""
    if len(request) > _LONGEST or "long" not in request.casefold():
        return request  # (most requests: no such question, no pattern tried)
    found = _KEPT.search(request)
    if found is None or not a_name_says("retention"):
        return request
    before = request[: found.start()].rstrip()
    return f"{before} get {found.group('subject')} retention{found.group('rest')}".strip()
