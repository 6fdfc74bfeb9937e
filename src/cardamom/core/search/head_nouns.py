"""The thing a request acts on and the thing a tool acts on: the head noun of each.

"box create folder" asks for a folder; Box's ``post_folder_locks`` creates a folder *lock*.
The seeds score both names by the words they share: ``folder`` is an exact name word of
``post_folder_locks`` (5) and only an inflection of ``post_folders``' ``folders`` (3), so the
lock comes first. A noun before another in a name says which kind of the other (``issue`` in
``update_issue_type``, ``file`` in ``post_file_requests_id_copy``); the last noun of the name's
first phrase is what the tool acts on.

``request_head`` reads the request's verb and head noun from its words in order;
``name_head`` reads a tool name's. ``head_order.head_first`` places the tool doing the
request's verb to its head before the tools whose names carry the head but act on another
thing (``head_nouns``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardamom.core.search.api_verbs import NAME_METHODS
from cardamom.core.search.postings import own_name_words
from cardamom.core.search.request_verbs import MADE, names_a_thing
from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.synonyms import LEADING_VERBS, is_action_word, synonyms_of
from cardamom.core.search.tokens import (
    ARTICLES,
    GRAMMAR_WORDS,
    NAME_ONLY_QUERY_WORDS,
    QUERY_FILLER_WORDS,
    READ_FRAME_NOUNS,
    inflection_key,
    is_plural,
    looks_like_adverb,
    tokenize,
)

# Words that end a noun phrase: prepositions, in a request ("comment *to* task") and in a name
# (``add_followers_for_task``, ``search_for_issues_using_jql``).
_PHRASE_ENDS = frozenset(
    {"to", "on", "in", "for", "from", "of", "with", "into", "onto", "at", "by", "as", "about", "via", "using"}
    | {"under", "over", "within", "without", "per", "and", "or", "that", "which", "where", "who", "whose"}
    # a word naming the thing ends its phrase: "create a folder *named* 'Q3'" is a folder
    | {"called", "named", "titled", "entitled", "labelled", "labeled", "saying"}
)
# Path parameters in REST operation names (``get_files_id_content``): no noun of their own.
_PARAMETERS = frozenset({"id", "ids", "key", "keys", "uuid", "gid", "sid", "name", "slug"})
# The longest phrase read for a head: "credit note", "payment intent". A longer run of nouns
# ("portfolio custom fields", "shared link file") is written in no order a head can be read from.
_LONGEST_PHRASE = 2


@dataclass(frozen=True, slots=True)
class RequestHead:
    """The request's verb (its first action word), head noun, as written, and whether the head
    stands alone ("create an *issue*"; not "create a credit *note*")."""

    verb: str
    head: str
    alone: bool = True
    phrase: frozenset[str] = frozenset()  # the phrase's nouns, by inflection key ("payment", "intent")


def listed_head(tokens: Sequence[str], values: Collection[str]) -> RequestHead | None:
    """The head of a request listing its things where it says no verb for them ("twilio *calls*",
    "what social *accounts* are linked to my profile"): "list" and its first plural word, no value."""
    thing = next((t for t in tokens if is_plural(t) and t not in values), None)
    return RequestHead("list", thing, True, frozenset({inflection_key(thing)})) if thing else None


# Prepositions after a framing noun, before the thing it frames: "the details *of* / *for* / *on*"
# ("details *about* a codespace" opens a topic, as "pages about onboarding" does)
_FRAMED = frozenset({"of", "for", "on"})


def request_head(
    sequence: Sequence[str],
    values: Collection[str],
    apps: Collection[str],
    leads: Callable[[str], bool] | None = None,
    *,
    articles: bool = False,
    framed: bool = False,
    amounts: bool = False,
    opened: bool = False,
    reads: bool = False,
    plurals: bool = False,
) -> RequestHead | None:
    """The verb and head noun of a request that starts with an action ("box *create* *folder*",
    "rename box *file* 5 to x.docx"): the last noun of the phrase right after the verb, before a
    preposition or a value; app names, determiners and "all" are skipped, and a framing noun
    ("get file *info*") is not the head. ``leads``: a first word outside the action groups that
    is an action too, as a tool name opens with it ("*link* jira issue": ``link_issues``). None
    when the request does not start so. ``articles``: an action word after an article opens
    the phrase, as a noun or an adjective ("add *a new* contact", "create *a purchase* order").
    ``framed`` (``framed_heads``): a phrase of framing nouns only goes on after its preposition
    ("get the details *for stripe customer* cus_9": a customer). ``amounts`` (``quantity_values``): an
    amount before the phrase says how much of its thing ("add a *$99/month* price", "create *3* tasks").
    ``opened`` (``opened_things``): a leading verb before an article is its action ("*open a* PR");
    ``reads`` (``opened_reads``): "open" before a thing named by "the" or its number reads it.
    ``plurals`` (``plural_openings``): a plural is no verb a name opens with ("*repos* am I watching")."""
    words = [w for w in sequence if w not in apps]
    start = next((i for i, w in enumerate(words) if w not in QUERY_FILLER_WORDS and w not in GRAMMAR_WORDS), None)
    if opened and start is not None and words[start] in LEADING_VERBS:
        made = tuple(words[start + 1 : start + 2]) in MADE  # "open a github issue": created
        # "open the jira issue", "open stripe invoice in_1": read (``opened_reads``)
        named = words[start] == "open" and names_a_thing(words[start + 1 :], values)
        words[start] = LEADING_VERBS[words[start]] if made else "get" if reads and named else words[start]
    if plurals and start is not None and is_plural(words[start]):
        leads = None  # "which *repos* am I watching": a thing, though GitHub's ``repos_...`` names open with it
    if start is None or not (is_action_word(words[start]) or (leads is not None and leads(words[start]))):
        return None
    phrase: list[str] = []
    previous = words[start]
    named, counted = False, is_action_word(words[start])  # a number right after a verb counts its things
    for at, word in enumerate(words[start + 1 :], start + 1):
        after_article, previous = previous in ARTICLES, word
        if framed and word in _FRAMED and phrase and all(w in READ_FRAME_NOUNS for w in phrase):
            continue  # "the details *for* customer": the frame's thing follows
        if word in values and not phrase and (after_article or named) and word.isalpha():
            named = True
            continue  # a name before its kind: "update the *acme/api* repo" (an amount is none: "a $25 credit")
        if (
            amounts
            and not phrase
            and word.isdigit()
            and (after_article or named or counted)
            and _amount(words, at, values)
        ):
            named = True
            continue  # an amount before its thing: "a *100* GiB volume", "create *3* tasks" (not "a $25 credit")
        counted = False
        if not phrase and word in _STATES_BEFORE:
            continue  # a state before the thing says which one, no kind of it: "a *draft* xero invoice"
        if word in _PHRASE_ENDS or word in values or not word.isalpha():
            break
        if word in QUERY_FILLER_WORDS or word in GRAMMAR_WORDS or looks_like_adverb(word):
            if phrase:
                break
            continue
        if is_action_word(word) and not phrase and not (articles and after_article):
            break  # "create or update", "get and show": no object yet
        phrase.append(word)  # after a noun an action word is one too ("workflow *run* artifacts")
    nouns = [w for w in phrase if w not in READ_FRAME_NOUNS]  # "get file *info*": a file
    if not nouns or len(nouns) > _LONGEST_PHRASE:
        return None
    return RequestHead(words[start], nouns[-1], len(nouns) == 1, frozenset(inflection_key(w) for w in nouns))


# states a thing is written in before its kind ("create a *draft* invoice", "list *open* issues")
_STATES_BEFORE = frozenset({"draft", "open", "closed", "paid", "unpaid", "pending", "active", "inactive", "archived"})


def _amount(words: Sequence[str], at: int, values: Collection[str]) -> bool:
    """The number at ``at`` is an amount of the thing after it: its unit follows, a value too
    ("100 *gib*", "99 *month*"), or the things it counts ("3 *tasks*")."""
    following = words[at + 1] if at + 1 < len(words) else ""
    return following.isalpha() and (following in values or is_plural(following))


def object_is_value(
    sequence: Sequence[str], values: Collection[str], apps: Collection[str], *, fields: bool = False
) -> bool:
    """A request that starts with an action whose object is an argument value ("remove
    *kim@acme.com* from the asana project"): the thing it names after is no object of the
    action. ``fields`` (``field_nouns``): a value before "of" is a field of the thing after,
    its object ("get the owner *of* box file 9931")."""
    words = [w for w in sequence if w not in apps and w not in QUERY_FILLER_WORDS and w not in GRAMMAR_WORDS]
    if len(words) < 2 or not is_action_word(words[0]) or words[1] not in values:
        return False
    at = sequence.index(words[1])
    return not (fields and sequence[at + 1 : at + 2] == ("of",))


@dataclass(frozen=True, slots=True)
class NameHead:
    """A tool name's head noun, the nouns before it in its first phrase (``modifiers``), and
    every other noun of the name (``others``: those after a preposition too), by inflection key."""

    head: str
    modifiers: frozenset[str]
    others: frozenset[str]
    # The head is followed by its own parameter ("customers_customer", "folders_id"): the tool
    # acts on one existing item, which a request to create never asks for.
    item: bool = False


@lru_cache(maxsize=65_536)
def name_head(name: str) -> NameHead:
    """A tool name's head noun and its other nouns, by inflection key: the last noun of its
    first phrase, actions and path parameters aside (``post_folder_locks``: locks, with folder;
    ``delete_lists_id_webhooks_id``: webhooks; ``add_followers_for_task``: followers, with
    task). An empty head for a name with no noun."""
    own = whole_name(name).split("__", 1)[-1]
    nouns: list[str] = []
    first = 0  # nouns in the first phrase
    words = tokenize(own)
    pathed = bool(words) and words[0] in NAME_METHODS
    for at, word in enumerate(words):
        if word in _PHRASE_ENDS and nouns and not first and not _joins_actions(words, at):
            first = len(nouns)  # the first phrase ends: "followers" of add_followers_for_task
        if word in _PHRASE_ENDS or word in _PARAMETERS or word in GRAMMAR_WORDS or not word.isalpha():
            continue
        if word in NAME_ONLY_QUERY_WORDS or len(word) < 2:
            continue
        if word.endswith("ed") and len(word) > 4 and words[at + 1 : at + 2] and words[at + 1] in _PARAMETERS:
            continue  # a parameter's own name: Stripe's ``subscriptions_{subscription_exposed_id}``
        # An action's plural between a noun and more of the name is a thing: ``post_metadata_queries_execute_read``
        # acts on queries (at the end it may still be the verb of a name read backwards, but not
        # after a path's method: ``get_treasury_outbound_transfers``).
        if is_action_word(word) and not (nouns and (at + 1 < len(words) or pathed) and is_plural(word)):
            continue
        if pathed and 1 < at < len(words) - 1 and _keys(words[at - 2 : at]) == _keys(words[at : at + 2]):
            continue  # a path's parameter of two words after its kind: ``outbound_transfers_{outbound_transfer}``
        nouns.append(inflection_key(word))
    if not nouns:
        return NameHead("", frozenset(), frozenset())
    first = first or len(nouns)
    head = nouns[first - 1]
    keys = _keys(words)
    at = keys.index(head) if head in keys else len(keys)
    after = keys[at + 1 :]
    # (a parameter of two words repeats its kind's: ``outbound_transfers_{outbound_transfer}``)
    item = bool(after) and (
        after[0] == head or after[0] in _PARAMETERS or (at > 0 and after[:2] == keys[at - 1 : at + 1])
    )
    return NameHead(head, frozenset(nouns[: first - 1]) - {head}, frozenset(nouns) - {head}, item)


def _keys(words: Sequence[str]) -> list[str]:
    return [inflection_key(w) for w in words]


def _joins_actions(words: Sequence[str], at: int) -> bool:
    """The word at ``at`` joins two actions, the phrase going on past it: the "or" of
    ``repos_create_or_update_environment``, which acts on an environment, not on repos."""
    return (
        words[at] in ("or", "and")
        and 0 < at < len(words) - 1
        and is_action_word(words[at - 1])
        and is_action_word(words[at + 1])
    )


def title_head(title: tuple[str, ...]) -> str:
    """The head noun a tool's title acts on, read as a name is ("Transition issue": issue)."""
    return name_head("_".join(title)).head


@lru_cache(maxsize=65_536)
def first_name_word(name: str) -> str:
    """The first word of a tool's own name (without its account): ``link`` of ``link_issues``."""
    words = own_name_words(name)
    return words[0] if words else ""


def forms(word: str, synonyms: bool) -> frozenset[str]:
    """The inflection keys a word stands for: its own and (with ``synonyms``) its synonyms'."""
    keys = {inflection_key(word)}
    if synonyms:
        keys |= {inflection_key(w) for w in synonyms_of(word)}
    return frozenset(keys)


def acts_on_other(name: str, head: frozenset[str], *, anywhere: bool) -> bool:
    """The tool's name carries the request's head (``head``: its forms) but acts on another
    noun: as a modifier (``post_folder_locks`` for "folder") or, ``anywhere``, after a
    preposition too (``reactions_create_for_issue`` for "issue")."""
    read = name_head(name)
    carried = read.others if anywhere else read.modifiers
    return bool(read.head) and read.head not in head and not carried.isdisjoint(head)


def creates_one(name: str) -> bool:
    """The tool's name acts on a whole kind of thing, not on one item of it by its parameter
    (``post_customers``, not ``post_customers_customer``): where a request to create goes."""
    return not name_head(name).item


def said_kind(name: str, phrase: frozenset[str]) -> bool:
    """Every noun the name puts before its head is one the request says: the tool acts on the
    kind of thing asked for (``post_payment_intents`` for "payment intent", not
    ``post_terminal_readers_reader_process_payment_intent``)."""
    return name_head(name).modifiers <= phrase


def acts_on(name: str, head: frozenset[str]) -> bool:
    """The tool's name acts on the request's head (``post_folders`` for "folder")."""
    return name_head(name).head in head


def appended_kind(name: str, head: frozenset[str], phrase: frozenset[str]) -> bool:
    """The tool's name says the request's head phrase with the head first and a word of the phrase
    after it as its own head (``create_new_factor_passkey`` for "a passkey factor", ``head``: the
    head's forms, ``phrase``: the phrase's keys): it acts on that kind of the head (``appended_kinds``)."""
    read = name_head(name)
    if not read.head or read.head in head or inflection_key(read.head) not in phrase:
        return False
    return not read.modifiers.isdisjoint(head) and {inflection_key(w) for w in read.modifiers} <= phrase
