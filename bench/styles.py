"""Queries in the styles models write after reading ``search_tools``' description, built from
the real catalogs: app + action phrases, sentences carrying argument values, synonyms, and
the requests where the right answer is nothing (an app that is not connected, in each style;
off-topic requests; a connected app whose tools the caller may not use; a connected app asked
for an action it lacks).

Every query is composed from one target tool's own one-line summary, as for guessed names
(``bench.queries``), deterministically: each choice is a SHA-256 of the tool's id.

* **phrase** (``jira get issue``): the app's name and the summary's verb and object, in one
  of three orders (``{app} {verb} {object}``, ``{verb} {object} in {app}``,
  ``{app}: {verb} {object}``), the app as the vendor writes it or lower-cased;
* **sentence** (``Comment 'Fixed in build 142' on Jira issue PROJ-123``): the same action as
  a request, with an argument value for every path parameter (an issue key, a numeric or
  UUID id, an owner or repository slug) and, for actions that write, a quoted text;
* **synonym** (``jira view a ticket``): a phrase in which the verb, the object or both are
  replaced by a word a person uses for it (``ticket`` for an issue, ``to-do`` for a task,
  ``view`` for get). The replacement table below is written for the benchmark, apart from
  the ranker's synonym groups (``cardamom.core.search.synonyms``), and its dev/test split is by
  the replacement word, so the test half measures words the ranker was never tuned on.

The abstention sets use the same generators on tools of apps outside the caller's index
(the app is not connected), on the tools of an app that is in the index but withheld from the
caller (connected, no usable tools), on the actions of other apps phrased with a connected
app's name (an action it lacks), and on a fixed list of off-topic request templates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bench.data import App, Query, QuerySet, Tool, make_pool, stable_hash
from bench.queries import _ID_WORDS, _SKIP, _phrase, base_verb, guess_name, same_operation
from cardamom.core.search.tokens import inflection_key, tokenize


def _words(text: str) -> list[str]:
    return text.split()


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    obj: list[str]


def action(tool: Tool) -> Action:
    """The verb and up to three object words of a tool's one-line summary."""
    words = [w for w in _phrase(tool) if w not in _SKIP]
    verb = base_verb(words[0]) if words else None
    rest = words[1:] if verb else words
    if verb is None:
        verb = next((v for v in map(base_verb, tokenize(tool.name)) if v), None) or "get"
    obj = [w for w in rest if w not in _ID_WORDS and not w.isdigit() and len(w) > 1][:3]
    if not obj:
        obj = [w for w in tokenize(tool.name) if w != verb and w not in _SKIP | _ID_WORDS and not w.isdigit()][:2]
    return Action(verb, obj or ["item"])


def _app_name(app: App, seed: int) -> str:
    return app.label if (seed >> 40) % 2 else app.label.casefold()


def phrase(app: App, act: Action, seed: int) -> str:
    name = _app_name(app, seed)
    body = " ".join([act.verb, *act.obj])
    template = seed % 3
    if template == 0:
        return f"{name} {body}"
    if template == 1:
        return f"{body} in {name}"
    return f"{name}: {body}"


# ---- sentences with argument values ------------------------------------------------------------

_TEXTS = (
    "Fixed in build 142",
    "Q3 planning",
    "Weekly sync notes",
    "Launch checklist v2",
    "Customer feedback from Acme",
    "Please review by Friday",
    "Budget 2025 draft",
    "Onboarding for Maria",
    "Release 4.2 notes",
    "Bug bash results",
)
_WRITES = frozenset(_words("create add update post send set edit comment upload rename move copy assign invite reply"))
_KEY_PREFIXES = ("PROJ", "ENG", "OPS", "WEB", "MOB")
_SLUGS = ("acme", "platform-team", "website", "billing-service", "design-docs")
_WHO = ("maria@example.com", "sam.lee@acme.io", "dev-team@example.org")


def _value(param: str, seed: int) -> str:
    """A plausible value for a path parameter, by its name."""
    p = param.casefold()
    n = seed % 9000 + 1000
    if ("key" in p and "issue" in p) or p in ("issueidorkey", "issuekey"):
        return f"{_KEY_PREFIXES[seed % len(_KEY_PREFIXES)]}-{seed % 900 + 12}"
    if "key" in p or p in ("projectidorkey",):
        return _KEY_PREFIXES[seed % len(_KEY_PREFIXES)]
    if p.endswith("gid"):
        return str(1200000000000000 + seed % 10**12)
    if p in ("owner", "org", "username", "enterprise", "repo", "name", "branch"):
        return _SLUGS[seed % len(_SLUGS)]
    if "email" in p or p == "user":
        return _WHO[seed % len(_WHO)]
    if p.endswith(("_id", "id")) and seed % 3 == 0:
        h = f"{seed:032x}"[-32:]
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"
    return str(n * 7919 % 10**7)


def sentence(app: App, tool: Tool, act: Action, seed: int) -> str:
    params = re.findall(r"{([^}]+)}", tool.key)
    values = [_value(p, seed >> (8 * i)) for i, p in enumerate(params[-2:])]
    text = _TEXTS[(seed >> 12) % len(_TEXTS)] if act.verb in _WRITES or not values else None
    obj = " ".join(act.obj)
    name = app.label
    verb = act.verb.capitalize()
    template = (seed >> 20) % 4
    ids = " ".join(values)
    quoted = f" '{text}'" if text else ""
    if template == 0:
        return f"{verb} the {name} {obj}{quoted} {ids}".rstrip()
    if template == 1:
        return f"Please {act.verb} {obj} {ids} in {name}{' called' + quoted if text else ''}".replace("  ", " ")
    if template == 2:
        return f"Can you {act.verb} the {obj}{quoted} for {ids or 'me'} on {name}?".replace("  ", " ")
    return f"In {name}, {act.verb} {obj} {ids}{' with the text' + quoted if text else ''}".replace("  ", " ")


# ---- synonyms -----------------------------------------------------------------------------------

# How people name actions and things a tool calls otherwise. Written for the benchmark; the
# ranker's groups live in cardamom.core.search.synonyms and were written apart from this table.
PEOPLE_WORDS: dict[str, tuple[str, ...]] = {
    "get": ("view", "show", "look up", "read", "see"),
    "retrieve": ("view", "show", "look up", "fetch"),
    "list": ("show all", "view all", "browse", "enumerate"),
    "create": ("add", "make", "new", "open", "start"),
    "add": ("create", "insert", "put"),
    "update": ("edit", "change", "modify", "rename"),
    "delete": ("remove", "trash", "erase", "drop", "discard"),
    "remove": ("delete", "take off", "drop"),
    "search": ("find", "look for", "query"),
    "find": ("search", "look for"),
    "send": ("post", "deliver"),
    "upload": ("attach", "put"),
    "download": ("export", "save"),
    "move": ("transfer", "relocate"),
    "copy": ("duplicate", "clone"),
    "issue": ("ticket", "bug"),
    "issues": ("tickets", "bugs"),
    "task": ("to-do", "todo", "action item"),
    "tasks": ("to-dos", "todos", "action items"),
    "page": ("doc", "document", "note"),
    "pages": ("docs", "documents", "notes"),
    "file": ("document", "attachment", "doc"),
    "files": ("documents", "attachments", "docs"),
    "folder": ("directory",),
    "folders": ("directories",),
    "user": ("member", "person", "account"),
    "users": ("members", "people", "accounts"),
    "comment": ("note", "remark", "reply"),
    "comments": ("notes", "remarks", "replies"),
    "project": ("board", "initiative"),
    "projects": ("boards", "initiatives"),
    "workspace": ("organization", "org", "account"),
    "team": ("group", "squad"),
    "teams": ("groups", "squads"),
    "message": ("note", "chat", "post"),
    "messages": ("chats", "posts"),
    "repository": ("repo", "codebase"),
    "repositories": ("repos", "codebases"),
    "customer": ("client", "buyer"),
    "customers": ("clients", "buyers"),
    "invoice": ("bill",),
    "invoices": ("bills",),
    "booking": ("appointment", "meeting", "reservation"),
    "bookings": ("appointments", "meetings", "reservations"),
    "tag": ("label",),
    "tags": ("labels",),
    "label": ("tag",),
    "labels": ("tags",),
    "attachment": ("file",),
    "attachments": ("files",),
    "webhook": ("callback", "hook"),
    "webhooks": ("callbacks", "hooks"),
    "subscription": ("plan", "membership"),
    "payment": ("charge", "transaction"),
    "contact": ("person", "lead"),
    "contacts": ("people", "leads"),
    "block": ("paragraph", "content"),
    "blocks": ("paragraphs", "contents"),
    "database": ("table",),
    "sprint": ("iteration",),
    "board": ("kanban",),
    "status": ("state", "progress"),
    "priority": ("importance", "urgency"),
    "collaboration": ("share", "sharing"),
    "collaborations": ("shares",),
}


def synonym_phrase(app: App, act: Action, seed: int) -> tuple[str, str] | None:
    """A phrase with one or two words replaced as a person would, and the first replacement word."""
    verb_options = PEOPLE_WORDS.get(act.verb, ())
    object_word = act.obj[0]
    object_options = PEOPLE_WORDS.get(object_word, ())
    if not verb_options and not object_options:
        return None
    verb, obj = act.verb, list(act.obj)
    used = ""
    which = (seed >> 28) % 3
    if object_options and (which != 0 or not verb_options):
        obj[0] = object_options[(seed >> 32) % len(object_options)]
        used = obj[0]
    if verb_options and (which != 1 or not object_options):
        verb = verb_options[(seed >> 36) % len(verb_options)]
        used = used or verb
    return phrase(app, Action(verb, obj), seed), used


# ---- off-topic ---------------------------------------------------------------------------------

_OFF_TOPIC = (
    "what is {a} times {b}",
    "what's {a} plus {b}?",
    "tell me a joke about {thing}",
    "write a haiku about {thing}",
    "who won the {year} world cup",
    "translate 'good morning' into {language}",
    "how many days until {holiday}",
    "what is the capital of {country}",
    "explain quantum entanglement like I'm five",
    "recommend a good book about {thing}",
    "what's the square root of {a}",
    "how do I make {food}",
    "convert {a} miles to kilometers",
    "is {year} a leap year",
    "give me a fun fact about {thing}",
    "summarize the plot of Hamlet",
    "what rhymes with {thing}",
    "how tall is mount everest",
    "what should I name my {thing}",
    "spell {thing} backwards",
)
_THINGS = ("cats", "the ocean", "autumn", "penguins", "coffee", "dragons", "bicycles", "volcanoes")
_LANGUAGES = ("French", "Japanese", "German", "Portuguese")
_HOLIDAYS = ("Christmas", "Halloween", "New Year", "Easter")
_COUNTRIES = ("Australia", "Peru", "Kenya", "Norway", "Vietnam")
_FOODS = ("pancakes", "risotto", "sourdough bread", "guacamole")


def off_topic(count: int) -> list[Query]:
    queries = []
    for i in range(count):
        seed = stable_hash("off-topic", str(i))
        template = _OFF_TOPIC[seed % len(_OFF_TOPIC)]
        text = template.format(
            a=seed % 97 + 3,
            b=(seed >> 8) % 89 + 2,
            thing=_THINGS[(seed >> 16) % len(_THINGS)],
            year=1990 + (seed >> 20) % 34,
            language=_LANGUAGES[(seed >> 24) % len(_LANGUAGES)],
            holiday=_HOLIDAYS[(seed >> 28) % len(_HOLIDAYS)],
            country=_COUNTRIES[(seed >> 32) % len(_COUNTRIES)],
            food=_FOODS[(seed >> 36) % len(_FOODS)],
        )
        queries.append(Query(f"off:{i}", text, frozenset()))
    return list({q.text: q for q in queries}.values())


# ---- the sets -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Workspace:
    """A caller's org: ``connected`` apps in the pool, ``withheld`` apps in the index only
    (connected, none of their tools usable by this caller)."""

    name: str
    connected: tuple[str, ...]  # app labels
    withheld: tuple[str, ...]


WORKSPACES = (
    Workspace("workspace apps", ("Notion", "Asana", "Box", "Jira", "Jira Software"), ("Slack",)),
    Workspace("developer apps", ("GitHub", "Stripe", "Cal.com", "Intercom", "Xero"), ("Twilio",)),
)


def _targets(apps: Sequence[App], count: int, seed: str) -> list[tuple[App, Tool]]:
    per_app = max(1, -(-count // max(len(apps), 1)))
    chosen: list[tuple[App, Tool]] = []
    for app in apps:
        tools = sorted(app.tools, key=lambda t: stable_hash(seed, app.id, t.name))[:per_app]
        chosen.extend((app, t) for t in tools)
    chosen.sort(key=lambda pair: stable_hash(seed, pair[0].id, pair[1].name))
    return chosen[:count]


def _lacks(app: App, act: Action) -> bool:
    """None of the app's tool names carries the action's object words (any inflection)."""
    keys = {inflection_key(w) for w in act.obj}
    return not any(keys & {inflection_key(w) for w in tokenize(t.name)} for t in app.tools)


def styled_sets(universe: Sequence[App], workspace: Workspace, count: int) -> list[QuerySet]:
    by_label = {app.label: app for app in universe}
    connected = [by_label[label] for label in workspace.connected]
    withheld = [by_label[label] for label in workspace.withheld]
    pool = make_pool(workspace.name, [*connected, *withheld])
    usable = frozenset(i for i, t in enumerate(pool.tools) if t.app in {a.id for a in connected})
    indexed = {app.id for app in [*connected, *withheld]}
    outside = [a for a in universe if a.id not in indexed and not a.id.startswith("mcp:")]
    q = workspace.name

    phrases, sentences, synonyms = [], [], []
    for app, tool in _targets(connected, count, f"styled:{q}"):
        seed = stable_hash("styled", app.id, tool.name)
        act = action(tool)
        gold = same_operation(pool, app, tool)
        qid = f"{app.id}:{tool.name}"
        phrases.append(Query(f"p:{qid}", phrase(app, act, seed), gold, usable))
        sentences.append(Query(f"s:{qid}", sentence(app, tool, act, seed), gold, usable))
        replaced = synonym_phrase(app, act, seed)
        if replaced is not None:
            text, word = replaced
            synonyms.append(Query(f"y:{qid}", text, gold, usable, group=f"word:{word}"))

    none_phrases, none_sentences, none_synonyms, none_guessed = [], [], [], []
    for app, tool in _targets(
        sorted(outside, key=lambda a: stable_hash("outside", q, a.id)), count, f"unconnected:{q}"
    ):
        seed = stable_hash("styled", app.id, tool.name)
        act = action(tool)
        qid = f"{app.id}:{tool.name}"
        none_phrases.append(Query(f"up:{qid}", phrase(app, act, seed), frozenset(), usable))
        none_sentences.append(Query(f"us:{qid}", sentence(app, tool, act, seed), frozenset(), usable))
        replaced = synonym_phrase(app, act, seed)
        if replaced is not None:
            none_synonyms.append(Query(f"uy:{qid}", replaced[0], frozenset(), usable, group=f"word:{replaced[1]}"))
        none_guessed.append(Query(f"ug:{qid}", guess_name(app, tool), frozenset(), usable))

    no_tools = []
    for app, tool in _targets(withheld, count, f"withheld:{q}"):
        seed = stable_hash("styled", app.id, tool.name)
        act = action(tool)
        qid = f"{app.id}:{tool.name}"
        style = seed % 3
        text = (
            phrase(app, act, seed)
            if style == 0
            else sentence(app, tool, act, seed)
            if style == 1
            else guess_name(app, tool)
        )
        no_tools.append(Query(f"w:{qid}", text, frozenset(), usable))

    lacking = []
    for other, tool in _targets(outside, 4 * count, f"lacking:{q}"):
        seed = stable_hash("lacking", other.id, tool.name)
        app = connected[seed % len(connected)]
        act = action(tool)
        if not _lacks(app, act):
            continue
        text = phrase(app, act, seed) if (seed >> 44) % 2 else sentence(app, tool, act, seed)
        lacking.append(Query(f"l:{other.id}:{tool.name}", text, frozenset(), usable))
        if len(lacking) >= count:
            break

    where = f"{', '.join(workspace.connected)} connected; {', '.join(workspace.withheld)} withheld"
    return [
        QuerySet(f"app + action phrases ({q})", "styled", pool, phrases, f"{where}; right answer: the target tool"),
        QuerySet(f"sentences with values ({q})", "styled", pool, sentences, "right answer: the target tool"),
        QuerySet(f"synonyms ({q})", "styled", pool, synonyms, "right answer: the target tool; split by the word"),
        QuerySet(f"unconnected app, phrases ({q})", "refusal", pool, none_phrases, "an app outside the index"),
        QuerySet(f"unconnected app, sentences ({q})", "refusal", pool, none_sentences, "an app outside the index"),
        QuerySet(f"unconnected app, synonyms ({q})", "refusal", pool, none_synonyms, "an app outside the index"),
        QuerySet(f"unconnected app, guessed names ({q})", "refusal", pool, none_guessed, "an app outside the index"),
        QuerySet(
            f"connected app, no usable tools ({q})",
            "refusal",
            pool,
            no_tools,
            f"{', '.join(workspace.withheld)} is indexed but withheld from the caller; phrases, sentences, names",
        ),
        QuerySet(
            f"connected app, action it lacks ({q})",
            "refusal",
            pool,
            lacking,
            "another app's action phrased with a connected app's name; no tool of that app names its object",
        ),
        QuerySet(
            f"off-topic requests ({q})",
            "refusal",
            pool,
            [Query(f"{x.id}:{q}", x.text, x.gold, usable) for x in off_topic(count)],
            "arithmetic, trivia, chat",
        ),
    ]


def styled_queries(apps: Sequence[App], count: int) -> list[str]:
    """Phrases and sentences for ``count`` tools of ``apps`` (for timing: they name an app)."""
    texts = []
    for app, tool in _targets(apps, count, "timing"):
        seed = stable_hash("styled", app.id, tool.name)
        act = action(tool)
        texts.append(phrase(app, act, seed) if seed % 2 else sentence(app, tool, act, seed))
    return texts
