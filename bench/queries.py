"""Guessed tool names, composed the way a model composes them, from the real catalogs.

A model that wants a tool it has not seen writes a plausible name: the app, a verb and
the object, in snake_case (``list_all_cal_com_schedules`` for Cal.com's "Get all
schedules"). The generator below does the same from each target tool's own one-line
summary, deterministically (every choice is a SHA-256 of the tool's id, never ``random``):

1. the phrase: the operation's summary if it has one of at most 10 words, else the first
   sentence of its description if that is short, else its operationId split into words;
2. the verb: the phrase's first word in base form (``Retrieves`` -> ``retrieve``), or
   ``get`` when the phrase does not start with a verb;
3. the object: up to three content words after the verb, dropping articles, prepositions
   and identifier words (``id``, numbers), as a model drops them from a name;
4. the app: the connector's account name in snake_case (``cal_com``, ``google_calendar``);
5. a template, picked by the hash: ``{verb}_{app}_{object}`` (40%),
   ``{app}_{verb}_{object}`` (40%) or, for get/list verbs, ``{verb}_all_{app}_{object}`` (20%);
6. two independent perturbations a model makes, each with probability 35%: a synonym for
   the verb (``get`` -> ``retrieve``/``fetch``, ``create`` -> ``add``, ``delete`` ->
   ``remove``, ...) and the other grammatical number for the last object word
   (``schedules`` <-> ``schedule``, ``policy`` <-> ``policies``).

For a *connected* app the right answer is the target tool first; for an app that is *not
connected* (a real app from the same catalogs, outside the pool) the right answer is nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bench.data import App, Pool, Query, QuerySet, Tool, stable_hash
from cardamom.core.search.tokens import tokenize


def _words(text: str) -> list[str]:
    return text.split()


_SKIP = frozenset(
    _words(
        """
        a an the of for by to in on with from and or its it their this that these those specific given
        single existing all your my current one some any as at via into using based new
        """
    )
)
_ID_WORDS = frozenset({"id", "ids", "uuid", "guid", "v", "api"})
VERBS = frozenset(
    _words(
        """
        get list retrieve fetch create add update modify edit delete remove search find send post put patch
        set cancel start stop run upload download export import move copy archive restore enable disable
        assign unassign invite approve reject publish unpublish verify query read write open close lock
        unlock merge trigger check count replace mark reply share sync attach detach rename reset revoke
        generate validate submit schedule book subscribe unsubscribe follow unfollow block unblock pin unpin
        star unstar transfer refund capture confirm resend rotate test preview install uninstall join leave
        upsert return show view describe lookup
        """
    )
)
SYNONYMS: dict[str, tuple[str, ...]] = {
    "get": ("retrieve", "fetch"),
    "retrieve": ("get", "fetch"),
    "fetch": ("get",),
    "list": ("get_all", "fetch"),
    "create": ("add", "new"),
    "add": ("create",),
    "update": ("edit", "modify"),
    "modify": ("update",),
    "edit": ("update",),
    "delete": ("remove",),
    "remove": ("delete",),
    "search": ("find",),
    "find": ("search",),
    "send": ("post",),
    "post": ("send",),
    "cancel": ("delete",),
    "return": ("get",),
    "show": ("get",),
    "view": ("get",),
    "describe": ("get",),
}


def base_verb(word: str) -> str | None:
    """``retrieves`` -> ``retrieve``, ``lists`` -> ``list``; None when not a verb."""
    for candidate in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if candidate in VERBS:
            return candidate
    return None


def flip_number(word: str) -> str:
    """The other grammatical number, by the simple English rules a model applies."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def _phrase(tool: Tool) -> list[str]:
    """The words a model would start from: the summary, else the description's first sentence, else the name."""
    summary = tokenize(tool.summary)
    if summary:
        return summary[:12]
    first = re.split(r"(?<=[.!?])\s", "" if tool.placed else tool.description, maxsplit=1)[0]
    return tokenize(first)[:12] or tokenize(tool.name.replace("_", " "))


@dataclass(frozen=True, slots=True)
class Guess:
    app: str
    tool: str
    text: str


def guess_name(app: App, tool: Tool) -> str:
    seed = stable_hash("guess", app.id, tool.name)
    words = [w for w in _phrase(tool) if w not in _SKIP]
    verb = base_verb(words[0]) if words else None
    rest = words[1:] if verb else words
    if verb is None:  # "Announcement banner configuration": the operationId usually carries the verb
        verb = next((v for v in map(base_verb, tokenize(tool.name)) if v), None)
    obj = [w for w in rest if w not in _ID_WORDS and not w.isdigit() and len(w) > 1][:3]
    verb = verb or "get"
    if not obj:
        name_words = [w for w in tokenize(tool.name) if w != verb and w not in _SKIP | _ID_WORDS and not w.isdigit()]
        obj = name_words[:2] or ["item"]
    if (seed >> 8) % 100 < 35 and verb in SYNONYMS:
        options = SYNONYMS[verb]
        verb = options[(seed >> 16) % len(options)]
    if (seed >> 24) % 100 < 35:
        obj = [*obj[:-1], flip_number(obj[-1])]
    app_words = "_".join(tokenize(app.account))
    template = seed % 100
    body = "_".join(obj)
    if template < 40:
        return f"{verb}_{app_words}_{body}"
    if template < 80 or verb not in ("get", "list", "fetch", "retrieve"):
        return f"{app_words}_{verb}_{body}"
    return f"{verb}_all_{app_words}_{body}"


def same_operation(pool: Pool, app: App, tool: Tool) -> frozenset[int]:
    """The target, and every tool of its app that says exactly the same of itself (its summary,
    or its description when it has no summary): a catalog listing one operation twice
    (``create_allocation`` and ``create_allocation_2``), or a family of tools sharing one
    generic summary (YouTube's "Retrieves a list of resources, possibly filtered."), leaves a
    model nothing to tell them apart by, so any of them is right."""
    said = " ".join(tokenize(tool.told))
    docs = {pool.position[(app.id, tool.name)]}
    if said:
        docs |= {
            pool.position[(app.id, t.name)]
            for t in app.tools
            if (app.id, t.name) in pool.position and " ".join(tokenize(t.told)) == said
        }
    return frozenset(docs)


def _targets(apps: Sequence[App], count: int, seed: str) -> list[tuple[App, Tool]]:
    """About ``count`` tools spread evenly over ``apps``, picked by hash."""
    if not apps:
        return []
    per_app = max(1, -(-count // len(apps)))
    chosen: list[tuple[App, Tool]] = []
    for app in sorted(apps, key=lambda a: stable_hash(seed, a.id)):
        tools = sorted(app.tools, key=lambda t: stable_hash(seed, app.id, t.name))[:per_app]
        chosen.extend((app, t) for t in tools)
    chosen.sort(key=lambda pair: stable_hash(seed, pair[0].id, pair[1].name))
    return chosen[:count]


def guessed_sets(pool: Pool, universe: Sequence[App], count: int) -> tuple[QuerySet, QuerySet, QuerySet]:
    """Guessed names for ``count`` tools of connected apps, and for ``count`` tools of apps outside the pool."""
    connected_ids = {app.id for app in pool.apps}
    connected = []
    for app, tool in _targets(pool.apps, count, f"connected:{pool.name}"):
        connected.append(Query(f"{app.id}:{tool.name}", guess_name(app, tool), same_operation(pool, app, tool)))
    outside = [app for app in universe if app.id not in connected_ids]
    carried = {t for doc in pool.documents for t in doc.name_tokens | doc.label_tokens}
    distinct: list[Query] = []
    shared: list[Query] = []
    for app, tool in _targets(outside, count, f"unconnected:{pool.name}"):
        query = Query(f"{app.id}:{tool.name}", guess_name(app, tool), frozenset())
        (shared if carried.intersection(tokenize(app.account)) else distinct).append(query)
    return (
        QuerySet(f"guessed, connected ({pool.name})", "guessed", pool, connected, "right answer: the target tool"),
        QuerySet(
            f"guessed, not connected ({pool.name})",
            "guessed",
            pool,
            distinct,
            "right answer: nothing; the app's name is in no connected tool's name or label",
        ),
        QuerySet(
            f"guessed, not connected, name shared ({pool.name})",
            "guessed",
            pool,
            shared,
            "right answer: nothing; a word of the app's name is also a connected tool's name or label word",
        ),
    )
