"""Quantities a request writes as it would say them, values of an argument (``quantity_values``).

A model asking for an amount, a size, a duration or a day writes it with its unit: "a *$99/month*
price", "a *45-minute* event type", "on the *1st* of next month", "a *100 GiB* volume",
"every *night*", "until tomorrow *morning*". No tool's name carries "99", "45", "1st" or "GiB";
under the floor they weigh against every tool, so a request naming a connected app found nothing.
``value_shapes`` reads a bare number ("42", "$20", "20%") and a unit written on ("2GB", "1.5h");
these are the other ways a quantity is written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardamom.core.search.dated_words import DATE_WORDS

# a rate's period is a price's value ("$29 *per month*"), never the thing the request acts on
RATES = frozenset({"per", "every"})
# Units after a number: an amount of time ("log 2 *hours* of work", "the last 30 *days*"), a size
# ("100 *GiB*"), money ("20 *euros*").
UNITS = frozenset(
    {"second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "kb", "mb", "gb", "tb"}
    | {"day", "days", "week", "weeks", "month", "months", "year", "years"}
    | {"dollar", "dollars", "euro", "euros", "pound", "pounds", "cents", "percent"}
)
# The same, read only with ``quantity_values``: binary sizes and short periods (not a currency's
# code: "convert 2000 *JPY* to USD" names what a converter's tools say).
MORE_UNITS = frozenset({"kib", "mib", "gib", "tib", "mo", "mos", "yr", "yrs", "wk", "wks", "sec", "secs", "ms", "gigs"})
_UNIT = (
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|d|weeks?|wks?|w|months?|mos?|years?|yrs?|y"
    r"|[kmgt]i?b|gigs?|users?|seats?|units?|licen[cs]es?|people|persons?)"
)
# An ordinal ("the *1st*", "the *22nd*"), a number and its unit joined by a hyphen ("a
# *45-minute* call", "a *30-day* trial", "a *2-gb* droplet"), an amount per period ("*$99/month*",
# "*€20/mo*", "*$150/hour*", "*$5/user/month*").
_ORDINAL = re.compile(r"^\d+(?:st|nd|rd|th)$", re.IGNORECASE)
_JOINED = re.compile(rf"^\d+(?:[.,]\d+)?-{_UNIT}$", re.IGNORECASE)
_DISCOUNT = re.compile(r"^\d+(?:\.\d+)?%-?off$", re.IGNORECASE)  # "a *25%-off* coupon"
_RATE = re.compile(rf"^[$€£]?\d+(?:[.,]\d+)?[kmb]?(?:(?:/|-per-|-an?-){_UNIT}){{1,2}}$", re.IGNORECASE)
# A time of day after a day ("tomorrow *morning*", "friday *afternoon*", "monday *night*"): the
# day's value goes on.
TIMES_OF_DAY = frozenset({"morning", "afternoon", "evening", "night", "noon", "midnight", "eod", "lunchtime"})


def is_quantity(word: str) -> bool:
    """``word`` is a quantity as written: an ordinal, a number and its unit joined by a hyphen,
    an amount per period."""
    core = word.strip(".,:;!?'\"()")
    if not core[:1].isdigit() and core[:1] not in "$€£":
        return False  # most words: no number opens them
    return bool(_ORDINAL.match(core) or _JOINED.match(core) or _RATE.match(core) or _DISCOUNT.match(core))


def is_unit(lowered: str, previous: str) -> bool:
    """``lowered`` is the unit of the number before it ("100 *gib*", "3 *mos*")."""
    return lowered in MORE_UNITS and previous.replace(".", "").replace(",", "").isdigit()


# a period's edge: "the *end of the month*", "the *start of next week*", "*mid* quarter"
_EDGES = frozenset({"end", "start", "beginning", "middle", "mid", "close"})
_PERIOD_WORDS = frozenset({"day", "week", "month", "quarter", "year", "sprint", "period", "today", "tomorrow"})


def in_period_edge(lowered: str, before: Sequence[str], after: Sequence[str]) -> bool:
    """``lowered`` is a period's edge ("the *end* of the month") or its period ("the end of the
    *month*"); ``before`` and ``after``: the words around it, as written."""
    if lowered in _EDGES:
        rest = [w.casefold().strip(".,:;!?") for w in after[:3]]
        return rest[:1] == ["of"] and any(w in _PERIOD_WORDS or w in DATE_WORDS for w in rest[1:3])
    if lowered not in _PERIOD_WORDS and lowered not in DATE_WORDS:
        return False
    back = [w.casefold().strip(".,:;!?") for w in before[-3:]]
    back = back[:-1] if back[-1:] in (["the"], ["this"], ["that"]) else back
    return len(back) >= 2 and back[-1] == "of" and back[-2] in _EDGES


def is_time_of_day(lowered: str, previous: str) -> bool:
    """``lowered`` is a time of day after a day ("tomorrow *morning*"), or the day's part alone
    after "every" or "at" ("every *night*", "at *noon*")."""
    return lowered in TIMES_OF_DAY and (previous in DATE_WORDS or previous in {"every", "at", "by", "until", "tonight"})


# How many things a request asks for, a number before their plural ("list *20* box files in
# folder 5", "the *5* most recent github issues"): after a verb, a determiner or nothing. After a
# kind it is that thing's id ("issue *5* comments"); before a unit, an amount ("*2* hours").
_COUNT_OPENERS = r"(?:the|my|our|list|get|show|fetch|find|display|pull"
_COUNT_OPENERS += r"|grab|return|give\s+me|delete|remove|create|add|send|invite|archive|close)"
_COUNTED = re.compile(
    rf"(?:^\s*|\b(?P<opener>{_COUNT_OPENERS})\s+)(?P<count>\d{{1,4}})\s+"
    r"(?=(?:[A-Za-z][\w.-]*\s+){0,3}?(?P<things>[A-Za-z]{2,}[^s\W]s)\b)",
    re.IGNORECASE,
)


def without_counts(request: str) -> str:
    """``request`` without the number of things it asks for, before their plural ("list 20 box
    files in folder 5": "list box files in folder 5"), a limit no tool's name says, which read
    as the things' id left the container and the repository unread; an amount before its unit
    ("add 2 hours to ...") and an id after its kind ("issue 5 comments") stay."""
    if len(request) > 2000 or not any(c.isdigit() for c in request):
        return request

    def counted(found: re.Match[str]) -> str:
        if found.group("things").casefold() in UNITS or found.group("things").casefold() in MORE_UNITS:
            return found.group(0)
        opener = found.group("opener")
        return f"{opener} " if opener else ""

    return _COUNTED.sub(counted, request)
