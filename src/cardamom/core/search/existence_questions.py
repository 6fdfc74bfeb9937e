"""A question asking whether a thing of some description exists (``existence_questions``): "is
there an open jira issue *about* the login bug", "is there a box folder *named* Contracts", "are
there slack channels *about* hiring", "do we have a stripe customer *with* email bob@x.com".

The answer is a search for such things: "find an open jira issue about the login bug" (Jira's
JQL search, Box's search, Stripe's customer search). Read as written, "is there" and "have" took
no tool's words and the thing's own get came first ("is there a notion page about onboarding":
``retrieve_a_page``). Only a thing described (about, named, called, titled, with, matching,
mentioning) is sought; "are there any unpaid invoices in xero" and "do I have any bookings
tomorrow" list them, as before. A thing asked whether it holds any of others has them listed:
"does acme/api have any open pull requests on github" is "list open pull requests of acme/api on
github" (a review comments' list before).
"""

from __future__ import annotations

import re

_EXISTS = re.compile(
    r"^\s*(?:(?:is|are)\s+there|do(?:es)?\s+(?:we|i|you|our\s+\w+)\s+(?:already\s+)?have)\s+"
    r"(?:(?:a|an|any|some)\s+)?(?P<thing>[^?]{2,200}?\s(?:about|named|called|titled|with|matching|mentioning"
    r"|regarding|containing|for)\s[^?]+?)\s*\??\s*$",
    re.IGNORECASE | re.DOTALL,
)

# ... and whether a thing holds any of others: "does acme/api have any open pull requests on github"
_HOLDS = re.compile(
    r"^\s*does\s+(?P<owner>[^?]{2,80}?)\s+(?:have|hold|contain)\s+any\s+(?P<things>[^?]{2,200}?)"
    r"(?P<place>\s+(?:on|in|at)\s+[\w.-]+)?\s*\??\s*$",
    re.IGNORECASE | re.DOTALL,
)


def sought_thing(request: str) -> str:
    """``request`` asking whether a thing described exists (``_EXISTS``) as the thing sought
    ("find an open jira issue about the login bug"), whether a thing holds any of others
    (``_HOLDS``) as their list; ``request`` as written otherwise."""
    if len(request) > 1000:
        return request
    exists = _EXISTS.match(request)
    if exists is not None:
        return f"find {exists.group('thing')}"
    holds = _HOLDS.match(request)
    if holds is None:
        return request
    return f"list {holds.group('things')} of {holds.group('owner')}{holds.group('place') or ''}"
