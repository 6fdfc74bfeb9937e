"""Property-based fuzzing of POST /mcp over real HTTP (issue #12's "done when").

The real app under uvicorn on 127.0.0.1 (SQLite store, the demo SaaS as the upstream on the
same server). Two runs, each of ``scale(250, 10_000)`` requests drawn by Hypothesis:

- rejected inputs (``hostile.rejected``): each is refused cleanly (4xx, a JSON-RPC error
  other than -32603, or an ``isError`` result), and nothing stored changes: the directory
  version, the snapshot pointer, no audit row, no upstream call;
- mixed inputs (``hostile.mixed``): valid calls (searches, connected-tool calls, listings)
  among the rejects.

Both: 0 HTTP 5xx, 0 -32603, 0 audit rows left ``started``. The counts are printed.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from starlette.routing import Mount

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery
from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas
from cardamom.entrypoints.asgi import create_app
from tests.orgs import notion_only_org_text
from tests.reliability.figures import FULL, record, scale
from tests.reliability.hostile import Hostile, mixed, rejected
from tests.support import free_socket, make_container, serve

pytestmark = pytest.mark.reliability

REJECTED_RUN = scale(250, 10_000)
MIXED_RUN = scale(250, 10_000)
SCOPES = ("mcp:read", "mcp:write", "mcp:tools")


def org_text(base: str) -> str:
    members = [{"id": "alice", "role": "member"}, {"id": "sam", "role": "member", "status": "suspended"}]
    return notion_only_org_text(f"{base}/demo/notion", members=members)


@dataclass
class Target:
    url: str
    container: Container
    tokens: dict[str, str]
    client: httpx.Client

    def send(self, item: Hostile) -> httpx.Response:
        headers: dict[str, bytes] = {"content-type": b"application/json", "accept": b"application/json"}
        if item.token == "valid":
            headers["authorization"] = f"Bearer {self.tokens['valid']}".encode()
        elif item.token != "none":
            headers["authorization"] = item.token.strip().encode("latin-1")
        for name, value in item.headers.items():
            headers[name] = value.strip().encode("latin-1")  # HTTP/1.1 trims a value's edges anyway
        return self.client.post(f"{self.url}/mcp", content=item.body, headers=headers)

    def state(self) -> tuple[int, int | None, int]:
        stored = self.container.directory.load_org("acme")
        pointer = self.container.snapshot_store.current("acme")
        assert stored is not None
        rows = len(self.container.audit.query("acme", AuditQuery(limit=1000)))
        return stored.version, None if pointer is None else pointer.version, rows

    def started_rows(self) -> int:
        return len(self.container.audit.query("acme", AuditQuery(status="started", limit=1000)))


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    sock = free_socket()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    home: Path = tmp_path_factory.mktemp("fuzz") / "home"
    container = make_container(
        home,
        org_text=org_text(base),
        credentials=EnvCredentialResolver({"NOTION_LEGAL_TOKEN": DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]}),
    )
    signer = container.signer
    assert signer is not None
    now = int(time.time())
    tokens = {
        "valid": signer.mint(org="acme", member="alice", scopes=SCOPES, now=now - 5),
        "expired": signer.mint(org="acme", member="alice", scopes=SCOPES, ttl_seconds=60, now=now - 3600),
        "stranger": signer.mint(org="acme", member="nobody", scopes=SCOPES),
        "suspended": signer.mint(org="acme", member="sam", scopes=SCOPES),
        "other_org": signer.mint(org="globex", member="alice", scopes=SCOPES),
    }
    app = create_app(container, extra_routes=[Mount("/demo", app=create_demo_saas())])
    with serve(app, sock) as url, httpx.Client(timeout=60) as client:
        yield Target(url, container, tokens, client)


FUZZ = settings(
    deadline=None,
    database=None,
    derandomize=not FULL,  # make test: the same examples every run; make reliability: fresh ones
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)


@dataclass
class Tally:
    sent: int = 0
    http_5xx: int = 0
    internal_errors: int = 0
    not_rejected: int = 0

    def __post_init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self.kinds: Counter[str] = Counter()

    def read(self, item: Hostile, response: httpx.Response) -> dict[str, Any] | None:
        self.sent += 1
        self.kinds[item.kind] += 1
        self.statuses[response.status_code] += 1
        if response.status_code >= 500:
            self.http_5xx += 1
        body: dict[str, Any] | None = response.json() if response.content else None
        if internal_error(body):
            self.internal_errors += 1
        return body


def internal_error(body: dict[str, Any] | None) -> bool:
    error = None if body is None else body.get("error")
    return isinstance(error, dict) and error.get("code") == -32603


def refused(response: httpx.Response, body: dict[str, Any] | None) -> bool:
    if response.status_code != 200 or body is None:
        return response.status_code >= 400
    if "error" in body:
        return True
    result = body.get("result", {})
    return isinstance(result, dict) and result.get("isError") is True


def test_rejected_inputs_are_all_refused_and_change_nothing(target: Target) -> None:
    before = target.state()
    tally = Tally()

    @settings(FUZZ, max_examples=REJECTED_RUN)
    @given(rejected(target.tokens))
    def one(item: Hostile) -> None:
        response = target.send(item)
        body = tally.read(item, response)
        assert response.status_code < 500, (item.kind, response.status_code, response.text[:300])
        assert not internal_error(body), (item.kind, item.body[:300])
        if not refused(response, body):
            tally.not_rejected += 1
        assert refused(response, body), (item.kind, item.body[:300], response.text[:300])

    one()
    after = target.state()
    started = target.started_rows()
    record("HTTP rejected inputs sent", tally.sent)
    record("HTTP rejected inputs by kind", dict(sorted(tally.kinds.items())))
    record("HTTP rejected inputs by status", dict(sorted(tally.statuses.items())))
    record(
        "HTTP rejected: 5xx / -32603 / accepted / rows started",
        (tally.http_5xx, tally.internal_errors, tally.not_rejected, started),
    )
    assert tally.sent >= REJECTED_RUN * 0.95
    assert (tally.http_5xx, tally.internal_errors, tally.not_rejected, started) == (0, 0, 0, 0)
    rows = target.container.audit.query("acme", AuditQuery(limit=5))
    assert after == before, f"a rejected input changed what is stored: {rows}"


def test_mixed_inputs_never_fail_and_close_every_row(target: Target) -> None:
    directory_version = target.state()[0]
    tally = Tally()
    served = Counter[str]()

    @settings(FUZZ, max_examples=MIXED_RUN)
    @given(mixed(target.tokens))
    def one(item: Hostile) -> None:
        response = target.send(item)
        body = tally.read(item, response)
        assert response.status_code < 500, (item.kind, response.status_code, response.text[:300])
        assert not internal_error(body), (item.kind, item.body[:300], body)
        if item.kind == "valid":
            served["error" if refused(response, body) else "ok"] += 1
        else:
            assert refused(response, body), (item.kind, item.body[:300], response.text[:300])

    one()
    started = target.started_rows()
    rows = target.container.audit.query("acme", AuditQuery(limit=1000))
    record("HTTP mixed inputs sent", tally.sent)
    record("HTTP mixed inputs by kind", dict(sorted(tally.kinds.items())))
    record("HTTP mixed valid requests answered ok / in-band error", (served["ok"], served["error"]))
    record("HTTP mixed: 5xx / -32603 / rows started", (tally.http_5xx, tally.internal_errors, started))
    assert tally.sent >= MIXED_RUN * 0.95
    assert (tally.http_5xx, tally.internal_errors, started) == (0, 0, 0)
    assert rows and all(r.status in ("succeeded", "failed") and r.completed_at for r in rows)
    assert target.state()[0] == directory_version
