"""A ``make bench`` run's finished parts, kept on disk so that a run stopped part way (it takes
close to three hours on a 2-core host) resumes where it stopped instead of starting over.

Each part (one ranker row, the peers, one speed pool) is written to its own file as it finishes,
under a folder named after what was measured: the commit, the data and the run's size. A tree with
uncommitted changes keeps nothing, since what it measured cannot be named again.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any


def run_key(repo: Path, data: Path, quick: bool) -> str | None:
    """What a run measures, as a folder name; None when the code measured is not a commit."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=repo)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no", "--", ":(top)src", ":(top)bench"],
        capture_output=True,
        text=True,
        cwd=repo,
    )
    if head.returncode != 0 or dirty.returncode != 0 or dirty.stdout.strip():
        return None
    what = f"{head.stdout.strip()} {data.resolve()} {'quick' if quick else 'full'}"
    return f"{head.stdout.strip()[:12]}-{hashlib.sha256(what.encode()).hexdigest()[:8]}"


class Checkpoint:
    """Finished parts of one run, by name; with no folder, it keeps nothing and finds nothing.

    With ``clock``, it also keeps the seconds the run has taken so far, over every start, so that
    a resumed run's report states the whole run's time (``earlier``: the starts before this one)."""

    def __init__(self, folder: Path | None, clock: bool = False) -> None:
        self.folder = folder
        self.clock = clock
        self.began = time.time()
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        self.earlier: float = (self.load("seconds") or 0.0) if clock else 0.0

    def _path(self, part: str) -> Path:
        assert self.folder is not None
        return self.folder / f"{part}.pickle"

    def load(self, part: str) -> Any | None:
        if self.folder is None:
            return None
        try:
            with self._path(part).open("rb") as handle:
                return pickle.load(handle)
        except (OSError, EOFError, pickle.UnpicklingError):
            return None  # not finished, or cut off mid-write before the rename below existed

    def save(self, part: str, value: Any) -> None:
        if self.folder is None:
            return
        path = self._path(part)
        partial = path.with_suffix(".tmp")
        with partial.open("wb") as handle:
            pickle.dump(value, handle)
        os.replace(partial, path)  # a part is there whole or not at all
        if self.clock and part != "seconds":
            self.save("seconds", self.earlier + time.time() - self.began)

    def discard(self) -> None:
        """Forget the parts once the run's report is written: a new run measures afresh."""
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


def for_run(cache: Path, repo: Path, data: Path, quick: bool, measured: Path | None = None) -> Checkpoint:
    """The run's checkpoint, beside its raw results' cache (``bench-partial/<key>/``). ``measured``:
    the search package imported; one from outside ``repo`` (another work tree's, installed
    editable) is not the commit named, and nothing is kept."""
    key = run_key(repo, data, quick)
    if measured is not None and not measured.resolve().is_relative_to(repo.resolve()):
        key = None
    return Checkpoint(None if key is None else cache.parent / "bench-partial" / key, clock=True)
