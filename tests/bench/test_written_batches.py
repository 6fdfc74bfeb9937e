"""Requests written by helpers that saw none of the rules (issue 13's batches, from the
sixty-fourth round on): those the round's final code found first stay first.

The rounds' batches lived beside the work and were lost with a machine; these are kept here so
that a later round measures what it loses, not only what it gains. Each line of
``data/written_batches_*.tsv`` is a request, its app, the tool asked for and whether the round
found it first ("first") or not yet ("miss", kept as the next rounds' work; ``#`` comments).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import data as D
from cardamom.core.search import SearchIndex, rank
from tests.bench.test_written_requests import APPS

ROOT = D.data_root()
pytestmark = pytest.mark.skipif(not (ROOT / "catalogs").is_dir(), reason=f"shared data not found at {ROOT}")
BATCHES = sorted((Path(__file__).parent / "data").glob("written_batches_*.tsv"))


def _requests(status: str) -> list[tuple[str, str, str]]:
    rows = []
    for path in BATCHES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                query, app, tool, found = line.split("\t")
                if found == status:
                    rows.append((query, app, tool))
    return rows


REQUESTS = _requests("first")


@pytest.fixture(scope="module")
def workspace() -> tuple[D.Pool, SearchIndex]:
    apps = [app for app in D.first_class_apps(ROOT) if app.id in APPS]
    pool = D.make_pool("written requests", apps)
    return pool, pool.index()


def test_the_batches_are_read() -> None:
    assert len(REQUESTS) >= 300 and all(query and app and tool for query, app, tool in REQUESTS)
    assert len(_requests("miss")) >= 100  # (the next rounds' work, kept beside)


@pytest.mark.parametrize(("query", "app", "tool"), REQUESTS)
def test_a_batch_request_finds_its_tool_first(
    workspace: tuple[D.Pool, SearchIndex], query: str, app: str, tool: str
) -> None:
    pool, index = workspace
    found = [(pool.tools[h.doc].app, pool.tools[h.doc].name) for h in rank(index, query, limit=3).hits]
    assert found[:1] == [(app, tool)], found
