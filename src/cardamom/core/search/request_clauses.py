"""A request of two actions: "create an asana task called 'Review PR' *and assign it to me*".

A tool does one action. The first is the one the request asks a tool for; the words of a
second action joined by "and" would weigh against every tool doing the first ("assign" is no
word of Asana's ``create_task``), so they leave the query (``second_actions``). The first action
opens the request, after the app's name and filler words; the second follows "and", "then" or
"and then" with its verb, past the first action's object.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from cardamom.core.search.options import SearchOptions
from cardamom.core.search.synonyms import LEADING_VERBS, is_action_word
from cardamom.core.search.tokens import QUERY_FILLER_WORDS, is_plural
from cardamom.core.search.verbal_nouns import known_verb

# Verbs of a second action that are in no action group of the synonyms: "and *assign* it to me"
_CLAUSE_VERBS = frozenset(
    {"assign", "set", "mark", "notify", "tag", "share", "link", "close", "invite", "ping", "attach", "label", "dm"}
)
_LEADING = frozenset({"in", "on", "at", "via", "using"})  # before the app's name: "*in* Jira, create ..."
# Words opening the first of steps: "*first* list my github repos, then star acme/api"
FIRSTLY = frozenset({"first", "firstly"})


def opening_word(sequence: Sequence[str], apps: Container[str]) -> int | None:
    """Where the request's own words open in ``sequence``: past the apps' names (``apps``), filler
    words and the preposition placing the app ("In Jira, *add* ...")."""
    return next(
        (i for i, w in enumerate(sequence) if w not in apps and w not in QUERY_FILLER_WORDS and w not in _LEADING),
        None,
    )


def app_opening_left(request: str, apps: Container[str]) -> str:
    """``request`` opening with an app's name, then its verb, without the name ("box share folder
    9 with bob": "share folder 9 with bob"), or its name and a product capitalised ("Twilio Flex
    pull ...": "pull ..."), as the readings of a verb opening a request read it (the app is placed
    again after them: ``request_parts.with_apps``); ``request`` otherwise."""
    opening = request.strip().split(None, 1)
    if len(opening) < 2 or opening[0].casefold().rstrip(":,") not in apps or len(opening[1].split()) < 2:
        return request
    # ... and the app's product after it, capitalised before a verb in lower case ("Twilio *Flex* pull a
    # supervisor into ...", "GitHub *Actions* list workflows"): where, not what
    product = opening[1].split(None, 2)
    if len(product) == 3 and _product(product[0], apps) and product[1].isalpha() and product[1].islower():
        return f"{product[1]} {product[2]}"
    return opening[1]


def _product(word: str, apps: Container[str]) -> bool:
    """``word`` may name an app's product: capitalised letters, not all capitals ("SMS" is a thing), no app's."""
    return word[:1].isupper() and word.isalpha() and not word.isupper() and word.casefold() not in apps


# Words a verb's object or complement opens with: "comment *on* the issue", "fork *the* repo".
_OBJECT_OPENS = frozenset(
    {"a", "an", "the", "my", "our", "your", "this", "that", "these", "those", "all", "each", "every", "some"}
    | {"on", "to", "in", "into", "onto", "with", "for", "about", "from", "under"}
)
# The prepositions placing what a verb adds on its object ("comment 'hello' *on* gist 5").
_CONTENT_PLACES = frozenset({"on", "to", "in", "into", "onto", "under"})


def verb_opening(
    sequence: Sequence[str],
    apps: Container[str],
    values: Container[str] = (),
    *,
    plurals: bool = True,
    app_opens: bool = False,
    contents: bool = False,
) -> tuple[str, tuple[str, ...]]:
    """The request's first word as written (past the apps' names, the preposition placing the
    app and "please", filler or not) where the word after it opens an object as a verb's does
    ("*comment* on github issue 12", "*attach* a file"), and the words of that object, up to a
    preposition or an argument value (("comment", ("issue",))); ("", ()) otherwise ("jira
    *users*"). ``plurals``: a plural may be that word (without, "xero *invoices* from last
    month" names its things, no verb); ``app_opens``: so may an app's name after it ("follow
    *asana* task 12"); ``contents`` (``quoted_contents``): so may the argument values saying what
    it adds, before a preposition placing it ("*comment* 'hello' on github gist 5")."""
    words = [w for w in sequence if w not in apps]
    start = next((i for i, w in enumerate(words) if w not in _LEADING and w != "please"), None)
    if start is None or start + 1 >= len(words):
        return "", ()
    if contents and words[start + 1] in values and words[start + 1].isalpha():  # (not its id: "issue *3* in ...")
        after = next((i for i in range(start + 1, len(words)) if words[i] not in values), len(words))
        if after < len(words) and words[after] in _CONTENT_PLACES:
            words = words[: start + 1] + words[after:]
    # "follow *asana* task 12": the app's name between the verb and its object opens it
    placed = app_opens and known_verb(words[start]) and _before_app(sequence, words[start], apps)
    # "box *lock* folder 4411", "github *label* issue 5 as bug": a bare noun after a word no
    # action group holds opens its object too
    bare = known_verb(words[start]) and not is_action_word(words[start]) and not is_plural(words[start])
    following = words[start + 1]
    bare = bare and following.isalpha() and following not in values and not is_action_word(following)
    if words[start + 1] not in _OBJECT_OPENS and not placed and not bare:
        return "", ()
    if not plurals and is_plural(words[start]):
        return "", ()
    rest = words[start + 1 :]
    at = next((i for i, w in enumerate(rest) if w not in _OBJECT_OPENS), len(rest))
    thing: list[str] = []
    for word in rest[at:]:
        if word in _OBJECT_OPENS or word in values or not word.isalpha():
            break
        thing.append(word)
    return words[start], tuple(thing)


def request_opening(
    sequence: Sequence[str], apps: Container[str], values: Container[str], options: SearchOptions
) -> tuple[str, tuple[str, ...]]:
    """``verb_opening`` as the options read it."""
    plurals, app_opens, contents = not options.unsaid_reads, options.app_objects, options.quoted_contents
    return verb_opening(sequence, apps, values, plurals=plurals, app_opens=app_opens, contents=contents)


def _before_app(sequence: Sequence[str], word: str, apps: Container[str]) -> bool:
    """``word``, first in ``sequence``'s words, is followed by an app's name, then a word."""
    at = sequence.index(word)
    return at + 2 < len(sequence) and sequence[at + 1] in apps and sequence[at + 2] not in apps


def second_action(
    sequence: Sequence[str],
    values: Container[str],
    apps: Container[str],
    *,
    joined: bool = False,
    redone: bool = False,
    adverbs: bool = False,
) -> int | None:
    """Where the second action of ``sequence`` (a request's words in order) opens: the index of
    its "and" or "then", when the request opens with an action and that word (past that action's
    object) is followed by another action's verb, not in the past, that is no argument value
    ("a task called 'Build and *deploy*'" is one action). ``joined`` (``joined_actions``): "as
    well as" and "plus" join one too, and "also" may come between ("and *also* share it");
    ``redone`` (``redone_actions``): an action done again opens one as the action does ("and
    *reassign* it to Maria"); ``adverbs`` (``adverb_openings``): an adverb may stand before the
    opening verb ("*permanently* delete customer cus_1 and cancel ...")."""
    first = opening_word(sequence, apps)
    if first is not None and sequence[first] in FIRSTLY and first + 1 < len(sequence):
        first += 1  # "*first* list my github repos, then star acme/api"
    elif adverbs and first is not None and _adverb(sequence[first]) and first + 1 < len(sequence):
        first += 1  # "*permanently* delete customer cus_1 and ..."
    if first is None or not _acts(sequence[first]):
        return None
    joining = _JOINING | _ALSO if joined else _JOINING
    for i in range(first + 2, len(sequence) - 1):
        if joined and tuple(sequence[i : i + 3]) == _AS_WELL_AS and i + 3 < len(sequence):
            verb = i + 3
        elif sequence[i] not in _JOINING and not (joined and sequence[i] == "plus"):
            continue
        else:
            verb = i + 1 + (sequence[i + 1] in joining and i + 2 < len(sequence))
            if joined and tuple(sequence[verb : verb + 2]) == _AFTER_THAT and verb + 2 < len(sequence):
                verb += 2  # "... and *after that* refund their last charge"
        # "open" opens a second action as its verb ("then *open* a pull request"); a past
        # participle says which ("the size, owner and *created* date of box file 12")
        past = sequence[verb].endswith("ed") and len(sequence[verb]) > 4
        # after "then" any word with more after it is a verb ("list my repos, then *star* acme/api")
        then = sequence[verb - 1] == "then" and verb + 1 < len(sequence) and sequence[verb].isalpha()
        then = then and sequence[verb] not in QUERY_FILLER_WORDS
        if (
            sequence[verb] not in values
            and not past
            and (_acts(sequence[verb]) or sequence[verb] in LEADING_VERBS or then or _redone(sequence[verb], redone))
        ):
            return i
    return None


# Words joining a second action: "and", "then" ("create a branch, *then* open a pull request")
_JOINING = frozenset({"and", "then"})
_ALSO = frozenset({"also"})
_AS_WELL_AS = ("as", "well", "as")
_AFTER_THAT = ("after", "that")


def _acts(word: str) -> bool:
    return is_action_word(word) or word in _CLAUSE_VERBS


def _adverb(word: str) -> bool:
    """An adverb of manner ("permanently", "quickly"; not "apply", "reply" nor "only")."""
    return len(word) >= 6 and word.endswith("ly") and word.isalpha() and not _acts(word)


def _redone(word: str, redone: bool) -> bool:
    """An action done again: "re" before an action's word ("reassign", "resend", "rerun")."""
    return redone and len(word) >= 5 and word.startswith("re") and _acts(word[2:])


_PLACING_APP = frozenset({"via", "on", "in", "using", "with", "from"})


def verb_position(sequence: tuple[str, ...], apps: Container[str]) -> int:
    """Where a request's verb may stand: past the app's name opening it, alone or placed."""
    if len(sequence) > 2 and sequence[0] in apps:
        return 1
    return 2 if len(sequence) > 3 and sequence[0] in _PLACING_APP and sequence[1] in apps else 0
