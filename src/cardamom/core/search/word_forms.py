"""A request's word written in another form than the named app's tool names say it: a noun made
from a verb or an adjective ("availability", "approval", "invitation") where the names say the
word it is made from (Cal.com's ``get_available_slots``, Xero's ``..._approve``), two name words
written as one ("rerun": GitHub's ``actions_re_run_workflow``), and the thing a request lists in
the number the names list it ("list stripe *payout*": ``get_payouts``).

Inflections are ``tokens.inflection_key``'s; these are the derivations a model writes in a
keyword search ("jira project archival", "github workflow rerun"), read only where no tool name
of the app carries the word as written, and only into a word some name of the app carries. The
other way too, a verb whose app names only the noun it makes ("*classify* box file 55": Box's
``..._classification``, created; ``made_nouns``).
"""

from __future__ import annotations

from itertools import pairwise

from cardamom.core.search.admin_tools import is_admin_name
from cardamom.core.search.api_verbs import STATE_VERBS
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, meets, own_name_words, union_of
from cardamom.core.search.synonyms import synonyms_of
from cardamom.core.search.tokens import inflection_key, is_plural
from cardamom.core.search.verb_readings import SEARCH_VERBS, named_in, said_in

# A derived word's ending -> the endings of the words it may be made from, most likely first;
# the longest ending that fits is the one read ("verification": "ification", not "ion").
_DERIVATIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ification", ("ify",)),  # verification: verify
    ("ability", ("able",)),  # availability: available
    ("ibility", ("ible",)),  # visibility: visible
    ("ization", ("ize",)),  # finalization: finalize
    ("isation", ("ise", "ize")),
    ("llation", ("l",)),  # cancellation: cancel
    ("ription", ("ribe",)),  # subscription: subscribe
    ("ication", ("icate", "y", "ish")),  # duplication: duplicate, application: apply, publication: publish
    ("ation", ("ate", "e", "")),  # validation: validate, invitation: invite, confirmation: confirm
    ("ition", ("", "e")),  # addition: add, definition: define
    ("ion", ("e", "")),  # deletion: delete, insertion: insert
    ("ment", ("",)),  # assignment: assign, deployment: deploy
    ("ance", ("",)),  # acceptance: accept
    ("ery", ("er",)),  # delivery: deliver, recovery: recover
    ("val", ("ve",)),  # approval: approve, archival: archive, removal: remove
    ("wal", ("w",)),  # renewal: renew, withdrawal: withdraw
    ("sal", ("se", "s")),  # reversal: reverse, dismissal: dismiss
)

# The endings of nouns made from adjectives ("availability": "available"); the others make
# nouns of verbs ("deletion", "assignment").
_ADJECTIVE_ENDINGS = ("ability", "ibility")

# A shorter base is too often a word of its own ("com" of "comment", "seg" of "segment"), but
# for "-ition", whose shortest bases are verbs ("add" of "addition"); a stem of two letters
# is no word's ("st" of "station").
_SHORTEST_STEM = 3
_SHORTEST_BASE = 4
_SHORTEST_ITION_BASE = 3


def base_forms(word: str) -> tuple[str, ...]:
    """The words ``word`` may be made from by a derivational ending, most likely first; none
    where no ending fits, or for a base too short to tell."""
    for ending, bases in _DERIVATIONS:
        if word.endswith(ending):
            shortest = _SHORTEST_ITION_BASE if ending == "ition" else _SHORTEST_BASE
            stem = word[: -len(ending)]
            if len(stem) < _SHORTEST_STEM:
                return ()
            return tuple(stem + base for base in bases if len(stem + base) >= shortest)
    return ()


def name_form(index: SearchIndex, word: str, scoped: frozenset[int], *, acted: bool = False) -> tuple[str, ...] | None:
    """The word or words ``word`` is written for in ``scoped``'s tool names, where no name there
    carries it (even inflected, prefixed or through a synonym); None when it is not another form.

    A derived word reads as its base where some name carries that ("availability": "available"),
    or where the base changes a thing's state, which ``state_change`` reads ("archival");
    a word no tool there says in any field reads as two words some name carries side by side
    ("rerun": "re", "run"). ``acted``: the request has an action word of its own, so a noun made
    from a verb is a thing it acts on ("edit the issue *attachment*"), and only a noun made from
    an adjective reads as its base ("check my *availability*")."""
    if named_in(index, word, scoped):
        return None
    for base in () if acted and not word.endswith(_ADJECTIVE_ENDINGS) else base_forms(word):
        if _names_say(index, base, scoped) or base in STATE_VERBS:
            return (base,)
    if said_in(index, word, scoped):
        return None
    if not acted and index.options.made_nouns:
        # "classify box file 55": the names say only what the act makes (``..._classification``)
        made = index.first_named(made_nouns(word), scoped)
        if made is not None:
            return ("create", made)
    return _split(index, word, scoped)


# A verb's ending -> the ending of the noun naming the thing it makes ("classify": "classification",
# "apply": "application", "register": "registration", "reverse": "reversal", "deploy": "deployment",
# "subscribe": "subscription", "extract": "extraction")
_MADE_NOUNS = (
    ("ify", "ification"),
    ("ize", "ization"),
    ("ise", "isation"),
    ("ate", "ation"),
    ("y", "ication"),
    ("er", "ration"),
    ("rse", "rsal"),
    ("ove", "oval"),
    ("oy", "oyment"),
    ("ibe", "iption"),
    ("act", "action"),
)


def made_nouns(verb: str) -> tuple[str, ...]:
    """The nouns ``verb`` makes by a derivational ending ("classify": "classification",
    "authorize": "authorization"); none where no ending fits, or for a stem too short to tell."""
    made = (
        verb[: -len(ending)] + noun
        for ending, noun in _MADE_NOUNS
        if verb.endswith(ending) and len(verb) - len(ending) >= _SHORTEST_BASE
    )
    return tuple(dict.fromkeys(made))  # ("classify": "classification" by "-ify" and by "-y" alike)


# The verbs asking for every thing of a kind: "list stripe *payout*" asks for the payouts.
LISTING_VERBS = frozenset({"list", "enumerate", "browse"})


def listed_plural(index: SearchIndex, verb: str, noun: str, scoped: frozenset[int]) -> str | None:
    """The plural a tool name of ``scoped`` carries for ``noun``, the object of a listing ``verb``
    written in the singular ("list stripe payout": ``payouts``); None where ``noun`` is plural
    already, the verb lists nothing, or no name says the plural."""
    if verb not in LISTING_VERBS or is_plural(noun) or not index.options.inflections:
        return None
    names = index.name_postings
    return next(
        (
            form
            for form in sorted(index.name_forms.get(inflection_key(noun), ()))
            if form != noun and is_plural(form) and names.get(form, EMPTY) & scoped
        ),
        None,
    )


# Verbs of reading one thing or many: with a plural thing, they ask for the list ("get github
# issues" lists them, where GitHub's ``issues_get`` gets one).
READING_VERBS = frozenset(
    {"get", "retrieve", "fetch", "read", "view", "show", "display", "see", "obtain", "grab", "summarize", "inspect"}
    | {"describe"}
)
# The verbs of a request that looks at things, listing, reading or searching for them
LOOKING_VERBS = LISTING_VERBS | READING_VERBS | SEARCH_VERBS


def read_as_listing(index: SearchIndex, verb: str, noun: str, scoped: frozenset[int] | None) -> bool:
    """``verb`` of reading with a plural ``noun`` asks for the list, where a name of ``scoped``
    says "list" beside the noun in the plural (as written, inflected or through a synonym:
    ``issues_list``, ``conversations_list`` for "channels"; Asana's ``get_user_task_list`` names
    a list) and none says the verb before it so ("get stripe customers" is ``get_customers``;
    "get github issues" ``issues_list``, not ``issues_get``, whose "issues" is a resource's name,
    not the number asked for). ``scoped`` None: the whole index."""
    if verb not in READING_VERBS or not is_plural(noun):
        return False
    names = index.name_postings
    listing = names.get("list", EMPTY) if scoped is None else names.get("list", EMPTY) & scoped
    if not listing:
        return False  # most apps' reads: no name says "list"
    entry = index.postings(noun)
    synonyms = index.synonym_postings(noun) if index.options.synonyms else None
    things = union_of((entry.name, entry.inflected, synonyms.name if synonyms is not None else EMPTY))
    things = things if scoped is None else things & scoped
    keys = {inflection_key(noun)} | ({inflection_key(s) for s in synonyms_of(noun)} if synonyms is not None else set())
    listed = listing & things
    # the names' pairs are read once a word for the whole index (``_name_pairs``: GitHub has hundreds
    # of lists, and hundreds of "get" names say "users" at 10,000 tools), then only sets meet;
    # ... or "list" opening a name that ends in the thing, in the singular as Twilio's names say
    # it (``list_queue``, ``list_sync_map`` beside ``fetch_sync_map``: ``singular_lists``)
    after, before, ends = _name_pairs(index, "list")
    lists = union_of(s for k in keys for s in (after.get(k, EMPTY), before.get(k, EMPTY)))
    if index.options.singular_lists:
        lists = lists | union_of(ends.get(k, EMPTY) for k in keys)
    if lists.isdisjoint(listed):
        return False
    said_after = _name_pairs(index, verb)[0]
    return union_of(said_after.get(k, EMPTY) for k in keys).isdisjoint(names.get(verb, EMPTY) & things)


def read_as_info(index: SearchIndex, verb: str, noun: str, scoped: frozenset[int]) -> bool:
    """``verb`` of reading one ``noun`` asks for its info, where a name of ``scoped`` says that
    thing and "info" alone (Slack's ``users_info``, ``conversations_info`` for "channel") and
    no member's name says the verb right before the thing ("get slack user bob" is no
    ``users_list``) (``info_names``)."""
    if verb not in READING_VERBS or is_plural(noun):
        return False
    documents = index.documents
    keys = {inflection_key(noun)} | {inflection_key(s) for s in synonyms_of(noun)}
    infos = index.name_postings.get("info", EMPTY) & scoped
    if not any(_thing_info(own_name_words(documents[d].name), keys) for d in infos):
        return False
    for doc_id in index.name_postings.get(verb, EMPTY) & scoped:
        name = documents[doc_id].name
        if not is_admin_name(name) and any(
            a == verb and inflection_key(b) in keys for a, b in pairwise(own_name_words(name))
        ):
            return False
    return True


def _thing_info(words: list[str], keys: set[str]) -> bool:
    return len(words) == 2 and words[1] == "info" and inflection_key(words[0]) in keys


NamePairs = tuple[dict[str, frozenset[int]], ...]


def _name_pairs(index: SearchIndex, word: str) -> NamePairs:
    """For the tools whose names say ``word``, by inflection key: those saying a plural right after
    it ("get_*customers*"), those saying one right before it ("*issues*_list"), and those opening with
    it and ending in the key's word in either number, a duplicate's number aside (``list_sync_map``,
    ``list_credential_3``, not ``list_sync_map_permission``); read once a word for the index."""
    cache = index.name_pairs_cache
    found = cache.get(word)
    if found is None:
        after: dict[str, set[int]] = {}
        before: dict[str, set[int]] = {}
        ends: dict[str, set[int]] = {}
        for doc_id in index.name_postings.get(word, EMPTY):
            words = own_name_words(index.documents[doc_id].name)
            for a, b in pairwise(words):
                if a == word and is_plural(b):
                    after.setdefault(inflection_key(b), set()).add(doc_id)
                if b == word and is_plural(a):
                    before.setdefault(inflection_key(a), set()).add(doc_id)
            plain = [w for w in words if not w.isdigit()]
            if len(plain) >= 2 and plain[0] == word:
                ends.setdefault(inflection_key(plain[-1]), set()).add(doc_id)
        found = tuple({k: frozenset(v) for k, v in d.items()} for d in (after, before, ends))
        cache[word] = found
    return found


def _names_say(index: SearchIndex, word: str, scoped: frozenset[int]) -> bool:
    """Some tool name of ``scoped`` says ``word`` as written, inflected or through a synonym; not
    as a prefix ("state" is no "statement")."""
    entry = index.postings(word)
    synonyms = index.synonym_postings(word).name if index.options.synonyms else EMPTY
    return meets(scoped, (entry.name, entry.inflected, synonyms))


def _split(index: SearchIndex, word: str, scoped: frozenset[int]) -> tuple[str, ...] | None:
    """``word`` as two words one tool name of ``scoped`` carries one after the other."""
    for cut in range(2, len(word) - 1):
        if said_side_by_side(index, word[:cut], word[cut:], scoped):
            return (word[:cut], word[cut:])
    return None


def said_side_by_side(index: SearchIndex, first: str, second: str, within: frozenset[int] | None = None) -> bool:
    """Some tool's name (of ``within``, if given) says ``first`` right before ``second``, as
    written: "re", "run" in ``actions_re_run_workflow``; "task", "list" in ``get_user_task_list``."""
    names = index.name_postings
    both = names.get(first, EMPTY) & names.get(second, EMPTY)
    documents = index.documents
    for doc_id in both if within is None else both & within:
        words = own_name_words(documents[doc_id].name)
        if any(a == first and b == second for a, b in pairwise(words)):
            return True
    return False
