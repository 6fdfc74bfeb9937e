"""A thing described, its id after it in parentheses (``bracketed_ids``): "close the login bug
*(ENG-4)* in jira", "refund the duplicate charge *(ch_9)*", "reboot the api droplet *(id 77)*",
"delete the draft contract *(box file 123)*", "mark the launch task *(asana 12)* done".

The description is the person's name for the thing ("the login bug", "the draft contract"), no
word of the tool that acts on it, and "(ENG-4)" a remark in parentheses: as written the
description's words were the request's rarest and it found nothing. Read as the thing its id
names: the thing's kind (the description's last word) and the id, or what the parentheses say
of it where they name its kind ("box file 123"), the description's other words out.
"""

from __future__ import annotations

import re
from collections.abc import Container

from cardamom.core.search.value_shapes import has_value_digits

_BRACKETED = re.compile(
    r"\b(?:(?P<det>(?:the|my|our|this|that|a|an|their|your)\s+)(?P<desc>(?:[A-Za-z][\w'-]*\s+){0,3}?))?"
    r"(?P<head>[A-Za-z]{2,})\s+\((?P<inner>[^()\n]{1,40})\)",
    re.IGNORECASE,
)
_LABELS = frozenset({"id", "no", "no.", "number", "num", "#", "ref", "key", "id:", "id#"})
_LONGEST = 400  # characters


def bracketed_thing(request: str, app_words: Container[str]) -> str:
    """``request`` with a thing described and its id in parentheses read as the thing its id
    names (``app_words``: the words naming the apps, which the parentheses may say);
    ``request`` as written where no parentheses hold an id after a thing."""
    if len(request) > _LONGEST or "(" not in request:
        return request
    return _BRACKETED.sub(lambda found: _named(found, app_words), request)


def _named(found: re.Match[str], app_words: Container[str]) -> str:
    words = found["inner"].split()
    if not words or not has_value_digits(words[-1].lstrip("#")):
        return found.group(0)  # (a remark: "(full amount)", "(the old one)")
    said = [w for w in words[:-1] if w.casefold() not in _LABELS]
    ident = words[-1]
    kinds = [w for w in said if w.casefold() not in app_words]
    # "(box file 123)", "(PR #8)" name the thing; "(ENG-4)", "(asana 12)", "(id 77)" its id, of the description's kind
    named = [*said, ident] if kinds else [*said, found["head"], ident]
    return f"{found['det'] or ''}{' '.join(named)}"
