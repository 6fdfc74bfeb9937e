"""When a request is to be done, said before it (``time_frames``): "*by end of day,* close github
issue 12", "*first thing tomorrow,* archive slack channel C0123", "*at 5pm* cancel cal.com booking
881", "*this afternoon:* reboot droplet 77", "*in an hour,* send a twilio sms"; and (``recurrences``) how
often: "*every monday,* archive slack channel C0123", "*each night* reboot droplet 77", "*daily:*
send ...", "*on the first of each month* create a jira issue ...", "refund stripe charge ch_9 *every
time it's disputed*".

A tool acts when it is called; the time a person means to act is no word of the tool. As
written, "end", "day", "thing" and "afternoon" took mass no name of the app carries, and the
request found nothing or a budget ("on monday morning create an asana task ..."). Read without
it, where every word of it is a time's (a day, a part of the day, an hour, "by", "end of",
"later", "first thing"; a recurrence's "every", "daily", "twice a") and an order follows it. A
tool that schedules says so in its name ("schedule a message"): ``scheduled_sends`` reads those.
"""

from __future__ import annotations

import re

from cardamom.core.search.dated_words import DATE_WORDS
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verbal_nouns import order_first

# a time frame's words: its prepositions, its parts of the day, its periods and their edges
_TIME_WORDS = DATE_WORDS | {
    "by", "before", "at", "on", "in", "this", "next", "later", "sometime", "first", "thing", "end", "of", "the",
    "day", "days", "week", "month", "quarter", "year", "morning", "afternoon", "evening", "night", "eod", "eow",
    "cob", "an", "a", "hour", "hours", "minute", "minutes", "few", "couple", "soon", "around", "o", "clock",
    "am", "pm", "business", "start", "close", "lunch", "asap", "within", "after", "until",
}  # fmt: skip
_PLAIN = frozenset({"by", "before", "at", "on", "in", "the", "a", "an", "of", "after", "until", "within", "around"})
_PLAIN |= {"first", "thing", "end", "start", "close"}  # ("*first* get the jira issue": a step's place, no time)
# a clause of its own after the frame, which ``reason_clauses`` reads: "tonight, *after the release,* merge ..."
_CLAUSE = re.compile(r"(?:after|before|once|when|as\s+soon\s+as)\s+[^,;]{2,60},\s*\S", re.IGNORECASE)
# ``recurrences``: how often ("*every other* day", "*nightly*", "*twice a* week") and, after the
# order, "every time ..." or "each friday"
_RECURRING = frozenset({
    "every", "each", "other", "daily", "weekly", "nightly", "hourly", "monthly", "yearly", "annually", "once",
    "twice", "per", "weekday", "weekdays", "weekend", "weekends", "mondays", "tuesdays", "wednesdays", "thursdays",
    "fridays", "saturdays", "sundays", "mornings", "evenings", "nights", "biweekly", "fortnightly",
})  # fmt: skip
_HOW_OFTEN = frozenset({"every", "each", "other", "once", "twice", "per"})  # ("*every* open issue": no time)
_RECURRING_END = re.compile(
    r"^(?P<rest>.*?\S)[\s,;]+(?:(?:every|each)\s+(?:single\s+)?time\b.*|(?:every|each)(?:\s+other)?(?:\s+\w+){1,2}"
    r"|daily|weekly|nightly|hourly|monthly|yearly|twice\s+a\s+\w+|once\s+a\s+\w+)[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
_MOST_WORDS = 6  # "first thing tomorrow morning", "by the end of the day"
_LONGEST = 400  # characters


def without_time_frame(request: str, recurring: bool = False) -> str:
    """``request`` without the time frame said before its order (and, ``recurring``, how often
    it is to be done, before or after it); ``request`` as written where no such frame opens it."""
    if len(request) > _LONGEST:
        return request
    timed = _TIME_WORDS | _RECURRING if recurring else _TIME_WORDS
    ending = _RECURRING_END.match(request) if recurring else None
    if ending is not None and order_first(ending["rest"]) and all(w in timed for w in _words_after(request, ending)):
        return ending["rest"]
    words = request.split()
    for cut in range(1, min(_MOST_WORDS, len(words) - 1) + 1):
        said = tokenize(" ".join(words[:cut]))
        if not said or not all(w in timed or w.isdigit() for w in said):  # ("5pm": "5", "pm")
            return request  # (a word of no time's: no frame, or the frame ends before it)
        if said[-1] in _PLAIN or (recurring and said[-1] in _HOW_OFTEN):
            continue  # ("by the", "after the": the frame goes on)
        rest = " ".join(words[cut:]).lstrip("-\u2013\u2014 ")
        asked = re.sub(r"^please\s+", "", rest, flags=re.IGNORECASE)
        clause = words[cut - 1].endswith(",") and _CLAUSE.match(rest) is not None  # "tonight, *after the release,* ..."
        named = any(w in timed and w not in _PLAIN for w in said)  # ("1)" is a step's number)
        if named and (order_first(asked) or clause) and not order_first(words[0]):
            return rest
    return request


def _words_after(request: str, ending: re.Match[str]) -> list[str]:
    """The words of how often ``ending`` read after the order: "every friday"; none for "every
    time ..." (a clause, what it says aside)."""
    said = tokenize(request[ending.end("rest") :])
    return [] if said[:2] in (["every", "time"], ["each", "time"]) or "single" in said[:2] else said
