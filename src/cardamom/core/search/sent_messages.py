"""What a request sends, where no name of the app says it, is a message: "post *the release
notes* to #announcements" sends one (``sent_messages``). Its words leave the mass as values
(``sent_things``), which left the verb alone to tell Slack's ``chat_post_message`` from
``chat_post_ephemeral``; with the thing sent, the plain message comes first. So does a text
sent with no thing named ("post in slack #eng: *build green*"). A kind of place a message goes
to that no name of the app says is where it goes, no word of the tool ("post a message to a
slack *thread*": Slack posts replies with ``chat_post_message``)."""

from __future__ import annotations

from collections.abc import Collection

from cardamom.core.search.app_roles import SENDING
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.tokens import inflection_key
from cardamom.core.search.verb_readings import literal_names

_MESSAGE = inflection_key("message")


def as_message(index: SearchIndex, kept: tuple[str, ...], scoped: frozenset[int]) -> tuple[str, ...]:
    """``kept`` with "message", the thing it sends, where some name of ``scoped`` says the word
    and the request does not."""
    if any(inflection_key(w) == _MESSAGE for w in kept) or not literal_names(index, "message") & scoped:
        return kept
    return (*kept, "message")


# the kinds of place a text is sent to ("send 'hi' to the #eng *channel*"), no thing sent
_PLACES = frozenset({"channel", "thread", "conversation", "room"})


def sends_text(kept: tuple[str, ...], values: Collection[str], places: bool = False) -> bool:
    """``kept`` is a sending verb and values only: "post in slack #eng: *build green*"; with
    ``places`` (``sent_places``), a place's kind besides ("send 'hi' to the #eng *channel*")."""
    return bool(kept) and kept[0] in SENDING and all(w in values or (places and w in _PLACES) for w in kept[1:])


def unnamed_places(index: SearchIndex, kept: tuple[str, ...], scoped: frozenset[int]) -> frozenset[str]:
    """The kinds of place a message is sent to that no name of ``scoped`` says ("post a message
    to a slack *thread*": Slack's ``chat_post_message`` posts replies too), where ``kept`` sends
    a message: where it goes, no tool's word."""
    if not kept or kept[0] not in SENDING or not any(inflection_key(w) == _MESSAGE for w in kept):
        return frozenset()
    return frozenset(w for w in kept if w in _PLACES and not literal_names(index, w) & scoped)
