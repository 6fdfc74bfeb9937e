"""A word the request writes whole that a tool's name writes as two (``fused_names``): "OAuth" and
Cal.com's ``o_auth_clients_controller_get_o_auth_client_by_id`` (snake case made of "OAuthClient"
splits the brand at its capitals), "payslip" and Xero's ``get_pay_slip`` beside its ``get_payslip``.
Read as written, the request's word met only the descriptions saying it whole ("OAuth credentials":
the managed user's refresh first) and never the name. The tools whose names write the word's two
parts side by side carry it in their names too, as those saying it whole do."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence

from cardamom.core.search.document import SearchDocument
from cardamom.core.search.postings import EMPTY
from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import tokenize

_LETTERS = re.compile(r"[^A-Za-z]")  # what a name writes between its words, and its digits
_SHORTEST = 5  # letters of a word read as two ("oauth"); shorter ones part too readily ("into")


def fused_carriers(
    token: str, names: Mapping[str, frozenset[int]], documents: Sequence[SearchDocument]
) -> frozenset[int]:
    """The tools whose names write ``token``'s letters as two words side by side ("o_auth" for
    "oauth"), each part a word of some name (``names``: a name's word -> its tools)."""
    if len(token) < _SHORTEST or not token.isalpha():
        return EMPTY
    found: set[int] = set()
    for cut in range(1, len(token)):
        first, second = token[:cut], token[cut:]
        if is_action_word(first):  # "createcomment": a request run together, its verb and thing
            continue
        both = names.get(first)
        other = names.get(second) if both else None
        if not both or not other:
            continue
        found.update(d for d in both & other if _side_by_side(documents[d], token, first, second))
    return frozenset(found)


def _side_by_side(document: SearchDocument, token: str, first: str, second: str) -> bool:
    """The tool's own name (its account's aside: "able-style-fashion__able_style") writes ``first``
    then ``second``; its letters, separators out, must hold ``token`` first (no tokenizing, most don't)."""
    own = whole_name(document.name).rpartition("__")[2]
    if token not in _LETTERS.sub("", own).casefold():
        return False
    return (first, second) in itertools.pairwise(tokenize(own))
