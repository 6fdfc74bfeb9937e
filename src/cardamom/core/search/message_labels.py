"""A request pasted with what a message or a ticket writes around it (``message_labels``).

A model passes on what it was given, and a request often comes as a note, a mail or a ticket:
"*Ticket #4411:* customer wants booking 881 cancelled", "*RE: outage -* create a jira issue",
"*FYI:* droplet 77 needs a reboot", "*Action item:* send the xero invoice INV-3", "*Note to
self:* create a notion page", "*Dear support,* please delete my intercom contact ...
*Regards*", "*From: alice@acme.com -* please add bob to ...". The label says what kind of
message it is, the greeting and the sign-off whom it is to and from; none says what a tool
does, and as written their words ("ticket", "self", "reminder", "note") drew tools of their own
(Notion's ``get_self``, Xero's invoice reminders) or were the request's rarest. Read without them.

Only a label of up to four words, no app's name, no value among them but a ticket's number
("Ticket #4411") and no order opening it ("close the stale ones - in jira"), before a colon or
a dash; and a greeting or a sign-off of a few words at the
request's ends ("Regards", "Thanks, Bob", "Best, Alice"). A chat message's mention opening it
("*@cardamom* close ...", "*hey @bot,* archive ...") is whom it is written to (``addressed_bots``).
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verbal_nouns import opens_order

# "Ticket #4411:", "RE: outage -", "Note to self:", "Follow-up:": words and a ticket's number
_LABEL = re.compile(
    r"^\s*(?P<label>[A-Za-z][A-Za-z'\-]*(?:\s+(?:#\d+|[A-Za-z][A-Za-z'\-]*)){0,3})\s*(?::|\s[-\u2013\u2014]+|->)\s*"
    r"(?P<rest>\S.*)$",
    re.DOTALL,
)
_GREETING = re.compile(
    r"^\s*(?:dear|hi|hello|hey|greetings)\s+[A-Za-z][\w'\-]*(?:\s+[A-Za-z][\w'\-]*)?\s*[,:!]\s*(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a mail's header: "From: alice@acme.com -", "To: ops@acme.com,"
_HEADER = re.compile(
    r"^\s*(?:from|to|cc|sent\s+by)\s*:\s*[\w.+\-]+@[\w.\-]+\w\s*(?:[-\u2013\u2014:,;]+\s*|\s)(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_SIGNED = re.compile(r"regards|best|cheers|thank|sincerely|\bbr\b|thx", re.IGNORECASE)  # (a cheap test first)
_SIGN_OFF = re.compile(
    r"[.!?,]\s*(?:(?:kind\s+|best\s+|warm\s+)?regards|best|cheers|thanks(?:\s+in\s+advance)?|thank\s+you|sincerely"
    r"|br|thx)\s*[,!.]?(?:\s*[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)?)?[\s.!]*$",
    re.IGNORECASE,
)
# a chat message to a bot or to people, by its mention: "*@cardamom* close ...", "*hey @bot,* archive ...",
# "*@here* post to ..." (``addressed_bots``)
_MENTION = re.compile(r"^\s*(?:(?:hey|hi|hello|ok|okay|yo)\s+)?@[\w.\-]+\s*[:,]?\s+(?P<rest>\S.*)$", re.I | re.S)
_SENTENCES = re.compile(r"[.!?]\s+\S")
_QUOTES = frozenset("\"'\u201c\u2018`")
_MOST_LABELS = 2  # "RE: outage - ..."
_LONGEST = 2000  # characters


def without_labels(request: str, app_words: Container[str], *, mentions: bool = False) -> str:
    """``request`` without a message's labels opening it, its greeting and its sign-off
    (``app_words``: the words naming the apps it names, which no label dropped may say);
    ``mentions``: without the mention of a bot or of people opening it."""
    if len(request) > _LONGEST:
        return request
    mentioned = _MENTION.match(request) if mentions else None
    if mentioned is not None and len(mentioned["rest"].split()) >= 2:
        request = mentioned["rest"]
    header = _HEADER.match(request)
    if header is not None:
        request = header["rest"]
    greeted = _GREETING.match(request)
    if greeted is not None:
        request = greeted["rest"]
    signed = _SIGN_OFF.search(request) if _SIGNED.search(request[-60:]) else None
    if signed is not None and signed.start() > 0:
        request = request[: signed.start() + (request[signed.start()] != ",")]  # (its "?" or "." kept)
    for _ in range(_MOST_LABELS):
        labelled = _LABEL.match(request)
        if labelled is None or not _drops(labelled["label"], labelled["rest"], app_words):
            break
        request = labelled["rest"]
    return request


def _drops(label: str, rest: str, app_words: Container[str]) -> bool:
    """The label leaves its request: no app's name, no order opening it ("close the stale ones -
    in jira" asks), a request of one sentence after it ("Subject: refund request. Please refund
    ..." is its parts') and no words reported ('User wrote: "..."': ``told_frames``)."""
    words = tokenize(label)
    return (
        bool(words)
        and not any(word in app_words for word in words)
        and not opens_order(words[0])
        and len(rest.split()) >= 2
        and _SENTENCES.search(rest) is None
        and rest[0] not in _QUOTES
    )
