"""Tokenizing tool names, descriptions, labels and queries.

One tokenizer serves every field and the query, so a word in a query and the same word
in a tool name always produce the same token. Text is Unicode-normalised (NFKC) first,
then split on every character that is not a letter or digit (``_ - .`` and spaces among
them), on camelCase humps (``listAllUsers``, ``HTTPServer``) and on letter/digit
boundaries (``v2``, ``oauth2``), and each piece is case-folded.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator

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
            if start < 0:
                start, prev = i, _OTHER_LETTER
            continue  # never a boundary, and the letter before it keeps its kind
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
        elif kind == _LOWER and prev == _UPPER and i - start >= 2:
            # HTTPServer: the upper run ends one before the first lower letter
            yield text[start : i - 1]
            start = i - 1
        if boundary:
            yield text[start:i]
            start = i
        prev = kind
    if start >= 0:
        yield text[start:]


def tokenize(text: str) -> list[str]:
    """Return the tokens of ``text`` in order, duplicates kept."""
    normalised = unicodedata.normalize("NFKC", text)
    return [unicodedata.normalize("NFKC", piece.casefold()) for piece in _pieces(normalised)]


def unique(tokens: Iterable[str]) -> tuple[str, ...]:
    """Drop repeats, keeping first-seen order."""
    return tuple(dict.fromkeys(tokens))


def description_tokens(text: str) -> frozenset[str]:
    """Tokens a description can score with: stop words removed."""
    return frozenset(t for t in tokenize(text) if t not in DESCRIPTION_STOP_WORDS)
