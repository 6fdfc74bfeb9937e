"""A request's verb in slang or jargon (``slang_verbs``): "*scrap* asana task 12", "*bounce* droplet
77", "*ship* PR 12", "*fire off* xero invoice INV-3 to the customer", "*loop* bob *into* slack
channel C0123", "*spin up* a droplet", "*kick off* the deploy workflow", "*take* asana task 12 *out of*
project 31", "*stop requiring* signed commits on main" (the requirement removed).

People at work say "scrap", "bounce" and "ship" for what an API calls delete, restart and merge;
no name of the app carries them, so they were the request's rarest words and it found nothing.
Read as the plain verb, where the slang opens the request and no tool of the apps named says the
word itself (Box's "trash", SendGrid's "bounces" are theirs). "ship" is "merge" only for a pull
request; what else is shipped is released.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cardamom.core.search.synonyms import COMPOUNDS

# slang for a verb: the plain verb an API writes
_PLAIN = {
    "scrap": "delete", "axe": "delete", "nix": "delete", "chuck": "delete", "toss": "delete", "zap": "delete",
    "ditch": "delete", "bin": "delete", "nuke": "delete", "trash": "delete", "kill": "delete", "wipe": "delete",
    "yeet": "delete", "junk": "delete", "bounce": "restart", "ship": "release", "greenlight": "approve",
    "green-light": "approve", "lgtm": "approve", "prepare": "create", "compose": "create", "sketch": "create",
    "plan": "create", "lift": "remove", "strip": "remove", "shift": "move", "jot": "create", "reorder": "move",
    "rearrange": "move", "fire": "trigger", "clear": "delete", "upsert": "update", "register": "create",
    "point": "update", "repoint": "update", "pull": "get",
}  # fmt: skip
# ... and in two words: "*fire off* an email", "*spin up* a droplet", "*kick off* the workflow"
_PHRASES = {
    ("fire", "off"): "send", ("send", "off"): "send", ("shoot", "off"): "send", ("dash", "off"): "send",
    ("spin", "up"): "create", ("whip", "up"): "create", ("rustle", "up"): "create", ("stand", "up"): "create",
    ("throw", "together"): "create", ("put", "together"): "create", ("fire", "up"): "start", ("boot", "up"): "start",
    ("kick", "off"): "start", ("wrap", "up"): "close", ("sign", "off"): "approve", ("knock", "out"): "create",
    ("kill", "off"): "delete", ("cycle", "power"): "restart", ("wipe", "out"): "delete", ("write", "up"): "create",
    ("mock", "up"): "create", ("draw", "up"): "create", ("jot", "down"): "create", ("throw", "away"): "delete",
    ("throw", "out"): "delete", ("hook", "up"): "connect", ("shut", "down"): "stop", ("shut", "off"): "stop",
    ("transfer", "ownership"): "change the owner",
}  # fmt: skip
# formal verbs, as models write them (``formal_verbs``): "*relocate* box file 123 to folder 99",
# "*amend* xero invoice INV-3", "*transmit* ... to the customer" (not "terminate": a call's
# termination ends it, a droplet's deletes it)
_FORMAL = {
    "relocate": "move", "amend": "update", "transmit": "send", "acquire": "get",
    "obtain": "get", "erase": "delete", "dispatch": "send", "enumerate": "list", "procure": "get",
    "expunge": "delete", "rectify": "update", "convey": "send", "correct": "update",
}  # fmt: skip
# a shell's commands, as developers write them for what they do to a thing (``shell_verbs``):
# "*rm* box file 123", "*ls* box folder 99", "*mkdir* reports in box folder 99"
_SHELL = {
    "rm": "delete", "rmdir": "delete", "del": "delete", "mv": "move", "cp": "copy", "ls": "list", "cat": "get",
    "mkdir": "create folder", "touch": "create", "grep": "search", "chown": "transfer", "less": "get",
}  # fmt: skip
# a command's flags after it: "rm *-rf* box folder 99", "ls *-la* ..." (as written, or as ``short_flags``
# read them: "rm *with 'f'* box folder 99")
_FLAGS = re.compile(r"^(?:(?:-{1,2}[A-Za-z][\w-]*|with\s+'[^']*')\s+)+")
# what a shell's command makes or lists, read so: "*mkdir* reports in ...": 'create folder "reports" in ...',
# "*ls* box folder 99": "list items in box folder 99" (a plural is listed itself: "ls my github repos")
_MADE = re.compile(r"^(?P<name>[\w.-]+)(?=\s+(?:in|inside|under|on)\s)", re.IGNORECASE)
_ONE_THING = re.compile(r"^(?:[\w.-]+\s+)?[a-z]+\s+\S*\d\S*\s*$", re.IGNORECASE)
_SHIPPED = re.compile(
    r"^(?:the\s+|this\s+|that\s+|my\s+|our\s+)?(?:pr|prs|pull\s+requests?|merge\s+requests?|mr)\b", re.I
)
_OPENING = re.compile(r"^(?P<lead>\s*(?:(?:please|pls|just|go\s+ahead\s+and)\s+)*)(?P<rest>\S.*)$", re.I | re.DOTALL)
# "loop bob into slack channel C0123", "loop in bob on ...", "loop bob in on ...": "add bob to ..."
_LOOPED = re.compile(
    r"^(?:loop\s+(?:in\s+(?P<first>\S+(?:\s+\S+)?)\s+(?:on|to|into|in)|(?P<person>\S+(?:\s+\S+)?)\s+(?:in\s+on|into|in\s+to"
    r"|in(?=\s+(?:on|to)\b)))|(?:pull|bring|rope)\s+(?P<pulled>\S+(?:\s+\S+)?)\s+into)\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)  # ... and "pull a supervisor into interaction KD8a1b", "bring bob into the channel": "add ... to ..."
# "take asana task 1209 out of project 1201", "pull box file 5 out of folder 9", "take acme.com off box's
# allowed domains", "kick caller CA9f out of twilio conference CF12": "remove ... from ..." (not an
# amount: "take 10% off the invoice" discounts it)
_TAKEN_OUT = re.compile(
    r"^(?:take|pull|get|kick|boot|throw)\s+(?![$\u20ac\u00a3]?\d)(?P<thing>\S.*?)\s+(?:out\s+of|off(?:\s+of)?)"
    r"\s+(?P<place>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# a requirement ended: "*stop requiring* signed commits on main", "*no longer enforce* branch protection for
# admins": its removal ("remove the requirement for ..."), where "stop" is an app's own word for a run
_ENDED = re.compile(
    r"^(?:(?:stop|quit|cease)\s+(?P<ing>requiring|enforcing)|no\s+longer\s+(?P<plain>require|enforce)"
    r"|(?:turn\s+off|switch\s+off|disable|deactivate)\s+(?:the\s+)?(?P<made>required|enforced))\s+(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)  # ... or a required thing turned off: "*turn off required* status checks on main"
_REQUIRED, _ENFORCED = "remove the requirement for", "remove the enforcement of"
_ENDED_AS = {"requiring": _REQUIRED, "require": _REQUIRED, "enforcing": _ENFORCED, "enforce": _ENFORCED}
_ENDED_AS |= {"required": _REQUIRED, "enforced": _ENFORCED}
_LONGEST = 300  # characters


def slang_verb(word: str) -> bool:
    """``word`` is slang for a verb ("bounce", "ship", "nuke")."""
    return word.casefold() in _PLAIN


def plain_verb(request: str, named: Callable[[str], bool], *, shell: bool = False, formal: bool = False) -> str:
    """``request`` with the slang verb opening it written as the plain one; ``named``: whether
    a name of the apps' tools carries a word; ``shell`` (``shell_verbs``): a shell's command too,
    past its flags ("rm -rf box folder 99": "delete box folder 99"); ``formal`` (``formal_verbs``):
    a formal verb too ("relocate box file 123 ...": "move box file 123 ..."). ``request`` as written where
    no slang opens it."""
    if len(request) > _LONGEST:
        return request
    opening = _OPENING.match(request)
    if opening is None:
        return request
    lead, rest = opening["lead"], opening["rest"]
    ended = _ENDED.match(rest)
    if ended is not None:
        return f"{lead}{_ENDED_AS[(ended['ing'] or ended['plain'] or ended['made']).casefold()]} {ended['rest']}"
    looped = _LOOPED.match(rest)
    if looped is not None and not named(rest.split(maxsplit=1)[0].casefold()):
        person = looped["first"] or looped["person"] or looped["pulled"]
        place = re.sub(r"^(?:to|on|in)\s+", "", looped["rest"])
        return f"{lead}add {person} to {place}"
    taken = _TAKEN_OUT.match(rest)
    if taken is not None and not named(rest.split(maxsplit=1)[0].casefold()):
        return f"{lead}remove {taken['thing']} from {taken['place']}"
    words = rest.split(maxsplit=2)
    first = words[0].casefold().strip(",:")
    if named(first):
        return request  # the app's own word: Box's trash, SendGrid's bounces
    second = words[1].casefold().strip(",:") if len(words) > 1 else ""
    phrase = _PHRASES.get((first, second))
    if phrase is not None:
        return f"{lead}{phrase} {words[2] if len(words) > 2 else ''}".rstrip()
    plain = _PLAIN.get(first) or (_SHELL.get(first) if shell else None) or (_FORMAL.get(first) if formal else None)
    if plain is None or len(words) < 2 or (first, second) in COMPOUNDS:
        return request  # (a phrasal verb reads as its own: "*pull up* frank's profile" shows it)
    after = rest.split(maxsplit=1)[1]
    if shell and first in _SHELL:
        after = _FLAGS.sub("", after)
        made = _MADE.match(after) if first == "mkdir" else None
        if made is not None:
            after = f'"{made["name"]}"{after[made.end() :]}'
        if first == "ls" and _ONE_THING.match(after):
            plain = "list items in"
    if first == "ship" and _SHIPPED.match(after):
        plain = "merge"
    return f"{lead}{plain} {after}"
