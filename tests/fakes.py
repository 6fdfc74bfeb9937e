"""In-memory fakes that subclass the real ports (no mocks)."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.directory import DirectoryChange, Grant, MemberRecord, apply_change
from cardamom.core.insights import UnmetSearch
from cardamom.core.listings import ListingAttempt
from cardamom.core.orgdef import AuthSpec, OrgDefinition
from cardamom.core.outbound import Credential, OutboundRequest, Secret
from cardamom.core.pool import AccountInfo, Upstream
from cardamom.core.remote_tools import RemoteTool
from cardamom.errors import AuthenticationError, Conflict, CredentialUnavailable, StoreError
from cardamom.ports import (
    AuditLog,
    Claims,
    ConnectorTransport,
    CredentialResolver,
    Directory,
    OutboundResponse,
    SearchTelemetry,
    SecretStore,
    SnapshotPointer,
    SnapshotStore,
    StoredOrg,
    TokenVerifier,
    ToolDiscovery,
    UnmetSearchLog,
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

    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        if account.account in self.missing:
            raise CredentialUnavailable(f"the credential of connection {account.account} is not available")
        if auth.type == "none":
            return Credential("none")
        if auth.type == "basic":
            return Credential("basic", username=Secret("user"), password=Secret(self.token))
        return Credential(auth.type, token=Secret(self.token))

    def reject(self, org: str, account: AccountInfo, auth: AuthSpec, credential: Credential) -> bool:
        return False


class RecordingTelemetry(SearchTelemetry):
    def __init__(self) -> None:
        self.searches: list[dict[str, object]] = []

    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None:
        self.searches.append({"org": org, "pool_size": pool_size, "results": results, "restricted": restricted})


class MemoryAuditLog(AuditLog):
    """Audit rows in a dict; ``fail_begin``/``fail_complete`` simulate a store outage.

    With ``retention_days``, a row expires that long after it started and reads skip it.
    """

    def __init__(self, *, retention_days: int | None = None, clock: Callable[[], float] = time.time) -> None:
        self.rows: dict[str, AuditRow] = {}
        self.fail_begin = False
        self.fail_complete = False
        self._retention = None if retention_days is None else retention_days * 86_400
        self._clock = clock

    def _live(self, row: AuditRow) -> bool:
        if self._retention is None:
            return True
        return datetime.fromisoformat(row.started_at).timestamp() + self._retention > self._clock()

    def begin(self, row: AuditRow) -> None:
        if self.fail_begin:
            raise StoreError("audit store is down")
        if row.id in self.rows:
            raise Conflict(f"audit row {row.id} already exists")
        self.rows[row.id] = row

    def complete(self, row: AuditRow) -> None:
        if self.fail_complete:
            raise StoreError("audit store is down")
        current = self.rows.get(row.id)
        if current is None or current.status != "started":
            raise Conflict(f"audit row {row.id} is not an open row")
        self.rows[row.id] = row

    def query(self, org: str, query: AuditQuery) -> list[AuditRow]:
        rows = [
            r
            for r in self.rows.values()
            if r.org == org
            and self._live(r)
            and all(getattr(query, f) in (None, getattr(r, f)) for f in ("member", "account", "operation", "status"))
            and (query.since is None or r.started_at >= query.since)
        ]
        rows.sort(key=lambda r: (r.started_at, r.id), reverse=True)
        return rows[: max(1, min(query.limit, 1000))]


class MemoryDirectory(Directory):
    """The directory in dicts, with the same conditional-write contract as the real stores."""

    def __init__(self) -> None:
        self.orgs: dict[str, StoredOrg] = {}
        self.watermarks: dict[tuple[str, str], int] = {}
        self.grant_rows: dict[tuple[str, str], Grant] = {}

    def _write(self, org: OrgDefinition, version: int, revoke: frozenset[str], at: int) -> None:
        self.orgs[org.org] = StoredOrg(org, version)
        for member in revoke:
            self.watermarks[(org.org, member)] = at
            for key, grant in self.grant_rows.items():
                if key[0] == org.org and grant.member == member and grant.revoked_at is None:
                    self.grant_rows[key] = replace(grant, revoked_at=at)

    def _check(self, org: str, expected: int | None) -> None:
        found = self.orgs[org].version if org in self.orgs else None
        if found != expected:
            raise Conflict(f"org {org!r} is at version {found}, not {expected}")

    def replace_org(
        self,
        org: OrgDefinition,
        *,
        expected_version: int | None,
        revoke_grants_of: frozenset[str] = frozenset(),
        at: int = 0,
    ) -> int:
        self._check(org.org, expected_version)
        version = (expected_version or 0) + 1
        self._write(org, version, revoke_grants_of, at)
        return version

    def commit(self, org: str, change: DirectoryChange, *, expected_version: int) -> int:
        self._check(org, expected_version)
        self._write(
            apply_change(self.orgs[org].definition, change), expected_version + 1, change.revoke_grants_of, change.at
        )
        return expected_version + 1

    def load_org(self, org: str) -> StoredOrg | None:
        return self.orgs.get(org)

    def get_member(self, org: str, member_id: str) -> MemberRecord | None:
        stored = self.orgs.get(org)
        if stored is None:
            return None
        member = next((m for m in stored.definition.members if m.id == member_id), None)
        singly = frozenset(
            g.id for (o, _), g in self.grant_rows.items() if o == org and g.member == member_id and g.revoked_at
        )
        return None if member is None else MemberRecord(member, self.watermarks.get((org, member_id)), singly)

    def put_grant(self, grant: Grant) -> None:
        self.grant_rows[(grant.org, grant.id)] = grant

    def revoke_grant(self, org: str, member: str, grant_id: str, *, at: int) -> bool:
        grant = self.grant_rows.get((org, grant_id))
        if grant is None or grant.member != member or grant.revoked_at is not None:
            return False
        self.grant_rows[(org, grant_id)] = replace(grant, revoked_at=at)
        return True

    def grants(self, org: str, member: str) -> list[Grant]:
        return [g for (o, _), g in sorted(self.grant_rows.items()) if o == org and g.member == member]

    def org_versions(self) -> dict[str, int]:
        return {org: stored.version for org, stored in self.orgs.items()}


class MemorySnapshotStore(SnapshotStore):
    def __init__(self) -> None:
        self.blobs: dict[tuple[str, int], bytes] = {}
        self.pointers: dict[str, int] = {}
        self.reads = 0

    def current(self, org: str) -> SnapshotPointer | None:
        self.reads += 1
        version = self.pointers.get(org)
        if version is None:
            return None
        blob = self.blobs.get((org, version))
        return SnapshotPointer(org, version, "" if blob is None else hashlib.sha256(blob).hexdigest())

    def get(self, org: str, version: int) -> bytes | None:
        self.reads += 1
        return self.blobs.get((org, version))

    def put(self, org: str, version: int, blob: bytes) -> None:
        self.blobs[(org, version)] = blob
        self.pointers[org] = max(version, self.pointers.get(org, 0))

    def versions(self) -> dict[str, int]:
        return dict(self.pointers)


class StaticDiscovery(ToolDiscovery):
    """Lists ``tools[account]`` for each upstream it knows; ``failures[account]`` is an attempt that
    failed; any other upstream cannot be reached. ``fail`` makes the whole call raise."""

    def __init__(self, tools: Mapping[str, Sequence[RemoteTool]] | None = None) -> None:
        self.tools = dict(tools or {})
        self.failures: dict[str, ListingAttempt] = {}
        self.fail = False
        self.calls: list[tuple[str, tuple[str, ...]]] = []

    def discover(self, org: str, upstreams: Sequence[Upstream]) -> Mapping[str, ListingAttempt]:
        accounts = tuple(u.account.account for u in upstreams)
        self.calls.append((org, accounts))
        if self.fail:
            raise RuntimeError("the discovery broke down")
        unreachable = ListingAttempt(problem="the fake server cannot be reached", code="upstream_http_404")
        return {
            a: ListingAttempt(tuple(self.tools[a])) if a in self.tools else self.failures.get(a, unreachable)
            for a in accounts
        }


class MemoryUnmetSearchLog(UnmetSearchLog):
    """Unmet-search records in a list; ``gate`` (when set) holds every write until it opens,
    ``fail`` makes writes fail like a store outage."""

    def __init__(self, *, retention_days: int = 30, clock: Callable[[], float] = time.time) -> None:
        self.records: list[UnmetSearch] = []
        self.writes = 0
        self.fail = False
        self.gate: threading.Event | None = None
        self._retention = retention_days * 86_400
        self._clock = clock

    def _live(self, record: UnmetSearch) -> bool:
        return datetime.fromisoformat(record.at).timestamp() + self._retention > self._clock()

    def add(self, record: UnmetSearch) -> None:
        if self.gate is not None:
            self.gate.wait(timeout=30)
        self.writes += 1
        if self.fail:
            raise StoreError("unmet search store is down")
        self.records.append(record)

    def query(self, org: str, *, since: str | None = None, limit: int) -> list[UnmetSearch]:
        found = [r for r in self.records if r.org == org and self._live(r) and (since is None or r.at >= since)]
        return sorted(found, key=lambda r: (r.at, r.id))[:limit]

    def prune(self) -> int:
        before = len(self.records)
        self.records = [r for r in self.records if self._live(r)]
        return before - len(self.records)


class MemorySecretStore(SecretStore):
    def __init__(self) -> None:
        self.values: dict[tuple[str, str], dict[str, str]] = {}

    def get(self, org: str, name: str, *, fresh: bool = False) -> dict[str, str] | None:
        found = self.values.get((org, name))
        return None if found is None else dict(found)

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        self.values[(org, name)] = dict(value)

    def replace(self, org: str, name: str, expected: Mapping[str, str], value: dict[str, str]) -> bool:
        if self.values.get((org, name)) != dict(expected):
            return False
        self.values[(org, name)] = dict(value)
        return True


class RefusingVerifier(TokenVerifier):
    """Verifies no token: in-memory tests make their callers from the directory, not from tokens."""

    def verify(self, token: str) -> Claims:
        raise AuthenticationError("this test app verifies no bearer token")


class AcceptingVerifier(TokenVerifier):
    """Takes any bearer token as ``member`` of ``org`` with every scope (HTTP tests of a FakeApp)."""

    def __init__(self, org: str = "acme", member: str = "alice") -> None:
        self.org = org
        self.member = member

    def verify(self, token: str) -> Claims:
        from cardamom.core.policy import ALL_SCOPES

        return Claims(org=self.org, member=self.member, scopes=frozenset(ALL_SCOPES), issued_at=int(time.time()))
