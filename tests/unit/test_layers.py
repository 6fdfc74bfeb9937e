"""The architecture, checked on the source: layers, the import graph, module size.

* the pure core (every module under ``core/``, subpackages included) imports no adapter
  library, and nothing of Cardamom but the core and the errors, directly or through another
  cardamom module;
* the importers (offline: OpenAPI documents to connectors) import only the core and errors;
* no import cycle anywhere in ``src/cardamom``, counting imports inside functions and under
  ``TYPE_CHECKING`` (a cycle hidden by a lazy import is still a cycle);
* no module over 400 lines without a sentence in its docstring saying why.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "cardamom"
CORE = PACKAGE / "core"
IMPORTERS = PACKAGE / "importers"
FORBIDDEN = {"boto3", "botocore", "httpx", "authlib", "joserfc", "mangum", "starlette", "uvicorn", "sqlite3"}
ALLOWED_CARDAMOM = ("cardamom.core", "cardamom.errors")
MAX_LINES = 400

# Cycles in the service/mcp area that the arch-svc branch (issue #10, service side) removes:
# control-plane operations per resource. The lead deletes this list when that branch lands.
KNOWN_CYCLES: set[frozenset[str]] = {
    frozenset({"cardamom.service.controlplane", "cardamom.service.operations"}),
}
# Modules over the limit that other branches are cutting up: core/search.py (the search
# branch: rank in named steps) and service/operations.py (arch-svc: one module per resource).
# The lead deletes each entry when its branch lands.
KNOWN_LONG: set[str] = {"cardamom/core/search.py", "cardamom/service/operations.py"}


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(path: Path) -> set[str]:
    """Every module name ``path`` imports, at any depth of its code (functions, TYPE_CHECKING)."""
    names: set[str] = set()
    package = module_name(path) if path.is_relative_to(SRC) else ""
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)  # ``from package import module``
    return names


def graph() -> dict[str, set[str]]:
    """Module -> the cardamom modules it imports (a name that is not a module counts as its module)."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        targets = set()
        for imported in imports_of(path):
            while imported and imported not in known:
                imported = imported.rpartition(".")[0]
            if imported.startswith("cardamom") and imported != name:
                targets.add(imported)
        edges[name] = targets
    return edges


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def package_files(root: Path) -> Iterator[Path]:
    return iter(sorted(root.rglob("*.py")))


# ---- layers ------------------------------------------------------------------------------------


def test_core_modules_import_no_adapter_library() -> None:
    offenders = {
        f"{path.relative_to(CORE)}: {name}"
        for path in package_files(CORE)
        for name in imports_of(path)
        if name.split(".")[0] in FORBIDDEN
    }
    assert offenders == set()


def test_core_depends_only_on_core_and_errors() -> None:
    offenders = {
        f"{path.relative_to(CORE)}: {name}"
        for path in package_files(CORE)
        for name in imports_of(path)
        if name.startswith("cardamom") and not name.startswith(ALLOWED_CARDAMOM)
    }
    assert offenders == set()


def test_the_importers_depend_only_on_the_core_and_errors() -> None:
    offenders = {
        f"{path.relative_to(IMPORTERS)}: {name}"
        for path in package_files(IMPORTERS)
        for name in imports_of(path)
        if (name.split(".")[0] in FORBIDDEN)
        or (name.startswith("cardamom") and not name.startswith((*ALLOWED_CARDAMOM, "cardamom.importers")))
    }
    assert offenders == set()


def test_the_check_sees_the_core_and_its_subpackages() -> None:
    assert "yaml" in imports_of(CORE / "orgfile.py")
    checked = {path.relative_to(CORE).as_posix() for path in package_files(CORE)}
    assert {"snapshot_codec/decode.py", "snapshot_codec/__init__.py"} <= checked
    # imports inside functions and under TYPE_CHECKING are seen too
    assert "jsonschema" in imports_of(CORE / "orgdef.py")
    assert "types_boto3_dynamodb.client" in imports_of(PACKAGE / "adapters" / "aws_errors.py")


# ---- the import graph --------------------------------------------------------------------------


def test_no_import_cycle_among_the_modules() -> None:
    found = set(cycles(graph()))
    assert found - KNOWN_CYCLES == set(), "import cycles: " + "; ".join(" <-> ".join(sorted(c)) for c in found)


def test_the_known_cycles_are_still_there() -> None:
    """A known cycle that is gone must leave the list, so the list cannot hide a new one later."""
    assert set(cycles(graph())) >= KNOWN_CYCLES


def test_the_cycle_check_sees_lazy_and_type_only_imports(tmp_path: Path) -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(edges) == [frozenset({"a", "b", "c"})]
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cardamom.service.gateway import Gateway\n"
        "def f():\n    from cardamom.core import snapshot\n    import cardamom.adapters.s3\n"
    )
    assert {"cardamom.service.gateway", "cardamom.core.snapshot", "cardamom.adapters.s3"} <= imports_of(source)


def test_the_graph_knows_every_module() -> None:
    edges = graph()
    assert "cardamom.core.snapshot_codec" in edges["cardamom.service.snapshots"]
    assert "cardamom.core.snapshot_codec.framing" in edges["cardamom.core.snapshot_codec"]
    assert "cardamom.importers.openapi.command" in edges["cardamom.entrypoints.cli"]


# ---- module size -------------------------------------------------------------------------------


def test_a_long_module_says_why_it_is_long() -> None:
    unexplained = []
    for path in package_files(PACKAGE):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(SRC).as_posix()
        long = len(text.splitlines()) > MAX_LINES and name not in KNOWN_LONG
        if long and f"{MAX_LINES} lines" not in (ast.get_docstring(ast.parse(text)) or ""):
            unexplained.append(name)
    assert unexplained == [], f"over {MAX_LINES} lines: split them, or say why in the docstring"


def test_the_known_long_modules_are_still_long() -> None:
    for name in KNOWN_LONG:
        assert len((SRC / name).read_text(encoding="utf-8").splitlines()) > MAX_LINES, f"{name}: drop it from the list"
