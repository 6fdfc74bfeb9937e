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

from cardamom.core.search.person_names import names_a_person

# Verbs of telling a person something, each with the kind of message it sends ("let" with a
# "know" after whom it tells).
_KINDS = {"notify": "message", "ping": "message", "tell": "message", "message": "message", "alert": "message"}
_KINDS |= {"text": "text message", "let": "message"}
# Of them, the verbs some app's tools name for themselves (Jira's ``notify``, GitHub's
# ``repos_ping_webhook``): read as a message sent only where the request as written finds nothing.
WRITTEN_FIRST = frozenset({"notify", "ping", "alert"})
# Whom a message goes to, beside a person's name: a group's word after an owner's ("the team",
# "our customers"), or a pronoun ("me" asks: "tell me who ...").
_GROUPS = frozenset({"team", "channel", "group", "customer", "customers", "client", "clients", "assignee", "owner"})
_OWNERS = frozenset({"the", "my", "our", "their", "his", "her"})
_PRONOUNS = frozenset({"everyone", "everybody", "him", "her", "them", "us"})
_PUNCTUATION = ",.:;!?"
# where a message is told ("tell bob *in slack* ..."), and the words opening what it says
_PLACES = frozenset({"in", "on", "via", "through", "over", "using"})
_OPENING = frozenset({"that", "about", "saying", "with", "to", "when", "if", "re", "regarding", "and"})


def _is_person(word: str) -> bool:
    """One word naming whom a message goes to: a person (``person_names.names_a_person``: a
    given name, an @mention, an e-mail address), a #channel, a phone number or a pronoun. A
    capitalised word is not enough: it may be an app's name ("notify Slack users")."""
    return names_a_person(word) or (word[:1] in "#+" and len(word) > 1) or word.casefold() in _PRONOUNS


def read_telling(query: str, *, said: bool = True) -> tuple[str, str]:
    """``query`` with an opening verb of telling someone ("notify bob ...", "let the team know
    ...") written as the message it sends ("send a message to bob ..."), and the verb; as it
    is, and no verb, otherwise. ``said`` (``told_text``): the words after whom it tells, and the
    app it is told in, are the message ("tell Bob in Slack *the build failed*")."""
    words = query.split()
    start = 1 if words[:1] and words[0].casefold() == "please" else 0
    if len(words) < start + 2 or words[start].casefold() not in _KINDS:
        return query, ""  # most requests: another first word
    verb, first = words[start].casefold(), start + 1
    if (
        words[first].casefold() in _OWNERS
        and words[first + 1 : first + 2]
        and words[first + 1].casefold().rstrip(_PUNCTUATION) in _GROUPS
    ):
        end = first + 2
    elif _is_person(words[first].rstrip(_PUNCTUATION)):
        end = first + 1
    else:
        return query, ""
    if verb == "let":
        if words[end : end + 1] == [] or words[end].casefold().rstrip(_PUNCTUATION) != "know":
            return query, ""
        words = [*words[:end], *words[end + 1 :]]
    if said:
        words = _saying(words, end)
    return " ".join([*words[:start], "send", "a", _KINDS[verb], "to", *words[first:]]), verb


def _saying(words: list[str], end: int) -> list[str]:
    """``words`` with "saying" before the message that follows whom it tells (ending at
    ``end``) and the app it is told in ("in Slack", "via twilio"), where no word opens
    the message already ("that", "about", "saying", a colon)."""
    at = end
    if words[end - 1][-1:] not in _PUNCTUATION and words[at : at + 1] and words[at].casefold() in _PLACES:
        at += 2 if words[at + 1 : at + 2] and words[at + 1].casefold() not in _OWNERS else 3
    if at >= len(words) or words[at - 1][-1:] == ":" or words[at].casefold().rstrip(_PUNCTUATION) in _OPENING:
        return words
    return [*words[:at], "saying", *words[at:]]
