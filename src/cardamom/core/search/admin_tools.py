"""An app's administrators' API ("admin.conversations.archive", Slack's
``admin_conversations_archive``; Gitea's ``admin_*``) does, for an organisation's owner, what
its member's API does for the caller, and says the same words: among equal scores it comes
after the member's tool, unless the request asks for an administrator (``admin_last``)."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import own_name_words

_ADMIN = frozenset({"admin", "admins", "administrator", "administrators"})


def unasked_admin(index: SearchIndex, tokens: Collection[str], tools: Iterable[int]) -> frozenset[int]:
    """Those of ``tools`` whose own name opens with an administrator's word, where no word of
    the request (``tokens``) is one."""
    if not _ADMIN.isdisjoint(tokens):
        return frozenset()
    documents = index.documents
    return frozenset(d for d in tools if _opens_as_admin(own_name_words(documents[d].name)))


def _opens_as_admin(words: list[str]) -> bool:
    return bool(words) and words[0] in _ADMIN
