"""A request telling someone something: a message sent to them (``telling``).

People ask for a message by what it does for its reader: "*notify* bob on slack about the
outage", "*ping* alice on slack", "*let* the team *know* in slack that the deploy is done",
"*tell* #general on slack that ...", "*text* +15551234567 that the order shipped". No tool's
name says "notify", "ping" or "let ... know" for sending a message (Slack's is
``chat_post_message``), and "tell" reads as a verb of reading ("tell me who ..."), so such a
request found nothing, or a list of channels. Told to a person or a channel, the verb is
sending a message to them: the request reads as "send a message to bob on slack about the
outage" (a text, a "text message"), and what follows "that" is the message, as after "saying".

Only where a person or a channel follows the verb: "ping the webhook" (GitHub's
``repos_ping_webhook``) and "notify me when ..." keep their words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.options import SearchOptions
from cardamom.core.search.person_names import names_a_person_placed
from cardamom.core.search.request_frame import ASKING_FRAME
from cardamom.core.search.shortened_names import whole_name
from cardamom.core.search.tokens import tokenize

# Verbs of telling a person something, each with the kind of message it sends ("let" with a
# "know" after whom it tells).
_KINDS = {"notify": "message", "ping": "message", "tell": "message", "message": "message", "alert": "message"}
_KINDS |= {"text": "text message", "let": "message", "give": "message"}
# the words that must follow whom a verb tells, in one of its forms: "let bob *know*", "give
# the team *a heads-up*"
_TAILS = {
    "let": (("know",),),
    "give": (("a", "heads", "up"), ("a", "heads-up"), ("a", "heads"), ("heads", "up"), ("heads-up",)),
}
_TAIL_STARTS = frozenset(t[0] for tails in _TAILS.values() for t in tails)
# Of them, the verbs some app's tools name for themselves (Jira's ``notify``, GitHub's
# ``repos_ping_webhook``): read as a message sent only where the request as written finds nothing.
WRITTEN_FIRST = frozenset({"notify", "ping", "alert"})
# Whom a message goes to, beside a person's name: a group's word after an owner's ("the team",
# "our customers"), or a pronoun ("me" asks: "tell me who ...").
_GROUPS = frozenset({"team", "channel", "group", "customer", "customers", "client", "clients", "assignee", "owner"})
_OWNERS = frozenset({"the", "my", "our", "their", "his", "her"})
# a person's kind before their id ("let *user* 42 know")
_PEOPLE = frozenset({"user", "contact", "customer", "member", "lead", "visitor", "teammate", "admin"})
_PRONOUNS = frozenset({"everyone", "everybody", "him", "her", "them", "us"})
_PUNCTUATION = ",.:;!?"
# where a message is told ("tell bob *in slack* ..."), and the words opening what it says
_PLACES = frozenset({"in", "on", "via", "through", "over", "using", "by"})
_OPENING = frozenset({"that", "about", "saying", "with", "to", "when", "if", "re", "regarding", "and"})
_SAID_OPENINGS = frozenset({"that", "saying"})
_LONGEST_FRAME = 8  # words of an asking frame and its verb: "hey, could you please go ahead and *tell*"


def _is_person(word: str) -> bool:
    """One word naming whom a message goes to: a person (``person_names.names_a_person``: a
    given name, an @mention, an e-mail address), a #channel, a phone number or a pronoun. A
    capitalised word is not enough: it may be an app's name ("notify Slack users")."""
    return names_a_person_placed(word) or (word[:1] in "#+" and len(word) > 1) or word.casefold() in _PRONOUNS


def texted(framed: str, options: SearchOptions, a_name_says: Callable[[str], bool]) -> str:
    """``framed`` past its frame telling to text ("twilio please text +1415...": "send a text message
    to ..."), read as the request as written is, in an app whose names send messages (``a_name_says``
    "message" or "sms"); ``framed`` otherwise."""
    told, verb = told_request(framed, options)
    return told if verb == "text" and (a_name_says("message") or a_name_says("sms")) else framed


def told_request(query: str, options: SearchOptions) -> tuple[str, str]:
    """``read_telling`` as the switches of ``options`` say."""
    return read_telling(
        query,
        said=options.told_text,
        labels=options.app_labels,
        framed=options.framed_telling,
        texted=options.texted_things,
    )


def read_telling(
    query: str, *, said: bool = True, labels: bool = True, framed: bool = False, texted: bool = False
) -> tuple[str, str]:
    """``query`` with an opening verb of telling someone ("notify bob ...", "let the team know
    ...") written as the message it sends ("send a message to bob ..."), and the verb; as it
    is, and no verb, otherwise. ``said`` (``told_text``): the words after whom it tells, and the
    app it is told in, are the message ("tell Bob in Slack *the build failed*"). ``labels``
    (``app_labels``): past an app's label before it ("slack: let bob know ..."). ``framed``
    (``framed_telling``): past the frame a request asks with ("*I need to* let bob know ...",
    "*could you* tell the team ..."), as past "please". ``texted`` (``texted_things``): a text
    sent to the caller ("text *me* at +15551234 ...") or a thing texted to someone ("text *the
    stripe receipt for ch_9* to +15551234": "send a text message to +15551234 saying ..."), and the
    caller told where ("ping *me on slack* ...")."""
    words = query.split()
    start = 1 if labels and words[:1] and len(words[0]) > 1 and words[0].endswith(":") else 0
    # (the frame read only where a verb of telling follows it: most requests have none)
    told = framed and any(w.casefold() in _KINDS for w in words[start : start + _LONGEST_FRAME])
    asking = re.match(ASKING_FRAME, " ".join(words[start:]), re.IGNORECASE) if told else None
    if asking is not None and asking.group(0).strip():
        start += len(asking.group(0).split())
    start += 1 if words[start : start + 1] and words[start].casefold() == "please" else 0
    if len(words) < start + 2 or words[start].casefold() not in _KINDS:
        return query, ""  # most requests: another first word
    verb, first = words[start].casefold(), start + 1
    group = _group_end(words, first)
    if group:
        end = group
    elif _is_person(words[first].rstrip(_PUNCTUATION)):
        end = first + 1
    elif words[first].casefold() in _PEOPLE and any(c.isdigit() for c in "".join(words[first + 1 : first + 2])):
        end = first + 2  # "let *user 42* know ...": a person by kind and id
    elif texted and words[first].casefold() == "me" and (verb == "text" or _placed_me(words, first, verb)):
        end = first + 1  # "text *me* at +15551234 ...", "ping *me* on slack ...": no question ("tell me who ...")
    elif texted and verb == "text" and (to := _texted_to(words, first)):
        # "text *the stripe receipt for ch_9* to +15551234 via twilio": whom, then what
        said_words = words[first:to]
        words = [*words[:first], *words[to + 1 :], "saying", *said_words]
        return " ".join([*words[:start], "send", "a", _KINDS[verb], "to", *words[first:]]), verb
    else:
        return query, ""
    opens = None
    if verb in _TAILS:
        # "let the team know", "give bob a heads-up", with where it is told before it ("let
        # the team *in slack #eng* know")
        tail = _TAILS[verb]
        at = end + _place_length(words, end)
        said_tail = tuple(w.casefold().rstrip(_PUNCTUATION) for w in words[at : at + len(tail[0])])
        size = next((len(t) for t in tail if said_tail[: len(t)] == t), 0)
        if not size:
            return query, ""
        words = [*words[:at], *words[at + size :]]
        opens = at if at > end else None
    if said:
        words = _saying(words, end, opens)
    return " ".join([*words[:start], "send", "a", _KINDS[verb], "to", *words[first:]]), verb


_LONGEST_TEXTED = 6  # words of a thing texted before "to" and whom: "text *the stripe receipt for ch_9* to ..."


def _placed_me(words: list[str], first: int, verb: str) -> bool:
    """The caller told where: "ping me *on slack* ..." (never "tell me", which asks)."""
    return verb != "tell" and first + 1 < len(words) and words[first + 1].casefold() in _PLACES


def _texted_to(words: list[str], first: int) -> int:
    """Where "to" stands before whom a thing texted goes ("text the receipt *to* +15551234"), the
    thing no more than ``_LONGEST_TEXTED`` words and no mark among them; 0 where none does."""
    for at in range(first + 1, min(len(words) - 1, first + _LONGEST_TEXTED + 1)):
        if words[at - 1][-1:] in _PUNCTUATION:
            return 0
        if words[at].casefold() == "to" and _is_person(words[at + 1].rstrip(_PUNCTUATION)):
            return at
    return 0


def _group_end(words: list[str], first: int) -> int:
    """Where a group told something ends, opening at ``first`` with an owner's word: "the
    team", "the *on-call* channel", "the *#support* channel", "our *biggest* customers"; 0 where
    none opens there."""
    if words[first].casefold() not in _OWNERS:
        return 0
    for end in range(first + 2, min(len(words), first + 4) + 1):
        if words[end - 1].casefold().rstrip(_PUNCTUATION) in _GROUPS:
            return end
        if words[end - 1][-1:] in _PUNCTUATION:
            return 0
    return 0


def _place_length(words: list[str], at: int) -> int:
    """The number of words, from ``at``, saying where a message is told ("in slack", "on slack
    #eng", "in the #eng channel"): a place word and up to three more, ending before "know"."""
    if words[at : at + 1] == [] or words[at].casefold() not in _PLACES:
        return 0
    for size in range(2, 5):
        if words[at + size : at + size + 1] and words[at + size].casefold().rstrip(_PUNCTUATION) in _TAIL_STARTS:
            return size
    return 0


def _saying(words: list[str], end: int, opens: int | None = None) -> list[str]:
    """``words`` with "saying" before the message that follows whom it tells (ending at
    ``end``) and the app it is told in ("in Slack", "via twilio"), where no word opens
    the message already ("that", "about", "saying", a colon); ``opens``: where the message
    opens, where the place was read already."""
    at = end if opens is None else opens
    if (
        opens is None
        and words[end - 1][-1:] not in _PUNCTUATION
        and words[at : at + 1]
        and words[at].casefold() in _PLACES
    ):
        at += 2 if words[at + 1 : at + 2] and words[at + 1].casefold() not in _OWNERS else 3
        at += 1 if words[at : at + 1] and words[at][:1] == "#" and at + 1 < len(words) else 0  # "in slack *#eng*"
    if at >= len(words) or words[at - 1][-1:] == ":" or words[at].casefold().rstrip(_PUNCTUATION) in _OPENING:
        return words
    # a longer place, its message opened by "that" ("in intercom *conversation 88* that ...")
    if opens is None and any(w.casefold() in _SAID_OPENINGS for w in words[at + 1 : at + 4]):
        return words
    return [*words[:at], "saying", *words[at:]]


# the words a name sending a message says ("chat_post_message", "create_message", "send_email",
# "reply_conversation")
_SENDS = frozenset({"message", "messages", "sms", "chat", "dm", "email", "mail", "text", "notify", "notification"})
_SENDS |= {"reply", "comment", "note"}  # a conversation's, an issue's


def sends_messages(name: str) -> bool:
    """The tool's own name says a message it sends: a request telling someone found a message,
    not an app's other "post" ("let bob know in jira": Jira's ``get_auto_complete_post``)."""
    return not _SENDS.isdisjoint(tokenize(whole_name(name).split("__", 1)[-1]))
