"""A request written in another form than the rules read, rewritten before anything else reads
it: arguments written as code (``argument_lists``), an endpoint (``endpoint_paths``), an SDK
call, a host and a command's flags (``call_forms``, ``host_names``), a keyword search ending in
its action (``keyword_order``), a person made a thing's field (``person_names``), time logged
(``logged_time``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Container

from cardamom.core.search.argument_lists import read_arguments
from cardamom.core.search.aside_clauses import without_seen_fields
from cardamom.core.search.call_forms import read_calls, read_flags
from cardamom.core.search.denied_tails import without_denied_tail
from cardamom.core.search.endpoint_paths import read_endpoints
from cardamom.core.search.host_names import read_hosts
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.intent_fields import intent_read
from cardamom.core.search.keyword_order import verb_first
from cardamom.core.search.made_roles import MADE_ROLES
from cardamom.core.search.person_names import person_as_field
from cardamom.core.search.phone_numbers import joined_numbers
from cardamom.core.search.postings import EMPTY
from cardamom.core.search.quantities import without_counts
from cardamom.core.search.request_frame import ASKING_FRAME
from cardamom.core.search.spoken_numbers import digits_spoken
from cardamom.core.search.synonyms import NAME_SHORTHANDS
from cardamom.core.search.thing_urls import read_urls
from cardamom.core.search.tokens import singular, tokenize
from cardamom.core.search.value_shapes import FILE_EXTENSIONS
from cardamom.core.search.value_words import CONTAINERS
from cardamom.core.search.word_forms import said_side_by_side

# Time logged against a thing: "log work", "log time", "log 3 hours", "track 2h" add a worklog
# (after the app's name too: "jira log work"), as the names of an app that keeps them say (Jira's
# ``add_worklog``), where "log" alone read as its logs (``get_change_logs``).
_LOGGED = re.compile(
    r"^(?P<app>(?!(?:please|i|we)\b)[\w.\-]+:?\s+)?(?:please\s+)?(?:(?:log|track|record)\s+(?:(?:some\s+)?(?:work|time)|\d+(?:\.\d+)?\s*"
    r"(?:h|hrs?|hours?|m|mins?|minutes?|d|days?)(?:\s+of\s+(?:work|time))?)(?:\s+spent)?"
    # ... and the time told as spent: "I spent 3 hours on ENG-21", "worked 2h on jira issue OPS-4"
    r"|(?:(?:i|we)(?:\s+have|'ve|\u2019ve)?\s+)?(?:spent|worked)\s+\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|m|mins?|minutes?))\b",
    re.IGNORECASE,
)


def _time_kept(index: SearchIndex, query: str, *, worklogs: bool, entries: bool) -> str | None:
    """What the apps ``query`` names keep logged time as: "worklog" where it names no app or one
    whose names say a worklog (``worklogs``, ``logged_time``); "time entry" where it names one whose
    names say a time entry and none a worklog (``entries``, ``time_entries``: "log 2 hours on
    asana task 55", Asana's ``create_time_tracking_entry``); None otherwise."""
    named = {app for word in tokenize(query[:300]) for app in index.app_mentions.get(word, ())}
    postings = index.name_postings
    if worklogs and "worklog" in postings and (not named or postings["worklog"] & index.tools_of(named)):
        return "worklog"
    tools = index.tools_of(named) if named else EMPTY
    said = postings.get("time", EMPTY) & postings.get("entry", EMPTY) & tools
    return "time entry" if entries and said and not postings.get("worklog", EMPTY) & tools else None


# The time logged, named as a thing: "the *time log* 100028", "the *time logs* of ENG-4" (``time_logs``);
# not a part of a name or a path ("export-time-log.csv", "/time-log")
_TIME_LOG = re.compile(r"(?<![\w./-])time[\s-]+log(?P<plural>s)?(?![\w/-])", re.IGNORECASE)


def _kept_as(kept: str, *, plural: bool) -> str:
    """``kept`` (a worklog, a time entry), in the plural where the request writes one."""
    if not plural:
        return kept
    return kept[:-1] + "ies" if kept.endswith("y") else kept + "s"


def _logged(match: re.Match[str], apps: Container[str], kept: str) -> str:
    """The time a request logs as the thing ``kept`` (a worklog, a time entry) added, after the
    app's name it opens with ("jira log work"); as written after any other word."""
    app = match.group("app") or ""
    if app and app.strip().rstrip(":").casefold() not in apps:
        return match.group(0)
    return f"{app}add a {kept}"


# An owner/name slug placed by a preposition ("issues *in acme/api*"): a repository, as the
# request would say ("in repo acme/api"), whose word leaves with its value unless a name says
# the thing *for* a repo (``scope``: ``issues_list_for_repo``).
# (a letter on each side of the slash: "on 12/25" is a date)
_SLUG_AHEAD = r"(?=(?=[\w.-]*[A-Za-z])[A-Za-z0-9][\w.-]*/(?=[\w.-]*[A-Za-z])[\w.-]*[A-Za-z0-9](?:$|[\s,.;:!?]))"
_PLACED_SLUG = re.compile(rf"\b(?P<place>in|for|from|of|on)\s+{_SLUG_AHEAD}", re.IGNORECASE)
# ... and where the request names an app, what it goes to ("who committed *to* acme/web on
# github"); naming none, "to" may give a form ("convert to csv/json")
_IN_APP_PLACES = "in|for|from|of|on|to|into"
_PLACED_SLUG_IN_APP = re.compile(rf"\b(?P<place>{_IN_APP_PLACES})\s+{_SLUG_AHEAD}", re.IGNORECASE)
# ... and a question's auxiliary before the slug owning what it counts ("how many open issues
# *does acme/api* have on github", ``counted_questions``): "does repo acme/api have"
_ASKED_SLUG_IN_APP = re.compile(rf"\b(?P<place>{_IN_APP_PLACES}|does|did|has)\s+{_SLUG_AHEAD}", re.IGNORECASE)
# ... and naming none, one whose verb is no "have", which asks what it holds ("how many open pull requests does
# acme/api have": its list, ``had_things``): "what license *does acme/api* use" (``asked_slugs``)
_ASKED_SLUG = re.compile(
    rf"\b(?P<place>in|for|from|of|on|(?:does|did|has)(?!\s+\S+\s+(?:have|has|got)\b))\s+{_SLUG_AHEAD}", re.IGNORECASE
)


# ... and one after the app's name ("issues *in github acme/api*"), which read as written left
# the slug's name a word of the request ("web": GitHub's webhooks) (``app_slugs``)
_APP_SLUG = re.compile(
    r"\b(?P<place>in|for|from|of|on)\s+(?P<app>[A-Za-z][\w.-]*)\s+"
    r"(?=(?=[\w.-]*[A-Za-z])[A-Za-z0-9][\w.-]*/(?=[\w.-]*[A-Za-z])[\w.-]*[A-Za-z0-9](?:$|[\s,.;:!?]))",
    re.IGNORECASE,
)


def _slug_before_app(query: str, apps: Container[str]) -> str:
    """``query`` with the app's name between a preposition and a slug written after the request
    instead ("list issues in github acme/api": "list issues in acme/api on github"), where the
    slug is placed as any other; as written where the word before the slug names no app."""
    found = _APP_SLUG.search(query)
    if found is None or found.group("app").casefold() not in apps:
        return query
    return f"{query[: found.start('app')]}{query[found.end() :]} on {found.group('app')}"


def read_written(index: SearchIndex, query: str) -> tuple[str, frozenset[str]]:
    """``query`` read as words (``as_words``), and the words of the arguments it writes as code
    ("*state*=*open*", ``argument_lists``), which are values wherever it names no app; a phone
    number written in groups in one piece (``spaced_numbers``)."""
    if index.options.intent_fields:  # "app=stripe action=refund charge": "refund charge in stripe"
        query = intent_read(query)
    if index.options.spaced_numbers:  # "call +1 (415) 555-0100 with twilio": "call +14155550100 ..."
        query = joined_numbers(query)
    if index.options.spoken_numbers:  # "reboot droplet seventy seven": "reboot droplet 77"
        query = digits_spoken(query, lambda kind: said_side_by_side(index, kind, "number"))
    if index.options.thing_urls:  # "close https://github.com/acme/web/issues/77": "close github issue 77 in acme/web"
        # (first: an address's query is no argument list, "View.aspx?InvoiceID=abc")
        query = read_urls(query, index.app_mentions, index.name_postings)
    if not index.options.argument_lists:
        return _in_words(index, query), frozenset()
    # "list issues state=open", "create(email='jo@x.io')": a with-clause, which goes last
    written = read_arguments(query, index.name_postings.__contains__)
    return _in_words(index, written.rest) + written.clause, written.words


def as_words(index: SearchIndex, query: str) -> str:
    """``query`` with its arguments, endpoint, calls, hosts and flags read as words, a keyword
    search's action first, a person made a field as the field set, and time logged as a worklog
    added, as the index's switches say."""
    return read_written(index, query)[0]


def _in_words(index: SearchIndex, query: str) -> str:
    """``as_words`` but for the arguments written as code."""
    options = index.options
    if options.counted_limits:  # "list 20 box files in folder 5": "list box files in folder 5"
        query = without_counts(query)
    if options.seen_fields:  # "show droplet 31 - its IPs, size and status": "show droplet 31"
        query = without_seen_fields(query)
    if options.denied_tails:  # "delete intercom contact 65 - not archive, delete": "delete intercom contact 65"
        query = without_denied_tail(query)
    if options.repo_refs and "#" in query:  # "merge acme/api#45": "merge pull request 45 in acme/api"
        query = read_references(query, "github" in index.app_mentions, said=index.options.said_references)
    if options.endpoint_paths:
        query = read_endpoints(query, index.name_postings.__contains__ if options.path_values else None)
    if options.sdk_calls:
        query = read_calls(read_hosts(query, index.app_mentions))
    if options.keyword_order:
        query = verb_first(query, functools.partial(said_side_by_side, index))
    if options.sdk_calls:
        query = read_flags(query, short=options.short_flags)
    if options.person_names:
        roles = MADE_ROLES if options.made_roles else ()  # ("make bob *an admin* of ...": ``made_roles``)
        query = person_as_field(query, roles=roles)  # "set bob as the assignee of X": "set the assignee of X to bob"
    if options.app_slugs and "/" in query:  # "list issues in github acme/web": "... in acme/web on github"
        query = _slug_before_app(query, index.app_mentions)
    if (
        options.placed_slugs
        and "/" in query
        and "repo" in index.name_postings
        and not _names_a_container(query, branches=options.repo_slugs)
        and not (options.placed_things and _names_a_thing(index, query))
    ):
        # "list issues in acme/api"; "the main branch of acme/api" places it as "in" does
        # (``repo_slugs``: "of repo" would announce a field's value)
        in_app = any(t in index.app_mentions for t in tokenize(query))
        placing = _ASKED_SLUG_IN_APP if options.counted_questions else _PLACED_SLUG_IN_APP
        unnamed = _ASKED_SLUG if options.asked_slugs else _PLACED_SLUG
        query = (placing if in_app else unnamed).sub(
            lambda m: f"{'in' if options.repo_slugs and m.group('place').lower() == 'of' else m.group('place')} repo ",
            query,
        )
    if options.object_slugs and "/" in query and "repo" in index.name_postings:
        query = _OBJECT_SLUG.sub(_as_repository, query)  # "star acme/web": "star the repository acme/web"
    if options.object_files and "." in query and "files" in index.name_postings:
        # "upload report.pdf", "could you upload report.pdf": "upload the file ..."
        query = _OBJECT_FILE.sub(r"\g<ask>\g<verb> the file \g<file>", query)
    logged = _LOGGED.search(query) if options.logged_time or options.time_entries else None
    kept = _time_kept(index, query, worklogs=options.logged_time, entries=options.time_entries) if logged else None
    if kept is not None:  # "log 3 hours on jira issue OPS-12": a worklog; "... on asana task 55": a time entry
        query = _LOGGED.sub(lambda m: _logged(m, index.app_mentions, kept), query)
    if options.time_logs and _TIME_LOG.search(query):  # "remove the *time log* 100028 from jira ticket PROJ-12"
        logs = _time_kept(index, query, worklogs=True, entries=options.time_entries)
        query = _TIME_LOG.sub(lambda m: _kept_as(logs, plural=bool(m.group("plural"))), query) if logs else query
    if options.listed_phrases and "list" in query.casefold():
        query = _LIST_OF.sub(_listed, query, count=1)  # "I want a list of ...": "I want list ..."
    return query


# A list asked for as a thing ("give me *a list of* all open jira bugs", "I want the full list of
# ..."): the request lists them, as "list all open jira bugs" says; read as written, "list" opened
# no phrase and a name's "all" (Jira's ``find_users_with_all_permissions``) came first.
_LIST_OF = re.compile(
    r"^(?P<lead>(?:[^.!?]{0,40}?\b(?:(?P<verb>(?:get|show|return|retrieve|obtain|pull|read)s?|fetch(?:es)?)"
    r"(?:\s+(?:me|us))?"
    r"|me|us|want|need|like|see|give|provide)\s+)?)"
    r"(?:a|the)\s+(?:full\s+|complete\s+|quick\s+|paginated\s+|detailed\s+)?list\s+of\s+",
    re.IGNORECASE,
)


def _listed(found: re.Match[str]) -> str:
    """The list asked for, listed: a verb reading it is the list's ("*retrieve a list of* open
    pull requests": "list open pull requests"; read as written, "get" and "list" were two words of
    ``interactions_get_pull_request_bypass_list_for_repo``)."""
    lead = found.group("lead")
    return f"{lead[: found.start('verb') - found.start()] if found.group('verb') else lead}list "


def _as_repository(found: re.Match[str]) -> str:
    """The slug a verb acts on as a repository; a path to a file stays ("read docs/intro.md")."""
    if re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", found.group("slug")):
        return found.group(0)
    return f"{found.group('ask')}{found.group('verb')} the repository {found.group('slug')}"


# A file's name a request's verb acts on ("*upload* report.pdf to box folder 4"): a file, as the
# request would say; read as written, the name is a value and the request said no thing, so
# Box's "Upload file" (``post_files_content``) lost to the upload sessions' names.
_OBJECT_FILE = re.compile(
    rf"^(?P<ask>{ASKING_FRAME})(?P<verb>(?:please\s+)?[A-Za-z]+)\s+(?:the\s+)?"
    rf"(?P<file>[\w-]+\.{FILE_EXTENSIONS})"
    r"(?=$|[\s,;:!?])",
    re.IGNORECASE,
)


# An owner/name slug a request's verb acts on ("*star* acme/web on github", "fork the acme/api"):
# a repository, as "in acme/api" places one; read as written, the verb found its namesakes for
# other things first (GitHub's ``gists_star``, ``gists_fork``). One slash, a letter on each side,
# and no kind after it ("update the acme/api *repo*" says it).
_OBJECT_SLUG = re.compile(
    rf"^(?P<ask>{ASKING_FRAME})(?P<verb>(?:please\s+)?[A-Za-z]+)\s+(?:the\s+)?"
    r"(?P<slug>(?=[\w.-]*[A-Za-z])[A-Za-z0-9][\w.-]*/(?=[\w.-]*[A-Za-z])[\w.-]*[A-Za-z0-9])(?=$|[\s,.;:!?])"
    r"(?!\s+(?:repo|repos|repository|repositories|project|org|organization|branch|gist|team|fork)\b)",
    re.IGNORECASE,
)


# GitHub's reference to an issue or a pull request: "acme/api#45"
_REFERENCE = re.compile(r"(?<![\w/.@-])(?P<repo>[A-Za-z0-9][\w.-]*/[\w.-]*[A-Za-z0-9])#(?P<number>\d+)\b")
_OF_PULLS = frozenset({"merge", "merged", "review", "reviewed", "approve", "approved", "rebase", "diff"})
_OF_PULLS |= {"reject", "rejected", "approving", "lgtm", "changes"}  # a verdict on changes (``review_verdicts``)


# ... with the kind said right before it ("approve the suggestion on github *issue* acme/api#88"), which it is
_SAID_REFERENCE = re.compile(r"(?:\b(?P<kind>issue|pr|pull\s+request)\s+)?" + _REFERENCE.pattern, re.IGNORECASE)


def read_references(query: str, github: bool, *, said: bool = False) -> str:
    """``query`` with each "owner/repo#N" read as the issue, or the pull request a verb of them
    says ("merge", "review"), N in owner/repo, on GitHub where the org has it and the request
    does not say it (``repo_refs``); with ``said`` (``said_references``), as the kind said right
    before it ("approve the suggestion on *issue* acme/api#88" is an issue's)."""
    kind = "pull request" if set(tokenize(query)) & _OF_PULLS else "issue"

    def reference(match: re.Match[str]) -> str:
        before = match.group("kind") if said else None  # (said once: "issue acme/api#88" is "issue 88 in ...")
        told = kind if before is None else "issue" if before.casefold() == "issue" else "pull request"
        return f"{told} {match.group('number')} in {match.group('repo')}"

    read = (_SAID_REFERENCE if said else _REFERENCE).sub(reference, query)
    return f"{read} on github" if github and read != query and "github" not in query.casefold() else read


# a thing named by its number: "issue 7", "PR #12", "run 991"
_NUMBERED_THING = re.compile(r"\b(?P<kind>[A-Za-z]{2,})\s+#?\d+(?![\w/])")


def _names_a_thing(index: SearchIndex, query: str) -> bool:
    """The request names one thing by its number, a kind some name says ("get github *issue 7*
    in acme/api"): a slug after it places that thing, whose own tools take the repository, and
    reads no repository in (``placed_things``; ``issues_list_for_repo`` lists a repository's)."""
    for found in _NUMBERED_THING.finditer(query):
        kind = found.group("kind").casefold()
        if (kind,) in NAME_SHORTHANDS or kind in index.name_postings or f"{kind}s" in index.name_postings:
            return True
    return False


def _names_a_container(query: str, *, branches: bool = False) -> bool:
    """The request says where its thing is ("in *project* KAN", "the *repos* of acme"): a slug
    in it is that place's, no repository read in. With ``branches`` (``repo_slugs``), a branch
    is none: it lives in a repository ("the main branch of *acme/api*")."""
    places = CONTAINERS - {"branch"} if branches else CONTAINERS
    return not places.isdisjoint(singular(t) for t in tokenize(query))
