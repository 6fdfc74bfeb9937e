"""Step 5, refined: the tool that does what a request asks to the thing it names comes before the
tools that do it to another thing (``head_nouns``; the nouns are read in ``head_nouns``).

Only one tool moves, and only forward past the tools acting on another thing: the seeds' score
orders everything else, so a request whose head no name acts on with its verb keeps the
seeds' order exactly.
"""

from __future__ import annotations

from cardamom.core.search.coverage import Covering
from cardamom.core.search.head_nouns import RequestHead, acts_on, acts_on_other, creates_one, forms, said_kind
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.order import order_results
from cardamom.core.search.postings import union_of
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.scope import Scope
from cardamom.core.search.synonyms import group_keys, is_action_word, synonyms_of
from cardamom.core.search.tokens import inflection_key
from cardamom.core.search.verb_readings import literal_names

_CREATING = frozenset({"create"})


def request_head_of(analysis: QueryAnalysis, scope: Scope, options: SearchOptions) -> RequestHead | None:
    """The verb and head noun the order reads: the request's own, or, where its first word is
    no action ("*set* the priority of jira issue OPS-77") or its head is the field that left the
    mass ("change the *summary* of the jira ticket", ``field_thing_head``), the field phrase's
    thing and action."""
    if analysis.field is None or not scope.field_thing:
        return analysis.head
    if analysis.head is not None and (not options.field_thing_head or analysis.head.head not in analysis.field.field):
        return analysis.head
    return RequestHead(analysis.field.action, scope.field_thing)


def head_first(
    index: SearchIndex,
    head: RequestHead,
    scope: Scope,
    passing: list[Covering],
    top: list[tuple[int, int, float]],
) -> tuple[list[tuple[int, int, float]], tuple[int, str] | None]:
    """``top`` with the first tool that does the request's verb to its head noun (from every
    tool that cleared the floor) moved before the tools whose names carry that noun but act on
    another (``post_folders`` before ``post_folder_locks`` for "create folder", ``edit_issue``
    before ``update_issue_type`` for "update issue"). A request to create asks for a kind of
    thing: the tool creating it comes before one updating an item of it
    (``post_customers_customer``) or acting on another kind of it
    (``post_terminal_readers_reader_process_payment_intent`` for "create a payment intent").
    The head's synonyms count only where no name that cleared the floor carries the head
    itself ("add a to-do": Asana's tasks). With ``top``, the tool moved and the noun it acts on,
    when one moved."""
    documents = index.documents
    thing = scope.field_thing or head.head  # "update the title of notion page": the page
    verb = dict(scope.read_as).get(head.verb, head.verb)  # "archive" read as "update"
    heads = forms(thing, False)
    carrying = literal_names(index, thing)
    if scope.synonyms and not any(c[0] in carrying for c in passing):
        heads = forms(thing, True)
    # names saying the verb as written, inflected or through a synonym that is an action too,
    # never a prefix ("add" of "address"): "post" is also a message's word (``search_messages``)
    actions = (w for w in synonyms_of(verb) if is_action_word(w))
    verbs = union_of((literal_names(index, verb), *(literal_names(index, w) for w in actions)))
    doing = [c for c in passing if c[0] in verbs and acts_on(documents[c[0]].name, heads)]
    if not doing:
        return top, None
    kinds: list[Covering] = []
    if inflection_key(verb) in group_keys(_CREATING):
        doing = [c for c in doing if creates_one(documents[c[0]].name)] or doing
        kinds = [c for c in doing if said_kind(documents[c[0]].name, head.phrase)]
    best = order_results(index, kinds or doing, 1)[0]
    rest = [t for t in top if t[0] != best[0]]
    moved = [i for i, t in enumerate(rest) if _gives_way(documents[t[0]].name, head, heads, creating=bool(kinds))]
    place = next((i for i, t in enumerate(top) if t[0] == best[0]), len(top))
    if not moved or moved[0] >= place:
        return top, None
    return [*rest[: moved[0]], best, *rest[moved[0] :]][: len(top)], (best[0], thing)


def _gives_way(name: str, head: RequestHead, heads: frozenset[str], *, creating: bool) -> bool:
    """The tool ``name`` goes after the one doing the request to its head: it acts on another
    thing, or (a request to create, a tool creating the kind named found) on one item of the
    head or another kind of it."""
    if acts_on_other(name, heads, anywhere=head.alone):
        return True
    return creating and acts_on(name, heads) and not (said_kind(name, head.phrase) and creates_one(name))
