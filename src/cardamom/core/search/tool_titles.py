"""A tool's title: what its vendor calls the operation ("Download file" for Box's
``get_files_id_content``). An OpenAPI summary is one, and the importer writes it as the
description's first sentence (``describe_operation``); an MCP server's tool description opens
with one as often. So the title is read from the description: its first sentence, when that is
short enough to name an operation rather than describe it (``title_order`` reads it).
"""

from __future__ import annotations

import re

from cardamom.core.search.tokens import tokenize, without_urls

# A title names an operation; a longer first sentence describes it.
TITLE_WORDS = 8
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")


def tool_title(description: str) -> tuple[str, ...]:
    """The words of a tool's title: the first sentence of its description when it has at most
    ``TITLE_WORDS`` words ("Download file", "List items in folder"); a leading "Deprecated." is
    no title. Empty when the description opens with a longer sentence."""
    text = without_urls(description).strip()
    while text:
        end = _SENTENCE_END.search(text)
        sentence, text = (text[: end.start()], text[end.end() :].strip()) if end else (text, "")
        words = tokenize(sentence)
        if words == ["deprecated"]:
            continue
        return tuple(words) if 0 < len(words) <= TITLE_WORDS else ()
    return ()
