"""Why a request is made, or when: "refund stripe charge ch_3 *because the customer complained*",
"post in slack #eng *so the team knows*", "*To notify the team,* send a slack message to #ops",
"*If jira issue ENG-5 is resolved,* close github PR 12". A reason, a purpose or a condition says
why or when the caller acts, no word of the tool it acts with; read as words of the request its
verbs and nouns ("knows", "complained", "resolved") take mass no name of the app carries, and
the request finds nothing (``reason_clauses``).

A clause after the request goes where a word opens it that always opens one ("because", "so that",
"in order to", "as discussed", "but only", "before" or "after" and a verb's "-ing": "*after
exporting* its history") or where "since", "so", "if" or "unless" open one with its subject ("*since
it* was fixed", "*so the team* knows", "*only if it's* off"; "since May" and "since 2023" are a time
a filter takes, and "check *if* ..." says what is checked); so does an urging at its end ("asap",
"right now"). A clause before it goes where no subject opens the request after its comma, and so do
what was done before ("..., *now* assign it"), what not to do ("*don't notify anyone, just* ...")
and signing in ("*log into xero and* ..."). Inside quotes a clause is a value's words ('create a
jira bug titled "fails because of cache"') and stays. A condition opened by "unless", "in case",
"provided" or an inverted "should" goes before an order too, and the one thing a condition names by
its id is the order's where the order names none (``conditional_things``).
"""

from __future__ import annotations

import re

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.request_clauses import FIRSTLY
from cardamom.core.search.request_parts import with_apps
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.thing_questions import one_thing, with_thing
from cardamom.core.search.tokens import inflection_key, is_plural, tokenize
from cardamom.core.search.verbal_nouns import order_first

_SUBJECTS = r"(?:it|they|we|he|she|i|you|this|that|these|those|there|everyone|everybody|nobody|someone|people)"
_OWNED = r"(?:the|our|my|their|his|her|its|your)\s+[a-z]+"
# a clause after the request, to the request's end
_AFTER = re.compile(
    r"\s*[,;\u2013\u2014-]?\s+(?:"
    r"because|cause|cuz|since\s+" + _SUBJECTS + r"|since\s+" + _OWNED + r"(?:[\s.-]+[a-z]+){0,3}\s+"
    r"(?:[a-z]+ed|was|were|is|are|has|have|had|got|did)|so\s+that|so\s+(?:" + _SUBJECTS + "|" + _OWNED + r")\s+[a-z']+"
    r"|in\s+order\s+(?:to|that)|so\s+as\s+to|to\s+make\s+sure|to\s+ensure|now\s+that|given\s+that"
    # a purpose no destination says ("delete it *to save costs*", "*to free up* budget")
    r"|to\s+(?:save|free\s+up|cut|reduce|lower|avoid|prevent|keep\s+(?:things|it|them|the)|make\s+room|clean\s+up)"
    # ... or what to learn from it ("get jira issue ENG-5 *to see its status*")
    # (not the wish's own: "I'd like *to know which* ...", "the user wants *to see* ...")
    r"|(?<!like )(?<!want )(?<!wants )(?<!need )(?<!needs )(?<!wish )(?<!love )(?<!trying )(?<!going )"
    r"(?<!asked )(?<!asking )(?<!able )(?<!have )(?<!has )(?<!me )(?<!us )(?<!how )"
    r"to\s+(?:see|check|find\s+out|know|learn|understand|verify|figure\s+out)\s+"
    r"(?:its|their|his|her|the|if|whether|what|which|who|when|how|why)"
    r"|due\s+to\s+(?:the|a|an|our|my|their|some)|as\s+(?:per|discussed|requested|agreed|promised|asked|planned|mentioned)"
    r"|if\s+(?:possible|you\s+can|that'?s\s+ok(?:ay)?)|when(?:ever)?\s+(?:you\s+(?:can|get\s+a\s+chance)|possible)"
    # ... or what goes before or after it ("archive #old *after exporting its history*"; what is
    # left undone, "without merging", is ``negated_words``)
    r"|(?:before|after)\s+[a-z]{2,}ing\b"
    # ... or the time a condition sets ("mark the task complete *once all subtasks are done*")
    r"|once\s+(?:(?:all|every|each)\s+(?:the\s+|its\s+|their\s+)?[a-z]+\s+(?:are|is|have|has|get|gets)\b|"
    + _SUBJECTS
    + r"\s|"
    + _OWNED
    + r"\s)"
    r"|(?:only\s+)?(?:if|unless)\s+(?:"
    + _SUBJECTS
    + "|"
    + _OWNED
    + r")|but\s+only|(?:just|only)\s+(?:those|the\s+ones)"
    r")\b.*$",
    re.IGNORECASE | re.DOTALL,
)
# when, as urged at the request's end: "delete droplet 5512 *now*", "*asap*", "*right away*"
_URGING = re.compile(
    r"[\s,;\u2013\u2014-]+(?:right\s+)?(?:now|asap|a\.s\.a\.p\.?|immediately|quickly|urgently|(?:real\s+)?quick"
    r"|right\s+away|straight\s+away|at\s+once|for\s+me|thanks|thank\s+you|thx|pls|plz|please)[\s.!?]*$",
    re.IGNORECASE,
)
# a clause before the request, to its comma: "Because ..., ", "To notify the team, ", "If ..., then " (a dot
# inside a word no sentence's end: "once *cal.com* booking 55 is over, ...")
_BEFORE = re.compile(
    r"^\s*(?:because|since|as|so(?:\s+that)?|in\s+order\s+to|so\s+as\s+to|to|if|when|whenever|once|after|before"
    r"|as\s+soon\s+as|given\s+that|now\s+that|due\s+to)\b(?:[^,;.!?\"\u201c\u201d]|\.(?=\w)){3,80}[,;]\s*(?:then\s+)?"
    r"(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# a condition no other opener says: "*unless someone objects,* archive ...", "*should twilio message
# SM123 fail,* send ...", "*in case* ...", "*provided* ..." (``conditional_things``: an action follows)
_CONDITION = re.compile(
    r"^\s*(?:unless|in\s+case|provided(?:\s+that)?|assuming(?:\s+that)?|should)\b(?:[^,;.!?\"\u201c\u201d]|\.(?=\w)){3,80}"
    r"[,;]\s*"
    r"(?:then\s+)?(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# a condition's opener, whose clause may name the thing the request acts on
_CONDITIONAL = frozenset({"if", "when", "whenever", "once", "unless", "in", "provided", "assuming", "should", "as"})
# a clause's subject, which opens no request: "If the build fails, *the* team ..."
_SUBJECT_WORDS = frozenset({"the", "a", "an", "it", "we", "i", "you", "they", "he", "she", "this", "that", "there"})
# what was done, then the request: "I created jira issue ENG-9, *now* assign it to bob"
_THEN = re.compile(
    r"^[^.;:!?\"\u201c\u201d]{8,120}?,\s*(?:and\s+)?(?:now|then|next)\s+(?P<rest>.+)$", re.IGNORECASE | re.DOTALL
)


def _asks(clause: str) -> bool:
    """The clause asks for an action itself: an action opens it ("*first* list my repos, then
    ..."), where a clause saying what was done opens with its subject ("I created ...")."""
    words = [w for w in tokenize(clause[:60]) if w not in FIRSTLY and w != "please"]
    return bool(words) and is_action_word(words[0])


# what not to do, then the request: "*don't notify anyone, just* archive ...", "*do not merge it, only* approve ..."
_NOT_THAT = re.compile(
    r"^\s*(?:please\s+)?(?:don'?t|don\u2019t|do\s+not|never|no\s+need\s+to)\s+[^,;.!?]{2,60}[,;]\s*"
    r"(?:(?:just|only|instead|but|rather)\s+)*(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
# signing in first: "*log into xero and* list invoices" (the app it names stays the request's place)
_SIGNED_IN = re.compile(
    r"^\s*(?:first\s+)?(?:log|sign)\s+(?:in\s+to|into|onto|on\s+to|in(?:\s+(?:at|on))?)\s+[^,;.!?]{2,40}?"
    r"(?:\s*,\s*|\s+)(?:(?:and|then)\s+)+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_URGING_TAIL = 40  # characters
# a remark in parentheses at the request's end, no call's arguments: "... *(full amount)*"
_ASIDE = re.compile(r"\s*\((?:[^()=:'\"]{1,40})\)\s*[.!?]*\s*$")
# the app's place at the request's end: "... asap *in DigitalOcean*"
_PLACE_LAST = re.compile(r"\s+(?:in|on)\s+(?P<app>[\w.]+(?:\s+[\w.]+)?)\s*$", re.IGNORECASE)
# a quote mark, never an apostrophe ("don't"): inside quotes a clause is a value's words
QUOTE_MARKS = re.compile(r"[\"\u201c\u201d\u2018\u2019]|(?<![A-Za-z])'|'(?![A-Za-z])")
_LEAST = 2  # words a request keeps: "refund ch_3 because ..." is no request after its cut


def without_reasons(request: str, mentions: tuple[AppMention, ...] = (), *, conditions: bool = False) -> str:
    """``request`` without the clause saying why or when it is made, before it (where no
    subject opens what follows the clause's comma) or after it, and without the urging at its
    end ("now", "asap"); ``request`` where no such clause is outside quotes. Where what is left
    names none of the connected apps of ``mentions`` (the whole request's), those are its place
    ("I created jira issue ENG-9, now assign it to bob"). ``conditions`` (``conditional_things``):
    a condition opened by "unless", "in case", "provided" or an inverted "should" goes too, where an
    order follows it, and a condition's one thing named by its id is the order's where the order
    names none ("if github issue 9 has no assignee, assign alice": "assign alice to issue 9")."""
    if len(request) > 2000:
        return request  # a reason is a request's own words, never pasted text
    place = _PLACE_LAST.search(request)
    if place is not None and any(m.connected and _names(m, place.group("app")) for m in mentions):
        # the place an app's label was written as ("DigitalOcean: reboot droplet 5512 asap" is
        # "reboot droplet 5512 asap in DigitalOcean"): the urging is before it
        kept = _without_reasons(request[: place.start()], conditions)
        return f"{kept}{place.group(0)}" if kept != request[: place.start()] else request
    kept = _without_reasons(request, conditions)
    said = set(tokenize(kept))
    if kept == request or any(m.connected and said.issuperset(m.words) for m in mentions):
        return kept
    return with_apps(kept, mentions)


def _names(mention: AppMention, written: str) -> bool:
    """``written`` is ``mention``'s app as a request writes it ("DigitalOcean", "digital ocean")."""
    return "".join(tokenize(written)) == "".join(mention.words)


def _without_reasons(request: str, conditions: bool = False) -> str:
    then = _THEN.match(request)
    if then is not None and _asks(request[: then.start("rest")]):
        then = None  # "list my github repos, then star acme/api": two steps, the first asked first
    before = _BEFORE.match(request) or then or _SIGNED_IN.match(request) or _NOT_THAT.match(request)
    if before is None and conditions:
        before = _CONDITION.match(request)
        if before is not None and not order_first(before.group("rest")):
            before = None  # "should I archive it, or not?": no condition, a question
    if before is not None:
        rest = before.group("rest")
        first = next(iter(tokenize(rest[:40])), "")
        # an action opens the request, or a word that is no subject ("*log* a note on ...")
        if first and first not in _SUBJECT_WORDS and len(tokenize(rest)) >= _LEAST:
            clause = request[: before.start("rest")]
            opener = next(iter(tokenize(clause[:20])), "")
            request = _on_its_thing(rest, clause) if conditions and opener in _CONDITIONAL else rest
    aside = _ASIDE.search(request)
    if aside is not None and len(tokenize(request[: aside.start()])) >= _LEAST:
        request = request[: aside.start()]  # "refund ch_3Nabc *(full amount)*"
    tail = max(0, len(request) - _URGING_TAIL)  # an urging is the request's last words
    urged = _URGING.search(request, tail)
    if urged is not None and len(tokenize(request[: urged.start()])) >= _LEAST:
        request = request[: urged.start()]
    after = _AFTER.search(request)
    if after is not None and _asks_whether(request[: after.start()], after.group(0)):
        after = None  # "check *if* my numbers are valid": what is checked, no condition
    if after is not None and _outside_quotes(request[: after.start()]):
        kept = request[: after.start()]
        if re.match(r"\s*,?\s*(?:only\s+)?(?:if|unless)\b", after.group(0), re.IGNORECASE):
            kept = re.sub(r"^(\s*)(?:only|just)\s+", r"\1", kept, flags=re.IGNORECASE)  # "*only* close ENG-5 if ..."
        if len(tokenize(kept)) >= _LEAST:
            return kept
    return request


def _on_its_thing(request: str, condition: str) -> str:
    """``request`` on the one thing its ``condition`` names by its id where the request names
    none: its "it" or "them" that thing ("if jira issue ENG-4 is open, close *it*"), or the thing
    after its words ("if github issue 9 has no assignee, assign alice *to issue 9*")."""
    if one_thing(request) is not None:
        return request
    named = with_thing(request, f"{condition} {request}")
    if named != request:
        return named
    thing = one_thing(condition)
    if thing is None:
        return request
    kind = inflection_key(thing.split()[0])
    words = tokenize(request)
    if any(is_plural(w) or inflection_key(w) == kind for w in words):
        return request  # things of their own: "in case payout po_7 failed, list stripe *payouts*"
    return f"{request.rstrip(' .!?')} to {thing}"


_CHECKING = frozenset({"check", "see", "verify", "out", "ask", "know", "determine", "confirm", "test", "me", "wonder"})
_CHECKING |= {"wondering", "tell", "whether", "find", "learn", "asking", "checking", "verifying"}


def _asks_whether(before: str, clause: str) -> bool:
    """``clause`` opens with "if" after a verb of checking ("check *if* ...", "find out *if* ...")."""
    opener = next(iter(tokenize(clause[:20])), "")
    last = tokenize(before[-40:])[-1:]
    return opener in {"if", "only", "unless"} and bool(last) and last[0] in _CHECKING


def _outside_quotes(text: str) -> bool:
    """The end of ``text`` is outside quotes: its quote marks pair (an apostrophe inside a word,
    "customer's", is none)."""
    return len(QUOTE_MARKS.findall(text)) % 2 == 0
