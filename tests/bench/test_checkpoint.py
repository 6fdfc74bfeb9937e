"""A stopped ``make bench`` run resumes: its finished parts are kept by the commit measured, and a
tree with uncommitted changes keeps nothing (no shared data needed)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from bench.checkpoint import Checkpoint, for_run, run_key


def _repo(folder: Path) -> Path:
    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True)

    (folder / "src").mkdir(parents=True)
    (folder / "src" / "a.py").write_text("x = 1\n")
    git("init", "-q")
    git("add", "src")
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "one")
    return folder


def test_a_part_is_found_again_by_a_later_start(tmp_path: Path) -> None:
    first = Checkpoint(tmp_path / "run")
    assert first.load("row-000") is None
    first.save("row-000", {"set": {"ours": 0.5}})
    again = Checkpoint(tmp_path / "run")
    assert again.load("row-000") == {"set": {"ours": 0.5}}
    assert again.load("row-001") is None
    assert not list((tmp_path / "run").glob("*.tmp"))  # written whole, then renamed


def test_a_part_cut_off_mid_write_is_not_found(tmp_path: Path) -> None:
    kept = Checkpoint(tmp_path)
    (tmp_path / "row-000.pickle").write_bytes(b"\x80\x05\x95")
    assert kept.load("row-000") is None


def test_without_a_folder_nothing_is_kept(tmp_path: Path) -> None:
    kept = Checkpoint(None)
    kept.save("row-000", 1)
    assert kept.load("row-000") is None
    kept.discard()


def test_the_clock_adds_every_start(tmp_path: Path) -> None:
    first = Checkpoint(tmp_path, clock=True)
    assert first.earlier == 0.0
    first.began -= 100.0  # as if the first start had run 100 s before its part finished
    first.save("row-000", 1)
    second = Checkpoint(tmp_path, clock=True)
    assert 100.0 <= second.earlier < 160.0
    second.discard()
    assert not tmp_path.exists()


def test_the_key_names_the_commit_and_the_run(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True).stdout
    full = run_key(repo, tmp_path, quick=False)
    assert full is not None and full.startswith(head[:12])
    assert run_key(repo, tmp_path, quick=True) not in (None, full)
    assert run_key(repo, tmp_path / "other", quick=False) != full
    kept = for_run(tmp_path / "cache" / "results.pickle", repo, tmp_path, quick=False)
    assert kept.folder == tmp_path / "cache" / "bench-partial" / full


def test_uncommitted_code_keeps_nothing(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    (repo / "src" / "a.py").write_text("x = 2\n")
    assert run_key(repo, tmp_path, quick=False) is None
    assert for_run(tmp_path / "results.pickle", repo, tmp_path, quick=False).folder is None
    assert run_key(tmp_path / "repo" / "src", tmp_path, quick=False) is None  # still inside the repo: dirty


def test_a_package_imported_from_another_tree_keeps_nothing(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    inside = for_run(tmp_path / "r.pickle", repo, tmp_path, quick=False, measured=repo / "src" / "a.py")
    assert inside.folder is not None
    elsewhere = tmp_path / "other" / "src" / "a.py"
    assert for_run(tmp_path / "r.pickle", repo, tmp_path, quick=False, measured=elsewhere).folder is None


def test_outside_a_repository_nothing_is_kept(tmp_path: Path) -> None:
    assert run_key(tmp_path, tmp_path, quick=False) is None
