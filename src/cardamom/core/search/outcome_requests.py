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
from cardamom.core.search.postings import EMPTY, own_name_words, union_of
from cardamom.core.search.synonyms import synonyms_of
from cardamom.core.search.thing_questions import SOMEONE
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, inflection_key, tokenize

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
_ANYONE = SOMEONE | {"people"}
# the changes a person looks at as a reviewer ("have bob look at *PR 12*", "*acme/api#12*")
_CHANGES = re.compile(r"\b(?:prs?|pull\s+requests?|merge\s+requests?|mrs?|diff|changes?)\b|\w#\d+\b", re.IGNORECASE)


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
    anyone = person.casefold() in _ANYONE  # "have someone review PR 88": a reviewer, whoever it is
    if not anyone and not names_a_person_placed(person):
        return request
    if (match.group("verb") or "review").casefold() != "review" and not _CHANGES.search(match.group("rest")):
        return request  # "have bob look at *PR 12*" reviews it; "have bob look at the invoice" does not
    word = index.first_named(_REVIEWERS, tools)
    if not word:
        return request
    whom = "" if anyone else f"{person_as_value(person)} "
    return f"request {word} {whom}for {match.group('rest')}"


# a verdict on changes: "approve PR 12", "reject the merge request", "request changes on PR 12",
# "leave an approving review on acme/api#12", "sign off on PR 12", "LGTM PR 12"
_VERDICT = re.compile(
    r"^(?P<verdict>approve|reject|request\s+changes\s+(?:on|to|for|in)|sign\s+off\s+on|lgtm"
    r"|(?:leave|give|add|post)\s+an?\s+(?:approving|approval|rejecting)\s+(?:review\s+)?(?:on|to|for))"
    r"\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_GIVEN = re.compile(
    r"^(?:give|leave)\s+(?P<rest>\S.*?)\s+an?\s+(?P<verdict>approv|reject)(?:ing|al)\s+review\b(?P<tail>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# the words names give the changes reviewed ("pulls", "merge_requests")
_CHANGE_NAMES = ("pulls", "pull", "merge", "changes", "changeset")
# the word a name would give each verdict ("request changes": GitLab-style ``..._changes``)
_VERDICT_WORDS = {"approv": "approve", "approving": "approve", "approval": "approve", "lgtm": "approve"}
_VERDICT_WORDS |= {"reject": "reject", "rejecting": "reject", "request": "changes", "sign": "signoff"}


def review_verdict(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` approving or rejecting changes ("approve PR 12 in github acme/api", "request
    changes on PR 12") as their review ("review PR 12 in github acme/api": GitHub approves and
    asks for changes by ``pulls_create_review``), where a name of ``tools`` reviews and none
    says the verdict with the changes (GitLab's ``approve_merge_request`` would); ``request``
    as written otherwise ("approve xero timesheet 4")."""
    given = _GIVEN.match(request.strip())  # "give PR 12 an approving review": an approval of PR 12
    match = None if given else _VERDICT.match(request.strip())
    if given is not None:
        verdict, rest = _VERDICT_WORDS[given.group("verdict").casefold()], given.group("rest") + given.group("tail")
    elif match is not None:
        words = match.group("verdict").casefold().split()
        verdict = _VERDICT_WORDS.get(next((w for w in words if w in _VERDICT_WORDS), words[0]), words[0])
        rest = match.group("rest")
    else:
        return request
    if not _CHANGES.search(rest) or not index.first_named(("review",), tools):
        return request
    said = index.name_postings.get(verdict, EMPTY) & tools
    if said and any(said & index.name_postings.get(word, EMPTY) for word in _CHANGE_NAMES):
        return request
    rest = re.sub(r"^(?:the\s+)?changes\s+(?:in|on|of|to|for)\s+", "", rest, flags=re.IGNORECASE)
    return f"review {rest}"  # ("approve *the changes in* PR 12": its changes are the PR)


# a thing made into another: "turn intercom conversation 88 into a ticket", "make the lead a contact"
_TURNED = re.compile(
    r"^(?:turn|make|change|transform)\s+(?P<thing>\S.*?)\s+into\s+(?P<what>\S.*)$", re.IGNORECASE | re.DOTALL
)


def _says_any(index: SearchIndex, names: frozenset[int], keys: set[str], verb: str = "") -> bool:
    """Some tool of ``names`` says one of ``keys`` (inflection keys) in its own name, ``verb`` aside."""
    documents = index.documents
    return any(
        not keys.isdisjoint(inflection_key(w) for w in own_name_words(documents[d].name) if w != verb) for d in names
    )


def converted(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` turning a thing into another ("turn intercom conversation 88 into a ticket")
    as the thing converted ("convert intercom conversation 88 to a ticket": Intercom's
    ``convert_conversation_to_ticket``), where a name of ``tools`` converts; ``request`` as
    written otherwise."""
    match = _TURNED.match(request.strip())
    converting = index.name_postings.get("convert", EMPTY) & tools
    if match is None or not converting:
        return request
    # a name converting the thing or into the other (not Slack's ``..._convert_to_private`` for
    # "turn slack message 1712.5 into a jira issue")
    words = {inflection_key(w) for w in tokenize(f"{match.group('thing')} {match.group('what')}")}
    if not _says_any(index, converting, words):
        return request
    return f"convert {match.group('thing')} to {match.group('what')}"


# the words of a name assigning a thing ("assign_issue", "issues_add_assignees", "post_task_assignments")
_ASSIGNING = ("assign", "assignee", "assignees", "assignment", "assignments")
_ASKER = frozenset({"me", "myself"})
# a thing handed to a person: "give jira issue OPS-7 to alice", "hand PR 12 over to bob"
# (the person it goes to, and the app or place after: "... to alice *in jira*")
_TO_PERSON = r"\s+to\s+(?P<person>\S+)(?P<rest>(?:\s+(?:in|on|at|via)\s+\S+(?:\s+\S+)?)?)\s*[.!]?$"
_HANDED = re.compile(
    r"^(?:give|hand|pass|handoff|hand\s+off)(?:\s+over)?\s+(?P<thing>\S.*?)(?:\s+over)?" + _TO_PERSON,
    re.IGNORECASE | re.DOTALL,
)

# ... or its assignee set to them: "change the assignee of jira issue ENG-4 to bob"
_REASSIGNED = re.compile(
    r"^(?:set|change|update|switch|make)\s+(?:the\s+)?assignee\s+(?:of|on|for)\s+(?P<thing>\S.*?)" + _TO_PERSON,
    re.IGNORECASE | re.DOTALL,
)


def handed_to(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` handing a thing to a person ("give the jira issue OPS-7 to alice") as the
    thing assigned to them ("assign the jira issue OPS-7 to alice": Jira's ``assign_issue``), and
    so a thing whose assignee is set to them ("change the assignee of jira issue ENG-4 to bob"),
    where a name of ``tools`` assigns that thing (a word opening with "assign" beside the
    thing's own); ``request`` as written otherwise ("give box folder 5 to bob": Box assigns
    only tasks and policies)."""
    match = _HANDED.match(request.strip()) or _REASSIGNED.match(request.strip())
    person = match.group("person").strip(",.") if match is not None else ""
    # a person by name, the asker, or a handle, whatever names say it ("octocat": GitHub's mascot too)
    lowered = person.casefold()
    handle = person.isalpha() and lowered not in QUERY_FILLER_WORDS and lowered not in index.app_mentions
    if match is None or not (names_a_person_placed(person) or lowered in _ASKER or handle):
        return request
    things = {inflection_key(s) for w in tokenize(match.group("thing")) for s in (w, *synonyms_of(w))}
    assigning = union_of(index.name_postings.get(w, EMPTY) for w in _ASSIGNING) & tools
    if not _says_any(index, assigning, things):
        return request
    return f"assign {match.group('thing')} to {match.group('person')}{match.group('rest')}"


# a thing turned on or off: "turn on vulnerability alerts for acme/api", "switch off workflow 7"
_SWITCHED = re.compile(
    r"^(?:turn|switch|toggle)\s+(?P<state>on|off)\s+(?P<rest>\S.*)$|^(?:turn|switch)\s+(?P<thing>\S.*?)\s+(?P<after>on|off)$",
    re.IGNORECASE | re.DOTALL,
)
_SWITCHING = {"on": "enable", "off": "disable"}


def switched(index: SearchIndex, request: str, tools: frozenset[int] | None) -> str:
    """``request`` turning a thing on or off ("turn on vulnerability alerts for acme/api on
    github") as the thing enabled or disabled ("enable vulnerability alerts ...": GitHub's
    ``repos_enable_vulnerability_alerts``, where "turn" read as written found their check first),
    where a name of ``tools`` enables or disables a thing the request names; ``request`` as
    written otherwise ("turn off droplet 55": DigitalOcean's power actions say "off"). ``tools``
    None: every tool's name, for a request naming no app ("turn on vulnerability alerts for
    acme/api", ``unnamed_switches``)."""
    match = _SWITCHED.match(request.strip())
    if match is None:
        return request
    state = (match.group("state") or match.group("after")).casefold()
    rest = match.group("rest") or match.group("thing")
    verb = _SWITCHING[state]
    said = {inflection_key(w) for w in tokenize(rest)}
    switching = index.name_postings.get(verb, EMPTY)
    switching = switching if tools is None else switching & tools
    return f"{verb} {rest}" if _says_any(index, switching, said, verb) else request
