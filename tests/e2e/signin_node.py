"""The Node packages the sign-in tests use (``tests/e2e/signin_node``): the TypeScript MCP SDK,
``oidc-provider`` (a certified OpenID provider) and ``mcp-remote``, installed with ``npm ci``
from the committed lock file when missing or older than it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

NODE_DIR = Path(__file__).resolve().parent / "signin_node"
LOCK_FILE = NODE_DIR / "package-lock.json"
INSTALLED_MARKER = NODE_DIR / "node_modules" / ".package-lock.json"
INSTALL_TIMEOUT_S = 300


def node_tools() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.fail("the sign-in e2e tests need Node.js 20+ and npm on PATH", pytrace=False)
    return node, npm


def installed() -> str:
    """Install (once) and return the node binary."""
    node, npm = node_tools()
    current = INSTALLED_MARKER.is_file() and INSTALLED_MARKER.stat().st_mtime >= LOCK_FILE.stat().st_mtime
    if not current:
        proc = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=NODE_DIR,
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_S,
            check=False,
        )
        if proc.returncode != 0:
            pytest.fail(f"`npm ci` in {NODE_DIR} failed:\n{proc.stdout}\n{proc.stderr}", pytrace=False)
    return node
