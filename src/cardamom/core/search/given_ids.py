"""The things a request gives ids for ("asana *team 77*", "stripe *customer cus_9*", a repository
by its slug "*acme/api*"), read with the request (``QueryAnalysis.id_things``) for the tie
order's fit to the things each tool takes (``parameter_fit``) and the app a repository's slug
implies (``implied_app.slug_app``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardamom.core.search.numbered_ids import NOT_THINGS
from cardamom.core.search.synonyms import is_action_word, synonyms_of
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, inflection_key
from cardamom.core.search.value_shapes import FILE_NAME

# an owner/name slug standing alone ("in *acme/api*"): no URL's, path's, date's or fraction's
REPOSITORY_SLUG = re.compile(r"(?<![\w/.:@#-])[A-Za-z][\w.-]*/[\w.-]*[A-Za-z0-9](?![\w/#])")
REPOSITORY = frozenset({"owner", "repo"})  # what a slug gives, as ``parameter_things`` reads them
# a file by its name ("download *invoice.pdf* from xero invoice 9c1d"): what a ``{FileName}`` takes
_FILE_NAME = re.compile(FILE_NAME, re.IGNORECASE)
NO_IDS: tuple[tuple[frozenset[str], ...], bool] = ((), False)  # ``valued_things`` of a request giving none
_FILE = frozenset({"file"})  # what a file's name gives, as ``parameter_things`` reads ``{FileName}``
# Words before a value that name no thing: a number's (``numbered_ids``), and filler ("for *2981504*").
_NOT_THINGS = NOT_THINGS | GRAMMAR_WORDS | QUERY_FILLER_WORDS
# Pairs written with a slash that name no repository ("and/or", "read/write", "on/off").
_NOT_SLUG_WORDS = frozenset(
    {"yes", "no", "on", "off", "true", "false", "read", "write", "input", "output", "he", "she"}
)


def says_repository(query: str) -> bool:
    """The request names a repository by its owner/name slug ("in *acme/api*"), no pair of words
    written with a slash ("and/or", "read/write", "w/o")."""
    for found in REPOSITORY_SLUG.finditer(query[:2000]):
        owner, _, name = found.group(0).casefold().partition("/")
        if min(len(owner), len(name)) > 1 and not {owner, name} & (_NOT_THINGS | _NOT_SLUG_WORDS):
            return True
    return False


def valued_things(
    sequence: Sequence[str], values: frozenset[str], query: str, files: bool = False
) -> tuple[tuple[frozenset[str], ...], bool]:
    """The things a request names right before an id ("team *77*", "customer *cus_9*": a value
    with a digit, or whose next word is one), each as its inflection keys with its synonyms'
    ("ticket *KAN-5*": an issue too); a repository and its owner where it names one by its slug
    ("in *acme/api*"). With them, whether it gives an id whose thing it does not name ("the
    barrier *for 2981504*"). ``sequence`` is the request's words in order; its first is its
    verb ("*comment* 'done' on ..."). ``files`` (``named_files``): a file given by its name
    ("'quote-signed.pdf'") gives a file, whatever word names it ("the *attachment* ...": Xero's
    ``..._attachment_by_file_name``, not ``..._by_id``)."""
    things: dict[str, frozenset[str]] = {}
    unnamed = False
    for at in range(1, len(sequence)):
        before, word = sequence[at - 1], sequence[at]
        if word not in values or before in values or not _an_id(sequence, at, values) or f"+{word}" in query:
            continue  # (a phone number, "+14155550100", is no thing's id)
        if at > 1 and before.isalpha() and before not in _NOT_THINGS and not is_action_word(before):
            things.setdefault(before, frozenset(inflection_key(w) for w in (before, *synonyms_of(before))))
        else:
            unnamed = True
    if files and _FILE_NAME.search(query[:2000]):
        things.setdefault("file", _FILE)
    if says_repository(query):  # (a repository's id, too: GitHub's ``repository_id``)
        things.update((k, frozenset(inflection_key(w) for w in (k, *synonyms_of(k)))) for k in REPOSITORY)
    return tuple(things.values()), unnamed


def _an_id(sequence: Sequence[str], at: int, values: frozenset[str]) -> bool:
    """The value at ``at`` is (the start of) an id: it has a digit, or the value after it has."""
    after = sequence[at + 1] if at + 1 < len(sequence) else ""
    return any(c.isdigit() for c in sequence[at]) or (after in values and any(c.isdigit() for c in after))
