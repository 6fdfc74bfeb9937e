"""The tool whose title the request says, word for word, comes first.

An operation's title is what its vendor calls it (``tool_titles``): Box's
``get_files_id_content`` is "Download file", ``get_files_id_versions`` "List all file
versions", Jira's ``get_all_projects`` "Get all projects". The seeds' score reads names and
description words one by one, so "box download file" scores ``post_zip_downloads`` (whose name
says "downloads") as high as "Download file", and "box get file versions" scores the legal-hold
tools' long names, which carry every word, above it.

A request *says a title* when each of the two says every word of the other: the title's words
(the app's name aside) are all among the request's, and every word the request weighs is one of
the title's. Words are matched exactly, an action also in another inflection or through its
synonym group ("Retrieves" for "get"), a thing through its group only in the same grammatical
number ("list my asana projects" does not say "Get a project"); "list" says another verb of
reading only with a plural thing ("list jira projects" says "Get all projects", "list bank
account" does not say "Get bank account"). Where the request has a head noun, the title must act
on it ("create task in project" does not say "Add a project to a task"). A request naming no
action reads, so a title's first word of reading may go unsaid ("box user info" says "Get
user"), and a noun framing a read ("details", "info") need not be said on either side. A
thing some name that cleared the floor says as written is said by a title only as written
("xero get account": not "Retrieves a specific user"). A title's word for what a container
holds ("List *items in* folder") says the things its description names ("files"). A
request's "my" says a title's "current" ("Get current user"). The best placed such
tool among those that cleared the floor comes first; nothing else moves, and nothing is added
(the order only: a tool that did not clear the floor never comes back).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from itertools import pairwise

from cardamom.core.search.coverage import Covering
from cardamom.core.search.first_person import CALLER_WORDS
from cardamom.core.search.head_nouns import RequestHead, acts_on, forms, title_head
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.order import order_results, placed_first
from cardamom.core.search.postings import EMPTY, own_name_words
from cardamom.core.search.query import QueryAnalysis
from cardamom.core.search.synonym_groups import SYNONYM_GROUPS
from cardamom.core.search.synonyms import group_keys, is_action_word, synonyms_of
from cardamom.core.search.tokens import (
    NAME_ONLY_QUERY_WORDS,
    QUERY_FILLER_WORDS,
    READ_FRAME_NOUNS,
    inflection_key,
    is_plural,
)
from cardamom.core.search.tool_titles import TITLE_WORDS
from cardamom.core.search.value_words import CONTAINERS
from cardamom.core.search.verb_readings import literal_names

# A request to list wants many: it says another verb of reading only with a plural thing.
_LISTING = frozenset(next(g for g in SYNONYM_GROUPS if g[0] == "list"))
_READING = group_keys(frozenset({"get"}))
# A title's word for whatever a container holds, followed by the container: "List *items in*
# folder" lists the files in it, the things its description names.
_ANY_THING = frozenset({"items", "contents", "entries", "objects"})
_HOLDING = frozenset({"in", "of", "from", "within", "inside", "on"})
# Words of a title that say nothing a request must match: the ones a request's reading drops.
_UNSAID = QUERY_FILLER_WORDS | NAME_ONLY_QUERY_WORDS | READ_FRAME_NOUNS | {"all"}


def title_carriers(index: SearchIndex, tokens: Sequence[str]) -> list[frozenset[int]]:
    """Per query token, the tools whose title says it, as written or inflected (``title_words``);
    none for a word that frames a read or is grammar ("Get *details* on an org export request")."""
    postings = index.title_postings()
    return [EMPTY if t in _UNSAID else postings.get(inflection_key(t), EMPTY) for t in tokens]


@lru_cache(maxsize=65_536)
def _says(word: str, title_word: str, many: bool, literal: bool, plural: bool = False) -> bool:
    """The request's ``word`` says the title's ``title_word``; ``many``: the request names a
    plural thing; ``literal``: a thing only as written (some name that cleared the floor says it);
    ``plural`` (``plural_titles``): a thing in the plural says its title's one, as an action
    done to each ("upload files" says "Upload file")."""
    if word == title_word:
        return True
    if plural and is_plural(word) and not is_plural(title_word) and inflection_key(word) == inflection_key(title_word):
        return True
    synonyms = synonyms_of(word)
    if word in _LISTING and title_word not in _LISTING and not many:
        return False
    if is_action_word(title_word):
        key = inflection_key(title_word)
        return key == inflection_key(word) or any(key == inflection_key(s) for s in synonyms)
    return not literal and title_word in synonyms and is_plural(word) == is_plural(title_word)


@lru_cache(maxsize=65_536)
def _content(title: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The title's words a request must say, each with its inflection key."""
    return tuple((w, inflection_key(w)) for w in title if w not in _UNSAID)


@lru_cache(maxsize=65_536)
def _word_keys(word: str) -> frozenset[str]:
    return frozenset(inflection_key(s) for s in (word, *synonyms_of(word)))


def _keys(request: Sequence[str]) -> frozenset[str]:
    """Every inflection key a title word said by the request can have: a quick test first."""
    return frozenset().union(*(_word_keys(w) for w in request))


def _holds(word: str, title_word: str, held: Collection[str], described: Collection[str]) -> bool:
    """The title's word for what a container holds (``held``) says a plural thing its tool's
    description names (``described``: "These items can be files, folders, and web links")."""
    if title_word not in held or not is_plural(word) or is_action_word(word):
        return False
    key = inflection_key(word)
    return word in described or any(inflection_key(t) == key for t in described)


def says_title(
    request: Sequence[str],
    title: tuple[str, ...],
    apps: Collection[str],
    head: RequestHead | None,
    keys: frozenset[str] | None = None,
    literal: Collection[str] = (),
    described: Callable[[], Collection[str]] = frozenset,
    plural: bool = False,
    nouns: bool = False,
) -> bool:
    """The ``request``'s weighed words and the ``title``'s words say each other (``apps``: the
    app names the request gave, which a title may carry too); a title acts on the request's
    ``head`` noun, where it has one. ``keys``: ``_keys(request)``, when asked of many titles;
    ``literal``: the request's words a title must say as written, not through a synonym;
    ``described``: the tool's description words (read only for a title's items, which they name);
    ``plural``: the request's things in the plural say a title's one (``_says``); ``nouns``
    (``titled_nouns``): a plural after the title's first word is a thing, not the verb it is
    spelled as ("List workflow *runs*"), said by a plural only."""
    content = [(w, k) for w, k in _content(title) if w not in apps]
    if not content or not request:
        return False
    held = {w for w, after in pairwise(title) if w in _ANY_THING and after in _HOLDING}
    holds = described() if held else ()
    if len(content) > 1 and content[0][1] in _READING and not any(is_action_word(w) for w in request):
        content = content[1:]  # a request naming no action reads: "box user info" says "Get user"
    keys = _keys(request) if keys is None else keys
    if any(k not in keys and w not in held for w, k in content):
        return False
    said = [w for w, _ in content]
    many = any(is_plural(w) for w in request)
    things = {t for t in said[1:] if is_plural(t) and is_action_word(t)} if nouns and not many else set()

    def says(w: str, t: str) -> bool:
        if t in things and not is_plural(w):  # "get workflow *run* 991" says no "List workflow runs"
            return False
        return _says(w, t, many, w in literal, plural) or _holds(w, t, held, holds)

    if not all(any(says(w, t) for w in request) for t in said):
        return False
    # a noun framing a read ("ticket *details*", "folder *info*") names no part of the operation
    framed = [w for w in request if w not in READ_FRAME_NOUNS] or request
    if not all(any(says(w, t) for t in said) for w in framed):
        return False
    if head is None:
        return True
    acted_on = title_head(title)
    return not acted_on or acted_on in forms(head.head, True) or any(inflection_key(w) == acted_on for w in held)


def title_first(
    index: SearchIndex,
    request: Sequence[str],
    apps: Collection[str],
    head: RequestHead | None,
    passing: list[Covering],
    top: list[tuple[int, int, float]],
    own: bool = False,
) -> tuple[list[tuple[int, int, float]], int | None]:
    """``top`` with the best placed tool (of every one in ``passing``) whose title the request
    says moved first, and that tool; ``top`` as it is when none says it or it is first already.
    ``own``: the request speaks of the caller's own ("my", "me"), which says a title's
    "current" ("box fetch my account": "Get current user" before "Get user")."""
    titles = index.titles
    if not top or not titles or not request or len(request) > TITLE_WORDS:
        return top, None  # a title has at most TITLE_WORDS words to say each of the request's
    keys = _keys(request)
    # A thing some name that cleared the floor says as written ("xero get *account*":
    # ``get_account``) is not said by a title through a synonym ("Retrieves a specific user").
    cleared = {c[0] for c in passing}
    literal = {w for w in request if not cleared.isdisjoint(literal_names(index, w))}
    if index.options.modifier_literals:
        # ... where such a name acts on it: Twilio's ``create_sms_command`` says "sms" of a command,
        # so "send an sms" still says "Send a message" (``modifier_literals``)
        literal = {w for w in literal if is_action_word(w) or _acted_on(index, w, cleared)}
    unsaid = {*apps, *CALLER_WORDS} if own else apps
    # "upload files to box": each uploaded, as "Upload file" does; a read of things lists them
    acts = [inflection_key(w) for w in request if is_action_word(w)]
    plural = index.options.plural_titles and bool(acts) and all(k not in _READING for k in acts)
    nouns = index.options.titled_nouns
    saying = [
        c
        for c in passing
        if titles[c[0]]
        and says_title(request, titles[c[0]], unsaid, head, keys, literal, _description(index, c[0]), plural, nouns)
    ]
    if not saying:
        return top, None
    callers = [c for c in saying if own and not CALLER_WORDS.isdisjoint(titles[c[0]])]
    best = order_results(index, callers or saying, 1)[0]
    if top[0][0] == best[0]:
        return top, None
    return placed_first(top, best), best[0]


def _description(index: SearchIndex, doc: int) -> Callable[[], Collection[str]]:
    """The tool's description words, read when asked (a decoded snapshot builds a document on
    its first read)."""
    return lambda: index.documents[doc].description_tokens


def unplaced(
    index: SearchIndex,
    said: tuple[str, ...],
    analysis: QueryAnalysis,
    head: RequestHead | None,
    top: list[tuple[int, int, float]],
) -> tuple[str, ...]:
    """``said`` without the container words a value follows that are not the request's head
    ("upload a file to box *folder* 77"; "delete box folder 77" acts on the folder), nor a word
    of the first tool's name or title (Jira's ``move_issues_to_backlog_for_board`` for "... board
    857515", ``get_all_statuses``, "Get all statuses for project", for "... in jira project ENG")."""
    placed = {b for b, w in analysis.after_words if b in CONTAINERS and w in analysis.values}
    placed.discard(head.head if head is not None else "")
    title = index.titles[top[0][0]] if index.titles else ()
    first = {inflection_key(w) for w in (*own_name_words(index.documents[top[0][0]].name), *title)}
    placed = {w for w in placed if inflection_key(w) not in first}
    return tuple(t for t in said if t not in placed) if placed else said


def _acted_on(index: SearchIndex, word: str, cleared: set[int]) -> bool:
    """Some tool of ``cleared`` whose name says ``word`` as written acts on it (its head)."""
    key = frozenset({inflection_key(word)})
    documents = index.documents
    return any(acts_on(documents[d].name, key) for d in literal_names(index, word) if d in cleared)
