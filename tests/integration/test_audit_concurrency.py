"""Many executes at once produce a chain that verifies, on the embedded store (sealed at each
completion) and on DynamoDB (moto's server; sealed by sealers racing the calls, as the
scheduled function and an operator's ``cardamom audit seal`` might)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from joserfc.jwk import ECKey

from cardamom.adapters.dynamodb_audit_chain import DynamoAuditChain
from cardamom.bootstrap import Container, build_container
from cardamom.core.audit import AuditQuery
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.outbound import OutboundRequest
from cardamom.ports import ConnectorTransport, OutboundResponse
from cardamom.service.audit_sealing import AuditSealer
from cardamom.service.authorization import Caller
from tests.aws_support import AwsBackend, aws_settings, clients
from tests.fakes import StaticCredentials
from tests.orgs import notion_only_org_text
from tests.support import make_container

CALLS = 24
AT_ONCE = 16


class BarrierTransport(ConnectorTransport):
    """Holds every request until ``AT_ONCE`` are in flight together, then answers them all."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.most_at_once = 0
        self._all_here = anyio.Event()

    async def send(self, request: OutboundRequest) -> OutboundResponse:
        self.in_flight += 1
        self.most_at_once = max(self.most_at_once, self.in_flight)
        if self.in_flight >= AT_ONCE:
            self._all_here.set()
        with anyio.fail_after(30):
            await self._all_here.wait()
        await anyio.sleep(0.01)
        self.in_flight -= 1
        return OutboundResponse(200, {"content-type": "application/json"}, b'{"ok": true}')


@pytest.fixture(params=["sqlite", "aws"])
def setup(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Container, BarrierTransport, str]]:
    transport = BarrierTransport()
    org = parse_org_definition(notion_only_org_text(), "org.yaml")
    if request.param == "sqlite":
        container = make_container(tmp_path / "home", transport=transport, credentials=StaticCredentials())
    else:
        backend: AwsBackend = request.getfixturevalue("aws")
        settings = aws_settings(backend, ECKey.generate_key("P-256"))
        container = build_container(settings, transport=transport, credentials=StaticCredentials())
    container.apply_org(org)
    yield container, transport, request.param


async def _execute_all(container: Container) -> None:
    caller = Caller("acme", "alice", "member", frozenset({"mcp:read", "mcp:tools"}))
    await asyncio.gather(
        *(
            container.execution.execute(caller, "notion-legal__retrieve_page", {"page_id": f"page-{i}"})
            for i in range(CALLS)
        )
    )


def test_concurrent_executes_produce_a_chain_that_verifies(
    setup: tuple[Container, BarrierTransport, str], request: pytest.FixtureRequest
) -> None:
    container, transport, backend = setup
    stop = threading.Event()
    failures: list[BaseException] = []
    sealers: list[threading.Thread] = []
    if backend == "aws":
        aws: AwsBackend = request.getfixturevalue("aws")

        def sealing() -> None:  # another process's sealer: its own client
            sealer = AuditSealer(DynamoAuditChain(clients(aws.endpoint)["dynamodb"], aws.tables["AuditTable"]))
            try:
                while not stop.is_set():
                    sealer.seal("acme")
            except BaseException as exc:
                failures.append(exc)

        sealers = [threading.Thread(target=sealing) for _ in range(3)]
        for thread in sealers:
            thread.start()
    try:
        asyncio.run(_execute_all(container))
    finally:
        stop.set()
        for thread in sealers:
            thread.join(timeout=60)
    assert failures == []
    assert transport.most_at_once >= AT_ONCE

    rows = container.audit.query("acme", AuditQuery(limit=1000))
    assert len(rows) == CALLS and {r.status for r in rows} == {"succeeded"}
    if backend == "aws":
        container.audit_sealer.seal("acme")  # the scheduled pass after the last completion
    result = container.audit_sealer.verify("acme")
    assert result.ok, result.breaks
    assert result.sealed_rows == CALLS and result.unsealed == ()
    assert {r.target_id for r in rows} == {f"page-{i}" for i in range(CALLS)}
