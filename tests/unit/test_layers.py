"""The layers: the pure core imports no adapter library, services and the MCP layer import no
adapter, and no import cycle runs through the services, the MCP layer or the composition root.

Imports are read from the source (``ast``), wherever they sit: at the top, inside a function
(a lazy import) or under ``TYPE_CHECKING``, so none of them can hide a dependency or a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "cardamom"
CORE = PACKAGE / "core"
FORBIDDEN = {"boto3", "botocore", "httpx", "authlib", "joserfc", "mangum", "starlette", "uvicorn", "sqlite3"}
ALLOWED_CARDAMOM = ("cardamom.core", "cardamom.errors")
# Adapters and what sits above the services: a service or the MCP layer importing any of them
# would tie a use case to a technology or to its own callers.
NOT_BELOW = ("cardamom.adapters", "cardamom.entrypoints", "cardamom.bootstrap", "cardamom.demo")
ADAPTER_LIBRARIES = FORBIDDEN | {"aws_lambda_powertools"}
WIRED = ("cardamom.service", "cardamom.mcp", "cardamom.bootstrap")
LONG_MODULE_LINES = 400


def imports_of(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path) -> dict[str, Path]:
    return {module_name(path): path for path in package.rglob("*.py")}


def import_graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the project modules it imports (``from a import b`` counts as ``a.b`` when that is a module)."""
    return {name: {i for i in imports_of(path) if i in found and i != name} for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The graph's strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def offenders(paths: Iterable[Path], forbidden_modules: tuple[str, ...], libraries: set[str]) -> set[str]:
    return {
        f"{path.stem}: {name}"
        for path in paths
        for name in imports_of(path)
        if name.startswith(forbidden_modules) or name.split(".")[0] in libraries
    }


def test_core_modules_import_no_adapter_library() -> None:
    offenders = {
        f"{path.name}: {name}"
        for path in CORE.glob("*.py")
        for name in imports_of(path)
        if name.split(".")[0] in FORBIDDEN
    }
    assert offenders == set()


def test_core_depends_only_on_core_and_errors() -> None:
    offenders = {
        f"{path.name}: {name}"
        for path in CORE.glob("*.py")
        for name in imports_of(path)
        if name.startswith("cardamom") and not name.startswith(ALLOWED_CARDAMOM)
    }
    assert offenders == set()


def test_services_import_no_adapter() -> None:
    found = list((PACKAGE / "service").rglob("*.py"))
    assert len(found) > 10
    assert offenders(found, (*NOT_BELOW, "cardamom.mcp"), ADAPTER_LIBRARIES) == set()


def test_the_mcp_layer_imports_no_adapter() -> None:
    found = list((PACKAGE / "mcp").rglob("*.py"))
    assert offenders(found, NOT_BELOW, ADAPTER_LIBRARIES) == set()


def test_no_import_cycle_runs_through_the_services_the_mcp_layer_or_the_root() -> None:
    touching = [c for c in cycles(import_graph(modules(PACKAGE))) if any(m.startswith(WIRED) for m in c)]
    assert touching == []


def test_long_modules_in_the_wired_layers_say_why() -> None:
    unexplained = []
    for name, path in modules(PACKAGE).items():
        if not name.startswith(WIRED):
            continue
        text = path.read_text()
        docstring = ast.get_docstring(ast.parse(text)) or ""
        if text.count("\n") > LONG_MODULE_LINES and f"{LONG_MODULE_LINES} lines" not in docstring:
            unexplained.append(name)
    assert unexplained == []


def test_the_checks_see_what_they_check(tmp_path: Path) -> None:
    assert "yaml" in imports_of(CORE / "orgfile.py")
    hidden = tmp_path / "hidden.py"
    hidden.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cardamom.adapters.env import EnvCredentialResolver\n"
        "def later() -> None:\n    import httpx\n"
    )
    assert offenders([hidden], NOT_BELOW, ADAPTER_LIBRARIES) == {
        "hidden: cardamom.adapters.env",
        "hidden: cardamom.adapters.env.EnvCredentialResolver",
        "hidden: httpx",
    }
    graph = import_graph(modules(PACKAGE))
    assert "cardamom.service.controlplane.connections" in graph["cardamom.service.controlplane.plane"]


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"a"}, "c": {"a"}}, [{"a", "b"}]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}}, [{"a", "b", "c"}]),
    ],
)
def test_the_cycle_finder_finds_cycles(graph: dict[str, set[str]], expected: list[set[str]]) -> None:
    assert cycles(graph) == expected
