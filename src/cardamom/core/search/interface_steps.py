"""A request narrated as the steps a person takes in the app's pages (``narrated_clicks``).

People describe what they would do by hand, and a model passes it on: "*click* archive *on* slack
channel C0123", "*in notion click* new page", "*go to the stripe dashboard and* refund charge
ch_9", "*open* jira issue ENG-4 *and hit the* assign *button for* bob", "*right-click* box file 123
*and choose* download", "*on twilio's console* send a test sms". The clicks, the buttons, the
pages and the places in the app say where a person's hand goes, no word of the tool that does
it; as written, "click", "button", "dashboard" and "go" were the request's rarest words and it
found nothing. Read as the action the clicked label says, on the thing the steps open: "archive
slack channel C0123", "create page in notion", "refund charge ch_9 in stripe", "assign jira issue
ENG-4 for bob", "download box file 123".

Only where the request says a click, a button, a page of the app or a step opening a thing
before its action; a label is read as an action only where it may open an order or a name of
the app (a button's label of up to two words: "the *new issue* button", a new thing created),
and a click only where it opens a step ("create a *press release*" clicks nothing).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container

from cardamom.core.search.thing_questions import one_thing
from cardamom.core.search.tokens import tokenize
from cardamom.core.search.verbal_nouns import opens_order

# the app's pages: "in notion", "on twilio's console", "in the intercom inbox", "in the box web app,"
_PLACE = re.compile(
    r"^\s*(?:in|on|from|inside|within)\s+(?:the\s+)?(?P<app>[\w.\-]+?)(?:'s|\u2019s)?"
    r"(?P<page>\s+(?:web\s+app|app|ui|dashboard|console|website|site|portal|admin\s+panel|inbox|interface))?"
    r"\s*(?:,\s*|\s+)(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a click on a label, maybe a button's: "click archive on", "hit the assign button for", 'press "Merge"'
_CLICK = re.compile(
    r"\b(?:(?:right|double)[\s-]?)?(?:click|press|hit|tap|select|choose|pick|push|use)(?:s|ed|ing)?(?:\s+on)?\s+"
    r"(?:the\s+|a\s+)?(?:[\"\u201c](?P<quoted>[^\"\u201d]{1,30})[\"\u201d]|(?P<named>[A-Za-z]+(?:\s+[A-Za-z]+)?)(?=\s+"
    r"(?:button|option|link|icon|menu\s+item|action|tab|menu|entry)\b)|(?P<label>[A-Za-z]+))"
    r"(?:\s+(?P<ui>button|option|link|icon|menu\s+item|action|tab|menu|entry))?(?:\s+(?P<on>on|in))?(?=\s|$|[,.!?])",
    re.IGNORECASE,
)
# a step opening the thing, then the action on it: "go to folder 99 and delete it", "open invoice
# INV-3 and email", "navigate to the droplets page, then reboot droplet 77"
_OPENED = re.compile(
    r"^\s*(?P<step>(?:go|navigate|head|browse|jump)\s+(?:over\s+)?to|open(?:\s+up)?|pull\s+up|bring\s+up|visit"
    r"|(?:right|double)[\s-]?click(?:\s+on)?|find|locate)\s+(?P<thing>[^,;]+?)\s*(?:,\s*|\s+)(?:and\s+(?:then\s+)?|then\s+)"
    r"(?P<act>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a page of the app, where a step goes: "the droplets *page*", "the stripe *dashboard*"
_PAGE_LAST = re.compile(r"\s+(?:page|tab|screen|view|section|dashboard|console|inbox|list)\s*$", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:it|them)\b", re.IGNORECASE)
_MARKS: tuple[str, ...] = ("click", "press", "hit ", "tap ", "button", "dashboard", "console", "navigate", "go to")
_MARKS += ("head to", "head over", "open", "select", "choose", "menu", "screen", "web app", "pull up", "inbox")
# what a step's click follows: a mark ending the step before, or a word joining or urging it
_STEP_ENDS = frozenset(",;:.!?-")
_STEP_WORDS = frozenset({"and", "then", "please", "to", "just", "now", "simply", "you", "i", "we", "also"})
_LONGEST = 300  # characters: a narration of a few steps


def without_interface(request: str, app_words: Container[str], acts: Callable[[str], bool] | None = None) -> str:
    """``request`` narrated as a person's steps in the app's pages read as the action they take
    (``app_words``: the words naming the apps it names; ``acts``: a word opens a name of theirs);
    ``request`` as written where no click, button, page or opening step is narrated."""
    lowered = request[:_LONGEST].casefold()
    if len(request) > _LONGEST or not any(mark in lowered for mark in _MARKS):
        return request
    text, place = request, ""
    placed = _PLACE.match(text)
    if placed is not None and _names_app(placed["app"], app_words):
        rest = placed["rest"]
        opening = _OPENED.match(rest)
        if placed["page"] or _narrates(rest) or (opening is not None and _definite(opening["thing"])):
            text, place = rest, f"{placed['app']}"
    clicked = _clicked(text, acts)
    opened = _OPENED.match(clicked)
    if opened is not None and (_narrates(clicked) or clicked != text or _definite(opened["thing"])):
        clicked = _on_thing(opened["act"], _without_page(opened["thing"]))
    if clicked == request or (clicked == text and not place):
        return request
    return f"{clicked.rstrip(' .!?')} in {place}" if place else clicked


def _names_app(written: str, app_words: Container[str]) -> bool:
    words = tokenize(written)
    return bool(words) and all(word in app_words for word in words)


def _narrates(text: str) -> bool:
    """``text`` narrates a step in a page: a click, a button, a page or a step to a place."""
    lowered = text[:_LONGEST].casefold()
    return bool(_CLICK.search(text)) or any(mark in lowered for mark in ("button", "navigate", "go to", "dashboard"))


def _clicked(text: str, acts: Callable[[str], bool] | None) -> str:
    """``text`` with each click on a label read as the action the label says ("click archive
    on ...": "archive ..."; "the new issue button": "create issue")."""

    def read(click: re.Match[str]) -> str:
        before = click.string[: click.start()].rstrip()
        if before and before[-1] not in _STEP_ENDS and before.rsplit(None, 1)[-1].casefold() not in _STEP_WORDS:
            return click.group(0)  # a click opens a step: "create a *press release*" is none
        label = (click["quoted"] or click["named"] or click["label"]).strip()
        words = label.split()
        if not click["ui"] and (len(words) > 1 or click.group(0).casefold().startswith("use")):
            return click.group(0)  # ("use the jira api", "select all issues"): a label only as a button's
        first = words[0].casefold()
        if first == "new":  # "the *new issue* button": a thing created
            return " ".join(["create", *words[1:]])
        if not (opens_order(first) or (acts is not None and acts(first))):
            return click.group(0)
        return label

    return _CLICK.sub(read, text[:_LONGEST])


def _definite(thing: str) -> bool:
    """``thing`` names one thing there is, by its id ("jira issue ENG-4"), not one to make ("a jira issue")."""
    return one_thing(thing) is not None


def _without_page(thing: str) -> str:
    """The thing a step goes to without the page it is shown in ("the digitalocean droplets
    *page*": "the digitalocean droplets"), where words are left before it."""
    bare = _PAGE_LAST.sub("", thing)
    return bare if len(bare.split()) >= 2 else thing


def _on_thing(act: str, thing: str) -> str:
    """The action ``act`` on ``thing``: for its "it" or "them", or after its verb."""
    if _PRONOUN.search(act):
        return _PRONOUN.sub(thing, act, count=1)
    verb, _, rest = act.partition(" ")
    return f"{verb} {thing} {rest}".strip()
