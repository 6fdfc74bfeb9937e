"""A request written as an intent's fields (``intent_fields``).

A planner that thinks in structures writes the request as one: "app=stripe action=refund charge",
"intent: list_projects, app: asana", "action: merge pull request; app: github; repo: acme/api",
'task(app="xero", verb="create", object="invoice")', '{"service": "slack", "operation": "post
message"}'. Read as arguments, "app", "action", "intent" and "verb" were words of the request, and
the action's words values, so the app's tools were ranked on the keys (Xero's ``create_task`` for
"task(...)") or on half the action ("post_charges_charge" for "refund charge"). Read as the
request those fields say: the action, its object, then the app ("refund charge in stripe",
"merge pull request in github with repo acme/api"), the other fields kept as its arguments.

Only where an app's field and an action's field are both written: "name: Ship, project: 12" is
an argument list.
"""

from __future__ import annotations

import re

# one field: its key, a separator, its value quoted or to the next separator
_FIELD = re.compile(
    r"""["']?(?P<key>[A-Za-z_]{2,20})["']?\s*[:=]\s*(?:"(?P<dq>[^"]{1,200})"|'(?P<sq>[^']{1,200})'"""
    r"""|(?P<bare>[^,;{}()\[\]"'=:]{1,200}?))\s*(?=[,;})\]]|\s+["']?[A-Za-z_]{2,20}["']?\s*[:=]|$)"""
)
_APP_KEYS = frozenset({"app", "service", "application", "platform", "integration", "system", "provider"})
_ACTION_KEYS = frozenset({"action", "intent", "operation", "op", "verb", "do", "command", "method"})
_OBJECT_KEYS = frozenset({"object", "resource", "entity", "target", "type", "noun", "kind"})
_LONGEST = 1000  # characters


def intent_read(request: str) -> str:
    """``request`` written as an intent's fields read as the request they say ("app=stripe
    action=refund charge": "refund charge in stripe"); ``request`` as written otherwise."""
    if len(request) > _LONGEST or ("=" not in request and ":" not in request):
        return request
    fields: dict[str, str] = {}
    for found in _FIELD.finditer(request):
        key = found["key"].casefold()
        value = (found["dq"] or found["sq"] or found["bare"] or "").strip()
        if value and key not in fields:
            fields[key] = value
    app = next((fields[key] for key in fields if key in _APP_KEYS), None)
    action = next((fields[key] for key in fields if key in _ACTION_KEYS), None)
    if app is None or action is None:
        return request
    thing = next((fields[key] for key in fields if key in _OBJECT_KEYS), "")
    rest = [f'{key} "{value}"' for key, value in fields.items() if key not in _APP_KEYS | _ACTION_KEYS | _OBJECT_KEYS]
    said = " ".join(part for part in (_words(action), _words(thing), "in", app) if part)
    return f"{said} with {' and '.join(rest)}" if rest else said


def _words(value: str) -> str:
    """A value's words, as a name writes them run together: "list_projects" is "list projects"."""
    return re.sub(r"[_\-.]+", " ", value).strip()
