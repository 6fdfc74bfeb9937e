"""A piece of a thing asked for, in a word no tool of the app says (``asked_pieces``): "give me
the *url* of github PR 12", "the *receipt* for stripe charge ch_9", "the *permalink* to notion
page 5c1e2f", "the *web link* of box file 123".

A thing's address, receipt or link is a field its get returns; no name of the app carries the
word, so it took the mass the floor weighs and the request found nothing. Read as the get of the
thing ("get github PR 12"), where no name of the apps' tools says a word of the piece, in any of
its forms or as two name words joined (Box's shared links, Jira's issue links and change logs,
Intercom's transcripts are their own), and the thing carries an id.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verb_readings import literal_names
from cardamom.core.search.verbal_nouns import act_verb, order_first

_PIECE = re.compile(
    r"^\s*(?:(?:give|get|show|send|find|fetch|grab|tell|copy|share|need|want|paste|what'?s|what\s+is|where'?s|where\s+is)"
    # (an article or an asking verb before the piece: "*power* on droplet 77" is an order)
    r"\s+(?:me\s+|us\s+)?(?:(?:the|a|an|its)\s+)?|(?:the|a|an|its)\s+)"
    r"(?P<piece>(?:(?:web|public|direct|download|shareable|permanent|short|full|raw)\s+)?[a-z]+)\s+(?:of|for|to|on)\s+"
    r"(?P<thing>(?:the\s+)?[^\d]{2,40}?\d[\w./-]*(?:\s+(?:in|on|from)\s+\S+(?:\s+\S+)?)?)\s*[?.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# a particle or a preposition where a piece would be: "get *rid* of ...", "... *on with* slack ..."
_NO_PIECE = frozenset({
    "rid", "away", "out", "off", "back", "up", "down", "in", "on", "with", "at", "by", "from", "into", "about",
    "hold", "care", "track", "sight", "notice", "advantage", "use", "part", "charge", "place", "note", "sure",
    # ... or what a thing holds, how many it holds, which ``counted_questions`` and
    # ``contents_questions`` read: "the *number* of tasks in ...", "the *contents* of box folder 77"
    "number", "count", "total", "amount", "sum", "list", "lots", "kind", "type", "sort", "bunch", "all", "rest",
    "most", "some", "many", "each", "one", "any", "none", "contents", "content", "items", "children", "members",
    "messages", "files", "history",
})  # fmt: skip
_LONGEST = 200  # characters


def in_names(index: SearchIndex, tools: frozenset[int]) -> Callable[[str], bool]:
    """Whether a name of ``tools`` says a word, in any of its forms or as two name words joined
    ("changelog": Jira's ``get_change_logs``)."""

    def named(word: str) -> bool:
        if literal_names(index, word) & tools:
            return True
        return any(
            literal_names(index, word[:cut]) & literal_names(index, word[cut:]) & tools
            for cut in range(3, len(word) - 2)
        )

    return named


def piece_as_thing(request: str, said: Callable[[str], bool]) -> str:
    """``request`` as the get of the thing whose piece it asks for; ``said``: whether a tool of
    the apps names a word (``in_names``). ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    asked = _PIECE.match(request)
    if asked is None:
        return request
    words = tokenize(asked["piece"])
    thing = asked["thing"]
    if asked["piece"].casefold().endswith("ing") or thing.split()[0].casefold() in _NO_PIECE or order_first(thing):
        return request  # ("what's going on with ...", "remember to refund ...": no piece, no thing)
    if not words or any(said(word) or act_verb(word) is not None or word in _NO_PIECE for word in words):
        return request  # the app's own piece (a shared link), or an act ("add a comment to ...")
    return f"get {thing}"
