"""A word misspelled by one letter: "craete a jira issue", "refund stripe *chrage* ch_1", "close
intercom *converstion* 77". A misspelling is in no tool's text, so it is the request's rarest word,
and the request finds nothing. Where a request naming one of the org's apps finds nothing as
written, a word no tool of the index says anywhere that is one edit (a letter left out, added,
changed, or two swapped) from an action word or from a word of that app's tool names is read as that
word, the word the app's names say most where two are that close, and the request ranked again
(``misspelled_words``). Only then: a request that finds something as written keeps its words ("dm
*lisa* on slack" is no list, "top customers by *spend*" sends nothing). A word of fewer than four
letters, one with a capital past its first letter ("OPS") or a digit, an address's or a value's, and
a capitalised word past the request's first stay as written: ids, names and codes are no
misspellings, nor is a word saying a thing done again ("resent": "re" and a word some tool says). An
adjective in "-able" no tool says is read as the verb it makes one of, or its participle, where the
app's names say it ("a *shareable* link": Box's "shared_link"). A request of more than twelve words,
or of more than three words no tool says, is read as written: a long request that finds nothing is
seldom one misspelling from a tool, and ranking it again would cost its time twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.api_verbs import STATE_VERBS
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.known_apps import known_app_mentions
from cardamom.core.search.postings import EMPTY
from cardamom.core.search.spelling_variants import american_spelling
from cardamom.core.search.synonyms import action_forms
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS
from cardamom.core.search.verbal_nouns import known_verb

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_MOST_MISSPELT = 3  # words of a request read as misspellings
_LONGEST = 12  # words of a request read for misspellings
# a plain word: not part of an address, a path, a channel, a mention or an id
# ... and an app's, capitalised anywhere: "create a page in *Notin*"
_APP_WORD = re.compile(r"(?<![\w@./#:=-])[A-Za-z][a-z]{3,}(?![\w@/=-]|\.\w)")
_WORD = re.compile(r"(?<![\w@./#:=-])[A-Za-z][a-z]{3,}(?![\w@/=-]|\.\w)")


def spelled_right(index: SearchIndex, request: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """``request`` with each word no tool of ``index`` says read as the action word or name word
    of the tools of the apps it names one edit from it, where there is one; and each word so
    read with its reading."""
    if len(request) > 500:
        return request, ()  # a request's own words, never pasted text
    if len(request.split()) > _LONGEST:
        return request, ()  # a long request finding nothing is seldom one misspelling from a tool
    respelled: tuple[tuple[str, str], ...] = ()
    if index.options.spelling_variants:  # "cheque payments in xero": "check payments in xero"
        request, respelled = american_spelling(request, lambda word: not _unknown(index, word), index.knows)
    apps = index.apps_named(request)
    if not apps and index.options.misspelled_apps:  # "notoin create page": "notion create page"
        request, apps_read = _app_spelled(index, request)
        respelled = (*respelled, *apps_read)
        apps = index.apps_named(request)
    if not apps:
        return request, respelled
    # (a capital past the request's first word is a name's: "assign it to *Alice*")
    written = [m for m in _WORD.finditer(request) if m.group(0).islower() or not request[: m.start()].strip()]
    unknown = [m for m in written if _unknown(index, m.group(0).casefold())]
    if not unknown or len(unknown) > _MOST_MISSPELT:
        return request, respelled  # a request of many words no tool says is no misspelling of one
    tools = index.tools_of(apps)
    actions = action_forms() | STATE_VERBS
    names = index.name_postings
    read: list[tuple[str, str]] = []
    for found in reversed(unknown):
        word = found.group(0).casefold()
        said = {w: len(names.get(w, EMPTY) & tools) for w in _one_edit(word) | _able(word)}
        near = sorted(w for w, count in said.items() if count or w in actions)
        joined = _split_joined(word, lambda w: bool(names.get(w, EMPTY) & tools))
        if not near and joined is not None and index.options.joined_words:  # "*createpage*": "create page"
            near, said = [joined], {joined: 1}
        if near:
            best = max(near, key=said.__getitem__)
            request = request[: found.start()] + best + request[found.end() :]
            read.append((found.group(0).casefold(), best))
    return request, (*respelled, *reversed(read))


def _app_spelled(index: SearchIndex, request: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """``request`` with a word no tool says, one edit from the one-word name of an app of the
    org and no known app's own name, read as that app's name ("*notoin* create page", "*jria*",
    "*intercomm*"); and each word so read."""
    apps = [key for key in index.app_mentions if " " not in key and len(key) >= _SHORT]
    known = known_app_mentions()
    read: list[tuple[str, str]] = []
    for found in reversed(list(_APP_WORD.finditer(request))):
        word = found.group(0).casefold()
        if word in index.app_mentions or (word,) in known or not _unknown(index, word):
            continue
        near = sorted(_one_edit(word).intersection(apps))
        if len(near) == 1:  # (two apps as near say neither)
            request = request[: found.start()] + near[0] + request[found.end() :]
            read.append((word, near[0]))
    return request, tuple(reversed(read))


def _unknown(index: SearchIndex, word: str) -> bool:
    """No tool of ``index`` says ``word`` anywhere, even inflected, and it is no filler or
    grammar word."""
    if word in QUERY_FILLER_WORDS or word in GRAMMAR_WORDS or index.carriers(word):
        return False
    if word.startswith("re") and len(word) > _SHORT + 1 and index.carriers(word[2:]):
        return False  # done again, no misspelling: "*re*sent" ("sent"), never "present"
    return not index.postings(word).every


_SHORT = 4  # letters: a word this short is another word one letter changed ("slow", "show")


def _able(word: str) -> set[str]:
    """The verb an adjective in "-able" says can be done, and its participle ("*share*able": a
    "shared" link, "*edit*able"): what the names say of the thing."""
    stem = word[:-4] if word.endswith("able") and len(word) > _SHORT + 3 else ""
    return {f"{stem}{end}" for end in ("", "e", "d", "ed")} if stem else set()


def _one_edit(word: str) -> set[str]:
    """The words one edit from ``word``: two neighbours swapped or a letter left out, and, in a
    word longer than ``_SHORT``, a letter changed or one added."""
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    edits = {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1} | {a + c + b for a, b in cuts for c in _LETTERS}
    if len(word) > _SHORT:
        edits |= {a + b[1:] for a, b in cuts if b} | {a + c + b[1:] for a, b in cuts if b for c in _LETTERS}
    return edits


def _split_joined(word: str, named: Callable[[str], bool]) -> str | None:
    """``word`` as an action's verb and a word of the app's names run together ("createpage":
    "create page", "sendsms": "send sms"), where it splits so one way; None otherwise."""
    splits = [
        f"{word[:i]} {word[i:]}"
        for i in range(_SHORT - 1, len(word) - 2)
        if known_verb(word[:i]) and named(word[i:])  # (the actions' forms and the states' among them)
    ]
    return splits[0] if len(splits) == 1 else None
