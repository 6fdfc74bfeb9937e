"""Greetings and courtesies of another language around an English order (``foreign_courtesies``).

People who write English at work often keep their own language's courtesy: "*por favor* reboot
droplet 77", "*bitte* merge github PR 12", "*svp* archive slack channel C0123", "*merci de* close
jira issue ENG-4", "*hola,* can you reply to ...", "send xero invoice INV-3*, gracias*". The
words name nothing a tool does, and no tool's text says them, so they were the request's rarest
and left it under the floor. Read without them, where an order (or the asking before one) is left.

Only the courtesies, greetings and thanks below, each a phrase no English request uses as a word
of what it asks.
"""

from __future__ import annotations

import re

from cardamom.core.search.verbal_nouns import asked_order
from cardamom.core.search.words_around import order_within

_COURTESY = (
    r"(?:por\s+favor|porfa(?:vor)?|per\s+favore|bitte(?:\s*sch(?:ö|oe)n|\s+sehr)?|s'?il\s+(?:vous|te)\s+pla(?:i|î)t"
    r"|svp|stp|onegai(?:\s*shimasu)?|kudasai|gracias|muchas\s+gracias|merci(?:\s+beaucoup)?|hola|danke(?:\s*sch(?:ö|oe)n"
    r"|\s+sehr)?|namaste|ciao|grazie(?:\s+mille)?|obrigad[oa]|arigat(?:o|ō)u?(?:\s+gozaimasu)?|hallo|hej|tack"
    r"|bonjour|buongiorno|buenos\s+d(?:i|í)as|guten\s+(?:tag|morgen)|prosz(?:ę|e)|dzi(?:ę|e)kuj(?:ę|e)|spasibo"
    r"|pozhaluysta|shukran|xie\s*xie|kamsahamnida|gomawo|salut|moin|servus|gr(?:ü|ue)ezi|vielen\s+dank)"
)
# opening it, "merci de" / "bitte" before the order as "please" is: "merci de close ...", "hola, can you ..."
_OPENING = re.compile(rf"^\s*(?:{_COURTESY}(?:\s+de)?\s*[,!.:;\-\u2013\u2014]*\s+)+", re.IGNORECASE)
# closing it: "... por favor", "..., gracias!", "... danke schön :)"
_CLOSING = re.compile(rf"(?:\s*[,;.!\-\u2013\u2014]*\s+{_COURTESY})+\s*[.!:)(]*\s*$", re.IGNORECASE)
# a word each courtesy holds
_CUES: tuple[str, ...] = (
    "favor",
    "porfa",
    "bitte",
    "pla",
    "svp",
    "stp",
    "onegai",
    "kudasai",
    "gracias",
    "merci",
    "hola",
    "danke",
)
_CUES += ("namaste", "ciao", "grazie", "obrigad", "arigat", "hallo", "hej", "tack", "bonjour", "buongiorno", "buenos")
_CUES += ("guten", "prosz", "dzi", "spasibo", "pozhal", "shukran", "xie", "kamsa", "gomawo", "salut", "moin", "servus")
_CUES += ("grüezi", "gruezi", "vielen")
_LONGEST = 600  # characters


def without_foreign_courtesy(request: str) -> str:
    """``request`` without another language's courtesy opening or closing it, where an order, or
    the asking before one, is left ("por favor reboot droplet 77": "reboot droplet 77");
    ``request`` as written otherwise."""
    if len(request) > _LONGEST:
        return request
    return order_within(request, _OPENING, _CLOSING, _CUES, lambda read: bool(asked_order(read)) or _asks(read))


def _asks(read: str) -> bool:
    """``read`` opens with the asking before an order: "can you reply to ...", "I need ...", "and cancel ..."."""
    first = read.split(maxsplit=1)[0].casefold().strip(",")
    return first in {"can", "could", "would", "will", "i", "we", "and", "also", "then", "pls", "plz", "please"}
