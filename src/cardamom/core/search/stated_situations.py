"""The situation a request answers, stated before it: "*the customer says their droplet is down,*
reboot digitalocean droplet 3164444", "*Someone left the company;* remove bob@acme.com from the
github org acme". A model passing on what it was told writes what happened first, then what to
do. The statement's words ("says", "down", "left", "company") are no tool's: read as the
request's, they take mass no name of the app carries and nothing clears the floor
(``stated_situations``).

A clause before a comma or a semicolon goes where it opens with a subject (an article, an owner
or a pronoun: "the customer", "our build", "someone") and names no connected app, and what
follows opens with an order (an action, or a verb no synonym says: "reboot", "refund") and
names one: the request is all there. "the jira issue OPS-1, assign it to bob" keeps its clause
(it names the app), and so does "the issue OPS-1, assign it to bob" (what follows names none:
the clause places it). Whole sentences before the one asking go as such a clause does, where
they name no connected app and it does and opens with an order or a request ("... noticed
something weird. *Could you* pull up Stripe invoice in_123?").

The asker's own role, stated first, goes the same way (``own_roles``): "*I run our digitalocean
infra;* snapshot droplet 77", "*As the owner of acme/api on github* I want to add bob as a
collaborator", "*I work in finance and* need the list of unpaid xero invoices". It opens with
"I" and a verb of what one does or is ("I'm", "I run", "I manage", "I look after"), or "as" or
"being" and a role, and ends at a mark or where the asking begins ("and need", "I want"); what
follows asks (an order, a question or a wish). The apps it names are where the request asks.
So does a concession before "but" (``conceded_clauses``): "*not urgent, but* create an asana task
...", "*could be wrong, but* list the droplets in digitalocean", "*I might be wrong but* I think we
need to archive slack channel #old": where it names no connected app and what follows does and
asks (an order, a question, a wish, "I think"). So does the capacity the asker acts in, before a mark
("*in my capacity as repo owner,* merge ...", "*wearing my ops hat,* reboot ...", "*acting for the
team lead,* archive ..."; ``role_openers``).
"""

from __future__ import annotations

import re

from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.synonyms import is_action_word
from cardamom.core.search.tokens import QUESTION_OPENERS, tokenize

# a clause to its comma or semicolon, no sentence's end or quote inside
_STATED = re.compile(r"^\s*(?P<clause>[^.;:!?,\"\u201c\u201d]{8,120}?)\s*[,;]\s*(?P<rest>.+)$", re.DOTALL)
# the words a statement's subject opens with
_SUBJECTS = frozenset(
    {"the", "a", "an", "our", "my", "their", "his", "her", "your", "this", "that", "these", "those", "its"}
    | {"someone", "somebody", "everyone", "nobody", "it", "they", "we", "i", "he", "she", "you", "there"}
)
# words opening no order after a statement: a question's, a conjunction's, an auxiliary's
_NO_ORDER = QUESTION_OPENERS | frozenset({"and", "but", "or", "so", "then", "now"})
_LEAST = 3  # words a request keeps: an action, a thing and its app
# whole sentences stated before the one asking ("So I was looking at our billing and noticed
# something weird. *Could you pull up Stripe invoice in_123?*"), no quote nor dot inside them
_SENTENCES = re.compile(r"^\s*(?P<clause>(?:[^.!?\"\u201c\u201d]{3,300}?[.!]\s+){1,4})(?P<rest>\S.*)$", re.DOTALL)
# the words a sentence asking for something opens with, beside an order
_ASKING = frozenset({"could", "can", "would", "will", "please", "pls", "kindly"})


def without_situation(request: str, mentions: tuple[AppMention, ...]) -> str:
    """``request`` without the statement before its comma or semicolon (``_STATED``), where the
    statement opens with a subject and names no connected app of ``mentions`` and the rest opens
    with an order and names one; ``request`` as written otherwise."""
    if len(request) > 2000:
        return request
    connected = [m for m in mentions if m.connected]
    sentences = _SENTENCES.match(request)
    if sentences is not None:
        clause, rest = tokenize(sentences.group("clause")), tokenize(sentences.group("rest"))
        # (a sentence opening with an action is a request of its own: "Read the comments on ...")
        asks = len(rest) >= _LEAST and (rest[0] in _ASKING or is_action_word(rest[0]))
        stating = bool(clause) and not is_action_word(clause[0])
        placed = not any(_names(clause, m) for m in connected) and any(_names(rest, m) for m in connected)
        if asks and stating and placed:
            return sentences.group("rest")
    stated = _STATED.match(request)
    if stated is None:
        return request
    clause, rest = tokenize(stated.group("clause")), tokenize(stated.group("rest"))
    if not clause or clause[0] not in _SUBJECTS or len(rest) < _LEAST or not _acts(rest[0]):
        return request
    if any(_names(clause, m) for m in connected) or not any(_names(rest, m) for m in connected):
        return request
    return stated.group("rest")


# the asker's role ("I'm in sales", "I run our infra", "as the owner of ...", "being the box admin"),
# then a mark or the asking ("...; snapshot droplet 77", "... and need ...", "... I want to ...")
_WISH = r"(?:need|want|would|(?:'|\u2019)d|have\s+to|must|am\s+trying)\b"
_ROLE = re.compile(
    r"^\s*(?P<clause>(?:i(?:(?:'|\u2019)m|\s+am)(?!\s+(?:trying|looking|going|hoping|planning|wondering|getting"
    r"|having|unable|not|about|sure|asking|writing|told)\b)"
    r"|i\s+(?:work|run|manage|lead|own|handle|oversee|maintain|administer|head|support|coordinate"
    r"|look\s+after|take\s+care\s+of|deal\s+with|am\s+in\s+charge\s+of|am\s+responsible\s+for)"
    r"|(?:as|being)\s+(?:a|an|the|our|my|one\s+of\s+the))\b[^.;:!?\"\u201c\u201d]{2,120}?)"
    rf"(?:\s*[.;:!,]\s+|\s+[-\u2013\u2014]+\s+|\s+and\s+(?=(?:i\s+)?{_WISH})|\s+(?=i\s+{_WISH}))"
    r"(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# the capacity the asker acts in, before a mark (``role_openers``): "*in my capacity as repo owner,*
# merge ...", "*wearing my ops hat,* reboot ...", "*acting for the team lead,* archive ..."
_CAPACITY = re.compile(
    r"^\s*(?P<clause>(?:in\s+(?:my|our)\s+(?:capacity|role)\s+as|acting\s+(?:as|for|on\s+behalf\s+of)|speaking\s+(?:as|for)"
    r"|wearing\s+(?:my|our|the)\s+[\w-]+(?:\s+[\w-]+)?\s+hat|with\s+my\s+[\w-]+\s+hat\s+on|as\s+(?=[a-z]+\s*,))"
    r"[^.;:!?\"\u201c\u201d]{0,80}?)\s*[,;:]\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_WISHES = frozenset({"need", "needs", "want", "wants", "would", "have", "must"})
_ASKER = frozenset({"i"})


def without_role(request: str, mentions: tuple[AppMention, ...], *, capacities: bool = False) -> str:
    """``request`` without the asker's role stated before it (``_ROLE``; ``capacities``: or the
    capacity the asker acts in, ``_CAPACITY``), where what follows asks: an order, a question, a
    wish ("need ...": "I need ..."), the apps the role names placed after it; ``request`` as
    written otherwise."""
    if len(request) > 2000:
        return request
    role = _ROLE.match(request) or (_CAPACITY.match(request) if capacities else None)
    if role is None:
        return request
    rest = role.group("rest")
    words = tokenize(rest)
    if len(words) < 2:
        return request
    if words[0] in _WISHES:
        rest = f"I {rest}"  # "... and need the list of ...": the asker needs it
    elif not _asks(words[0], _ASKER):
        return request
    clause = tokenize(role.group("clause"))
    placed = [" ".join(m.words) for m in mentions if m.connected and _names(clause, m) and not _names(words, m)]
    return f"{rest} in {' and '.join(dict.fromkeys(placed))}" if placed else rest


# a concession, then "but" and the request ("not urgent, *but* create ...")
_CONCEDED = re.compile(r"^\s*(?P<clause>[^.;:!?\"\u201c\u201d]{3,100}?),?\s+but\s+(?P<rest>\S.*)$", re.I | re.S)
_OPINING = frozenset({"i", "we", "maybe", "perhaps", "probably", "possibly"})


def without_concession(request: str, mentions: tuple[AppMention, ...]) -> str:
    """``request`` without the concession before its "but" (``_CONCEDED``), where it names no
    connected app of ``mentions`` and what follows names one and asks; ``request`` as written
    otherwise."""
    if len(request) > 2000:
        return request
    conceded = _CONCEDED.match(request)
    if conceded is None:
        return request
    clause, rest = tokenize(conceded.group("clause")), tokenize(conceded.group("rest"))
    connected = [m for m in mentions if m.connected]
    if len(rest) < _LEAST or any(_names(clause, m) for m in connected) or not any(_names(rest, m) for m in connected):
        return request
    return conceded.group("rest") if _asks(rest[0], _OPINING) else request


def _asks(word: str, opening: frozenset[str]) -> bool:
    """``word`` opens what asks: an order, a question, a word of asking ("could", "please"), or
    one of ``opening`` ("I need ...", "maybe list ...")."""
    return word in _ASKING or word in QUESTION_OPENERS or word in opening or _acts(word)


def _acts(word: str) -> bool:
    """``word`` may open an order: an action ("*refund* stripe charge ch_1", "*reboot* ..."), no
    subject, question or conjunction ("*the* build ...", "*which* ...", "*and* ...")."""
    return is_action_word(word) or (word.isalpha() and word not in _SUBJECTS and word not in _NO_ORDER)


def _names(words: list[str], mention: AppMention) -> bool:
    """``words`` say ``mention``'s app, its every word or run together ("cal com", "calcom"), as
    ``reason_clauses`` reads the apps a request still names."""
    return set(words).issuperset(mention.words) or "".join(mention.words) in words
