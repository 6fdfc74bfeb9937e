"""An act done by mistake, told as what happened (``accidental_acts``): "I *accidentally* deleted box
file 123", "I archived slack channel C0123 *by mistake*", "*oops,* I trashed box folder 99",
"someone closed github issue 9 *by mistake*", "alice was removed from asana project 77 *by
accident*", "I closed jira issue ENG-4 *too early*".

A person telling of a mistake asks for it undone; as written, the request named the act done and
found its tool (the file deleted again, the channel archived again) or nothing. Read as the act
that undoes it ("restore box file 123", "unarchive ...", "reopen ...", "add alice to ..."), where a
word of mistake says so: an adverb before the act, "by mistake" or "by accident" after it, or
"oops" before the telling. A deletion undone is read as ``undone_acts`` reads one: a restore.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# the act that undoes an act: its opposite, as an API names it
_OPPOSITE = {
    "delete": "restore", "remove": "restore", "trash": "restore", "destroy": "restore", "archive": "unarchive",
    "close": "reopen", "resolve": "reopen", "lock": "unlock", "pin": "unpin", "star": "unstar", "mute": "unmute",
    "block": "unblock", "publish": "unpublish", "unpublish": "publish", "assign": "unassign", "follow": "unfollow",
    "enable": "disable", "disable": "enable", "book": "cancel", "schedule": "cancel", "create": "delete",
    "add": "remove", "invite": "remove", "approve": "dismiss", "accept": "decline", "decline": "accept",
    "subscribe": "unsubscribe", "join": "leave", "hide": "unhide", "suspend": "unsuspend", "pause": "resume",
    "cancel": "restore", "unarchive": "archive", "reopen": "close", "kick": "add", "merge": "revert",
    "shut": "start", "stop": "start", "start": "stop", "charge": "refund", "hibernate": "resume",
}  # fmt: skip
_POWERING = frozenset({"power", "shut", "turn", "switch"})
_POWERED = {"off": "power on", "down": "start", "on": "power off", "up": "stop"}  # "powered *off*", "shut *down*"
_MISTAKE = r"(?:accidentally|mistakenly|unintentionally|inadvertently|wrongly|erroneously|by\s+mistake|by\s+accident)"
_AFTER = (
    r"(?:by\s+(?:mistake|accident)|accidentally|in\s+error|too\s+(?:early|soon)|prematurely|without\s+meaning\s+to"
    r"|when\s+i\s+shouldn'?t\s+have|twice|two\s+times|by\s+error)"
)
_SUBJECT = r"(?:i|we|you|someone|somebody|they|he|she|[a-z]+)"
# "I accidentally deleted box file 123", "oops, I trashed ...", "I archived ... by mistake"
_TOLD = re.compile(
    rf"^\s*(?P<oops>(?:oops|whoops|oh\s+no|uh[\s-]+oh|dang|shoot)[,!.\s]+)?(?:{_SUBJECT}\s+)?(?:just\s+)?(?P<before>"
    rf"{_MISTAKE}\s+)?(?P<participle>[a-z]{{3,}}(?:ed|d))(?:\s+(?P<particle>off|down|on|up))?\s+(?P<rest>\S.*?)"
    rf"(?:[\s,]+(?P<after>{_AFTER}))?\s*[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# "alice was removed from asana project 77 by accident": the passive
_PASSIVE = re.compile(
    rf"^\s*(?P<thing>\S.{{0,80}}?)\s+(?:was|were|got|has\s+been|have\s+been)\s+(?:{_MISTAKE}\s+)?(?P<participle>[a-z]{{3,}}"
    rf"(?:ed|d))\s+(?P<rest>(?:from|to|in|into|on)\s+\S.*?)?\s*(?:{_AFTER})\s*[.!]*$",
    re.IGNORECASE | re.DOTALL,
)
# a person moved out of a place: "removed bob *from* slack channel C0123" ("add bob to ...")
_MOVED_OUT = re.compile(r"^(?P<person>\S+)\s+from\s+(?P<place>\S.*)$", re.IGNORECASE | re.DOTALL)
_LONGEST = 300  # characters


def undone_mistake(request: str, verb_of: Callable[[str], str | None]) -> str:
    """``request`` telling of an act done by mistake, as the act that undoes it; ``verb_of``: the
    verb a participle is a form of ("deleted": "delete"), or None. ``request`` as written where no
    mistake is told."""
    if len(request) > _LONGEST:
        return request
    told = _TOLD.match(request)
    if told is not None and (told["oops"] or told["before"] or told["after"]):
        return (
            _undoing(verb_of, told["participle"], told["particle"], told["rest"], twice=_twice(told["after"]))
            or request
        )
    passive = _PASSIVE.match(request)
    if passive is not None:
        rest = passive["rest"] or ""
        if rest.casefold().startswith("from "):  # "alice was removed from ...": "add alice to ..."
            rest = f"{passive['thing']} {rest}"
        else:
            rest = f"{passive['thing']} {rest}".rstrip()
        return _undoing(verb_of, passive["participle"], None, rest) or request
    return request


def opposite_act(verb: str) -> str | None:
    """The act undoing ``verb``, as an API names it ("close": "reopen"), or None."""
    return _OPPOSITE.get(verb)


def _twice(after: str | None) -> bool:
    return after is not None and after.casefold().replace(" ", "") in ("twice", "twotimes")


def _undoing(
    verb_of: Callable[[str], str | None], participle: str, particle: str | None, rest: str, *, twice: bool = False
) -> str | None:
    """The act undoing ``participle`` (with its ``particle``) on ``rest``; None where no act is known."""
    lowered = participle.casefold()
    # (the names' form may be a noun's, "booked": "booking"; the table's verbs are read too)
    forms = (verb_of(lowered), lowered[:-2], lowered[:-1], lowered[:-3])
    verb = next((f for f in forms if f is not None and (f in _OPPOSITE or f in _POWERING)), None)
    if verb is None:
        return None
    if particle is not None:
        if verb not in _POWERING:
            return None
        opposite: str | None = _POWERED.get(particle.casefold())
    elif twice:  # "we charged cus_1 twice": the second charge refunded
        opposite = "refund" if verb == "charge" else None
    else:
        opposite = _OPPOSITE.get(verb)
    if opposite is None:
        return None
    moved = _MOVED_OUT.match(rest)
    if verb in ("remove", "kick") and moved is not None:
        return f"add {moved['person']} to {moved['place']}"
    return f"{opposite} {rest}"
