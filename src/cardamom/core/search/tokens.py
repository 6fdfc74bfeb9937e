"""Tokenizing tool names, descriptions, labels and queries.

One tokenizer serves every field and the query, so a word in a query and the same word
in a tool name always produce the same token. Text is Unicode-normalised (NFKC) first,
then split on every character that is not a letter or digit (``_ - .`` and spaces among
them), on camelCase humps (``listAllUsers``, ``HTTPServer``) and on letter/digit
boundaries (``v2``, ``oauth2``), and each piece is case-folded.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container, Iterable, Iterator, Sequence
from functools import lru_cache

# Scaffolding words on every merged or frozen tool's description; they never score (seeds).
DESCRIPTION_STOP_WORDS: frozenset[str] = frozenset({"set", "connection", "frozen", "more"})

_UPPER, _LOWER, _DIGIT, _OTHER_LETTER, _MARK, _SEP = range(6)


def _kind(char: str) -> int:
    if char.isdigit():
        return _DIGIT
    if char.isalpha():
        if char.isupper():
            return _UPPER
        if char.islower():
            return _LOWER
        return _OTHER_LETTER  # caseless scripts: CJK, Thai, ...
    if unicodedata.category(char).startswith("M"):
        return _MARK  # a combining mark stays with its letter
    return _SEP


def _pieces(text: str) -> Iterator[str]:
    """Split normalised text into pieces before case-folding."""
    start = -1
    prev = _SEP
    for i, char in enumerate(text):
        kind = _kind(char)
        if kind == _SEP:
            if start >= 0:
                yield text[start:i]
            start, prev = -1, _SEP
            continue
        if kind == _MARK:
            # never a boundary, and the letter before it keeps its kind; with no letter before it,
            # a symbol's (an emoji's presentation selector: "🗑️ delete") and no word
            continue
        if start < 0:
            start, prev = i, kind
            continue
        boundary = False
        if (kind == _DIGIT) != (prev == _DIGIT):
            boundary = True  # letter/digit boundary
        elif (kind == _OTHER_LETTER) != (prev == _OTHER_LETTER):
            boundary = True  # caseless script next to a cased one: 東京API -> 東京 | API
        elif kind == _UPPER and prev == _LOWER:
            boundary = True  # camelCase hump: listAll -> list | All
        elif kind == _LOWER and prev == _UPPER and i - start >= 2 and not _plural_s(text, i):
            # HTTPServer: the upper run ends one before the first lower letter
            yield text[start : i - 1]
            start = i - 1
        if boundary:
            yield text[start:i]
            start = i
        prev = kind
    if start >= 0:
        yield text[start:]


def _plural_s(text: str, i: int) -> bool:
    """Whether the "s" at ``i``, after an upper-case run, makes it plural ("PRs", "IDs",
    "URLs"): no lower-case letter follows it."""
    return text[i] == "s" and (i + 1 == len(text) or _kind(text[i + 1]) != _LOWER)


# The same splitting for plain ASCII text, as one regular expression (the common case, and
# several times faster than the character loop): an upper-case run with a plural's "s" (PRs),
# an upper-case run that a capitalised word follows ends one letter early (HTTPServer), then
# capitalised words, lower-case runs, upper-case runs, digit runs. Checked against the loop on
# every tool and query of the benchmark data.
_ASCII_PIECES = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z][a-z]*|[a-z]+|[0-9]+")


def tokenize(text: str) -> list[str]:
    """Return the tokens of ``text`` in order, duplicates kept."""
    if text.isascii():  # NFKC and case folding are plain lower-casing here
        return [piece.lower() for piece in _ASCII_PIECES.findall(text)]
    normalised = unicodedata.normalize("NFKC", text)
    return [unicodedata.normalize("NFKC", piece.casefold()) for piece in _pieces(normalised)]


# hyphens a word processor or a model writes inside a word: non-breaking, figure, en dash, minus
_HYPHENS = re.compile(r"(?<=\w)[\u2010\u2011\u2012\u2013\u2212](?=\w)")


def plain_hyphens(text: str) -> str:
    """``text`` with a typographic hyphen inside a word written "-" ("ENG\u20115" is "ENG-5")."""
    return text if text.isascii() else _HYPHENS.sub("-", text)


def unique(tokens: Iterable[str]) -> tuple[str, ...]:
    """Drop repeats, keeping first-seen order."""
    return tuple(dict.fromkeys(tokens))


# Links in a description say where its documentation lives, not what the tool does: 265 of
# Jira's descriptions link to confluence.atlassian.com, which made "confluence create page" a
# Jira query. A bare URL goes whole; a Markdown link keeps its text and loses its target.
_MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)\s]*\)")
_URL = re.compile(r"(?:https?://|www\.)[^\s)\]>\"']+", re.IGNORECASE)


def without_urls(text: str) -> str:
    """``text`` with its URLs removed (a Markdown link's text stays)."""
    if "://" not in text and "www." not in text and "](" not in text:
        return text
    return _URL.sub(" ", _MARKDOWN_LINK.sub(r"\1", text))


# A brand or product written in camel case ("WhatsApp", "PayPal", "OAuth") splits into its humps,
# while requests write it in lower case, one word ("remove the *whatsapp* sender"): the whole word
# is a token of the description too. An identifier opening in lower case ("sessionId") is none: a
# request writing it whole was then read twice (``camel_words``), and requests in words slowed.
_CAMEL_HUMPS = 3  # a brand has two or three ("PayPal", "MySQLWorkbench"); an identifier more ("GetURLForUser")
_CAMEL_WORD = re.compile(r"(?<![\w-])[A-Z][a-z]*[A-Z][A-Za-z]*[a-z][A-Za-z]*(?![\w-])")


def description_tokens(text: str) -> frozenset[str]:
    """Tokens a description can score with: URLs and stop words removed, a word in camel case
    opening with a capital whole as well as in its humps."""
    text = without_urls(text)
    tokens = {t for t in tokenize(text) if t not in DESCRIPTION_STOP_WORDS}
    tokens.update(w.casefold() for w in _CAMEL_WORD.findall(text) if len(tokenize(w)) <= _CAMEL_HUMPS)
    return frozenset(tokens)


def _words(text: str) -> list[str]:
    return text.split()


# ---- query words ---------------------------------------------------------------------------

# English function words dropped from a QUERY before weighting (never from a tool's fields).
# Only closed-class words are here: articles and determiners, wh-words, pronouns, connecting
# prepositions and conjunctions, auxiliaries and modals, politeness and discourse words. Kept
# on purpose, because a tool name carries them as content (measured on the 125,002 operationIds
# of the OpenAPI directory, see docs/search.md): verbs and predicate words (is, be, do, does,
# have, has, can), particles that complete a verb (in, on, out, off, up, down, over, back),
# me and us (users/me, get_me; the US region), all (list_all), about (Drive's about.get),
# near, outside (outside_collaborators), hello, no, and here (HERE, the maps company). No word
# here is an app's name in the shared catalogs (checked by the benchmark).
QUERY_FILLER_WORDS: frozenset[str] = frozenset(
    _words(
        """
        a an the this that these those some any each every either neither such what which whose whom who
        whatever whichever when where why how i my mine myself we our ours ourselves you your yours yourself
        yourselves he him his himself she her hers herself it its itself they them their theirs themselves
        above across against along among around at behind below beneath beside between beyond by during for
        from into of onto through throughout to toward towards under until upon with within without via per
        after before and or but nor if because while whether than though although unless since so yet am are
        was were been being did had could would should will shall may might must please kindly hi hey thanks
        also just very too really not there inside another several certain particular specific existing given specified
        different many much nobody somebody anybody someone anyone something anything everything everyone
        everybody still already again pls plz u ur
        """
    )
)

# The filler a description writes before a thing's kind, saying only that it is some one ("for a
# *specific* contact", "of an *existing* asana task"): read past, as an article is
SOME_ONE_WORDS: frozenset[str] = frozenset({"specific", "particular", "certain", "given", "specified", "existing"})

# The words kept out of QUERY_FILLER_WORDS because tool *names* carry them as content
# (is_member, has_permission, sign_in, log_out, get_me, mark_as_read) are grammar in a *description*
# ("this endpoint is used to do ..."): a query's such word matches names only.
NAME_ONLY_QUERY_WORDS: frozenset[str] = frozenset(
    _words("is be do does have has can in on out off up down over back me us about near here no as exist exists")
)

# The words a question opens with ("how many ...", "who is assigned ..."); filler in a query,
# read before the filler goes to tell a question from a request.
WH_WORDS: frozenset[str] = frozenset({"how", "what", "which", "who", "whose", "where", "when", "why"})
# A question's first word: a wh-word or an auxiliary ("*are* there any unread conversations?")
QUESTION_OPENERS: frozenset[str] = WH_WORDS | {"is", "are", "was", "were", "do", "does", "did", "has", "have"}

# Auxiliaries asked with a subject ("how many droplets *do we* have"), and the subjects
_AUXILIARIES = frozenset({"do", "does", "have", "has", "is", "be", "can"})
_SUBJECTS = frozenset({"we", "i", "you", "they", "u"})


def asked_auxiliary(tokens: Iterable[str], dropped: Iterable[str]) -> bool:
    """The grammar words among ``tokens`` are auxiliaries asked with a subject the request
    dropped ("how many droplets *do we* have": "do" no content, Jira's ``do_transition``'s word;
    ``asked_auxiliaries``), though one word is left ("help me" keeps its "me")."""
    grammar = [t for t in tokens if t in NAME_ONLY_QUERY_WORDS]
    return bool(grammar) and all(t in _AUXILIARIES for t in grammar) and not _SUBJECTS.isdisjoint(dropped)


# Nouns that frame a request to read rather than name what it reads ("get the *details* of page
# X", "*info* on droplet 7"): read by ``coverage.FRAME_NOUNS`` and ``head_nouns.request_head``.
READ_FRAME_NOUNS: frozenset[str] = frozenset({"details", "detail", "info", "information"})

# The articles: never part of a compound ("is there *a way*" is no "away") or a field's name.
ARTICLES: frozenset[str] = frozenset({"a", "an", "the"})

# Words kept in a query only because tool names may carry them: the name-only grammar words,
# and "all" (list_all, get_all_users), which descriptions carry as well.
GRAMMAR_WORDS: frozenset[str] = NAME_ONLY_QUERY_WORDS | {"all"}

# A contraction's tail is not a word of its own: "Messi's" is "Messi", "don't" is "do not".
_CONTRACTION_TAILS = (
    (re.compile(r"(?i)\b(can)['\u2019]t\b"), r"\1 not"),
    (re.compile(r"(?i)\b(won)['\u2019]t\b"), "will not"),
    (re.compile(r"(?i)n['\u2019]t\b"), " not"),
    (re.compile(r"(?i)(?<=\w)['\u2019](s|re|ve|ll|d|m)\b"), ""),
)


def contraction_free(text: str) -> str:
    """``text`` with contraction tails resolved: "Messi's" is "Messi", "don't" is "do not"."""
    if "'" not in text and "\u2019" not in text:
        return text
    for pattern, replacement in _CONTRACTION_TAILS:
        text = pattern.sub(replacement, text)
    return text


def query_words(query: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The distinct tokens a query is weighted on, and the filler words dropped from it.

    When every token is a filler word, none is dropped: the query still means something
    ("what is this"), and an empty query is the caller's error, not ours.
    """
    tokens = unique(tokenize(contraction_free(query)))
    kept = tuple(t for t in tokens if t not in QUERY_FILLER_WORDS)
    if not kept:
        return tokens, ()
    return kept, tuple(t for t in tokens if t in QUERY_FILLER_WORDS)


# ---- inflection ------------------------------------------------------------------------------

# Endings that make an inflected form of a word (plural, third person, past, gerund).
INFLECTIONAL_ENDINGS: frozenset[str] = frozenset({"s", "es", "ed", "d", "ing"})
_VOWELS = frozenset("aeiouy")
_NOT_INFLECTED = frozenset({"news", "series", "species", "always", "perhaps"})


# Cached: search asks for the keys of the same few thousand words over and over (every
# candidate tool's name words, for a one-word request thousands of them).
@lru_cache(maxsize=131_072)
def inflection_key(token: str) -> str:
    """One key for the simple inflected forms of an English word: ``schedule``, ``schedules``,
    ``scheduled`` and ``scheduling`` share a key, as do ``category``/``categories`` and
    ``status``/``statuses``. Plural and -ed/-ing only, in the manner of Porter's step 1: no
    derivation (``user`` and ``usage`` stay apart). Tokens under four letters, and anything
    but ASCII letters, are their own key.
    """
    if len(token) < 4 or not token.isascii() or not token.isalpha() or token in _NOT_INFLECTED:
        return token
    word = token
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "i"
    elif word.endswith(("xes", "ches", "shes", "zes", "ses")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is", "ias")):
        word = word[:-1]
    for ending in ("ing", "ed"):
        stem = word[: -len(ending)]
        if word.endswith(ending) and len(stem) >= 4 and any(c in _VOWELS for c in stem):
            if len(stem) >= 5 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
                stem = stem[:-1]  # embedded -> embed; but setting stays apart from set
            word = stem
            break
    if word.endswith("y") and len(word) > 3 and word[-2] not in _VOWELS:
        word = word[:-1] + "i"  # category -> categori, to meet categories
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]  # create, created, creating -> creat; but note stays apart from not
    return word


# nouns whose one already ends in -s, made plural with -es ("statuses", "aliases")
_ONES_IN_S = frozenset({"status", "alias", "canvas", "bonus", "campus", "virus", "bus", "census", "corpus", "atlas"})
# plurals not in -s, as requests say them ("who are the *people* in asana workspace 77")
_IRREGULAR_PLURALS = {"people": "person", "children": "child", "men": "man", "women": "woman"}


def is_plural(word: str) -> bool:
    """A plural form: a word in -s whose inflection key is another ("projects", "queries"), or one of
    the plurals in no -s ("people")."""
    return (word.endswith("s") and inflection_key(word) != word) or word in _IRREGULAR_PLURALS


def plural(noun: str) -> str:
    """``noun`` in the plural: "charge" "charges", "entry" "entries", "branch" "branches"."""
    if noun[-1:].casefold() == "y" and noun[-2:-1].casefold() not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.casefold().endswith(("s", "x", "z", "ch", "sh")) else "s")


def singular(noun: str) -> str:
    """One of a collection: "droplets" is "droplet", "policies" "policy", "branches" "branch";
    "status" is one."""
    if not is_plural(noun):
        return noun
    if noun in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[noun]
    if noun[:-2] in _ONES_IN_S:  # "statuses": "status", not "statuse"
        return noun[:-2]
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-2] if noun.endswith(("sses", "xes", "ches", "shes")) else noun[:-1]


def looks_like_adverb(word: str) -> bool:
    """An adjective's adverb in -ly ("recursively", "permanently", "publicly"), never a noun in
    -ly ("family", "anomaly", "assembly", "supply"): seven letters or more, after a letter an
    adjective ends with."""
    return len(word) >= 7 and word.endswith("ly") and word[-3] in "eltcrsndk"


# words placing what is before them: "the audit log *in* asana", "what's in my root folder *in* box"
PLACING_WORDS = frozenset({"in", "on", "at", "to", "for", "from", "of", "by", "with", "into"})


def places_before(tokens: Sequence[str], at: int, after: Container[str]) -> bool:
    """The word at ``at`` places what is before it, followed by a word of ``after`` (an app's
    name) or an article ("log *in* asana", "log *in* the portal")."""
    following = tokens[at + 1] if at + 1 < len(tokens) else ""
    return tokens[at] in PLACING_WORDS and (following in after or following in ARTICLES)
