"""docs/architecture.md stays true: every row of its table "seed rule -> module -> function" names
a module that imports and names that exist in it, and every adapter and entrypoint module is in
its drawing of the layers."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "architecture.md"
PACKAGE = REPO / "src" / "cardamom"
TABLE_HEADER = "| Seed rule | Module | Function |"
CODE = re.compile(r"`([^`]+)`")


def seed_rule_rows() -> list[tuple[str, str, list[str]]]:
    """(rule, module path, names) for each row of the table."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index(TABLE_HEADER) + 2  # past the header and its |---| line
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rule, module, names = (cell.strip() for cell in line.strip("|").split("|"))
        (path,) = CODE.findall(module)
        rows.append((rule, path, CODE.findall(names)))
    return rows


def module_of(path: str) -> str:
    """``core/frozen.py`` -> ``cardamom.core.frozen``; ``core/snapshot_codec/`` -> the package."""
    dotted = path.removesuffix(".py").removesuffix("/").replace("/", ".")
    return f"cardamom.{dotted}"


def test_the_table_has_the_rules_the_seeds_name() -> None:
    rules = " ".join(rule for rule, _, _ in seed_rule_rows()).lower()
    for rule in (
        "field weights",
        "relevance floor",
        "codepoint",
        "stop words",
        "tool:execute",
        "scopes",
        "restricted reporting",
        "restrictions",
        "frozen",
        "output caps",
        "audit row",
        "execute_tool",
        "final check",
    ):
        assert rule in rules, f"no row of docs/architecture.md's seed table is about {rule!r}"


@pytest.mark.parametrize(("rule", "path", "names"), seed_rule_rows(), ids=lambda value: str(value)[:40])
def test_each_row_names_what_exists(rule: str, path: str, names: list[str]) -> None:
    assert names, f"{rule!r}: the row names no function"
    module = importlib.import_module(module_of(path))
    for name in names:
        target: object = module
        for part in name.split("."):
            assert hasattr(target, part), f"{rule!r}: {path} has no {name}"
            target = getattr(target, part)


@pytest.mark.parametrize("room", ["adapters", "entrypoints"])
def test_every_adapter_and_entrypoint_is_drawn(room: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = sorted(
        path.name for path in (PACKAGE / room).glob("*.py") if path.name != "__init__.py" and path.name not in text
    )
    assert missing == [], f"docs/architecture.md does not mention these {room}: {missing}"
