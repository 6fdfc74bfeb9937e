"""The package as AWS gets it: the wheel, installed with its declared runtime dependencies only.

Used by the installed-package tests (``tests/package``) and by ``make bench-cold``. The wheel
is built from the working tree (hatchling, no isolated build env), then installed into a
fresh venv on the Lambda runtime's Python (3.13) with nothing else: no dev or local extra,
no editable install, no ``src/`` on the path. The venv is cached under
``.venv/runtime/<key>``, the key hashing the wheel and the interpreter, so an unchanged tree
reuses it and any change to the code or the dependencies builds a new one.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RUNTIME = (3, 13)  # template.yaml: Runtime python3.13
CACHE = REPO / ".venv" / "runtime"
KEEP = 3  # cached venvs kept (others are removed when a new one is built)


@dataclass(frozen=True)
class RuntimeVenv:
    root: Path
    python: Path
    wheel: Path

    @property
    def site_packages(self) -> Path:
        return self.root / "lib" / f"python{RUNTIME[0]}.{RUNTIME[1]}" / "site-packages"

    @property
    def scripts(self) -> Path:
        return self.root / "bin"


def runtime_python() -> Path | None:
    """A Python 3.13 interpreter: pyenv's, one on PATH, or this one; None when the machine has none."""
    candidates: list[Path] = []
    root = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    candidates += sorted(Path(root).glob(f"versions/{RUNTIME[0]}.{RUNTIME[1]}*/bin/python{RUNTIME[0]}.{RUNTIME[1]}"))
    found = shutil.which(f"python{RUNTIME[0]}.{RUNTIME[1]}")
    if found:
        candidates.append(Path(found))
    if sys.version_info[:2] == RUNTIME:
        candidates.append(Path(sys.executable))
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK) and _version(candidate) == RUNTIME:
            return candidate
    return None


def _version(python: Path) -> tuple[int, int] | None:
    done = subprocess.run(
        [str(python), "-c", "import sys; print(*sys.version_info[:2])"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return None
    major, minor = done.stdout.split()
    return int(major), int(minor)


def build_wheel(out: Path) -> Path:
    """The project's wheel, built with this interpreter's hatchling (the dev extra has it)."""
    out.mkdir(parents=True, exist_ok=True)
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(out),
            str(REPO),
        ]
    )
    (wheel,) = out.glob("cardamom-*.whl")
    return wheel


def runtime_venv(python: Path) -> RuntimeVenv:
    """The cached venv for the current tree, built (about a minute) when the tree changed."""
    with tempfile.TemporaryDirectory() as scratch:
        fresh = build_wheel(Path(scratch))
        digest = hashlib.sha256(fresh.read_bytes())
        digest.update(str(python.resolve()).encode())
        key = digest.hexdigest()[:16]
        root = CACHE / key
        wheel = root / fresh.name
        ready = root / ".ready"
        if not ready.is_file():
            shutil.rmtree(root, ignore_errors=True)
            root.parent.mkdir(parents=True, exist_ok=True)
            _run([str(python), "-m", "venv", str(root)])
            shutil.copy2(fresh, wheel)
            _run(
                [
                    str(root / "bin" / "python"),
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                    str(wheel),
                ]
            )
            ready.write_text(key, encoding="utf-8")
            _prune(keep=root)
    return RuntimeVenv(root=root, python=root / "bin" / "python", wheel=wheel)


def _prune(keep: Path) -> None:
    venvs = (p for p in CACHE.iterdir() if p.is_dir() and p != keep and not p.name.startswith("ric-"))
    others = sorted(venvs, key=lambda p: p.stat().st_mtime)
    for old in others[: max(0, len(others) - (KEEP - 1))]:
        shutil.rmtree(old, ignore_errors=True)


def _run(command: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
        )


def layer_tree(venv: RuntimeVenv, target: Path, *, compiled: bool) -> Path:
    """A copy of the venv's site-packages laid out as Lambda lays out a layer plus the function
    (one directory on ``sys.path``), with or without ``.pyc`` files."""
    if not target.exists():
        shutil.copytree(
            venv.site_packages,
            target,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "pip", "pip-*", "_distutils_hack", "*.pth"),
        )
        if compiled:
            _run(
                [
                    str(venv.python),
                    "-m",
                    "compileall",
                    "-q",
                    "-j",
                    "0",
                    "--invalidation-mode",
                    "unchecked-hash",
                    str(target),
                ]
            )
    return target


RUNTIME_INTERFACE_CLIENT = "awslambdaric==4.2.2"  # what AWS's Python base images run the handler with


def runtime_interface_client(python: Path) -> Path:
    """``awslambdaric`` installed for ``python`` into a directory of its own (like the runtime's
    /var/runtime, apart from the layer and the function), cached."""
    target = (
        CACHE
        / f"ric-{RUNTIME_INTERFACE_CLIENT.replace('==', '-')}-{hashlib.sha256(str(python).encode()).hexdigest()[:8]}"
    )
    if not (target / ".ready").is_file():
        shutil.rmtree(target, ignore_errors=True)
        _run(
            [
                str(python),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--target",
                str(target),
                RUNTIME_INTERFACE_CLIENT,
            ]
        )
        (target / ".ready").write_text(RUNTIME_INTERFACE_CLIENT, encoding="utf-8")
    return target
