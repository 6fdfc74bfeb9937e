"""Snapshots at scale, on the AWS backend: size, build, load, and the MCP function's store reads.

    .venv/bin/python -m bench.snapshots [--tools 10000] [--repeat 15] [--json]

The org is built from ``../shared/data/catalogs/*/operations.jsonl``: one operation is one
tool, every catalog is one connector (twelve), connected once, and the largest connected a
second time until the pool holds ``--tools`` tools (the last catalog trimmed to hit it).
Operations carry no parameters there, so each tool's schema is its path parameters plus
two query or body properties (a stand-in; the OpenAPI importer builds richer ones).

Measured, in this process:

* snapshot size (compressed blob, and the marshal payload inside it);
* build time: ``build_snapshot`` (tokenising and indexing the pool) and ``encode_snapshot``;
* load-and-deserialise time: ``decode_snapshot`` of the blob (the warm Lambda's work when the
  pointer moved), min and median of ``--repeat`` runs;
* the first request after a load, on a freshly decoded snapshot each run: a member's policy
  pass (``PoolCache.pool``: which tools she may use) and a whole search (the pass, ranking her
  pool and the withheld tools, the hits' records and refusals), for the org as it is and with
  three restrictions (a role rule by tool pattern, a role rule on a connector, one of her own);
* against moto's server (started here on 127.0.0.1, tables from template.yaml): the org's
  apply, and the MCP function's store calls per request through the Lambda handler, counted
  on its own boto3 clients: the first request of a cold start, a warm one, and the first one
  after the pointer moved.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardamom.core.orgdef import OrgDefinition
from cardamom.core.search.tokens import tokenize
from cardamom.core.snapshot import build_snapshot
from cardamom.core.snapshot_codec import decode_snapshot, encode_snapshot
from cardamom.core.snapshot_codec.framing import unframe

REPO = Path(__file__).resolve().parents[1]
CATALOGS = REPO.parent / "shared" / "data" / "catalogs"
_TAG = re.compile(r"<[^>]+>")
_METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"}


# ---- the org ------------------------------------------------------------------------------------


def _tool_name(row: dict[str, Any], taken: set[str]) -> str:
    base = "_".join(tokenize(row.get("operationId") or f"{row['method']} {row['path']}"))[:60].strip("_") or "op"
    name, n = base, 2
    while name in taken:
        name, n = f"{base[:56]}_{n}", n + 1
    taken.add(name)
    return name


def _usable_path(path: str) -> bool:
    return not ("?" in path or "#" in path or "//" in path or any(p in (".", "..") for p in path.split("/")))


def catalog_tools(catalog: Path) -> tuple[str, list[dict[str, Any]]]:
    """A catalog's app label and its operations as tool definitions."""
    label, tools, taken = catalog.name, [], set[str]()
    for line in (catalog / "operations.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        label = row.get("app") or label
        method = str(row.get("method", "")).upper()
        if method not in _METHODS or not _usable_path(row["path"]):
            continue
        params = re.findall(r"\{([^{}]+)\}", row["path"])
        if any(not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*", p) for p in params):
            continue
        extra = (
            {"limit": {"type": "integer"}, "cursor": {"type": "string"}}
            if method == "GET"
            else {"body": {"type": "object"}}
        )
        text = row.get("description") or row.get("summary") or ""
        tools.append(
            {
                "name": _tool_name(row, taken),
                "description": html.unescape(_TAG.sub("", text)).strip()[:1000],
                "method": method,
                "path": row["path"],
                "input_schema": {"type": "object", "properties": extra},
            }
        )
    return label, tools


def bench_org(target: int) -> OrgDefinition:
    catalogs = sorted(p for p in CATALOGS.iterdir() if (p / "operations.jsonl").is_file())
    if not catalogs:
        raise SystemExit(f"no catalogs under {CATALOGS}")
    connectors = []
    for catalog in catalogs:
        label, tools = catalog_tools(catalog)
        cid = re.sub(r"[^a-z0-9-]+", "-", catalog.name.lower()).strip("-")
        connectors.append({"id": cid, "label": label[:80], "base_url": f"https://api.{cid}.example", "tools": tools})
    connections: list[dict[str, Any]] = []
    total = 0
    # Every connector once, then the largest again, until the pool is full ...
    for connector in connectors + sorted(connectors, key=lambda c: -len(c["tools"])):
        if total >= target:
            break
        copies = sum(1 for c in connections if c["connector"] == connector["id"])
        suffix = "main" if copies == 0 else "second"
        connections.append({"account": f"{connector['id'][:24]}-{suffix}", "connector": connector["id"]})
        total += len(connector["tools"])
    # ... then trim one connector connected once by the excess, so the pool holds exactly the target.
    excess = total - target
    if excess > 0:
        once = [c for c in connectors if sum(1 for k in connections if k["connector"] == c["id"]) == 1]
        trimmed = next(c for c in sorted(once, key=lambda c: len(c["tools"])) if len(c["tools"]) > excess)
        trimmed["tools"] = trimmed["tools"][: len(trimmed["tools"]) - excess]
    used = {c["connector"] for c in connections}
    return OrgDefinition.model_validate(
        {
            "org": "acme",
            "connectors": [c for c in connectors if c["id"] in used],
            "connections": connections,
            "members": [{"id": "alice", "role": "member"}, {"id": "olivia", "role": "owner"}],
        }
    )


# ---- measuring ----------------------------------------------------------------------------------


def timed(
    action: Callable[[], Any], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float, Any]:
    """(min ms, median ms, last result) over ``repeat`` runs."""
    times, result = [], None
    for _ in range(repeat):
        result = None  # the previous result is freed before the clock starts, not inside the measure
        start = clock()
        result = action()
        times.append((clock() - start) * 1000)
    return min(times), statistics.median(times), result


def timed_fresh(blob: bytes, action: Callable[[Any], Any], repeat: int) -> tuple[float, float]:
    """(min ms, median ms) of ``action`` on a snapshot freshly decoded (untimed) before each run:
    what the first request after a load pays."""
    times = []
    for _ in range(repeat):
        snapshot = decode_snapshot(blob)
        start = time.perf_counter()
        action(snapshot)
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


# The caller of the first-request figures, and the rules of the restricted variant: a
# member-wide block by tool pattern, a member-wide block of a connector, and a rule of the
# caller's own (so her pool is narrowed per member, on top of the role's).
QUERY = "create a new customer invoice"


def restricted(org: OrgDefinition) -> OrgDefinition:
    first, second = org.connectors[0].id, org.connectors[1].id
    rules = [
        {"id": "no-deletes", "target": {"role": "member"}, "effect": "block", "tools": ["delete*"]},
        {"id": "no-first", "target": {"role": "member"}, "effect": "block", "connector": first},
        {"id": "alice-second", "target": {"user": "alice"}, "effect": "block", "connector": second},
    ]
    return OrgDefinition.model_validate({**org.model_dump(mode="json", exclude_none=True), "restrictions": rules})


def first_request_figures(blob: bytes, repeat: int) -> dict[str, Any]:
    """The caller's policy pass (``PoolCache.pool``) and a whole search (pass, ranking of the
    pool and of the withheld tools, the hits' records and refusals) on a fresh snapshot."""
    from cardamom.core.policy import ALL_SCOPES
    from cardamom.core.search import rank
    from cardamom.service.authorization import Caller, PoolCache

    caller = Caller("acme", "alice", "member", frozenset(ALL_SCOPES))

    def search(snapshot: Any) -> None:
        pool = PoolCache().pool(caller, snapshot)
        ranking = rank(snapshot.index, QUERY, pool=pool.visible, limit=10)
        for hit in ranking.hits:
            tool = snapshot.tools[hit.doc]
            assert snapshot.connectors[tool.connector].label and tool.input_schema is not None
        withheld = rank(snapshot.index, QUERY, pool=pool.withheld.keys(), limit=5)
        for hit in withheld.hits:
            assert str(pool.withheld[hit.doc])

    pool_min, pool_median = timed_fresh(blob, lambda s: PoolCache().pool(caller, s), repeat)
    search_min, search_median = timed_fresh(blob, search, repeat)
    return {
        "pool_ms": {"min": pool_min, "median": pool_median},
        "search_ms": {"min": search_min, "median": search_median},
    }


def snapshot_figures(org: OrgDefinition, repeat: int) -> dict[str, Any]:
    build_min, build_median, snapshot = timed(lambda: build_snapshot(org, 1), max(3, repeat // 5))
    encode_min, _, blob = timed(lambda: encode_snapshot(snapshot), 3)
    load_min, load_median, loaded = timed(lambda: decode_snapshot(blob), repeat)
    cpu_min, cpu_median, _ = timed(lambda: decode_snapshot(blob), repeat, time.process_time)
    assert len(loaded.tools) == len(snapshot.tools)
    narrowed = encode_snapshot(build_snapshot(restricted(org), 1))
    return {
        "tools": len(snapshot.tools),
        "connectors": len(org.connectors),
        "connections": len(org.connections),
        "compressed_bytes": len(blob),
        "payload_bytes": len(unframe(blob)),
        "build_ms": {"min": build_min, "median": build_median},
        "encode_ms": encode_min,
        "load_ms": {"min": load_min, "median": load_median},
        "load_cpu_ms": {"min": cpu_min, "median": cpu_median},
        "first_request": first_request_figures(blob, repeat),
        "first_request_restricted": first_request_figures(narrowed, repeat),
    }


class Calls:
    def __init__(self, *clients: Any) -> None:
        self.counts: Counter[str] = Counter()
        for client in clients:
            client.meta.events.register("before-call", self._seen)

    def _seen(self, model: Any, **_: Any) -> None:
        self.counts[f"{model.service_model.service_name}:{model.name}"] += 1

    def take(self) -> dict[str, int]:
        counts, self.counts = self.counts, Counter()
        return dict(sorted(counts.items()))


def aws_figures(org: OrgDefinition) -> dict[str, Any]:
    """Apply the org on moto's server and count the MCP function's store calls per request."""
    from aws_lambda_powertools import Metrics
    from joserfc.jwk import ECKey
    from tests.aws_support import aws_environment, aws_settings, create_backend, mint, moto_endpoint
    from tests.fakes import StaticCredentials

    from cardamom.adapters.dynamodb_directory import DynamoDirectory
    from cardamom.adapters.dynamodb_snapshots import DynamoSnapshotStore
    from cardamom.bootstrap import build_container
    from cardamom.core.directory import DirectoryChange
    from cardamom.core.orgdef import RestrictionDef, RestrictionTarget
    from cardamom.entrypoints.lambda_app import make_handler

    with aws_environment(), moto_endpoint() as url:
        backend = create_backend(url)
        key = ECKey.generate_key("P-256")
        settings = aws_settings(backend, key)
        admin = build_container(settings, credentials=StaticCredentials())
        apply_ms, _, _ = timed(lambda: admin.apply_org(org), 1)
        mcp = build_container(settings, credentials=StaticCredentials())  # a fresh cold start
        assert isinstance(mcp.directory, DynamoDirectory) and isinstance(mcp.snapshot_store, DynamoSnapshotStore)
        calls = Calls(mcp.directory.client, mcp.snapshot_store.objects.client)
        handler = make_handler(mcp, Metrics(namespace="CardamomBench"))
        token = mint(key)
        event = json.loads((REPO / "events" / "search-tools.json").read_text(encoding="utf-8"))
        event["headers"]["authorization"] = f"Bearer {token}"

        class Context:
            function_name, memory_limit_in_mb, aws_request_id = "bench", 1024, "bench"
            invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:bench"

            def get_remaining_time_in_millis(self) -> int:
                return 29_000

        def request() -> dict[str, int]:
            response = handler(event, Context())
            assert response["statusCode"] == 200, response
            return calls.take()

        cold_ms, _, cold = timed(request, 1)
        warm_min, warm_median, warm = timed(request, 20)
        block = RestrictionDef(
            id="b", target=RestrictionTarget(role="guest"), effect="block", connector=org.connectors[0].id
        )
        admin.admin.change("acme", lambda _: DirectoryChange(restrictions={"b": block}))
        moved_ms, _, moved = timed(request, 1)
    return {
        "apply_ms": apply_ms,
        "requests": {
            "cold": {"calls": cold, "ms": cold_ms},
            "warm": {"calls": warm, "ms_min": warm_min, "ms_median": warm_median},
            "pointer_moved": {"calls": moved, "ms": moved_ms},
        },
    }


def report(figures: dict[str, Any]) -> str:
    s, a = figures["snapshot"], figures.get("aws")
    lines = [
        f"org: {s['tools']:,} tools, {s['connectors']} connectors, {s['connections']} connections",
        f"snapshot: {s['compressed_bytes'] / 1e6:.2f} MB compressed ({s['payload_bytes'] / 1e6:.2f} MB payload)",
        f"build: {s['build_ms']['min']:.0f} ms (median {s['build_ms']['median']:.0f}); encode {s['encode_ms']:.0f} ms",
        f"load and deserialise: {s['load_ms']['min']:.1f} ms (median {s['load_ms']['median']:.1f}); "
        f"CPU time {s['load_cpu_ms']['min']:.1f} ms (median {s['load_cpu_ms']['median']:.1f})",
    ]
    for key, rules in (("first_request", "no restrictions"), ("first_request_restricted", "three restrictions")):
        f = s[key]
        lines.append(
            f"first request after a load ({rules}): policy pass {f['pool_ms']['min']:.1f} ms "
            f"(median {f['pool_ms']['median']:.1f}); whole search {f['search_ms']['min']:.1f} ms "
            f"(median {f['search_ms']['median']:.1f})"
        )
    if a:
        r = a["requests"]
        lines += [
            f"apply on moto (directory write + rebuild + upload): {a['apply_ms']:.0f} ms",
            f"cold request: {r['cold']['calls']} in {r['cold']['ms']:.0f} ms",
            f"warm request: {r['warm']['calls']} in {r['warm']['ms_min']:.1f} ms (median {r['warm']['ms_median']:.1f})",
            f"after the pointer moved: {r['pointer_moved']['calls']} in {r['pointer_moved']['ms']:.0f} ms",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tools", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--no-aws", action="store_true", help="skip the moto part")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    org = bench_org(args.tools)
    figures: dict[str, Any] = {"snapshot": snapshot_figures(org, args.repeat)}
    if not args.no_aws:
        figures["aws"] = aws_figures(org)
    sys.stdout.write((json.dumps(figures, indent=2) if args.json else report(figures)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
