"""A request written as a user story (``user_stories``): "*As a manager, I want to* close jira issue
ENG-4 *so that the sprint is clean*", "*As the billing owner I'd like to* refund stripe charge ch_9",
"*As a team lead, I want* bob added to asana project 77".

A backlog writes what a role wants and why; the want is the request. As written, the role's and
the reason's words ("manager", "sprint", "clean", "billing", "owner") took mass no name of the app
carries, and without a comma after the role the request found nothing. Read as what is wanted, the
role and the "so that" after it aside: an order, or a thing wanted done ("I want bob added to ...",
which ``wanted_done`` reads).
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import order_first

_STORY = re.compile(
    r"^\s*as\s+(?:a|an|the|our|one\s+of\s+the)\s+[\w' /&-]{2,60}?,?\s+(?P<wisher>i|we)\s*(?P<wish>want|need"
    r"|would\s+like|'d\s+like|\u2019d\s+like|wish|must\s+be\s+able|should\s+be\s+able|can)\s+(?:to\s+)?(?P<rest>\S.*?)"
    r"(?:,?\s+(?:so\s+(?:that\b|i\b|we\b)|in\s+order\s+to\b).*)?[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
_LONGEST = 400  # characters


def story_want(request: str) -> str:
    """``request`` as what its user story wants; ``request`` as written where no story opens it."""
    if len(request) > _LONGEST:
        return request
    story = _STORY.match(request)
    if story is None:
        return request
    rest = story["rest"]
    return rest if order_first(rest) else f"{story['wisher']} want {rest}"  # ("... bob added to ...": a want)
