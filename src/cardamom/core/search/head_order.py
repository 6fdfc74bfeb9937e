"""Step 5, refined: the tool that does what a request asks to the thing it names comes before the
tools that do it to another thing (``head_nouns``; the nouns are read in ``head_nouns``).

Only one tool moves, and only forward past the tools acting on another thing: the seeds' score
orders everything else, so a request whose head no name acts on with its verb keeps the
seeds' order exactly.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection

from cardamom.core.search.api_verbs import API_VERBS
from cardamom.core.search.attached_files import FILE, UPLOADING
from cardamom.core.search.coverage import Covering
from cardamom.core.search.document import SearchDocument
from cardamom.core.search.head_nouns import (
    RequestHead,
    acts_on,
    acts_on_other,
    appended_kind,
    creates_one,
    forms,
    listed_head,
    name_head,
    said_kind,
)
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.order import order_results
from cardamom.core.search.postings import own_name_words, union_of
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.scope import Scope
from cardamom.core.search.synonyms import CREATING, is_action_word
from cardamom.core.search.tokens import inflection_key, singular
from cardamom.core.search.verb_readings import SEARCH_VERBS, literal_names, verb_names


def request_head_of(analysis: QueryAnalysis, scope: Scope, options: SearchOptions) -> RequestHead | None:
    """The verb and head noun the order reads: the request's own, or, where its first word is
    no action ("*set* the priority of jira issue OPS-77") or its head is the field that left the
    mass ("change the *summary* of the jira ticket", ``field_thing_head``), the field phrase's
    thing and action."""
    if analysis.head is None and options.listed_heads:
        listed = _unsaid_list(scope)
        if listed is not None:  # "twilio calls": listed, as "list twilio calls" heads them
            return listed
    if analysis.field is None or not scope.field_thing:
        return _named_thing(analysis, scope.topic_values, scope.tokens)
    if analysis.head is not None and (not options.field_thing_head or analysis.head.head not in analysis.field.field):
        return _named_thing(analysis, scope.topic_values, scope.tokens)
    return RequestHead(analysis.field.action, scope.field_thing)


def _unsaid_list(scope: Scope) -> RequestHead | None:
    """The head of a request naming no action that lists its things ("twilio calls" read as
    "list calls", ``unsaid_lists``): "list" and the thing."""
    # (... and so does one counting them, read as their list: "count twilio calls today")
    if scope.tokens[:1] != ("list",) or not any(read.partition(" ")[0] == "list" for _, read in scope.read_as):
        return None
    return listed_head(scope.tokens[1:], scope.values)


def _named_thing(analysis: QueryAnalysis, values: frozenset[str], scope_tokens: Collection[str]) -> RequestHead | None:
    """The request's head, or, where its head phrase ends in the name of the thing before it
    ("archive notion page *abc*", ``thing_names``), that thing; where it is a file's content
    an upload makes (``attached_files.as_file``), the file."""
    head = analysis.head
    if head is None or head.head not in values:
        return head
    if head.verb in UPLOADING and FILE in scope_tokens:  # "upload *a screenshot* to box": a file it makes
        return RequestHead(head.verb, FILE)
    thing = next((t for t, w in analysis.after_words if w == head.head), None)
    if thing is None or inflection_key(thing) not in head.phrase:
        return head
    phrase = head.phrase - {inflection_key(head.head)}
    return RequestHead(head.verb, thing, len(phrase) == 1, phrase)


def head_first(
    index: SearchIndex,
    head: RequestHead,
    scope: Scope,
    passing: list[Covering],
    top: list[tuple[int, int, float]],
    *,
    fielded: bool = False,
) -> tuple[list[tuple[int, int, float]], tuple[int, str] | None]:
    """``top`` with the first tool that does the request's verb to its head noun (from every
    tool that cleared the floor) moved before the tools whose names carry that noun but act on
    another (``post_folders`` before ``post_folder_locks`` for "create folder", ``edit_issue``
    before ``update_issue_type`` for "update issue"). A request to create asks for a kind of
    thing: the tool creating it comes before one updating an item of it
    (``post_customers_customer``) or acting on another kind of it
    (``post_terminal_readers_reader_process_payment_intent`` for "create a payment intent").
    The head's synonyms count only where no name that cleared the floor carries the head
    itself ("add a to-do": Asana's tasks). ``fielded``: the request has a field's phrase ("read
    the properties of the notion database"). With ``top``, the tool moved and the noun it acts
    on, when one moved."""
    documents = index.documents
    thing = scope.field_thing or head.head  # "update the title of notion page": the page
    if index.options.nominal_verbs and inflection_key(head.verb) == inflection_key(thing):
        return top, None  # "which *issues* is github issue 12 blocking": the head noun read as a verb
    verb = dict(scope.read_as).get(head.verb, head.verb)  # "archive" read as "update"
    heads = forms(thing, False)
    carrying = literal_names(index, thing)
    by_synonym = scope.synonyms and not any(c[0] in carrying for c in passing)
    if by_synonym:
        heads = forms(thing, True)
    verbs = verb_names(index, verb)
    doing = [c for c in passing if c[0] in verbs and acts_on(documents[c[0]].name, heads)]
    if index.options.appended_kinds and len(head.phrase) > 1:
        # "create a *passkey factor*": Twilio's ``create_new_factor_passkey`` says the head, then its kind
        doing += [c for c in passing if c[0] in verbs and appended_kind(documents[c[0]].name, heads, head.phrase)]
    checking = frozenset[int]()
    if index.options.checked_members and head.verb == "check":
        # whether asked is checked, not got: "check membership for user 'octocat' in the acme org"
        # is ``orgs_check_membership_for_user``, before a team's ``teams_get_membership_for_user_in_org``
        said = literal_names(index, head.verb)
        checking = frozenset(c[0] for c in passing if c[0] in said and acts_on(documents[c[0]].name, heads))
        doing = [c for c in passing if c[0] in checking] or doing
    if not doing and index.options.ending_deletes and inflection_key(verb) in _ENDING:
        # "cancel stripe subscription sub_1": no name cancels a subscription, its delete does
        # (Stripe's ``delete_subscriptions_subscription_exposed_id``), not a schedule's cancel
        verbs = verb_names(index, "delete")
        doing = [c for c in passing if c[0] in verbs and acts_on(documents[c[0]].name, heads)]
    nouned = not doing and index.options.noun_names and inflection_key(verb) in _READING
    if nouned:
        # "list members of slack channel C024": Slack's ``conversations_members`` says its thing
        # only; the tools acting on another give way to it
        undoing = index.options.undoing_names
        names = [(c, documents[c[0]].name) for c in passing]
        doing = [c for c, name in names if acts_on(name, heads) and not _verbed(name, undoing)]
    bare = not doing and index.options.bare_verbs and verb in SEARCH_VERBS
    if bare:
        # "find box files named contract": Box's ``get_search`` says its search only, and does it
        # for any thing; the tools not searching give way to it
        doing = [c for c in passing if c[0] in verbs and _bare(documents[c[0]].name)]
    if not doing:
        if index.options.unsaid_head and head.alone:
            return described_first(index, thing, verbs, passing, top)
        return top, None
    kinds: list[Covering] = []
    if inflection_key(verb) in CREATING:
        doing = [c for c in doing if creates_one(documents[c[0]].name)] or doing
        kinds = [c for c in doing if said_kind(documents[c[0]].name, head.phrase)]
    # "list github repos in org acme": ``repos_list_for_org``, whose name's group is the head, not
    # ``teams_list_repos_in_org``, a team's repos (``grouped_names``)
    grouped = [c for c in doing if _grouped(documents[c[0]].name, heads)] if index.options.grouped_names else []
    # (against a tool of the same app grouped under another thing only: the app's own convention)
    apps = {index.app_of(c[0]) for c in doing if _grouped_elsewhere(documents[c[0]].name, heads)} if grouped else set()
    grouped = [c for c in grouped if index.app_of(c[0]) in apps]
    if grouped and index.options.grouped_scores:
        # (where another tool doing it scores more, the group's word is all it says: "is octocat a
        # member of the acme org" is no ``enterprise_team_memberships_get``, which leaves the org unsaid)
        grouped = [c for c in grouped if c[1] >= max(d[1] for d in doing)]
    among = grouped or kinds or doing
    # "list asana tasks": ``get_tasks``, not ``get_tasks_for_user_task_list``, whose "list" is a thing
    listed_as_noun = inflection_key(verb) == _LIST and inflection_key(thing) != _LIST
    among = [c for c in among if not (listed_as_noun and _lists_as_noun(documents[c[0]]))] or among
    # "asana_get_projects": ``get_projects``, before the one project's ``get_project``, where
    # names say the head both ways (``plural_heads``)
    one = singular(thing)
    saying = [c for c in among if thing in documents[c[0]].name_tokens]
    plural = index.options.plural_heads and one != thing and bool(saying)
    # ... within an app: Twilio names its lists in the singular ("list events for call CA12" is its
    # ``list_call_event``, not DigitalOcean's ``apps_list_events``) (``app_plurals``)
    plural_apps = {index.app_of(c[0]) for c in saying} if index.options.app_plurals else None

    def says_one_only(t: int) -> bool:
        named = plural_apps is None or index.app_of(t) in plural_apps
        return named and _says_one(documents[t].name_tokens, thing, one)

    plural = plural and any(says_one_only(c[0]) for c in among)
    among = [c for c in among if not says_one_only(c[0])] if plural else among
    # "get twilio calls": Twilio's ``list_call``, before the one call's ``fetch_call``, where no
    # name says the head in the plural (``plural_lists``)
    if index.options.plural_lists and not plural and one != thing and inflection_key(verb) in _READING:
        among = [c for c in among if _LIST in documents[c[0]].name_tokens] or among
    best = order_results(index, among, 1)[0]
    # the tools whose text never says the head give way too ("post a *comment* on notion
    # page": ``post_page``; "leave a *note* on the jira issue": ``add_comment`` says it through
    # a synonym), but for a field's phrase, whose head may be the field or the thing
    elsewhere = index.options.elsewhere_heads and head.alone and not fielded
    akin = forms(thing, True) if elsewhere else heads  # (a name acting on its synonym acts on it: conversations)
    unsaying = index.options.unsaid_head and head.alone and (by_synonym or not fielded)
    unsaid = _unsaying(index, thing) if unsaying else None
    return _placed(
        top,
        best,
        thing,
        lambda t: (
            _gives_way(documents[t].name, head, heads, creating=bool(kinds))
            or (bool(grouped) and index.app_of(t) in apps and _grouped_elsewhere(documents[t].name, heads))
            or (unsaid is not None and t not in unsaid and _acts_elsewhere(documents[t].name, heads))
            or (nouned and _acts_elsewhere(documents[t].name, heads))
            or (bare and t not in verbs)
            or (bool(checking) and t not in checking)
            or (listed_as_noun and _lists_as_noun(documents[t]))
            or (plural and says_one_only(t))
            # "find jira issue": ``search_for_issues_using_jql``, before ``find_assignable_users``,
            # whose name finds another thing (``elsewhere_heads``)
            or (elsewhere and _acts_elsewhere(documents[t].name, akin) and not _says_any(documents[t].name, akin))
        ),
    )


def _says_any(name: str, heads: frozenset[str]) -> bool:
    """The name says one of ``heads`` (inflection keys) anywhere."""
    return any(inflection_key(w) in heads for w in own_name_words(name))


def _says_one(name_tokens: frozenset[str], things: str, one: str) -> bool:
    """The name says the one thing (``one``), never the things."""
    return one in name_tokens and things not in name_tokens


# the verbs reading a thing, which a name saying its thing alone does (``noun_names``)
_READING = frozenset(inflection_key(w) for w in ("get", "list"))
_LIST = "list"


def _lists_as_noun(document: SearchDocument) -> bool:
    """The tool's name says "list" as a thing only, after another's word, its own verb first
    (Asana's ``get_tasks_for_user_task_list``), never as its action."""
    if _LIST not in document.name_tokens:
        return False
    words = own_name_words(document.name)
    return (
        _LIST in words[1:]
        and words[0] != _LIST
        and is_action_word(words[0])
        and all(not is_action_word(b) for b, a in itertools.pairwise(words) if a == _LIST)
    )


def _verbed(name: str, undoing: bool) -> bool:
    """The tool's name says an action (``link_issues`` does, ``conversations_members`` none); with
    ``undoing`` (``undoing_names``), an action undone too (``activity_unstar_repo_for_authenticated_user``
    stars nothing, but is no noun's name: "list my starred repos" is not it)."""
    return any(
        is_action_word(w) or w in API_VERBS or (undoing and w[:2] == "un" and w[2:] in API_VERBS)
        for w in own_name_words(name)
    )


def _bare(name: str) -> bool:
    """The tool's own name says actions only (Box's ``get_search``, Notion's ``post_search``)."""
    return all(is_action_word(w) for w in own_name_words(name))


# the verbs ending a thing, which its delete does where no name of it says them
_ENDING = frozenset(inflection_key(w) for w in ("cancel", "terminate", "revoke", "end", "stop"))


def _placed(
    top: list[tuple[int, int, float]], best: tuple[int, int, float], thing: str, gives_way: Callable[[int], bool]
) -> tuple[list[tuple[int, int, float]], tuple[int, str] | None]:
    """``top`` with ``best`` placed just before the first other tool that gives way to it, and
    ``best`` with the noun it acts on; ``top`` as it is where ``best`` is ahead of them already."""
    rest = [t for t in top if t[0] != best[0]]
    moved = next((i for i, t in enumerate(rest) if gives_way(t[0])), None)
    place = next((i for i, t in enumerate(top) if t[0] == best[0]), len(top))
    if moved is None or moved >= place:
        return top, None
    return [*rest[:moved], best, *rest[moved:]][: len(top)], (best[0], thing)


def _gives_way(name: str, head: RequestHead, heads: frozenset[str], *, creating: bool) -> bool:
    """The tool ``name`` goes after the one doing the request to its head: it acts on another
    thing, or (a request to create, a tool creating the kind named found) on one item of the
    head or another kind of it."""
    if acts_on_other(name, heads, anywhere=head.alone):
        return True
    return creating and acts_on(name, heads) and not (said_kind(name, head.phrase) and creates_one(name))


def described_first(
    index: SearchIndex,
    thing: str,
    verbs: frozenset[int],
    passing: list[Covering],
    top: list[tuple[int, int, float]],
) -> tuple[list[tuple[int, int, float]], tuple[int, str] | None]:
    """Where no name that cleared the floor says the request's head noun ``thing`` at all, even
    through a synonym, the app calls the thing by another name (Asana's comments are stories):
    the first tool doing the request's verb (``verbs``) whose description says the head, as
    written or inflected, moves before the tools acting on another thing whose text never says
    it ("add a comment to asana task": ``create_story_for_task``, "Adds a story ... comment
    stories", before ``add_followers_for_task``)."""
    named = union_of((literal_names(index, thing), index.synonym_postings(thing).name))
    if any(c[0] in named for c in passing):
        return top, None
    described = index.postings(thing).description
    saying = [c for c in passing if c[0] in verbs and c[0] in described]
    if not saying:
        return top, None
    best = order_results(index, saying, 1)[0]
    documents = index.documents
    heads = forms(thing, True)
    unsaid = _unsaying(index, thing)
    return _placed(top, best, thing, lambda t: t not in unsaid and _acts_elsewhere(documents[t].name, heads))


def _acts_elsewhere(name: str, heads: frozenset[str]) -> bool:
    """The name acts on a thing of its own, none of ``heads``."""
    head = name_head(name).head
    return bool(head) and head not in heads


def _unsaying(index: SearchIndex, thing: str) -> frozenset[int]:
    """The tools whose text says ``thing`` anywhere, as written or inflected, or whose name says
    it through a synonym (a description's synonym is loose: Jira's ``create_issue`` describes
    notes, no comment)."""
    return union_of((index.postings(thing).every, index.synonym_postings(thing).name))


def _group(name: str) -> list[str]:
    """The words of a name before its first action word, by inflection key: its API's group
    (GitHub's ``repos`` of ``repos_list_for_org``, ``teams`` of ``teams_list_repos_in_org``)."""
    words = own_name_words(name)
    at = next((i for i, w in enumerate(words) if is_action_word(w)), 0)
    return [inflection_key(w) for w in words[:at]]


def _grouped(name: str, heads: frozenset[str]) -> bool:
    """The name's group is the request's head ("repos" for "list repos")."""
    group = _group(name)
    return bool(group) and group[-1] in heads


def _grouped_elsewhere(name: str, heads: frozenset[str]) -> bool:
    """The name's group is another thing than the request's head (``teams_list_repos_in_org``)."""
    group = _group(name)
    return bool(group) and not heads.intersection(group)
