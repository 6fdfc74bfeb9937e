"""The messages of a place read: its history ("get messages in slack channel C024", "what's the
most recent message in #incidents on slack", "read the last 10 messages from slack #eng").

A request reading a channel's messages says "messages"; Slack's tool for it says "history"
(``conversations_history``: "Fetches a conversation's history of messages"), and the name saying
"messages" is its search (``search_messages``), which needs a query the request does not have.
Read as written, the request found the search first. Where the apps it names have a tool whose
name says "history" and a place, "message(s)" right before "in", "from", "on" or "of" and a
channel, a conversation or a #channel is read as "history", the request reading it: nothing
before it but a read, a question, the app and which messages ("post messages in #eng" sends,
"find messages in #eng" searches, "pin a message in #eng" pins). Messages about a thing or from
a person ("messages about the outage in #incidents", "messages from bob in #eng") are searched
still (``channel_histories``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Container

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.synonyms import group_keys
from cardamom.core.search.tokens import (
    QUERY_FILLER_WORDS,
    QUESTION_OPENERS,
    contraction_free,
    inflection_key,
    tokenize,
)

# "messages in slack channel C024", "message from slack #eng", "messages in #incidents": at most
# three words (an app's name, an article, "a *specific*") between the preposition and the place,
# no preposition; the messages may be said posted there ("messages *posted* in #eng")
_MESSAGES = re.compile(
    r"\b(?:messages?|msgs?)(?:\s+(?:posted|sent|written|shared))?\b"
    r"(?=\s+(?:in|from|on|of)\s+(?:(?!(?:in|from|on|of|by|about|with)\b)[\w.-]+\s+){0,3}?"
    r"(?:#[\w-]+|channels?\b|conversations?\b|chats?\b|dms?\b))",
    re.IGNORECASE,
)
_READS = group_keys(frozenset({"get", "list"}))
_HISTORY = "history"
# the places a history's name says ("conversations_history")
_PLACES = frozenset({"channel", "channels", "conversation", "conversations", "chat", "chats"})


def read_history(index: SearchIndex, request: str, tools: Collection[int], apps: Container[str]) -> str:
    """``request`` with the messages it reads in a place written as the place's history, where
    a tool of ``tools`` (the named apps', whose words are ``apps``) says "history" and a place in
    its name, and nothing but a read, a question, an app and which messages come before them; as
    written otherwise."""
    if len(request) > 500:
        return request  # a request's own words, never pasted text
    found = _MESSAGES.search(request)
    if found is None:
        return request
    documents = index.documents
    if not any(t in tools and _PLACES & documents[t].name_tokens for t in index.postings(_HISTORY).name):
        return request  # (Intercom's ``list_contact_merge_history`` is no conversation's)
    if not all(_reads(w, apps) for w in tokenize(contraction_free(request[: found.start()]))):
        return request  # "post messages in #eng", "find ...", "pin a message in ...", "star the message"
    return f"{request[: found.start()]}{_HISTORY}{request[found.end() :]}"


# which messages: "the *last 20*", "the *most recent*", "*today's*"
_WHICH = frozenset({"last", "latest", "recent", "newest", "most", "all", "new", "unread", "today", "todays"})


def _reads(word: str, apps: Container[str]) -> bool:
    """``word``, before the messages, leaves them read: a verb of reading, a question's word, an
    app's, a filler, a number or a word saying which messages."""
    return (
        inflection_key(word) in _READS
        or word in QUESTION_OPENERS
        or word in QUERY_FILLER_WORDS
        or word in apps
        or word in _WHICH
        or word.isdigit()
    )
