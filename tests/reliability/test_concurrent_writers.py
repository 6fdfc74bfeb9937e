"""Concurrent control-plane writers (issue #12): conflicts are surfaced, nothing is lost.

Several writers, each a container of its own on the same stores (as separate processes or
Lambda instances would be), add members and restrictions through ``tools/call`` at once. A
write that loses the race comes back as an in-band ``conflict``, having written nothing; the
writer retries it. At the end every write is in the directory exactly once, and the version
counts exactly the writes that landed (one transaction each).
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from joserfc.jwk import ECKey

from cardamom.bootstrap import Container
from cardamom.core.policy import ALL_SCOPES
from cardamom.service.authorization import Caller
from tests.aws_support import ISSUER, aws_environment, create_backend, moto_endpoint
from tests.orgs import notion_only_org_text
from tests.reliability.fault_proxy import FaultProxy
from tests.reliability.figures import record, scale
from tests.support import make_container

pytestmark = pytest.mark.reliability

WRITERS = 4
WRITES_EACH = scale(6, 30)
ORG = notion_only_org_text(members={"alice": "owner"})
OWNER = Caller("acme", "alice", "owner", frozenset(ALL_SCOPES))


@pytest.fixture(scope="module")
def moto() -> Iterator[str]:
    """moto behind a proxy that forwards one request at a time (``FaultProxy``: DynamoDB's isolation)."""
    with aws_environment(), moto_endpoint() as url, FaultProxy(url, one_at_a_time=True).running() as proxy:
        yield proxy.url


def sqlite_stores(tmp_path: Path, _: str) -> Callable[[], Container]:
    home = tmp_path / "home"
    make_container(home, org_text=ORG)
    return lambda: make_container(home)


def dynamodb_stores(tmp_path: Path, moto: str) -> Callable[[], Container]:
    backend = create_backend(moto)
    key = ECKey.generate_key("P-256")
    env = {
        **backend.env(),
        "CARDAMOM_JWT_ISSUER": ISSUER,
        "CARDAMOM_JWT_PUBLIC_KEY": json.dumps(key.as_dict(private=False)),
    }
    make_container(tmp_path / "home", org_text=ORG, **env)
    return lambda: make_container(tmp_path / "home", **env)


def run(container: Container, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    body = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    )
    reply = anyio.run(lambda: container.endpoint.handle(body.encode(), OWNER))
    assert reply.body is not None and "result" in reply.body, reply.body
    result: dict[str, Any] = reply.body["result"]
    return result


@pytest.mark.parametrize("stores", [sqlite_stores, dynamodb_stores], ids=["sqlite", "dynamodb"])
def test_concurrent_writers_lose_nothing(
    tmp_path: Path, request: pytest.FixtureRequest, stores: Callable[[Path, str], Callable[[], Container]]
) -> None:
    moto = request.getfixturevalue("moto") if stores is dynamodb_stores else ""
    new_container = stores(tmp_path, moto)
    start = new_container().directory.load_org("acme")
    assert start is not None
    outcomes: Counter[str] = Counter()
    unexpected: list[dict[str, Any]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(WRITERS)

    def writer(index: int) -> None:
        container = new_container()  # a process of its own: its own caches and connections
        barrier.wait()
        for n in range(WRITES_EACH):
            if n % 2:
                name, arguments = "cardamom__members__add", {"id": f"w{index}-m{n}"}
            else:
                name = "cardamom__restrictions__create"
                arguments = {
                    "id": f"w{index}-r{n}",
                    "target": {"user": "alice"},
                    "effect": "block",
                    "connector": "notion",
                    "tools": [f"tool_{n}"],
                }
            while True:
                result = run(container, name, arguments)
                error = result["structuredContent"].get("error") if result["isError"] else None
                with lock:
                    outcomes["landed" if error is None else error["code"]] += 1
                if error is None:
                    break
                if error["code"] != "conflict":
                    with lock:
                        unexpected.append(error)
                    break

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)

    end = new_container().directory.load_org("acme")
    assert end is not None
    members = [m.id for m in end.definition.members]
    restrictions = [r.id for r in end.definition.restrictions]
    expected_members = {f"w{i}-m{n}" for i in range(WRITERS) for n in range(WRITES_EACH) if n % 2}
    expected_restrictions = {f"w{i}-r{n}" for i in range(WRITERS) for n in range(WRITES_EACH) if not n % 2}
    backend = "sqlite" if stores is sqlite_stores else "dynamodb"
    record(
        f"concurrent writers ({backend}): writes landed / conflicts surfaced and retried",
        (outcomes["landed"], outcomes["conflict"]),
    )
    assert unexpected == []
    assert outcomes["landed"] == WRITERS * WRITES_EACH
    assert set(members) - {"alice"} == expected_members and len(members) == len(set(members))
    assert set(restrictions) == expected_restrictions and len(restrictions) == len(set(restrictions))
    assert end.version == start.version + WRITERS * WRITES_EACH  # one version per landed write, none half-done
