"""A request naming no action, opening with its things in the plural ("xero invoices", "stripe
customers from last month", "asana tasks in project 1200"), asks to see them: among equal
scores, a tool whose name reads comes first (``get_invoices`` before ``create_invoices``, which
the codepoint order put first). A word some tool's name opens with in the singular ("*link*
issues") is an action, and the request keeps its own order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from cardamom.core.search.coverage import Covering, Weighed
from cardamom.core.search.destructive_actions import marked_states
from cardamom.core.search.filter_words import ORDERS
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import inflection_key, is_plural
from cardamom.core.search.word_forms import LOOKING_VERBS


def reading_first(
    index: SearchIndex,
    analysis: QueryAnalysis,
    weighed: Weighed,
    passing: list[Covering],
    acts: Callable[[str], bool] | None,
) -> list[Covering]:
    """``passing`` with each tool's lead (``coverage.covering_tools``: its name carries the
    request's first word, the order among equal scores) set to whether its name reads, and the
    mass its description says kept for the reading tools only (that order comes before the
    lead's), where the request names no action (``names_no_action``); ``passing`` as it is
    otherwise."""
    said = [t for t, w in zip(weighed.tokens, weighed.weights, strict=True) if w > 0]
    # one thing first or last in an order is read too ("the latest stripe invoice", ``ordered_things``)
    ordered = index.options.ordered_things and not ORDERS.isdisjoint(weighed.tokens)
    if not names_no_action(analysis, said, acts, ordered=ordered, tokens=weighed.tokens):
        return passing
    documents = index.documents
    # (a state a name marks things as is no read: "mark_notifications_as_*read*", ``marked_reads``)
    marked = index.options.marked_reads
    reads = [_reads(documents[c[0]].name, documents[c[0]].name_tokens, marked=marked) for c in passing]
    # "archived slack channels" lists them, though ``conversations_archive``'s description says
    # "conversation" and ``conversations_list``'s "channels"
    return [(*c[:4], c[4] if r else 0.0, c[5], int(r), c[7]) for c, r in zip(passing, reads, strict=True)]


def names_no_action(
    analysis: QueryAnalysis,
    said: Sequence[str],
    acts: Callable[[str], bool] | None,
    *,
    ordered: bool = False,
    tokens: Sequence[str] = (),
) -> bool:
    """Whether a request in words opens with the things it names and says no action: none of
    its ``said`` words (weighed: the app's name and values out) is an action word, a word
    opening a request as its verb (``noun_verbs``) or, in the singular, one some tool name
    opens with (``acts``: Jira's ``link_issues``; a plural opening a name is its thing,
    GitHub's ``issues_list_for_repo``). A first word in the singular may be its verb
    ("*transition* ENG-3 to done", Jira's ``do_transition``); ``ordered``: a thing in the
    singular too, first or last in an order ("the *latest* stripe invoice"); and things of one
    thing its id names, after the id (``tokens``: the request's words, values in: "stripe customer
    cus_123 *invoices*")."""
    if analysis.name_shaped or analysis.opening or not said:
        return False
    if not (is_plural(said[0]) or ordered or _owned(said, tokens, analysis.values)):
        return False
    return not any(is_action_word(w) or (acts is not None and not is_plural(w) and acts(w)) for w in said)


def _owned(said: Sequence[str], tokens: Sequence[str], values: Collection[str]) -> bool:
    """Things of one thing named by its id, after the id: the first word said is the thing's kind,
    a value right after it, and the last word said, a plural, comes after a value ("stripe customer
    cus_123 *invoices*"; a verb's word is a kind there too: "twilio *call* CA123 recordings")."""
    if len(said) < 2 or not is_plural(said[-1]) or said[0] not in tokens:
        return False
    at = tokens.index(said[0])
    if at + 1 >= len(tokens) or tokens[at + 1] not in values:
        return False
    last = tokens.index(said[-1])
    return any(last > tokens.index(v) for v in values if v in tokens)


def _reads(name: str, name_tokens: frozenset[str], *, marked: bool) -> bool:
    """The tool's name says a reading verb; with ``marked``, not only as the state it marks
    things as ("mark_notifications_as_*read*")."""
    looking = name_tokens & LOOKING_VERBS
    if marked and looking:
        states = marked_states(name)
        return any(inflection_key(w) not in states for w in looking)
    return bool(looking)
