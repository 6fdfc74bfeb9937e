"""The ports: what the application needs from the outside world, as ``typing.Protocol``.

Adapters named after their technology implement them, one module per port and technology
(``adapters.sqlite_directory``, ``adapters.dynamodb_snapshots``, ``adapters.httpx``...);
tests use fakes that subclass these same protocols.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.directory import DirectoryChange, Grant, MemberRecord
from cardamom.core.orgdef import AuthSpec, OrgDefinition
from cardamom.core.outbound import Credential, OutboundRequest
from cardamom.core.pool import AccountInfo, Upstream
from cardamom.core.remote_tools import RemoteTool


@dataclass(frozen=True, slots=True)
class StoredOrg:
    definition: OrgDefinition
    version: int


class Directory(Protocol):
    """The org's policy records: connectors, connections, members, restrictions, grants.

    Every write is conditional on the directory version it was computed from and raises
    ``Conflict`` when another write got there first. Each successful write bumps the
    version (by one per transaction: a whole-org replace too large for one DynamoDB
    transaction lands as a chain of them), which is what snapshots are keyed by.
    """

    def replace_org(
        self,
        org: OrgDefinition,
        *,
        expected_version: int | None,
        revoke_grants_of: frozenset[str] = frozenset(),
        at: int = 0,
    ) -> int:
        """Replace the org's whole definition (``expected_version`` None: the org must not exist)."""
        ...

    def commit(self, org: str, change: DirectoryChange, *, expected_version: int) -> int:
        """Apply one change in one transaction; return the new directory version."""
        ...

    def load_org(self, org: str) -> StoredOrg | None:
        """The org's definition together with the directory version it was read at."""
        ...

    def get_member(self, org: str, member_id: str) -> MemberRecord | None:
        """One read: the member, its status and role, and its grant-revocation watermark."""
        ...

    def put_grant(self, grant: Grant) -> None: ...

    def grants(self, org: str, member: str) -> list[Grant]: ...

    def org_versions(self) -> dict[str, int]:
        """Every org and its current directory version (the rebuild schedule compares snapshots to it)."""
        ...


@dataclass(frozen=True, slots=True)
class SnapshotPointer:
    org: str
    version: int


class SnapshotStore(Protocol):
    """Compressed snapshots by org and version, plus a pointer to the current one."""

    def current(self, org: str) -> SnapshotPointer | None: ...

    def get(self, org: str, version: int) -> bytes | None: ...

    def put(self, org: str, version: int, blob: bytes) -> None:
        """Store the blob, then move the pointer to it (never backwards)."""
        ...

    def versions(self) -> dict[str, int]:
        """Every org's current snapshot version, as its pointer says."""
        ...


class AuditLog(Protocol):
    def begin(self, row: AuditRow) -> None:
        """Write the row before the call leaves; raise if it cannot be written."""
        ...

    def complete(self, row: AuditRow) -> None:
        """Record how the call ended (the row's status, error code and completion time)."""
        ...

    def query(self, org: str, query: AuditQuery) -> list[AuditRow]: ...


@dataclass(frozen=True, slots=True)
class OutboundResponse:
    status: int
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""

    def header(self, name: str) -> str | None:
        """The value of the header ``name``, matched case-insensitively (as HTTP names are)."""
        wanted = name.lower()
        return next((value for key, value in self.headers.items() if key.lower() == wanted), None)

    @property
    def content_type(self) -> str:
        value = self.header("content-type")
        return "" if value is None else value.split(";")[0].strip().lower()


class ConnectorTransport(Protocol):
    async def send(self, request: OutboundRequest) -> OutboundResponse:
        """Send one request; raise ConnectorFailed on timeouts and network errors."""
        ...


class SecretStore(Protocol):
    """Named secrets per org (a JSON object of strings each): never stored anywhere else."""

    def get(self, org: str, name: str) -> dict[str, str] | None: ...

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        """Create or replace (used to persist rotated OAuth tokens)."""
        ...


@dataclass(frozen=True, slots=True)
class AccessToken:
    access_token: str = field(repr=False)
    expires_at: float | None = None  # epoch seconds
    refresh_token: str | None = field(default=None, repr=False)


class TokenEndpoint(Protocol):
    """An OAuth 2.0 token endpoint: client credentials, or a refresh-token exchange."""

    async def request_token(
        self,
        *,
        token_url: str,
        client_id: str,
        client_secret: str,
        client_auth: str,
        scopes: tuple[str, ...] = (),
        refresh_token: str | None = None,
    ) -> AccessToken:
        """Raise TokenRefused when the server refuses the grant, ConnectorFailed when it cannot be reached."""
        ...


class CredentialResolver(Protocol):
    async def resolve(self, org: str, account: AccountInfo, auth: AuthSpec) -> Credential:
        """The live secret behind a connection's reference; raise CredentialUnavailable."""
        ...


@dataclass(frozen=True, slots=True)
class Claims:
    """What a verified bearer token says about its caller."""

    org: str
    member: str
    scopes: frozenset[str]
    token_id: str | None = None
    issued_at: int | None = None
    expires_at: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


class TokenVerifier(Protocol):
    def verify(self, token: str) -> Claims:
        """Return the token's claims; raise AuthenticationError."""
        ...


class SearchTelemetry(Protocol):
    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None: ...


class ToolDiscovery(Protocol):
    """Lists the tools of remote MCP servers when a snapshot is built."""

    def discover(self, org: str, upstreams: Sequence[Upstream]) -> Mapping[str, Sequence[RemoteTool]]:
        """Each upstream's admitted tools, by account. An upstream that cannot be reached, errs or
        breaks the protocol is absent (and logged): it never fails the build. Synchronous, as the
        snapshot build is; it may be called from inside a running event loop."""
        ...
