"""The words a value is read by (``argument_values``): a name's announcing word and how the
name goes on, a container's or a kind's word and the key after it, an owner/name slug, a
place's code."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardamom.core.search.dated_words import is_name
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import ARTICLES, GRAMMAR_WORDS, QUERY_FILLER_WORDS, is_plural
from cardamom.core.search.value_shapes import has_value_digits

# An owner/name slug or a path: "acme/widgets", "docs/guide/intro".
SLUG = re.compile(r"^[\w.-]+(?:/[\w.-]+)+/?$")
# Words after which a name follows: "a page called Roadmap", "a channel named design".
NAMING = frozenset({"called", "named", "titled", "entitled", "saying", "labelled", "labeled"})
# Words placing a request inside a container named by its value: "in project KAN", "for repo
# acme/api", "on board 7".
LOCATING = frozenset({"in", "for", "from", "on", "under", "within", "inside", "into"})
PLACE_KINDS = frozenset({"region", "zone", "datacenter", "location"})
_REPOSITORIES = frozenset({"repo", "repository", "repos", "repositories"})
# Words that announce a date: "due Friday", "till Monday" ("until", "before", "after" and
# "since" are filler words already).
DATE_MARKERS = frozenset({"due", "till"})


# Words after which a slug or a key names something ("repo acme/widgets", "project KAN").
CONTAINERS = frozenset(
    {"repo", "repository", "project", "path", "folder", "directory", "dir", "branch", "org", "space", "board"}
    | {"organization", "organisation"}
)


# What an app's whole tenancy is called after its name ("the Notion *workspace*", "the github *org*
# acme"): where, not what, a request acts (``query._app_tails``, ``person_moves``).
TENANCIES = frozenset({"workspace", "account", "instance", "site", "tenant", "org", "organization", "organisation"})


# Kinds of thing a name follows, in capitals, joined or capitalised ("channel old-project",
# "the project Website Redesign"), beside the containers.
COMPOUND_KINDS = frozenset({"page", "tag", "label"})
NAMED_KINDS = CONTAINERS | frozenset(
    {"channel", "team", "workspace", "section", "database", "page", "tag", "label", "portfolio", "calendar", "group"}
)


_JOINED_NAME = re.compile(r"^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+$")


def is_key(word: str, previous: str, kinds: frozenset[str]) -> bool:
    """A key after the kind of thing it names (of ``kinds``): in capitals ("Jira project KAN",
    "space ENG"), or words joined by dashes, underscores or dots ("branch feature-x", "repo
    my_app", "channel old-project")."""
    if previous not in kinds:
        return False
    core = word.strip(".,:;!?'\"")
    return (2 <= len(core) <= 10 and core.isalpha() and core.isupper()) or bool(_JOINED_NAME.match(core))


# A question's auxiliary before the slug it asks about ("how many open PRs *does* acme/api have").
_ASKED_OF = frozenset({"does", "did", "do", "has", "is"})


def is_slug(word: str, previous: str, after: Sequence[str] = ()) -> bool:
    """An owner/name slug or a path: with a word before it that says so ("repo", or a word
    placing the request in it: "in acme/api"), or a repository's word right after it, an app's
    name between (``after``: "the acme/api github repo"), or a possessive's ("acme/api's
    contributors"), or a question's auxiliary before it ("does acme/api have"), or three parts
    or more, or parts that hold a digit, a dot, a dash or an underscore ("octocat/hello-world");
    never two plain words otherwise ("read/write", "and/or")."""
    core = word.strip(".,:;!?'\"")
    owning = core.endswith(("'s", "\u2019s"))  # "acme/api's contributors": a thing that has them
    core = core[:-2] if owning else core
    if not SLUG.match(core):
        return False
    parts = [p for p in core.split("/") if p]
    placed = owning or previous in CONTAINERS or previous in LOCATING or previous == "of"
    placed = placed or not _REPOSITORIES.isdisjoint(after) or previous in _ASKED_OF
    return placed or len(parts) >= 3 or any(not p.isalpha() for p in parts)


def is_placed_code(word: str, previous: str, places: bool, following: str = "") -> bool:
    """Letters and digits run together where a request places it: "in nyc3", "on c024be91l",
    after a place's kind ("region nyc3"), or before it (``following``: "the fra1 region")."""
    core = word.strip(".,:;!?'\"")
    return (
        (previous in LOCATING or (places and (previous in PLACE_KINDS or following in PLACE_KINDS)))
        and core.isalnum()
        and core.isascii()
        and any(c.isdigit() for c in core)
        and any(c.isalpha() for c in core)
    )


def is_placed_key(word: str, previous: str, following: str) -> bool:
    """A key in capitals where a request places itself: "create a bug *in OPS*", "issues *in
    KAN* project"; not a kind of thing in capitals before its noun ("in *SSH* keys"), nor a
    place the request starts from or is for ("from *EUR* to USD")."""
    core = word.strip(".,:;!?'\"")
    return (
        previous in WITHIN
        and 2 <= len(core) <= 10
        and core.isalpha()
        and core.isupper()
        and (not following or following in NAMED_KINDS or following in QUERY_FILLER_WORDS)
    )


def continues_name(word: str) -> bool:
    """A word going on with a name begun after "called": "titled Meeting Notes", "named Q3 Plan"."""
    return is_name(word) or has_value_digits(word) or (word[:1].isupper() and word.isupper())


def continues_title(word: str) -> bool:
    """A word in lower case going on with a name begun after "called" ("titled Login *broken*",
    "called write *tests*"), up to a grammar word, an action, a date's or a name's word, or a
    container's ("... with label bug", "... in project KAN", "... due Friday")."""
    lowered = word.casefold()
    return (
        word.isalpha()
        and word.islower()
        and lowered not in QUERY_FILLER_WORDS
        and lowered not in DATE_MARKERS
        and lowered not in NAMING
        and lowered not in NAMED_KINDS
        and not is_action_word(lowered)
    )


def titled_rest(words: Sequence[str]) -> bool:
    """``words``, to the sentence's end, are all a title's: none a kind's, a date's, "with" or
    "and" ("titled *How to reset your password*"; not "titled Login broken *with* label bug")."""
    for word in words:
        lowered = word.casefold().strip(".,:;!?'\"")
        if lowered in NAMED_KINDS or lowered in DATE_MARKERS or lowered in {"with", "and"}:
            return False
        if word.endswith((",", ".", ";", "!", "?")):
            break
    return True


def placed_name(read: list[tuple[str, bool]], names: frozenset[int], kind: int) -> bool:
    """The name before the container's word at ``kind`` follows a preposition placing it, an
    article or an owner's word between ("*in the* Engineering space")."""
    first = kind - 1
    while first - 1 in names:
        first -= 1
    before = [read[j][0] for j in range(max(0, first - 2), first)]
    return bool(before) and (before[-1] in WITHIN or (len(before) == 2 and before[0] in WITHIN))


# Prepositions placing a thing inside a container ("*in* the Engineering space"); "for my
# research project" says what for, no place
WITHIN = frozenset({"in", "inside", "within", "under", "into"})


# Words that, before a number, count what a request lists: "the last 10 charges", "top 5"
# (``argument_values``; no thing's id follows them, ``numbered_ids``).
COUNTING = frozenset({"last", "first", "top", "latest", "next", "recent"})
# The words opening a count of things or a measure of them all: "*count* the tasks", "the *number*
# of issues", "the *total* of invoices", "the *average* amount of charges" (``counting_words``)
TALLYING = frozenset({"count", "tally", "number", "total", "sum", "average", "mean", "median"})
# Comparatives before "than": "*older* than 30 days", "*more* than 5 attendees"
COMPARING = frozenset(
    {"older", "newer", "larger", "bigger", "smaller", "greater", "more", "less", "fewer", "longer", "shorter"}
    | {"higher", "lower", "earlier", "later", "cheaper", "costlier"}
)


# A count written in words ("the last *five* stripe charges", "*ten* newest asana tasks", "a
# *couple* of recent stripe refunds"): a limit's value, as "5" is. Not "one" (a pronoun as
# often) and only before things in the plural ("*two* factor authentication" names a thing)
# (``spelled_counts``).
_CARDINALS = frozenset(
    {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen"}
    | {"twenty", "thirty", "fifty", "hundred", "dozen", "couple", "handful", "bunch"}
)
_COUNTED_WITHIN = 4  # words from the count to its things: "five *stripe charges*", "couple of recent stripe *refunds*"


def spelled_counts(sequence: Sequence[str]) -> frozenset[str]:
    """The counts of ``sequence`` written in words before things in the plural."""
    return frozenset(
        w
        for i, w in enumerate(sequence)
        if w in _CARDINALS and any(is_plural(x) for x in sequence[i + 1 : i + 1 + _COUNTED_WITHIN])
    )


# the kinds a plain name follows after its place's word ("in org *acme*", "for user *octocat*")
_PLAIN_NAMED = frozenset({"user", "customer", "contact"})
# (or a role it is given after "as": "add octocat to the team in github org *acme* as a maintainer")
_ENDING_PLACE = LOCATING | {"and", "to", "with", "by", "sorted", "ordered", "where", "that", "which", "as"}
_NAME_KINDS = NAMED_KINDS | _PLAIN_NAMED
_PLACING_OF = LOCATING | {"of"}


def plain_name_after_kind(word: str, before: Sequence[str], following: str, *, articled: bool = False) -> bool:
    """``word`` is a thing's name in plain lower-case words after its kind, which follows a
    place's word ("github repos in org *acme*", "slack channels in workspace *acme*", "repos
    for user *octocat*"), the place ending with it; not a plural ("in folder *reports*"), nor
    a grammar or an action word. ``articled`` (``articled_kinds``): the place's word may come
    before an article and the app's name ("remove bob from *the github* org *acme*"), and be
    "of" ("the members *of* org acme")."""
    if not before or before[-1].casefold() not in _NAME_KINDS:  # most words: no kind before them
        return False
    lowered = word.casefold().strip(".,:;!?'\"")
    if not lowered.isalpha() or len(lowered) < 2 or lowered in QUERY_FILLER_WORDS or is_action_word(lowered):
        return False
    if is_plural(lowered) or (following and following not in _ENDING_PLACE):
        return False
    kinds = [w.casefold() for w in before]
    # the place's word right before the kind, or one word before: an article or the app's name
    # ("in *the* workspace acme", "in *github* org acme")
    placing = _PLACING_OF if articled else LOCATING  # "the members *of* org acme"
    placed = any(w in placing for w in kinds[-3:-1]) or (
        articled and len(kinds) >= 4 and kinds[-4] in placing and kinds[-3] in ARTICLES
    )
    return placed and kinds[-2].isalpha()


# 'with *the* title "Q3"': a field's name may take an article after these (not "where the company ...")
_HAVING = frozenset({"with", "having"})


def field_opener(read: list[tuple[str, bool]], j: int) -> str:
    """The word before the field's name at ``j - 1`` (its value at ``j``): "with" of "with
    email", and of "with *the* title" past the article."""
    before = read[j - 2][0]
    return read[j - 3][0] if j > 2 and before in ARTICLES and read[j - 3][0] in _HAVING else before


# Plural kinds whose names follow, joined by "and", after "with" or a verb adding them: "with
# fields *vendor* and *expiry*", "add labels *bug*, *ui* and *urgent*"
_LISTING_KINDS = frozenset({"fields", "tags", "labels", "options", "columns", "keywords", "topics", "choices"})
_LISTING = frozenset({"with", "having", "add", "set", "apply", "attach"})
_JOINING = frozenset({"and", "or", "&"})
_ENDING_LIST = GRAMMAR_WORDS | QUERY_FILLER_WORDS | LOCATING


def listed_values(words: Sequence[str]) -> frozenset[int]:
    """The positions of the names listed after a plural kind of name that "with" or a verb adding
    them opens ("with fields *vendor* and *expiry*"), joined by "and" (a comma cuts no word), up
    to a grammar word, another kind or an action (``listed_names``)."""
    found: set[int] = set()
    for i, word in enumerate(words[:-1]):
        if word.casefold() not in _LISTING_KINDS or i == 0 or words[i - 1].casefold() not in _LISTING:
            continue
        for j in range(i + 1, min(len(words), i + 7)):
            lowered = words[j].casefold().strip("'\"")
            if lowered in _JOINING and j > i + 1 and j + 1 < len(words):
                continue
            if not lowered or lowered in _ENDING_LIST or lowered in _LISTING_KINDS or is_action_word(lowered):
                break
            found.add(j)
    return frozenset(found)


def example_values(text: str) -> frozenset[str]:
    """The examples "like" or "such as" lists after a plural kind ("time periods like *quarters* and
    *halves*", "types such as *Bug*, *Task* or *Story*"), lowered: one word each, ended by a comma or
    followed by "and" or "or", the word after that the last; or one word alone before a grammar word
    or the end. None where an example is of more words ("such as skincare products, makeup items":
    no word of them is a value) or an action (``example_values``)."""
    words = text.split()
    found: set[str] = set()
    for i, word in enumerate(words[:-1]):
        lowered = word.casefold()
        such = lowered == "as" and i >= 2 and words[i - 1].casefold() == "such"
        kind = words[i - 2 if such else i - 1].casefold().strip(",") if i >= 1 else ""
        if not (lowered == "like" or such) or not is_plural(kind) or kind in GRAMMAR_WORDS:
            continue
        found.update(_examples(words[i + 1 : i + 8]))
    return frozenset(found)


def _examples(words: Sequence[str]) -> list[str]:
    """The examples opening ``words``: see ``example_values``."""
    items: list[str] = []
    last = False  # past "and" or "or": the next example is the last
    for j, word in enumerate(words):
        bare = word.casefold().strip("'\",.;:!?")
        if bare in _JOINING:
            if not items or last:
                return []
            last = True
            continue
        if not bare or bare in _ENDING_LIST or is_action_word(bare):
            return []
        items.append(bare)
        if last:
            return items
        following = words[j + 1].casefold().strip("'\",.;:!?") if j + 1 < len(words) else ""
        if word.endswith(",") or following in _JOINING:
            continue
        # one example alone before the end or a grammar word; an example of more words, none
        alone = len(items) == 1 and (not following or following in _ENDING_LIST or _ended(word))
        return items if alone else []
    return []


def _ended(word: str) -> bool:
    return word.endswith((",", ".", ";", ":", "!", "?"))
