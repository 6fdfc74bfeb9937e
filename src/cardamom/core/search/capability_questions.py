"""A question asking what an app can do: "what tools exist for stripe", "stripe tools", "what can
you do with github", "list the jira functions available". Its words are the app's name and the
words for a tool and for being able; read as written, "tools" or "can do" was weighed as a word
no tool says, and the request found nothing: a model told so concludes the app is out of reach.
Read as the app's name alone, it finds the app's tools, as "stripe" does
(``capability_questions``). An app that is not connected still says so.

A question asking whether an app can do one thing ("can stripe refund a payment intent", "does
jira let me add a watcher", "does box support locking folders", "does intercom have a way to
snooze conversations") asks for the tool doing it: read as that thing done in the app ("lock
folders in box"), where the app is a connected one the question names right after its first word
(``ability_questions``); "let", "support" and "way" are no words of the tool."""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.tokens import GRAMMAR_WORDS, QUERY_FILLER_WORDS, tokenize
from cardamom.core.search.verbal_nouns import gerund_verb, opens_order

# the words for a tool, for what it does, and for being able to or asking to see them
_CAPABILITY = frozenset(
    {"tool", "tools", "function", "functions", "api", "apis", "endpoint", "endpoints", "operation", "operations"}
    | {"action", "actions", "capability", "capabilities", "feature", "features", "command", "commands"}
    | {"integration", "integrations", "option", "options", "things", "stuff"}
    | {"available", "exist", "exists", "existing", "can", "do", "does", "help", "support", "supports"}
    | {"supported", "offer", "offers", "provide", "provides", "use", "using", "possible", "there"}
    | {"list", "show", "see", "give", "tell", "know", "all", "everything"}
)
# the words that ask for them at all: "tools", "can do", "help"; not "list stripe" alone
_ASKING = frozenset({"tool", "tools", "function", "functions", "capability", "capabilities", "can", "help"})
_ASKING |= {"api", "apis", "endpoint", "endpoints", "operation", "operations", "actions", "features", "commands"}
_LONGEST = 12  # words
# the words for a tool a name of an app may say as its own thing (Twilio's assistants' ``list_tools``)
_TOOL_NOUNS = frozenset({"tool", "tools", "function", "functions", "action", "actions", "feature", "features"})
_TOOL_NOUNS |= {"command", "commands", "integration", "integrations", "capability", "capabilities"}


def _nothing(word: str) -> bool:
    return False


def app_alone(request: str, mentions: tuple[AppMention, ...], says: Callable[[str], bool] = _nothing) -> str:
    """The name of the one connected app ``request`` asks the tools of ("what tools exist for
    stripe": "Stripe"); ``request`` as written where it asks for anything else, names no app
    or several, or names one that is not connected, or where a name of the app's tools says one
    of its words (``says``: "twilio *tools*" are Twilio's AI assistants' ``list_tools``)."""
    if len(request) > 300:
        return request
    words = tokenize(request)
    if not words or len(words) > _LONGEST or _ASKING.isdisjoint(words):
        return request
    named = {mention.name for mention in mentions if not set(mention.words).isdisjoint(words)}
    connected = [mention for mention in mentions if mention.name in named and mention.connected]
    if len(named) != 1 or len(connected) != 1:
        return request
    said = {w for mention in mentions for w in mention.words} | {"".join(connected[0].words)}
    rest = [w for w in words if w not in said and w not in _CAPABILITY]
    if any(w not in QUERY_FILLER_WORDS and w not in GRAMMAR_WORDS for w in rest):
        return request
    if any(says(w) for w in words if w in _TOOL_NOUNS):
        return request
    return connected[0].name


# "can stripe refund ...", "does jira let me add ...", "does box support locking ...", "does
# intercom have a way to snooze ...": the app, the words asking whether it can, then the action
_ABLE = re.compile(
    r"^\s*(?:does|do|can|could|will|would)\s+(?P<app>[\w.-]+(?:\s+[\w.-]+)??)\s+"
    r"(?P<able>(?:let|allow|permit|enable)s?\s+(?:me|you|us|one|users?|people)(?:\s+to)?\s+"
    r"|(?:support|allow|offer|provide|permit|have)s?(?:\s+(?:a|an|any)\s+(?:way|option|tool|endpoint|api|method)"
    r"\s+(?:to|for|of))?\s+)?(?P<rest>[a-z].*?)\s*\??\s*$",
    re.IGNORECASE | re.DOTALL,
)


def asked_ability(request: str, mentions: tuple[AppMention, ...]) -> str:
    """``request`` asking whether a connected app can do one thing read as that thing done in
    the app ("does box support locking folders": "locking folders in box"); ``request`` as
    written where the words after its first are no connected app's name."""
    found = _ABLE.match(request[:300])
    if found is None:
        return request
    named = "".join(tokenize(found.group("app")))
    if not any(mention.connected and "".join(mention.words) == named for mention in mentions):
        return request
    first, *after = found.group("rest").split(None, 1)
    verb = gerund_verb(first.casefold())  # "does box support *locking* folders": "lock folders"
    if found.group("able") is None and verb is None and not opens_order(first):
        return request  # "does github *user* octocat follow torvalds?": a thing's state asked, no ability
    return " ".join([verb or first, *after, "in", found.group("app")])
