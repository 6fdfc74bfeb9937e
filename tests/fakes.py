"""In-memory fakes that subclass the real ports (no mocks)."""

from __future__ import annotations

from collections.abc import Callable

from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.orgdef import AuthSpec
from cardamom.core.outbound import Credential, OutboundRequest, Secret
from cardamom.core.snapshot import AccountInfo
from cardamom.errors import CredentialUnavailable, StoreError
from cardamom.ports import AuditLog, ConnectorTransport, CredentialResolver, OutboundResponse, SearchTelemetry


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
