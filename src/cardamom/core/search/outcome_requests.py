"""Requests written as the outcome they want (``outcome_requests``): "*make* github repo
acme/api *private*", "*ask bob to review* PR 12 in github acme/api".

A thing made into a state is the thing updated: no name says "make" for it, and read as
written "make the repo private" found the tools creating private things (GitHub's
``security_advisories_create_private_vulnerability_report``). The state is a value the update
sets, quoted: 'update github repo acme/api to "private"'. A state is a word of visibility,
activity or rank, or a priority, written last; "make a private repo" creates one (its article
says so).

A person asked to review something is a reviewer requested of it, in the word the apps' names
give them (GitHub's ``pulls_request_reviewers``); read as written, "have bob review PR 12"
found the reviews themselves (``pulls_get_review``).
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.person_names import names_a_person_placed, person_as_value
from cardamom.core.search.postings import EMPTY, own_name_words

# the states a thing is made into, from general usage
_STATES = frozenset(
    {"public", "private", "internal", "visible", "invisible", "hidden", "unlisted", "discoverable", "searchable"}
    | {"active", "inactive", "enabled", "disabled", "default", "primary", "readonly", "read-only", "editable"}
)
_PRIORITIES = frozenset({"high", "higher", "highest", "low", "lower", "lowest", "medium", "normal", "urgent", "top"})
# the words opening something made anew ("make *a* private repo", "make *me* a channel")
_NEW = frozenset({"a", "an", "new", "another", "me", "us", "sure", "it", "this", "that", "them", "one"})
_MADE = re.compile(
    r"^make\s+(?P<thing>\S.*?)\s+(?P<state>\S+(?:\s+priority)?)"
    r"(?P<place>\s+(?:in|on|at|via)\s+\S+(?:\s+\S+)?)?\s*[.!]?$",
    re.IGNORECASE | re.DOTALL,
)
# a person asked to review: "ask bob to review ...", "have bob review (look at) ...", "request a
# review from bob on ...", "request bob's review on ..."
_ASKED = re.compile(
    r"^(?:(?:ask|have|get|assign|tell)\s+(?P<person>\S+)\s+(?:to\s+)?(?P<verb>review|look\s+at|check)"
    r"|request\s+(?:a\s+)?review\s+from\s+(?P<from>\S+)"
    r"|request\s+(?P<owner>\S+?)'s\s+review)"
    r"\s+(?:of\s+|on\s+|for\s+)?(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_REVIEWERS = ("reviewers", "reviewer")
# the changes a person looks at as a reviewer ("have bob look at *PR 12*")
_CHANGES = re.compile(r"\b(?:prs?|pull\s+requests?|merge\s+requests?|mrs?|diff|changes?)\b", re.IGNORECASE)


def made_state(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` making a thing into a state ("make github repo acme/api private") as the
    thing updated to it ('update github repo acme/api to "private"'), a priority as the thing's
    set ("set the priority of jira issue ENG-5 to high"); ``request`` as written otherwise, and
    where a name of ``tools`` ends in making it so (Slack's
    ``admin_conversations_convert_to_private``; not GitHub's ``gists_list_public``)."""
    match = _MADE.match(request.strip())
    if match is None:
        return request
    thing, state, place = match.group("thing"), match.group("state").casefold(), match.group("place") or ""
    words = state.split()
    said = words[0] in _PRIORITIES if len(words) == 2 else state in _STATES
    if not said or thing.split()[0].casefold() in _NEW:
        return request
    if len(words) == 2:
        return f"set the priority of {thing}{place} to {words[0]}"
    documents = index.documents
    if any(
        own_name_words(documents[d].name)[-2:] == ["to", state] for d in index.name_postings.get(state, EMPTY) & tools
    ):
        return request
    return f'update {thing}{place} to "{state}"'  # (quoted: a value the update sets)


def review_asked(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` asking a person to review something ("ask bob to review PR 12 in github
    acme/api") as the reviewer requested ("request reviewers bob for PR 12 ..."), in the word a
    name of ``tools`` says for them; ``request`` as written otherwise."""
    match = _ASKED.match(request.strip())
    if match is None:
        return request
    person = (match.group("person") or match.group("from") or match.group("owner") or "").strip(",.")
    if not names_a_person_placed(person):
        return request
    if (match.group("verb") or "review").casefold() != "review" and not _CHANGES.search(match.group("rest")):
        return request  # "have bob look at *PR 12*" reviews it; "have bob look at the invoice" does not
    word = index.first_named(_REVIEWERS, tools)
    return f"request {word} {person_as_value(person)} for {match.group('rest')}" if word else request
