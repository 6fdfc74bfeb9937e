"""Ids no word can be read from (``opaque_ids``): "txn_1MiN3gLkdIwHu7ixxapQrznl",
"bd5f5959-5e1e-4205-a714-a914373942af", Twilio's "WQ8f1e2d3c4b...". Split into words they give a
dozen pieces ("mi", "lkd", "ixxap", "5959") that no tool says, each as rare as a word can be: in a
request naming no app they outweighed the words saying what to do, and nothing cleared the floor.
Their pieces stay values (a thing's id, as given) and leave the weighed words of a request naming
no app, as a named app's values leave its mass; the request's other words must clear the floor.
Its prefix goes with it ("dp_", "evt_": no word either), where ``prefixed_ids`` has read a kind's
prefix as the kind's word already ("refund ch_3Nx": "refund charge ch_3Nx")."""

from __future__ import annotations

import re

from cardamom.core.search.tokens import tokenize

# A run of letters, digits, dashes and underscores (trailing punctuation is the sentence's), eight
# characters or more, a letter and a digit side by side in it (most words have neither: no tokenizing)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{6,}[A-Za-z0-9]")
_MIXED = re.compile(r"[A-Za-z]\d|\d[A-Za-z]")
# A prefix of letters before the id proper ("txn_", "aia_asst_"), which the id's shape leaves aside.
_PREFIX = re.compile(r"^(?:[A-Za-z]+_)+")
# Pieces an id must give to be opaque, and at least so many of them letters and so many digits:
# "C024BE91L" (five), "9cc1ab23" (five); a name with digits gives fewer ("oauth2token", "s3", "k8s").
_PIECES = 5
_EACH = 2
_LENGTH = 8  # characters of the id proper, its prefix aside
# An id after its kind's prefix ("cus_NffrFeUfNV2Hib", "cbtxn_1MrHt2", as Stripe writes them) is one
# by that prefix: a digit and four pieces make it opaque (``prefixed_opaque``).
_PREFIXED_PIECES = 4
_PREFIXED_LENGTH = 6
# An id led by its kind's capitals and a digit ("F0123ABCD", a Slack file; "CA123abc", a Twilio
# call), as Slack and Twilio write them: three pieces make it opaque where eight characters do
# (``capital_ids``); a name with a digit is shorter ("S3", "EC2", "OAuth2", "A2P").
_CAPITAL = re.compile(r"[A-Z]{1,2}\d+[A-Za-z][A-Za-z0-9]*")
_CAPITAL_PIECES = 3


def opaque_pieces(query: str, *, prefixed: bool = False, capital: bool = False) -> frozenset[str]:
    """The words of the opaque ids ``query`` writes, none of which it writes elsewhere as a word;
    with ``prefixed`` (``prefixed_opaque``), an id after a prefix of letters needs fewer pieces;
    with ``capital`` (``capital_ids``), so does one led by capitals and a digit."""
    pieces: set[str] = set()
    spans: list[tuple[int, int]] = []
    for match in _WORD.finditer(query):
        if not _MIXED.search(match.group(0)):
            continue
        proper = _PREFIX.sub("", match.group(0))
        words = tokenize(proper)
        digits = sum(w.isdigit() for w in words)
        letters = len(words) - digits
        opaque = len(proper) >= _LENGTH and len(words) >= _PIECES and digits >= _EACH and letters >= _EACH
        if not opaque and prefixed and proper != match.group(0):
            opaque = (
                len(proper) >= _PREFIXED_LENGTH and len(words) >= _PREFIXED_PIECES and digits > 0 and letters >= _EACH
            )
        if not opaque and capital and proper == match.group(0) and _CAPITAL.fullmatch(proper):
            opaque = len(proper) >= _LENGTH and len(words) >= _CAPITAL_PIECES
        if opaque:
            pieces.update(tokenize(match.group(0)))
            spans.append(match.span())
    if not pieces:
        return frozenset()
    rest = query
    for start, end in reversed(spans):  # the request without its ids: the words it writes elsewhere
        rest = f"{rest[:start]} {rest[end:]}"
    return frozenset(pieces - set(tokenize(rest)))
