"""The application wired with in-memory fakes: service-level tests without HTTP or disk."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import anyio

from cardamom.core.orgfile import parse_org_definition
from cardamom.core.policy import ALL_SCOPES
from cardamom.mcp.server import McpEndpoint, Reply
from cardamom.service.access import Caller
from cardamom.service.admin import DirectoryAdmin
from cardamom.service.controlplane import ControlPlane
from cardamom.service.gateway import Gateway, GatewaySettings
from cardamom.service.snapshots import SnapshotService
from tests.fakes import (
    MemoryAuditLog,
    MemoryDirectory,
    MemorySnapshotStore,
    RecordingTelemetry,
    RecordingTransport,
    StaticCredentials,
)


@dataclass
class FakeApp:
    directory: MemoryDirectory = field(default_factory=MemoryDirectory)
    store: MemorySnapshotStore = field(default_factory=MemorySnapshotStore)
    audit: MemoryAuditLog = field(default_factory=MemoryAuditLog)
    transport: RecordingTransport = field(default_factory=RecordingTransport)
    credentials: StaticCredentials = field(default_factory=StaticCredentials)
    telemetry: RecordingTelemetry = field(default_factory=RecordingTelemetry)
    now: int = 1_795_000_000  # the admin clock (epoch seconds), movable by tests

    def __post_init__(self) -> None:
        ids = itertools.count(1)
        self.snapshots = SnapshotService(self.directory, self.store)
        self.gateway = Gateway(
            directory=self.directory,
            snapshots=self.snapshots,
            audit=self.audit,
            transport=self.transport,
            credentials=self.credentials,
            telemetry=self.telemetry,
            settings=GatewaySettings(),
            clock=lambda: datetime(2026, 11, 29, 12, 0, tzinfo=UTC),
            new_id=lambda: f"audit-{next(ids)}",
        )
        self.admin = DirectoryAdmin(self.directory, self.snapshots, clock=lambda: self.now)
        self.plane = ControlPlane(self.admin, self.snapshots, self.audit)
        self.endpoint = McpEndpoint(self.gateway, self.plane)

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
