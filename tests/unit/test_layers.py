"""The pure core imports no adapter library, directly or through another cardamom module."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "src" / "cardamom" / "core"
FORBIDDEN = {"boto3", "botocore", "httpx", "authlib", "joserfc", "mangum", "starlette", "uvicorn", "sqlite3"}
ALLOWED_CARDAMOM = ("cardamom.core", "cardamom.errors")


def imports_of(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


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


def test_the_check_sees_the_core() -> None:
    assert "yaml" in imports_of(CORE / "orgfile.py")
