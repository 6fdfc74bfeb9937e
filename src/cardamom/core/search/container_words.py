"""The word of a container placing a request ("list asana tasks *in project* 12"): it leaves
with its value (``argument_values``), unless a name of the app says the thing for that
container (``get_tasks_for_project``), which ``says_thing_for`` asks (``named_containers``); so
does a kind's word filtering a list, kept whole or with the noun it qualifies (``staying_kinds``)."""

from __future__ import annotations

from collections.abc import Collection, Container, Sequence

from cardamom.core.search.filtering_things import ListFilter
from cardamom.core.search.head_nouns import RequestHead
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.options import SearchOptions
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, inflection_key, is_plural
from cardamom.core.search.verb_readings import literal_names, named_in
from cardamom.core.search.word_forms import LISTING_VERBS, READING_VERBS

# the words a name says a container's contents with ("List items in folder": ``get_folders_id_items``)
_CONTENTS = ("items", "contents", "children", "entries")


def lister_of(
    index: SearchIndex,
    scoped: frozenset[int],
    head: RequestHead | None,
    listed: ListFilter | None,
    words: Sequence[str],
    skip: Container[str],
    containers: Collection[str] = (),
) -> RequestHead | None:
    """The verb and thing a name may say *for* a container: the request's head, or the list its
    filter reads ("charges *for customer* cus_1"); a request saying no verb, its first word
    (``words``, past ``skip``) where it is a plural some name of ``scoped`` lists for one of
    ``containers`` and nothing else ("github issues in repo acme/api": ``issues_list_for_repo``;
    not "pull requests", which only ``pulls_list_review_comments_for_repo`` says for a repo)."""
    if head is not None or listed is not None:
        return head if listed is None or head is not None else RequestHead(listed.verb, listed.thing)
    if not containers:
        return None  # (most requests: no container to list for)
    first = next((w for w in words if w not in skip and w not in QUERY_FILLER_WORDS), "")
    if not is_plural(first) or is_action_word(first):
        return None
    key = inflection_key(first)
    placed = {inflection_key(c) for c in containers}
    for doc_id in literal_names(index, first) & scoped:
        other = _other_words(frozenset(own_name_words(index.documents[doc_id].name)), {key})
        if len(other) == 1 and inflection_key(other[0]) in placed:
            return RequestHead("list", first)
    return None


def says_thing_for(
    index: SearchIndex,
    head: RequestHead | None,
    container: str,
    scoped: frozenset[int],
    *,
    items: bool = False,
    kind: Collection[str] = (),
) -> bool:
    """Some name of ``scoped`` says the head's thing for ``container``: it carries the head, the
    container and the verb (or a synonym), and little else (``get_tasks_for_project``,
    ``issues_list_for_repo``; not ``actions_add_custom_labels_to_self_hosted_runner_for_repo``
    for "add the bug label to issue 12 in repo acme/api"). ``items`` (``container_items``): so
    does a name listing the container's contents, for a head it lists ("list box files in
    folder 12345": ``get_folders_id_items``). ``kind``: the words of the container's kind of two
    words, said by the name too ("manual journal": ``create_manual_journal_history_record``)."""
    if head is None:
        return False
    # the few names carrying both asked about the verb, not the verb's thousands built ("get")
    holding = literal_names(index, container) & scoped
    said = {inflection_key(w) for w in (*head.phrase, head.head, container, *kind)}
    if _names_saying(index, literal_names(index, head.head) & holding, said, head.verb):
        return True
    # "members of group 901": Box's ``get_groups_id_memberships``, the group's memberships (``ship_names``)
    ship = f"{inflection_key(head.head)}ship"
    if index.options.ship_names and _names_saying(
        index, literal_names(index, ship) & holding, {*said, ship}, head.verb
    ):
        return True
    if not items or head.verb not in LISTING_VERBS | READING_VERBS or not is_plural(head.head):
        return False
    listing = frozenset().union(*(literal_names(index, word) for word in _CONTENTS)) & holding
    return _names_saying(index, listing, {inflection_key(w) for w in (container, *_CONTENTS)}, head.verb)


def staying_kinds(
    index: SearchIndex,
    lister: RequestHead | None,
    listed: ListFilter | None,
    placing: Collection[str],
    scoped: frozenset[int],
    options: SearchOptions,
) -> frozenset[str]:
    """The container and kind words of ``placing`` that stay in the mass: those a name of the app
    says the thing for (``says_thing_for``); a kind's word where a name says the noun it
    qualifies for it ("a note to *the history of* xero *receipt* 5d2e": ``create_receipt_history``,
    ``qualified_kinds``); and the whole of a kind of two words whose last word stays ("reactions
    on *review comment* 8812", ``whole_kinds``)."""
    staying = {t for t in placing if says_thing_for(index, lister, t, scoped, items=options.container_items)}
    if listed is None:
        return frozenset(staying)
    if options.qualified_kinds:
        for word, noun in listed.qualified:
            qualified = RequestHead(listed.verb, noun)
            # (a kind of two words is one: "the history of xero *manual journal* MJ-5", ``two_word_kinds``)
            kind = next((c for c in listed.compounds if word in c), ()) if options.two_word_kinds else ()
            if word in placing and word not in staying and says_thing_for(index, qualified, word, scoped, kind=kind):
                staying.add(word)
    if options.whole_kinds:
        for compound in listed.compounds:
            if compound[-1] in staying:
                staying.update(w for w in compound if w in placing)
    return frozenset(staying)


def _names_saying(index: SearchIndex, documents: frozenset[int], said: set[str], verb: str) -> bool:
    """Some name of ``documents`` says ``verb`` (or a synonym) and little else but ``said``."""
    return any(
        _says_little_else(index.documents[d].name_tokens, said) and named_in(index, verb, frozenset((d,)))
        for d in documents
    )


def _says_little_else(name_tokens: frozenset[str], said: set[str]) -> bool:
    """A name has at most two words (its app's, a namespace) besides ``said``, actions and grammar."""
    return len(_other_words(name_tokens, said)) <= 2


def _other_words(name_tokens: frozenset[str], said: set[str]) -> list[str]:
    """A name's words besides ``said``, actions and grammar."""
    return [
        w
        for w in name_tokens
        if inflection_key(w) not in said
        and not is_action_word(w)
        and w not in GRAMMAR_WORDS
        and w not in QUERY_FILLER_WORDS
    ]


def lists_thing(index: SearchIndex, thing: str, verb: str, scoped: frozenset[int]) -> bool:
    """Some name of ``scoped`` carries ``thing``, as written or inflected, and ``verb`` or a
    synonym of it (``get_charges`` for "list charges")."""
    # the thing's few carriers asked about the verb, not the verb's thousands built ("get")
    return named_in(index, verb, literal_names(index, thing) & scoped)
