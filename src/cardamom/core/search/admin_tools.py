"""An app's administrators' API ("admin.conversations.archive", Slack's
``admin_conversations_archive``; Gitea's ``admin_*``) does, for an organisation's owner, what
its member's API does for the caller, and says the same words: among equal scores it comes
after the member's tool, unless the request asks for an administrator (``admin_last``)."""

from __future__ import annotations

import re
from collections.abc import Collection, Container
from dataclasses import dataclass

from cardamom.core.search.index import SearchIndex

_ADMIN = frozenset({"admin", "admins", "administrator", "administrators"})
# An own name (past the account's "__") opening with one of them as a word: "admin_users_invite",
# "adminCreateUser"; not "administer_..."
_OPENS_AS_ADMIN = re.compile(r"[Aa]dmin(?:istrator)?s?(?![a-z])")


@dataclass(frozen=True, slots=True)
class _AdminTools:
    """The tools whose own name opens with an administrator's word, asked one by one: the order
    asks only about the tools tied at the cut, not every tool that cleared the floor, and a
    name is matched as written, not split into words (thousands tie on "get" at 10,000 tools)."""

    index: SearchIndex

    def __contains__(self, tool: object) -> bool:
        if not isinstance(tool, int):
            return False
        return is_admin_name(self.index.documents[tool].name)


def is_admin_name(name: str) -> bool:
    """The tool's own name (past the account's "__") opens with an administrator's word."""
    return _OPENS_AS_ADMIN.match(name, name.find("__") + 2 if "__" in name else 0) is not None


def unasked_admin(index: SearchIndex, tokens: Collection[str]) -> Container[int]:
    """The tools of an administrators' API, where no word of the request (``tokens``) asks for
    an administrator; none where one does."""
    return frozenset() if not _ADMIN.isdisjoint(tokens) else _AdminTools(index)
