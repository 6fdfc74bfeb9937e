"""A request written in labelled parts, as an agent plans: "Context: our on-call rotation is in
slack. *Task:* post a reminder in #oncall", "Goal: ...", "Step 1: get the jira issue ENG-9.
Step 2: ...". The task's part is the request; the context's words (an app's name aside) name
no tool. So is the part after a context's "so" ("we just closed a deal with Acme, *so* create
a customer in stripe"), where an action opens it (``labelled_parts``), and the sentence an action
opens after sentences that state ("Our GitHub repo is acme/api. *List its open pull requests.*":
``context_sentences``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.slang_verbs import slang_verb
from cardamom.core.search.synonyms import LEADING_VERBS, is_action_word
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verbal_nouns import known_verb

# a part's label, at the request's start or a sentence's ("search notion *query:* roadmap" is a field's)
_LABELS = r"context|background|notes?|goal|task|request|action|ask|objective|intent|query|todo|step\s*\d+"
_LABELS += r"|q|question|re|subject|prompt|instructions?|command"  # "*Q:* how many ...", "*re:* jira ENG-5 ..."
_LABEL = re.compile(rf"(?:^|(?<=[.;!?\n,]))\s*(?P<label>{_LABELS})\s*:\s*", re.IGNORECASE)
# the marks past a colon a label, or an app's name labelling a request, may end with (``app_labels``):
# an arrow or a dash ("*Task ->* list ...", "*goal -* create ...", "*Xero \u2192* list contacts")
LABEL_MARKS = r"->|=>|>>|\u2192|\u2014|\u2013|--?|\||/"
# ... and a need's label ("*need:* jira issue ENG-5 details"; "*re-run*" is a word, no "re" marked)
_MARKED_LABEL = re.compile(
    rf"(?:^|(?<=[.;!?\n,]))\s*(?P<label>{_LABELS}|needs?)(?![-/]\w)\s*(?::|{LABEL_MARKS})\s*", re.IGNORECASE
)
_TASKS = frozenset(
    {"goal", "task", "request", "action", "ask", "objective", "intent", "query", "todo", "need", "needs"}
    | {"q", "question", "prompt", "instruction", "instructions", "command", "re", "subject"}
)
# "..., so create a customer in stripe": the context before, the request after
_SO = re.compile(r"^[^.;:!?]{8,}?,\s*so\s+(?:please\s+)?(?P<rest>(?P<first>[A-Za-z]+)\b.*)$", re.IGNORECASE | re.DOTALL)
# a sentence's end: its mark, then a space ("cal.com", "report.pdf" and "v1.2" go on)
# (never the stop of an abbreviation that goes on: "properties in twilio, *e.g.* mute them")
_ABBREVIATED = r"(?<![eE]\.[gG]\.)(?<![iI]\.[eE]\.)"
_SENTENCE_END = re.compile(rf"(?<=[.!?]){_ABBREVIATED}\s+")
# words before a sentence's action that leave it an action ("*Please* list ...", "*Now* create ...")
# (and a step's place: "*step 2:* reboot it", "*second,* create a project", "*finally* ...")
_OPENERS = re.compile(
    r"^(?:(?:please|now|then|so|and|ok|okay|kindly|first(?:ly)?|second(?:ly)?|third(?:ly)?|next|finally|lastly)\b"
    r"[\s,:]*|step\s+\d\s*[:.)\-]?\s+)*",
    re.IGNORECASE,
)
# a statement to its comma (its verb a copula or a state's: "has", "clashes") and a request on "it": "X
# is no longer needed, delete it"
_STATEMENT = (
    r"^(?P<stated>(?:[^,;.!?:\"]|\.(?=\w)){6,100}?\b(?:is|are|was|were|looks|seems|appears|has|have|had|needs|lacks|keeps"
    r"|clashes|conflicts|overlaps|fails|failed|broke|isn't|aren't|doesn't|won't|can't)\b(?:[^,;.!?:\"]|\.(?=\w))*)"
)
_ON_IT = r"(?P<rest>[^,;]*\b(?:it|them)\b.*)$"
_STATED_THEN_IT = re.compile(rf"{_STATEMENT},\s*{_ON_IT}", re.IGNORECASE | re.DOTALL)
# ... or to its dash (``stated_orders``): "droplet 77 is unresponsive *-* bounce it"
_STATED_THEN_IT_DASHED = re.compile(rf"{_STATEMENT}(?:,|\s+[-\u2013\u2014]+)\s*{_ON_IT}", re.IGNORECASE | re.DOTALL)
_STATED = 3  # at most this many sentences state the context before the one that asks
_STATING_WORDS = 12  # "Our GitHub repo is acme/api.": a context is short
# words of asking: a sentence with one asks for something itself ("I *need* the invoices.", "we're
# *planning to* host ..."; "our *planning*" is a thing)
_ASKING = re.compile(
    r"\b(?:needs?|wants?|like|please|can|could|would|help|wish|should|must)\b"
    r"|\b(?:trying|looking|planning|hoping|going)\s+(?:to|for)\b|\binterested\s+in\b",
    re.IGNORECASE,
)


def task_part(
    request: str,
    *,
    labels: bool = True,
    sentences: bool = False,
    steps: bool = False,
    marks: bool = False,
    commas: bool = False,
    acts: Callable[[str], bool] | None = None,
    joined: bool = False,
    long: bool = False,
    complaints: bool = False,
    stating: bool = False,
    orders: bool = False,
) -> str:
    """The part of ``request`` that asks: its task's, goal's or first step's part where it is
        written in labelled parts, the words after a context's "so" where an action opens them;
        ``sentences``: its last sentence, where an action opens it after up to three that state a
        context (``acts``: a word that opens some tool's name acts too, "*reply* to conversation
        55"); ``steps`` (``listed_steps``): its first step, where it lists numbered steps or two to
        four sentences or clauses an action each opens ("create a jira issue; assign it to me");
        ``marks`` (``app_labels``): a label may end with an arrow or a dash ("Task -> ...");
        ``commas`` (``stated_commas``): a statement may end at a comma, where "it" follows ("X is
        no longer needed, delete it"); ``joined`` (``second_actions``): a second step may be joined by
        "and" or "then", on what the first names ("... and email it to bob"); ``long`` (``long_contexts``): a
        context's sentence may be twice as long, and a word that is a verb only first ("*Open* a jira
        issue for it") opens the sentence that asks; ``complaints`` (``complaint_questions``): a context may
    be a complaint asked as why ("why is slack channel C0123 still around? *archive it*"); ``stating``
    (``stating_parts``): a part stating of a thing is no step ("droplet 77 is no longer needed. delete
    it"); ``orders`` (``stated_orders``): a statement may end at a dash too, and any verb a request
    opens with opens the order on "it" after it ("ENG-4 is fixed, *mark* it done"); ``request`` otherwise."""
    if len(request) > 2000:
        return request
    part = _labelled_part(request, _MARKED_LABEL if marks else _LABEL) if labels else request
    if steps and part == request:
        part = _first_step(request, acts, joined=joined, stating=stating) or request
    if sentences and part == request:
        read = _after_statements(request, acts, commas=commas, long=long, complaints=complaints, orders=orders)
        return read or request
    return part


# "1) get jira issue ENG-5 2) post its summary ...", "1. ... 2. ...": the first step's words
_NUMBERED = re.compile(r"^\s*\(?1[.)]\s+(?P<first>.+?)\s+\(?2[.)]\s+\S", re.DOTALL)
_STEP_END = re.compile(rf"\s*;\s+|(?<=[.!?]){_ABBREVIATED}\s+")
_MOST_STEPS = 4
# a second step joined by "and" or "then", on what the first names ("... and email *it* to bob",
# "... and check *its* status", "... then share *them* with alice")
_THEN_ON_IT = re.compile(
    r",?\s+(?:and\s+then|and|then)\s+(?=[a-z]+\s+(?:(?:it|them|him|her)\b|(?:its|their|his)\s))", re.IGNORECASE
)


def _first_step(
    request: str, acts: Callable[[str], bool] | None = None, *, joined: bool = False, stating: bool = False
) -> str | None:
    """The first of the steps ``request`` lists: numbered, or two to ``_MOST_STEPS`` sentences or
    clauses an action each opens; None where it lists none; ``stating`` (``stating_parts``): nor
    where one opens with a word only a name opens and states ("*droplet* 77 *is* ...")."""
    numbered = _NUMBERED.match(request)
    if numbered is not None:
        return numbered.group("first")
    parts = [p for p in _STEP_END.split(request.strip()) if p.strip()]
    if len(parts) == 1 and joined:  # "get stripe invoice in_5 *and email it* to the customer": a step on "it"
        parts = [p for p in _THEN_ON_IT.split(request.strip(), maxsplit=1) if p.strip()]
    if not 2 <= len(parts) <= _MOST_STEPS:
        return None
    for part in parts:
        first = _first_word(_OPENERS.sub("", part))
        if not first or not (is_action_word(first) or (acts is not None and acts(first))):
            return None
        if stating and not is_action_word(first) and _STATING_PART.match(part):
            return None  # "droplet 77 is no longer needed. delete it": a thing's state, no step
    return parts[0].rstrip(" .;!?")


# a part stating of a thing, its verb a copula's within its first four words ("*droplet* 77 *is* ...")
_STATING_PART = re.compile(
    r"^\s*\S+(?:\s+\S+){0,3}?\s+(?:is|are|was|were|isn't|aren't|wasn't|has|have|had|looks|seems)\b", re.IGNORECASE
)


def _after_statements(
    request: str,
    acts: Callable[[str], bool] | None = None,
    *,
    commas: bool = False,
    long: bool = False,
    complaints: bool = False,
    orders: bool = False,
) -> str | None:
    """The last sentence of ``request``, where an action word opens it and one to ``_STATED``
    sentences before it state a context ("We use Jira. *Create a bug ...*"); None otherwise."""
    parts = _SENTENCE_END.split(request.strip())
    stating_then_it = _STATED_THEN_IT_DASHED if orders else _STATED_THEN_IT
    stated = stating_then_it.match(request) if commas and len(parts) == 1 else None
    if stated is not None:
        # a context to its comma, then what to do to "it": "The droplet 5512 on DigitalOcean is
        # no longer needed, *delete it*" (``stated_commas``)
        parts = [f"{stated.group('stated')}.", stated.group("rest")]
    # ("The marketing channel hasn't been used since 2024 and clutters the sidebar.": ``long_contexts``)
    most = _STATING_WORDS * 2 if long else _STATING_WORDS
    stating = (_states(part, most) or (complaints and _COMPLAINT.match(part) is not None) for part in parts[:-1])
    if not 2 <= len(parts) <= _STATED + 1 or not all(stating):
        return None
    asked = _OPENERS.sub("", parts[-1])
    first = _first_word(asked)
    leading = long and first in LEADING_VERBS  # "*Open* a jira issue for it in ENG."
    # ("ENG-4 is fixed, *mark* it done": an order on the thing stated, its verb no action group's)
    leading = leading or (orders and stated is not None and (known_verb(first) or slang_verb(first)))
    return asked if first and (is_action_word(first) or leading or (acts is not None and acts(first))) else None


# a complaint asked as why, before the order that ends it: "*why is slack channel C0123 still
# around?* archive it", "*why hasn't xero invoice INV-3 gone out yet?!* send it"
_COMPLAINT = re.compile(
    r"^\s*why\s+(?:on\s+earth\s+)?(?:is|are|was|were|does|do|did|has|have|hasn'?t|haven'?t|isn'?t|aren'?t|doesn'?t"
    r"|don'?t|didn'?t|wasn'?t|can'?t|won'?t)\b[^?]{3,120}\?+!*$",
    re.IGNORECASE,
)


def _states(sentence: str, most: int = _STATING_WORDS) -> bool:
    """``sentence`` states, short, and asks nothing: no question, no action first, no word of
    asking ("I *need* ...", "*can* you ...": a request of its own, as long multi-part tasks write)."""
    words = tokenize(sentence)
    return (
        sentence.endswith(".")
        and len(words) <= most
        and _ASKING.search(sentence) is None
        and not _opens_with_action(sentence)
    )


def _first_word(sentence: str) -> str:
    return next(iter(tokenize(sentence[:40])), "")


def _opens_with_action(sentence: str) -> bool:
    first = _first_word(sentence)
    return bool(first) and is_action_word(first)


def _labelled_part(request: str, labelling: re.Pattern[str] = _LABEL) -> str:
    """The task's (goal's, first step's) part of a request written in labelled parts; the
    part after a context's "so" that an action opens; ``request`` otherwise."""
    labels = list(labelling.finditer(request))
    if labels:
        parts = [
            (re.sub(r"\s+", "", m.group("label").casefold()), request[m.end() : end].strip())
            for m, end in zip(labels, [m.start() for m in labels[1:]] + [len(request)], strict=True)
        ]
        asked = [text for label, text in parts if label in _TASKS and text] or [
            text for label, text in parts if label.startswith("step") and text
        ]
        return asked[0] if asked else request
    so = _SO.match(request)
    return so.group("rest") if so is not None and is_action_word(so.group("first").casefold()) else request


def with_apps(part: str, mentions: tuple[AppMention, ...], *, connected: bool = True, others: bool = False) -> str:
    """``part`` with the connected apps the whole request names elsewhere ("Context: ... in
    *slack*"), as the place it asks in; ``others``: with the apps the org lacks too, so a request
    read past its words still finds nothing in them ("... dropbox file 123, just move it");
    ``connected=False``: with those only."""
    said = set(tokenize(part))
    elsewhere = [
        " ".join(m.words)
        for m in mentions
        if ((m.connected and connected) or (not m.connected and others)) and not said.issuperset(m.words)
    ]
    return f"{part} in {' and '.join(dict.fromkeys(elsewhere))}" if elsewhere else part


# a request wrapped in markup tags, as prompts write it ("<request>list xero invoices</request>")
_TAG_PAIR = re.compile(r"<(?P<tag>[A-Za-z][\w-]{0,30})(?:\s[^<>]{0,200})?>.*?</(?P=tag)\s*>", re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][\w-]{0,30}(?:\s[^<>]{0,200})?/?>")


def without_tags(request: str) -> str:
    """``request`` without the markup tags it is wrapped in, where it holds an opening tag and its
    closing one ("<request>list xero invoices</request>": "list xero invoices"; the tag's name is
    no word of the request); ``request`` as written otherwise ("a <b> placeholder"). Symbols
    opening it leave it too ("⭐ star acme/api on github": what opens it reads as written)."""
    if request[:1] and not request[:1].isascii():
        request = _without_symbols(request)
    if "</" not in request or len(request) > 4000 or _TAG_PAIR.search(request) is None:
        return request
    return " ".join(_TAG.sub(" ", request).split())


_SYMBOLS = frozenset({"So", "Sk", "Sm", "Mn", "Me", "Cf", "Zs"})  # emoji, their selectors and joiners


def _without_symbols(request: str) -> str:
    """``request`` from its first character that is no symbol, selector, joiner or space."""
    for i, char in enumerate(request[:50]):
        if unicodedata.category(char) not in _SYMBOLS and not char.isspace():
            return request[i:]
    return request
