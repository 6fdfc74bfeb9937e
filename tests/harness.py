"""The application wired with in-memory fakes, through the real composition root
(``bootstrap.build_container``): service-level tests without HTTP or disk."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio

from cardamom.bootstrap import Stores, build_container
from cardamom.config import Settings
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.policy import ALL_SCOPES
from cardamom.mcp.server import Reply
from cardamom.ports import TokenVerifier, ToolDiscovery
from cardamom.service.authorization import Caller
from tests.fakes import (
    MemoryAuditLog,
    MemoryDirectory,
    MemorySecretStore,
    MemorySnapshotStore,
    RecordingTelemetry,
    RecordingTransport,
    RefusingVerifier,
    StaticCredentials,
    StaticDiscovery,
)

# Nothing is read from or written to ``home``: every store is in memory and the verifier is a fake.
SETTINGS = Settings(
    backend="sqlite",
    home=Path("/nonexistent/cardamom-fake-app"),
    jwt_issuer="cardamom-test",
    jwt_audience="cardamom",
    jwt_public_key=None,
    local_mode=False,
    allowed_origins=(),
    connector_timeout=20.0,
    max_response_bytes=5 * 1024 * 1024,
    log_level="INFO",
    public_url=None,
)


@dataclass
class FakeApp:
    directory: MemoryDirectory = field(default_factory=MemoryDirectory)
    store: MemorySnapshotStore = field(default_factory=MemorySnapshotStore)
    audit: MemoryAuditLog = field(default_factory=MemoryAuditLog)
    transport: RecordingTransport = field(default_factory=RecordingTransport)
    credentials: StaticCredentials = field(default_factory=StaticCredentials)
    telemetry: RecordingTelemetry = field(default_factory=RecordingTelemetry)
    discovery: ToolDiscovery | None = field(default_factory=StaticDiscovery)  # None: the root's own, over transport
    now: int = 1_795_000_000  # the app's clock (epoch seconds), movable by tests
    verifier: TokenVerifier = field(default_factory=RefusingVerifier)  # HTTP tests hand in one that accepts

    def __post_init__(self) -> None:
        ids = itertools.count(1)
        self.container = build_container(
            SETTINGS,
            stores=Stores(self.directory, self.audit, self.store, MemorySecretStore()),
            transport=self.transport,
            credentials=self.credentials,
            discovery=self.discovery,
            telemetry=self.telemetry,
            verifier=self.verifier,
            clock=lambda: self.now,
            new_id=lambda: f"audit-{next(ids)}",
        )
        self.snapshots = self.container.snapshots
        self.admin = self.container.admin
        self.endpoint = self.container.endpoint

    def apply(self, org_text: str) -> None:
        self.admin.apply(parse_org_definition(org_text, "org.yaml"))

    def caller(self, member: str = "alice", scopes: tuple[str, ...] = ALL_SCOPES, org: str = "acme") -> Caller:
        found = self.directory.get_member(org, member)
        assert found is not None, member
        return Caller(org, found.member.id, found.member.role, frozenset(scopes))

    def rpc(self, method: str, params: dict[str, Any] | None = None, *, caller: Caller | None = None) -> Reply:
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}).encode()
        return anyio.run(lambda: self.endpoint.handle(body, caller or self.caller()))

    def call(
        self, name: str, arguments: dict[str, Any] | None = None, *, caller: Caller | None = None
    ) -> dict[str, Any]:
        reply = self.rpc("tools/call", {"name": name, "arguments": arguments or {}}, caller=caller)
        assert reply.body is not None and "result" in reply.body, reply.body
        result: dict[str, Any] = reply.body["result"]
        return result

    def search(self, query: str, *, caller: Caller | None = None, limit: int | None = None) -> dict[str, Any]:
        arguments: dict[str, Any] = {"query": query}
        if limit is not None:
            arguments["limit"] = limit
        result = self.call("search_tools", arguments, caller=caller)
        assert result["isError"] is False, result
        structured: dict[str, Any] = result["structuredContent"]
        return structured
