"""What src/ imports is what the package declares, and the layer installs exactly that.

Every third-party module imported by ``src/cardamom`` (outside ``if TYPE_CHECKING:`` blocks)
must come from a distribution listed in pyproject's ``[project] dependencies``, which is what
``pip install .`` and the Lambda layer (``layers/dependencies/requirements.txt``) install.
A dev-only package (the ``mcp`` SDK, moto, pytest...) imported by src/ would work in every
test and fail in AWS; so would a transitive dependency that a new release of its parent
drops. An optional extra may be imported only inside a function, where its absence is an
error message, never an import failure of the module.

The installed check (the wheel in a clean venv, ``tests/package``) proves the same thing by
running it; this one points at the offending line.
"""

from __future__ import annotations

import ast
import importlib.metadata
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src" / "cardamom"
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
LAYER_REQUIREMENTS = REPO / "layers" / "dependencies" / "requirements.txt"


def declared(requirements: list[str]) -> set[str]:
    return {canonicalize_name(Requirement(line).name) for line in requirements}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(tree: ast.AST) -> Iterator[tuple[str, int, bool]]:
    """(top-level module, line, at module level) for every import that runs."""

    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[str, int, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                yield from visit(ast.Module(body=child.orelse, type_ignores=[]), in_function)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name.split(".")[0], child.lineno, not in_function
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                yield child.module.split(".")[0], child.lineno, not in_function
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            yield from visit(child, inner)

    yield from visit(tree, False)


def third_party_imports() -> Iterator[tuple[str, str, bool]]:
    """(distribution, where, at module level) for every third-party import in src/."""
    distributions = importlib.metadata.packages_distributions()
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for module, line, top_level in runtime_imports(tree):
            if module in sys.stdlib_module_names or module in ("cardamom", "__future__"):
                continue
            where = f"{path.relative_to(REPO)}:{line} imports {module}"
            names = distributions.get(module)
            assert names, f"{where}, which no installed distribution provides"
            for name in names:
                yield canonicalize_name(name), where, top_level


def test_every_runtime_import_is_a_declared_dependency() -> None:
    runtime = declared(PROJECT["dependencies"])
    extras = {extra: declared(lines) for extra, lines in PROJECT["optional-dependencies"].items()}
    problems = []
    for distribution, where, top_level in third_party_imports():
        if distribution in runtime:
            continue
        if distribution in extras["local"] and not top_level:
            continue  # e.g. uvicorn for `cardamom serve`, which says how to install it when missing
        wanted_by = sorted(extra for extra, names in extras.items() if distribution in names)
        problems.append(f"{where} ({distribution}: {'extra ' + ', '.join(wanted_by) if wanted_by else 'undeclared'})")
    assert problems == []


def test_the_checker_sees_type_checking_blocks_and_function_scope() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import yaml\n"
        "if TYPE_CHECKING:\n    import moto\nelse:\n    import httpx\n"
        "def f():\n    import uvicorn\n"
    )
    assert list(runtime_imports(tree)) == [
        ("typing", 1, True),
        ("yaml", 2, True),
        ("httpx", 6, True),
        ("uvicorn", 8, False),
    ]


def test_no_declared_dependency_is_left_unused() -> None:
    """Remove what is not needed: each runtime dependency is imported somewhere in src/."""
    used = {distribution for distribution, _, _ in third_party_imports()}
    assert declared(PROJECT["dependencies"]) - used == set()


def test_layer_requirements_are_exactly_the_project_dependencies() -> None:
    lines = [line.split("#", 1)[0].strip() for line in LAYER_REQUIREMENTS.read_text(encoding="utf-8").splitlines()]
    layer = [Requirement(line) for line in lines if line]
    project = [Requirement(line) for line in PROJECT["dependencies"]]
    assert all(not line.startswith("-") for line in lines), "no pip options: the layer installs from PyPI by name"
    assert len({canonicalize_name(r.name) for r in layer}) == len(layer), "a requirement is listed twice"
    assert sorted(map(str, layer)) == sorted(map(str, project))
