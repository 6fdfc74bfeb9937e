"""A list asked for by a thing of another kind ("list stripe charges *for customer* cus_123",
"the invoices *of xero contact* Acme Ltd", "bookings *of attendee* jane@acme.com", "droplets *in
region* nyc3"): the kind's word, between a preposition and a value, filters the list. It leaves
the mass with its value where the app names the listed thing with the request's verb
(``get_charges``: ``container_words.lists_thing``) and no name says the thing for that kind
(``get_tasks_for_project`` keeps "project"), as a container's word does (``filtering_things``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.synonyms import CREATING, is_action_word
from cardamom.core.search.tokens import (
    ARTICLES,
    GRAMMAR_WORDS,
    QUERY_FILLER_WORDS,
    QUESTION_OPENERS,
    SOME_ONE_WORDS,
    inflection_key,
    is_plural,
)
from cardamom.core.search.value_words import CONTAINERS, NAMING

# Words placing a list by another thing ("charges *for* customer ...", "notes *on* contact ...")
# ("to" is where a thing goes: "conversations assigned *to* admin 991")
_BY = frozenset({"for", "of", "from", "in", "on", "by", "with", "under", "within", "inside"})
# the words before a kind a list is asked by, no value after it ("droplets *by* region", "charges *for* customer")
_CRITERIA = frozenset({"by", "for"})
_OWNERS = ARTICLES | {"my", "our", "your", "this", "that", "their", "his", "her"}
_LONGEST_KIND = 2  # "event type", "payment method"
# Things holding others, whose lists are theirs to give ("files in folder 0": Box's folder
# items); a container's word has its own rule (``argument_values.CONTAINERS``)
_HOLDERS = CONTAINERS | {"database", "channel", "workspace", "section", "portfolio", "calendar", "team"}


@dataclass(frozen=True, slots=True)
class ListFilter:
    """The thing a request lists, the verb it lists it with, and the kinds' words filtering it."""

    thing: str
    verb: str
    kinds: frozenset[str]
    # the kinds said in two words ("on *review comment* 8812"), each whole (``whole_kinds``)
    compounds: tuple[tuple[str, ...], ...] = ()
    # each kind's word with the noun before its preposition, where that noun is not the thing
    # listed ("a note to *the history of* xero receipt 5d2e": the receipt's history, ``qualified_kinds``)
    qualified: tuple[tuple[str, str], ...] = ()


def list_filter(
    sequence: Sequence[str],
    head: RequestHead | None,
    values: Collection[str],
    apps: Collection[str],
    *,
    singular: bool = False,
    criteria: bool = False,
    questions: bool = False,
) -> ListFilter | None:
    """The kinds of thing a list is asked by: after the thing listed, written in the plural
    (the request's head, or its first word where it names no action: "stripe *charges* for
    customer cus_123"), a preposition (``_BY``), at most two nouns, then a value. ``singular``
    (``valued_kinds``): so is one thing created with a thing of another kind ("create a refund
    *for payment intent* pi_123", "a xero bill *from supplier* Acme"); a thing read or changed
    "of" another is its field ("the status *of message* SM123"). ``criteria``
    (``listed_criteria``): a kind ending the request after "by" or "for" filters the list with no
    value ("list droplets *by region*", "twilio calls *by status*", "stripe charges *for
    customer*"), as "sorted by" orders it. ``questions`` (``asked_filters``): so does a question
    asking which things are there ("*what droplets* are in region nyc3")."""
    words = [w for w in sequence if w not in apps]
    if head is not None:
        thing, verb = head.head, head.verb
    else:
        # its first word: no verb before it (``questions``: past a question's, "*what* droplets are in ...")
        skipped = _OWNERS | QUESTION_OPENERS | {"many"} if questions else _OWNERS
        thing = next((w for w in words if w not in skipped), "")
        verb = "list"
    created = singular and head is not None and inflection_key(head.verb) in CREATING
    if not (is_plural(thing) or created) or is_action_word(thing) or thing not in words:
        return None
    found: set[str] = set()
    compounds: list[tuple[str, ...]] = []
    qualified: list[tuple[str, str]] = []
    for i in range(words.index(thing) + 1, len(words)):
        if words[i] not in _BY:
            continue
        j = i + 1
        while j < len(words) and (words[j] in _OWNERS or words[j] in SOME_ONE_WORDS):  # "for a *specific* contact"
            j += 1
        kind: list[str] = []
        while j < len(words) and _kind_word(words[j], values):
            kind.append(words[j])
            j += 1
        valued = j < len(words) and words[j] in values
        # (no owner's word: "waiting *for my* review" is whose review, no list's filter)
        unowned = all(w in ARTICLES or w in SOME_ONE_WORDS for w in words[i + 1 : j - len(kind)])
        criterion = criteria and not created and words[i] in _CRITERIA and j == len(words) and unowned
        if kind and len(kind) <= _LONGEST_KIND and (valued or criterion):
            found.update(kind)
            if len(kind) > 1:
                compounds.append(tuple(kind))
            noun = words[i - 1]
            if noun != thing and noun.isalpha() and noun not in values and not is_action_word(noun):
                qualified.extend((word, noun) for word in kind)
    return ListFilter(thing, verb, frozenset(found), tuple(compounds), tuple(qualified)) if found else None


def asked_lists(options: SearchOptions) -> dict[str, bool]:
    """``list_filter``'s readings as the switches of ``options`` say."""
    return {"criteria": options.listed_criteria, "questions": options.asked_filters}


def _kind_word(word: str, values: Collection[str]) -> bool:
    return (
        word.isalpha()
        and word not in values
        and word not in _BY
        and word not in QUERY_FILLER_WORDS
        and word not in GRAMMAR_WORDS
        and not is_action_word(word)
        and word not in _HOLDERS
        and word not in NAMING  # "a task *called* 'Roadmap'" announces a name, no kind
    )
