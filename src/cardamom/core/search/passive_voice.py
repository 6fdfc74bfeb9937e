"""A request written in the passive, as a note of what must happen: "the stripe charge ch_9
*should be refunded*", "a message *needs to be sent* to #eng on slack", "the asana task 55
*needs to be marked* complete". The thing is the subject and the action its participle; read
in the active ("refund the stripe charge ch_9"), the rules reading a verb first read it. So is
a thing said to need another ("jira issue ENG-5 *needs a comment* saying fixed": "add a comment
to jira issue ENG-5 saying fixed") (``passive_actions``), and a state wished or made sure of
("I want jira issue ENG-5 *to be closed*", "*make sure* droplet 5512 *is powered off*":
``wished_states``), and a thing wanted or had done ("the user wants *the PR 3 merged*", "*have*
asana task 901 *moved* to Done": ``wanted_done``), and a question whether a thing can be done
("*can* stripe charges *be refunded*": ``asked_passives``), and a thing said to end ("the stripe
customer cus_1 *shouldn't exist anymore*", "box file 123 *needs to be in the trash*": deleted; "the
cal.com booking 881 *should not happen*": cancelled; ``ended_things``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.thing_questions import one_thing
from cardamom.core.search.tokens import inflection_key, is_plural, singular, tokenize

# "... should be", "... needs to be", "... has to get", "... must be", "... can be", "... is ready to be"
_PASSIVE = re.compile(
    r"^(?P<subject>[^.;:!?]{3,}?)\s+(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|ought\s+to|(?:is|are)\s+to"
    r"|(?:is|are)\s+going\s+to|(?:will\s+)?need\s+to|wants?\s+to|can|could|may|(?:is|are)\s+ready\s+to)"
    r"\s+(?:be|get)\s+(?P<participle>[A-Za-z]+)\b(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# "... needs a comment", "... needs another reviewer"
_NEEDS = re.compile(
    r"^(?P<subject>[^.;:!?]{3,}?)\s+needs?\s+(?P<article>a|an|another|one|some)\s+(?P<noun>[A-Za-z]+)\b(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a state wished or made sure of (``wished_states``): "I want jira issue ENG-5 *to be closed*",
# "*make sure* droplet 5512 *is powered* off"
_WISHED = re.compile(
    r"^\s*(?:(?:i|we)\s+)?(?:want|need|would\s+like|(?:i|we)'d\s+like|expect)\s+(?P<subject>(?:[^.;:!?]|\.(?=\w)){3,}?)"
    r"\s+to\s+(?:be|get)\s+(?P<participle>[A-Za-z]+)\b(?P<rest>.*)$"
    # (a dot inside a word is no sentence's end: "make sure *cal.com* booking 55 is cancelled")
    r"|^\s*(?:make\s+(?:sure|certain)|ensure|see\s+to\s+it)\s+(?:that\s+)?(?P<made>(?:[^.;:!?]|\.(?=\w)){3,}?)"
    r"\s+(?:is|are|gets?)\s+"
    r"(?P<state>[A-Za-z]+)\b(?P<after>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a thing wanted or had done (``wanted_done``): "I need *droplet 77 rebooted*", "the user wants
# *their subscription sub_4 cancelled*", "*get* the PR 3 *merged*"; the participle last, or before
# where the thing goes ("moved *to the Done section*", "assigned *to her*"), never a time or an
# agent ("the invoices sent *last month*", "issues created *by bob*": a list's filters)
_HAD = re.compile(
    r"^\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    r"(?:(?:(?:i|we|the\s+user|they|he|she)\s+)?(?:wants?|needs?|would\s+like)|(?:i|we)(?:'|\u2019)d\s+like"
    r"|(?:please\s+)?(?:get|have))\s+(?!to\b)(?P<subject>(?:[^.;:!?]|\.(?=\w)){3,100}?)\s+(?P<participle>[A-Za-z]{3,})\b"
    r"(?P<rest>(?:\s+(?:to|into|onto|from|on|in|at|as|with|via|for|off|out|back|up|over)\b(?:[^.;!?]|\.(?=\w))*"
    r"|\s+(?:complete|completed|done|resolved|closed|open|read|unread|private|public|active|inactive))?)\s*[.!?]?$",
    re.IGNORECASE | re.DOTALL,
)
# a question whether a thing can be done (``asked_passives``): "*can* a jira issue *be* deleted",
# "*is it possible for* a slack message *to be* pinned", "*are* notion pages *able to be* archived"
_ASKED = re.compile(
    r"^\s*(?:(?:can|could|may|will|would)\s+(?P<subject>[^.;:!?]{3,100}?)\s+be"
    r"|is\s+(?:it\s+possible|there\s+a\s+way)\s+for\s+(?P<possible>[^.;:!?]{3,100}?)\s+to\s+be"
    r"|(?:is|are)\s+(?P<able>[^.;:!?]{3,100}?)\s+able\s+to\s+be)\s+(?P<participle>[A-Za-z]{3,})\b(?P<rest>[^?]*)\??\s*$",
    re.IGNORECASE | re.DOTALL,
)
_ASKED_LONGEST = 300  # characters: a question of one thing
# a thing said to end (``ended_things``): to be gone ("... shouldn't exist anymore", "... needs to be
# in the trash", "... should go away") or not to take place ("... should not happen", "... is off")
_ENDED = re.compile(
    r"^\s*(?P<subject>(?:[^.;:!?]|\.(?=\w)){3,100}?)\s+(?:(?P<gone>(?:should|must|need|needs)(?:n't|n\u2019t|\s+not)\s+(?:to\s+)?"
    r"exist(?:\s+any\s*more)?|(?:should|must|needs?\s+to|has\s+to|have\s+to|ought\s+to)\s+(?:be\s+(?:gone|in\s+the"
    r"\s+(?:trash|bin|recycle\s+bin))|go(?:\s+away)?|disappear))|(?P<off>(?:should|must)(?:n't|n\u2019t|\s+not)\s+"
    r"(?:happen|take\s+place|go\s+ahead)|(?:is|are)\s+(?:off|called\s+off|cancelled|canceled)\s+now))"
    r"(?P<rest>[^.;!?]*)[.!?]?\s*$",
    re.IGNORECASE | re.DOTALL,
)

# the words of a time, which make a participle a list's filter ("paid *in december*")
_TIMES = frozenset(
    {"yesterday", "today", "tomorrow", "day", "days", "week", "weeks", "month", "months", "year", "years", "hour"}
    | {"hours", "ago", "since", "last", "recently", "monday", "tuesday", "wednesday", "thursday", "friday"}
    | {"saturday", "sunday", "january", "february", "march", "april", "june", "july", "august", "september"}
    | {"october", "november", "december"}
)
# several things had done are things listed ("I need *all the tasks assigned* to me")
_SEVERAL = frozenset({"all", "every", "each", "any", "some", "these", "those", "them"})
# a subject that names no thing: "I need to be added to ...", "it should be possible to ..."
_PRONOUNS = frozenset({"i", "we", "you", "it", "this", "that", "they", "he", "she", "someone", "everyone", "one"})
_CLAUSES = frozenset({"that", "which", "who", "whose", "where", "when", "if"})
# participles whose verb no inflection of theirs spells
_IRREGULAR = {"sent": "send", "paid": "pay", "made": "make", "written": "write", "given": "give", "shown": "show"}
_IRREGULAR |= {"taken": "take", "built": "build", "bought": "buy", "sold": "sell", "told": "tell", "held": "hold"}
_IRREGULAR |= {"put": "put", "set": "set", "run": "run", "cut": "cut", "shut": "shut", "split": "split"}


def active_voice(request: str, verb_of: Callable[[str], str | None], *, wished: bool = False) -> str:
    """``request`` in the active where the passive or a need writes it (``_PASSIVE``,
    ``_NEEDS``), and (``wished``) a state wished or made sure of (``_WISHED``); ``verb_of``: the
    verb a participle is a form of, as the index's names write it ("refunded": "refund"), or
    None; ``request`` as written otherwise."""
    if len(request) > 2000:
        return request
    passive = _PASSIVE.match(request.strip()) or (_WISHED.match(request.strip()) if wished else None)
    if passive is not None:
        made = passive.group("subject") is None  # "make sure <subject> is <state>"
        subject, participle, rest = passive.group(
            *(("made", "state", "after") if made else ("subject", "participle", "rest"))
        )
        return _active(request, subject, participle, rest, verb_of, stem=passive.re is _WISHED)
    needs = _NEEDS.match(request.strip())
    if needs is not None and _names_a_thing(needs.group("subject")):
        return f"add {needs.group('article')} {needs.group('noun')} to {needs.group('subject')}{needs.group('rest')}"
    return request


def ended_state(request: str) -> str:
    """``request`` saying a thing it names by its id is to be gone, read as its deletion ("the
    stripe customer cus_1 shouldn't exist anymore": "delete the stripe customer cus_1"), or not to
    take place, as its cancellation; ``request`` as written otherwise."""
    if len(request) > _ASKED_LONGEST:
        return request
    ended = _ENDED.match(request)
    if ended is None or one_thing(ended.group("subject")) is None:
        return request
    return f"{'delete' if ended.group('gone') else 'cancel'} {ended.group('subject').strip()}{ended.group('rest')}"


def wanted_done(request: str, verb_of: Callable[[str], str | None]) -> str:
    """``request`` wanting one thing done, its participle after it (``_HAD``: "the user wants the
    PR 3 merged"), in the active ("merge the PR 3"); ``request`` as written otherwise, and where
    the things are several or the participle a time's or a list's ("tasks assigned to me")."""
    if len(request) > 2000:
        return request
    had = _HAD.match(request.strip())
    if had is None:
        return request
    subject, participle, rest = had.group("subject", "participle", "rest")
    words = tokenize(subject)
    if words[-2:] in (["to", "be"], ["to", "get"]):
        return request  # "we need the charge ch_1 to be refunded": a state wished (``wished_states``)
    if words[:2] == ["rid", "of"]:
        return request  # "get rid of the screenshot *attached* in asana": the idiom deletes, nothing is attached
    plural = any(is_plural(w) and w.isalpha() for w in words[-1:]) or not _SEVERAL.isdisjoint(words)
    if plural or not _TIMES.isdisjoint(tokenize(rest)) or not participle.casefold().endswith(("ed", "en", "t")):
        return request
    return _active(request, subject, participle, rest, verb_of, stem=True)


def _active(
    request: str, subject: str, participle: str, rest: str, verb_of: Callable[[str], str | None], *, stem: bool
) -> str:
    """ "<verb> <subject><rest>", the verb the participle is a form of; ``request`` where it is
    none. ``stem``: a regular participle no name writes is its stem ("powered": "power")."""
    if not _names_a_thing(subject):
        return request
    lowered = participle.casefold()
    verb = _IRREGULAR.get(lowered) or (verb_of(lowered) if lowered.endswith(("ed", "en")) else None)
    if verb is None and stem and lowered.endswith("ed") and len(lowered) > 5:
        verb = lowered[:-2]
    return request if verb is None else f"{verb} {subject}{rest}"


def _names_a_thing(subject: str) -> bool:
    """``subject`` names the thing acted on: no pronoun ("it should be possible to ..."), no
    action first and no clause ("list stripe disputes *that* need a response" asks a list)."""
    words = tokenize(subject)
    return (
        subject.casefold() not in _PRONOUNS
        and bool(words)
        and not is_action_word(words[0])
        and _CLAUSES.isdisjoint(words)
    )


def verb_in_names(index: SearchIndex, participle: str) -> str | None:
    """The shortest form of ``participle`` the index's names write, other than itself and no
    plural ("refunded": ``refund``), or None."""
    forms = [f for f in index.name_forms.get(inflection_key(participle), ()) if f != participle and not is_plural(f)]
    return min(forms, key=lambda f: (len(f), f)) if forms else None


def passive_question(request: str) -> str:
    """``request`` asking whether a thing can be done written as a note that it can
    ("can stripe charges be refunded": "stripe charges can be refunded"), which ``active_voice``
    reads in the active; ``request`` as written otherwise ("can you be quick" names no thing)."""
    asked = _ASKED.match(request) if len(request) <= _ASKED_LONGEST else None
    if asked is None:
        return request
    subject = asked["subject"] or asked["possible"] or asked["able"]
    if subject.split()[0].casefold() in _PRONOUNS:
        return request  # "can you be ...", "can it be ..."
    # a kind in the plural asks of any one thing of it: "can droplets be resized" is "can a droplet ..."
    *before, last = subject.split()
    if is_plural(last.casefold()) and not {w.casefold() for w in before} & _SEVERAL:
        subject = " ".join([*before, singular(last)])
    return f"{subject} can be {asked['participle']}{asked['rest'].rstrip()}"
