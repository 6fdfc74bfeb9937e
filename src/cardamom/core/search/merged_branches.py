"""The branches a pull request goes from and into (``merged_branches``).

A request for a pull request or a merge says its branches as a model writes them, after "from"
and "to" or "into": "open a PR *from feature-x to main*", "create a pull request in acme/api
*from branch dev into main*", "merge *hotfix/login into release-2.1*". The branches' names are
values: as written, "feature", "x", "main" and "dev" were words of the request no name of the
app says, the request's rarest, and it found nothing. Quoted ("from 'feature-x' to 'main'"),
they leave its mass as any value does.

Only in a request that says a pull request, a merge or a comparison, and only a name of one
word each side (a branch's name has no space): "move the card from To Do to Done" keeps its words.
A branch alone it goes from ("open a pull request on github *from feature-x*") is quoted too where
it is said a branch or has a branch's shape, a hyphen, a slash, an underscore or a digit
(``head_branches``): "a PR from the repo" keeps its words.
"""

from __future__ import annotations

import re

from cardamom.core.search.tokens import GRAMMAR_WORDS

# what a request must say for its "from ... to ..." to be branches
_MERGING = re.compile(
    r"\b(?:pull\s+requests?|prs?|merge|merging|merged|compare|comparing|diff|rebase|cherry[\s-]?pick)\b", re.IGNORECASE
)
# "from (branch) feature-x to/into/onto (branch) main": each side a name of one word
_BRANCH = r"(?:(?:the\s+)?branch\s+)?(?P<{side}>[\w][\w./\-]*[\w])(?:\s+branch)?"
_FROM_TO = re.compile(
    r"\bfrom\s+"
    + _BRANCH.format(side="head")
    + r"\s+(?:to|into|onto|against)\s+"
    + _BRANCH.format(side="base")
    + r"\b",
    re.IGNORECASE,
)
# "from feature-x", "from branch dev": the branch alone, said so or shaped so
_FROM_ONE = re.compile(
    r"\bfrom\s+(?:(?:the\s+)?(?P<said>branch)\s+)?(?P<head>[\w][\w./\-]*[\w])(?:\s+(?P<named>branch))?(?=\s*$|[\s,.;!?])",
    re.IGNORECASE,
)
_LONGEST = 500  # characters


def quoted_branches(request: str, *, alone: bool = False) -> str:
    """``request`` with the branches a pull request or a merge goes from and into quoted ("from
    'feature-x' to 'main'"), where it says one; ``alone`` (``head_branches``): the branch alone
    it goes from, where said a branch or shaped as one; ``request`` otherwise."""
    if len(request) > _LONGEST or "from" not in request.casefold() or _MERGING.search(request) is None:
        return request
    found = _FROM_TO.search(request)
    if found is None and alone:
        one = _FROM_ONE.search(request)
        shaped = one is not None and (one["said"] or one["named"] or re.search(r"[-/_\d]", one["head"]))
        if one is not None and shaped and one["head"].casefold() not in GRAMMAR_WORDS:
            start, end = one.span("head")
            return f"{request[:start]}'{one['head']}'{request[end:]}"
    if found is None or {found["head"].casefold(), found["base"].casefold()} & GRAMMAR_WORDS:
        return request
    for side in ("base", "head"):  # (the later first, so the earlier's place holds)
        start, end = found.span(side)
        request = f"{request[:start]}'{found[side]}'{request[end:]}"
    return request
