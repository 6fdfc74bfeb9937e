"""In-memory fakes that subclass the real ports (no mocks)."""

from __future__ import annotations

from collections.abc import Callable

from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.orgdef import AuthSpec, MemberDef, OrgDefinition
from cardamom.core.outbound import Credential, OutboundRequest, Secret
from cardamom.core.snapshot import AccountInfo
from cardamom.errors import CredentialUnavailable, StoreError
from cardamom.ports import (
    AuditLog,
    ConnectorTransport,
    CredentialResolver,
    Directory,
    OutboundResponse,
    SearchTelemetry,
    SnapshotPointer,
    SnapshotStore,
    StoredOrg,
)


class RecordingTransport(ConnectorTransport):
    """Answers every request with ``respond(request)`` and remembers what was sent."""

    def __init__(self, respond: Callable[[OutboundRequest], OutboundResponse] | None = None) -> None:
        self.sent: list[OutboundRequest] = []
        self._respond = respond or (
            lambda _: OutboundResponse(200, {"content-type": "application/json"}, b'{"ok": true}')
        )

    async def send(self, request: OutboundRequest) -> OutboundResponse:
        self.sent.append(request)
        return self._respond(request)


class StaticCredentials(CredentialResolver):
    """Every bearer/api_key connection gets ``token``; accounts in ``missing`` have none."""

    def __init__(self, token: str = "secret-token-123", missing: frozenset[str] = frozenset()) -> None:
        self.token = token
        self.missing = missing

    def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        if account.account in self.missing:
            raise CredentialUnavailable(f"the credential of connection {account.account} is not available")
        if auth.type == "none":
            return Credential("none")
        if auth.type == "basic":
            return Credential("basic", username=Secret("user"), password=Secret(self.token))
        return Credential(auth.type, token=Secret(self.token))


class RecordingTelemetry(SearchTelemetry):
    def __init__(self) -> None:
        self.searches: list[dict[str, object]] = []

    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None:
        self.searches.append({"org": org, "pool_size": pool_size, "results": results, "restricted": restricted})


class MemoryAuditLog(AuditLog):
    """Audit rows in a dict; ``fail_begin``/``fail_complete`` simulate a store outage."""

    def __init__(self) -> None:
        self.rows: dict[str, AuditRow] = {}
        self.fail_begin = False
        self.fail_complete = False

    def begin(self, row: AuditRow) -> None:
        if self.fail_begin:
            raise StoreError("audit store is down")
        self.rows[row.id] = row

    def complete(self, row: AuditRow) -> None:
        if self.fail_complete:
            raise StoreError("audit store is down")
        self.rows[row.id] = row

    def query(self, org: str, query: AuditQuery) -> list[AuditRow]:
        return [r for r in self.rows.values() if r.org == org][: query.limit]


class MemoryDirectory(Directory):
    def __init__(self) -> None:
        self.orgs: dict[str, StoredOrg] = {}

    def apply_org(self, org: OrgDefinition) -> int:
        version = self.orgs[org.org].version + 1 if org.org in self.orgs else 1
        self.orgs[org.org] = StoredOrg(org, version)
        return version

    def load_org(self, org: str) -> StoredOrg | None:
        return self.orgs.get(org)

    def get_member(self, org: str, member_id: str) -> MemberDef | None:
        stored = self.orgs.get(org)
        if stored is None:
            return None
        return next((m for m in stored.definition.members if m.id == member_id), None)


class MemorySnapshotStore(SnapshotStore):
    def __init__(self) -> None:
        self.blobs: dict[tuple[str, int], bytes] = {}
        self.pointers: dict[str, int] = {}
        self.reads = 0

    def current(self, org: str) -> SnapshotPointer | None:
        self.reads += 1
        version = self.pointers.get(org)
        return None if version is None else SnapshotPointer(org, version)

    def get(self, org: str, version: int) -> bytes | None:
        self.reads += 1
        return self.blobs.get((org, version))

    def put(self, org: str, version: int, blob: bytes) -> None:
        self.blobs[(org, version)] = blob
        self.pointers[org] = max(version, self.pointers.get(org, 0))
