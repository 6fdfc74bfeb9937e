"""Requests that say when (``scheduled_sends``, ``rescheduled_things``, ``booked_meetings``): "post
in slack #eng *at 9am on monday*: ...", "*move* cal.com booking 42 *to friday at 3pm*", "*postpone*
asana task 12 by a week", "*book a call* with bob on cal.com next tuesday".

A message sent at a time to come is one scheduled: the apps that can do so name it
(Slack's ``chat_schedule_message``), and read as written the request found the tool posting
now (``chat_post_message``). A thing moved to another time, or put off, is rescheduled where a
name of the app says so (Cal.com's ``bookings_controller_..._reschedule_booking``) and updated
otherwise (Asana's ``update_task`` sets its due date); read as written, "move booking 42 to
friday" found nothing ("move" is no word of Cal.com's) and "postpone" no word of any app's. A
meeting booked is a booking made where the app's names say bookings: "schedule a meeting with
ana" had found Cal.com's schedules (availability), "book a call" its agent's phone calls.
"""

from __future__ import annotations

import re

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY

_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# a time to come: a day ("tomorrow", "on monday", "next week"), an hour ("at 9am", "5pm", "at
# 14:30"), a delay ("in 2 hours", "in an hour", "later today")
_FUTURE = re.compile(
    rf"\b(?:tomorrow|tonight|{_DAYS}|next\s+(?:week|month|{_DAYS})|later(?:\s+today)?|this\s+(?:afternoon|evening)"
    r"|\d{1,2}(?::\d{2})?\s?(?:am|pm)|at\s+\d{1,2}(?::\d{2})?|at\s+noon|at\s+midnight"
    r"|in\s+(?:\d+|an?|a\s+few|few)\s+(?:minutes?|mins?|hours?|hrs?|days?|weeks?))\b",
    re.IGNORECASE,
)
# what a message says opens after these: a time there is the message's ("post: meeting at 9am"),
# as it is inside quotes ("post 'standup in 5' to #eng at 9:55")
_TEXT_OPENS = re.compile(r""":(?!\d)|\bsaying\b|\bthat\b|\bwith\s+the\s+text\b""", re.IGNORECASE)
_QUOTED = re.compile(r"""(?:^|(?<=\s))(?:'[^']*'|"[^"]*"|\u201c[^\u201d]*\u201d)""")
_SEND = re.compile(r"^(?P<verb>post|send|message|dm|tell|notify|ping)\b(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
# the words after a send's verb that name no message: a place, a person, the text
_NO_THING = re.compile(r"^\s*(?:in|to|on|into|at|#|@|:)", re.IGNORECASE)


def scheduled_send(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` sending a message at a time to come as one scheduled ("post in slack #eng at
    9am on monday: ..." read "schedule a message in slack #eng at 9am on monday: ..."), where a
    name of ``tools`` schedules a message; ``request`` as written otherwise."""
    send = _SEND.match(request.strip())
    if send is None:
        return request
    rest = send.group("rest")
    unquoted = _QUOTED.sub(" ", rest)
    opened = _TEXT_OPENS.search(unquoted)
    if _FUTURE.search(unquoted[: opened.start()] if opened else unquoted) is None:
        return request
    if not index.first_named(("schedule", "scheduled"), tools) or not index.first_named(("message",), tools):
        return request
    if not _NO_THING.match(rest) and not _sends_a_message(send.group("verb"), unquoted):
        return request  # "post a slack *reminder* at 9am": a reminder, no message
    thing = " a message" if _NO_THING.match(rest) else ""
    return f"schedule{thing}{rest}"


# the things a message is called, and the words before a send's object that name none
_MESSAGES = frozenset({"message", "messages", "msg", "dm", "text", "note", "announcement", "update", "post", "reply"})
_OBJECT_ENDS = re.compile(r"\s(?:in|to|on|into|at|for|via|with|saying|that|tomorrow|tonight|next|later)\b|[#@:]", re.I)


def _sends_a_message(verb: str, rest: str) -> bool:
    """The object of a send is a message ("send *a slack message* to #eng", "post *an update*"),
    or a person messaged ("dm *bob* on slack", "tell *ana* ...")."""
    end = _OBJECT_ENDS.search(rest)
    words = [w.casefold().strip(".,!?") for w in (rest[: end.start()] if end else rest).split()]
    if not words or (verb.casefold() in {"dm", "tell", "message", "ping", "notify"} and len(words) <= 2):
        return True  # ("post *'standup in 5'* to #eng": the text alone)
    return any(w in _MESSAGES for w in words)


_QUOTE = re.compile(r"[\"\u201c\u201d`]|(?:^|\s)'")
_PUT_OFF = r"postpone|delay|defer|push\s+back|put\s+off"
_MOVED = r"move|push|bump|shift|change"
_RESCHEDULED = re.compile(
    rf"^(?:(?P<off>{_PUT_OFF})|(?P<moved>{_MOVED}))\s+(?P<thing>\S.*?)"
    r"(?P<when>\s+(?:back\s+|forward\s+|out\s+)?(?:to|until|till|by|for)\s+\S.*)?$",
    re.IGNORECASE | re.DOTALL,
)
# a time a thing moves to or by: a day, an hour, a number of days
_WHEN = re.compile(
    rf"^\s*(?:back\s+|forward\s+|out\s+)?(?:to|until|till|by|for)\s+(?:the\s+)?"
    rf"(?:tomorrow|tonight|today|{_DAYS}|next\s+\w+|this\s+\w+|noon|midnight|\d|an?\s+(?:hour|day|week|month)"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\b|later|end\s+of)",
    re.IGNORECASE,
)


def rescheduled(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` putting a thing off or moving it to a time ("postpone asana task 12 by a week",
    "move cal.com booking 42 to friday at 3pm", "push booking 42 back an hour") as the thing
    rescheduled, where a name of ``tools`` reschedules, or updated; ``request`` as written
    otherwise, and where the verb moves it to no time ("move the card to Done")."""
    found = _RESCHEDULED.match(request.strip())
    if found is None or _QUOTE.search(request):
        return request  # (a time inside quotes is a value's: "move the version 'Review by Friday'")
    verb = (found.group("off") or found.group("moved")).split()[0].casefold()
    if index.name_postings.get(verb, EMPTY) & tools:
        return request  # the app's names say the verb: Jira's ``move_version``
    thing, when = found.group("thing"), found.group("when") or ""
    back = re.match(r"^(?P<thing>.*?)\s+(?P<way>back|forward|out)(?P<by>\s+(?:by\s+)?\S.*)?$", thing, re.DOTALL)
    if back is not None and not when:  # "push booking 42 back by an hour", "push it back an hour"
        thing, when = back.group("thing"), " by " + re.sub(r"^\s*(?:by\s+)?", "", back.group("by") or "")
    if found.group("moved") and not _WHEN.match(when):
        return request
    verb = "reschedule" if index.first_named(("reschedule", "rescheduled"), tools) else "update"
    return f"{verb} {thing}{when}"


# a meeting booked: "book a call with bob", "schedule a 30 minute meeting with ana", "set up a demo"
_BOOKED = re.compile(
    r"^(?:book|schedule|set\s+up|arrange|organi[sz]e)\s+(?:me\s+|us\s+)?(?:(?:a|an|the|another|new)\s+)?"
    r"(?P<kind>(?:\S+\s+){0,3}?(?:call|meeting|appointment|session|demo|chat|interview|catch-?up|sync|1:1|one-on-one|booking))"
    r"(?P<rest>\s.*)?$",
    re.IGNORECASE | re.DOTALL,
)


def booked(index: SearchIndex, request: str, tools: frozenset[int]) -> str:
    """``request`` booking a meeting ("book a call with bob on cal.com", "schedule a meeting with
    ana") as a booking made ("create a booking with bob ..."), where a name of ``tools``
    says bookings (Cal.com's schedules are availability, its phone calls an agent's);
    ``request`` as written otherwise."""
    found = _BOOKED.match(request.strip())
    if found is None or not index.first_named(("booking", "bookings"), tools):
        return request
    # (the meeting's kind said no more: "call" is also Cal.com's agent's ``create_phone_call``)
    return f"create a booking{found.group('rest') or ''}"
