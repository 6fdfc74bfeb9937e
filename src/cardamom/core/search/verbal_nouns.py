"""A request whose action is written as a noun or a gerund (``verbal_nouns``).

A search box invites a noun phrase: "jira issue *creation* for the login bug", "*removal* of bob
from slack channel #eng", "twilio sms *sending* to +15551234567", "*pinning* a message in slack
#general". The names say the verb (``create_issue``, ``conversations_kick``, ``pins_add``), and
the rules reading a request's action read its first word as the verb: "creation" and "pinning"
are neither ("pinning" does not even share an inflection key with "pin"). The request is read
with the verb first, its thing after: "create jira issue for the login bug", "pin a message in
slack #general".

Two shapes, both where no verb, and no question's or state's word, precedes the noun:

- a gerund opening the request before its object ("*tagging* intercom contact 55 as vip"), not
  before a plural ("sharing box links", "pending stripe invoices" read as they are);
- an action's noun after the thing's words, or opening the request before "of": the verb's noun
  ("creation", "removal", "closure", "cancellation") or a gerund ("sending"), then nothing, a
  preposition, a value or a name's word ("called", "named"): "creation *date*" is a field.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Iterable

from cardamom.core.search.api_verbs import API_VERBS, STATE_VERBS
from cardamom.core.search.phrasal_verbs import PHRASAL_VERBS
from cardamom.core.search.synonyms import LEADING_VERBS, action_forms, is_action_word
from cardamom.core.search.tokens import is_plural

# An action's noun and its verb: English's derivations ("-tion", "-al", "-ure", "-ment"), each
# an act and never the thing acted on ("payment", "deployment", "subscription" are things).
ACTION_NOUNS: dict[str, str] = {
    "creation": "create",
    "deletion": "delete",
    "removal": "remove",
    "closure": "close",
    "closing": "close",
    "archival": "archive",
    "cancellation": "cancel",
    "cancelation": "cancel",
    "completion": "complete",
    "assignment": "assign",
    "reassignment": "reassign",
    "invitation": "invite",
    "retrieval": "retrieve",
    "addition": "add",
    "insertion": "insert",
    "modification": "modify",
    "duplication": "duplicate",
    "finalization": "finalize",
    "finalisation": "finalize",
    "approval": "approve",
    "rejection": "reject",
    "suspension": "suspend",
    "activation": "activate",
    "deactivation": "deactivate",
    "restoration": "restore",
    "submission": "submit",
    "publication": "publish",
    "conversion": "convert",
    "verification": "verify",
    "confirmation": "confirm",
    "reversal": "reverse",
    "termination": "terminate",
    "renewal": "renew",
    "replacement": "replace",
    "destruction": "destroy",
    "revocation": "revoke",
    "reactivation": "reactivate",
    "enrollment": "enroll",
    "enrolment": "enroll",
    "transferral": "transfer",
}
# The verbs a gerund may be read as, past the action groups and the API's verbs: the common ones
# a request opens with that no list above holds.
_MORE_VERBS = frozenset(
    {"open", "leave", "issue", "draft", "record", "attach", "watch", "move", "copy", "kick", "spin", "add", "set"}
    | {"invite", "rename", "ban", "block", "unblock", "reset", "assign", "email", "text"}
)
# The words after an action's noun that end the thing it acts on: "removal *of* bob", "creation
# *for* contact Acme", "repository creation *named* api-v2".
_AFTER_NOUN = frozenset(
    {"of", "for", "to", "from", "in", "on", "with", "by", "at", "into", "onto", "via", "using", "as", "named"}
    | {"called", "titled", "until", "under", "about"}
)
# The words a gerund is followed by in its verb's use, before its object or a particle.
_OPENING_OBJECT = frozenset(
    {"a", "an", "the", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these", "those", "some"}
    | {"all", "every", "each", "up", "down", "out", "off", "back", "over", "with", "to", "on", "in", "for", "new"}
)
# the words of a question or a statement of state, before which a gerund is the state's: "is
# droplet 5512 *running*", "how many droplets are *running*"
_ASKING = frozenset(
    {"is", "are", "was", "were", "be", "been", "am", "do", "does", "did", "how", "what", "which", "who", "that"}
    | {"isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "not", "still", "currently"}
)
_LONGEST_THING = 5  # words before an action's noun: "github pull request 12 review *approval*"
_WORD = re.compile(r"\S+")


@functools.cache
def _verbs() -> frozenset[str]:
    return action_forms() | API_VERBS | STATE_VERBS | {verb for verb, _ in PHRASAL_VERBS} | _MORE_VERBS


@functools.cache
def _strong_verbs() -> frozenset[str]:
    """The action groups', the APIs' and the states' verbs: not the common ones ``_MORE_VERBS``
    adds ("issue", "record" and "open" are as often things)."""
    return action_forms() | API_VERBS | STATE_VERBS


def known_verb(word: str) -> bool:
    """``word`` is a verb a request opens with: an action group's, an API's or a state's."""
    return word in _verbs()


def opens_order(word: str) -> bool:
    """``word`` may open an order: an action's word in any of its forms, a verb a request opens
    with (``known_verb``), or one that is a verb only first ("open", "write": ``LEADING_VERBS``)."""
    lowered = word.casefold()
    return is_action_word(lowered) or known_verb(lowered) or lowered in LEADING_VERBS


def order_first(text: str) -> bool:
    """``text`` opens with a word that may open an order (``opens_order``), marks after it aside
    ("archive, ...": "archive")."""
    first = text.split(maxsplit=1)[0].strip(",:;.!?") if text.strip() else ""
    return bool(first) and opens_order(first)


# the asking words before an order ("*please* refund ...", "*could you* close ...")
_ASKING_FIRST = re.compile(r"^\s*(?:(?:please|pls|kindly|just|can\s+you|could\s+you)\s+)*", re.IGNORECASE)


def asked_order(text: str) -> str:
    """``text`` past the asking words opening it ("please", "could you"), where an order opens
    what is left (``order_first``); "" otherwise."""
    asked = _ASKING_FIRST.sub("", text, count=1)
    return asked if order_first(asked) else ""


def act_verb(word: str) -> str | None:
    """The verb a word naming an act says: its noun's ("deletion": "delete"), itself where it is a
    verb a request opens with ("archive"), or its gerund's ("archiving": "archive"); None for any
    other word."""
    return ACTION_NOUNS.get(word) or (word if known_verb(word) else gerund_verb(word))


def gerund_verb(word: str, verbs: Collection[str] | None = None) -> str | None:
    """The verb a gerund writes, where it is a known one (``verbs``; the verbs a request opens
    with by default): "pinning" is "pin", "creating" "create", "adding" "add"; None for any other
    word ("billing", "upcoming", "nothing")."""
    return _verb_before(word, "ing", 5, verbs)


def participle_verb(word: str) -> str | None:
    """The verb a regular past participle writes, where it is a known one: "added" is "add",
    "pinned" "pin", "shared" "share"; None otherwise."""
    return _verb_before(word, "ed", 4, None)


def _verb_before(word: str, ending: str, shortest: int, verbs: Collection[str] | None) -> str | None:
    """The known verb ``word`` writes before ``ending``: its stem, the stem and "e", or the stem's
    last letter undoubled ("pinn-": "pin")."""
    lowered = word.casefold()
    if not lowered.endswith(ending) or len(lowered) < shortest or not lowered.isalpha():
        return None
    stem = lowered[: -len(ending)]
    undoubled = stem[:-1] if len(stem) >= 3 and stem[-1] == stem[-2] else ""
    known = _verbs() if verbs is None else verbs
    return next((v for v in (stem, stem + "e", undoubled) if len(v) >= 2 and v in known), None)


def _is_value(word: str) -> bool:
    return any(c.isdigit() for c in word) or word[:1] in "\"'#@+" or "/" in word


def verb_first(request: str, named: Callable[[str], bool], apps: Iterable[str] = ()) -> str:
    """``request`` with an action written as a noun or a gerund written as its verb, first;
    ``request`` as written where it has none, or a verb before it. ``named``: whether a word is
    written in some tool's name, so a thing's ("twilio *recording* for call CA1", "jira ui
    *modification*"), never an action's after a thing's words; ``apps``: the words of the apps
    it names, which may stand before a gerund's object ("tagging *intercom* contact 55")."""
    words = _WORD.findall(request[:400])
    if len(words) < 2:
        return request
    lowered = [w.casefold().strip(",.;:!?") for w in words]
    verb = gerund_verb(lowered[0])
    if verb is not None:
        return _written(verb, [], words[1:], request) if _gerund_object(lowered, set(apps)) else request
    if lowered[0] in _ASKING:
        return request  # a question: "is droplet 5512 *running*"
    for at, word in enumerate(lowered[: _LONGEST_THING + 1]):
        following = lowered[at + 1] if at + 1 < len(lowered) else ""
        noun_verb = ACTION_NOUNS.get(word) or (gerund_verb(word) if at else None)
        if noun_verb is None or (at and named(word) and (word not in ACTION_NOUNS or following != "of")):
            continue  # a thing the names write: "jira ui *modification*", "twilio *recording*"
        before = [w for w in lowered[:at] if w not in _OPENING_OBJECT]
        if before and (before[0] in _verbs() or gerund_verb(before[0])):
            return request  # a verb opening it: "get the jira issue creation date"
        if any(w in _strong_verbs() for w in before) or not _ASKING.isdisjoint(lowered[:at]):
            return request  # "in stripe, *update* specified charge setting 6186436", "droplets *are* running"
        if following and following not in _AFTER_NOUN and not _is_value(words[at + 1]):
            return request  # a field or a thing's kind: "creation date", "approval rules"
        if not before:
            if following != "of":
                return request  # "creation" alone, "sending to ...": nothing named to act on
            return _written(noun_verb, [], words[at + 2 :], request)
        kept = [w for w, low in zip(words[:at], lowered[:at], strict=True) if low not in _OPENING_OBJECT]
        return _written(noun_verb, kept, words[at + 1 :], request)
    return request


def _gerund_object(lowered: list[str], apps: set[str]) -> bool:
    """The words after a request's opening gerund are its object, as a verb's are: "pinning *a*
    message", "spinning *up* a droplet", "tagging *intercom contact* 55", "tagging *contact*
    55"; not a plural's ("pending stripe *invoices*", "listing xero bank *transactions*")."""
    after = lowered[1]
    if after in _OPENING_OBJECT:
        return True
    if len(lowered) < 3 or is_plural(lowered[2]) or is_plural(after) or _is_value(after) or not after.isalpha():
        return False
    return after in apps or lowered[2] in _AFTER_NOUN or _is_value(lowered[2])


def _written(verb: str, thing: list[str], rest: list[str], request: str) -> str:
    text = " ".join((verb, *thing, *rest))
    return text + request[400:] if len(request) > 400 else text
