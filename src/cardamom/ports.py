"""The ports: what the application needs from the outside world, as ``typing.Protocol``.

Adapters named after their technology implement them, one module per port and technology
(``adapters.sqlite_directory``, ``adapters.dynamodb_snapshots``, ``adapters.httpx``...);
tests use fakes that subclass these same protocols.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.core.audit_chain import ChainHead, Seal, SealEntry, StoredRow
from cardamom.core.directory import DirectoryChange, Grant, MemberRecord
from cardamom.core.insights import UnmetSearch
from cardamom.core.listings import ListingAttempt
from cardamom.core.oauth_clients import OAuthClient
from cardamom.core.oauth_grants import AuthorizationCode, PendingAuthorization, RefreshFamily
from cardamom.core.orgdef import AuthSpec, OrgDefinition
from cardamom.core.outbound import Credential, OutboundRequest
from cardamom.core.pool import AccountInfo, Upstream


@dataclass(frozen=True, slots=True)
class StoredOrg:
    definition: OrgDefinition
    version: int
    # Mid-way through a chained write (a DynamoDB apply too large for one transaction): a state
    # no snapshot is built from, as it may allow more than the states before and after the chain.
    settling: bool = False


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

    def revoke_grant(self, org: str, member: str, grant_id: str, *, at: int) -> bool:
        """Revoke one grant (False if there is no such live grant); the member's next read
        (``get_member``) lists it among ``revoked_grants``, so its tokens fail on their next call."""
        ...

    def org_versions(self) -> dict[str, int]:
        """Every org and its current directory version (the rebuild schedule compares snapshots to it)."""
        ...


@dataclass(frozen=True, slots=True)
class SnapshotPointer:
    org: str
    version: int
    # The blob's sha256 (hex). One directory version can be stored more than once (a new
    # listing of its remote MCP servers): a reader that cached this version reloads when it moves.
    revision: str = ""


class SnapshotStore(Protocol):
    """Compressed snapshots by org and version, plus a pointer to the current one."""

    def current(self, org: str) -> SnapshotPointer | None: ...

    def get(self, org: str, version: int) -> bytes | None: ...

    def put(self, org: str, version: int, blob: bytes) -> None:
        """Store the blob, then move the pointer to it (never backwards; the same version again
        replaces its blob, and the pointer's revision follows)."""
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


class AuditChain(Protocol):
    """The audit trail's seals and chain head, beside the rows (``core.audit_chain``).

    A row awaits a seal from ``begin`` on; ``append`` seals a batch: it writes the seal, moves
    the head and marks the rows in one transaction, conditional on the head being the one the
    seal was planned on and on every row being as read. Otherwise it raises ``Conflict`` and
    writes nothing.
    """

    def head(self, org: str) -> ChainHead | None: ...

    def pending(self, org: str, limit: int) -> list[StoredRow]:
        """Rows awaiting a seal (at most ``limit``), read consistently."""
        ...

    def append(self, seal: Seal, rows: Sequence[StoredRow]) -> None: ...

    def seals(self, org: str, *, after: int = 0) -> Iterator[Seal]:
        """Every stored seal numbered above ``after``, in order."""
        ...

    def trail(self, org: str, *, since: str | None = None) -> Iterator[StoredRow]:
        """Every stored row of the org (started at or after ``since``), expired ones included."""
        ...

    def listed(self, org: str, entries: Sequence[SealEntry]) -> list[StoredRow]:
        """The stored rows these seal entries name (those still present)."""
        ...

    def mark_exported(self, org: str, *, through: int, expected: int) -> None:
        """Record that seals up to ``through`` are exported; ``Conflict`` unless the mark was ``expected``."""
        ...


class UnmetSearchLog(Protocol):
    """Records of searches that found no usable tool, kept for the configured retention."""

    def add(self, record: UnmetSearch) -> None:
        """One write; the record expires the retention after its time."""
        ...

    def query(self, org: str, *, since: str | None = None, limit: int) -> list[UnmetSearch]:
        """The org's unexpired records at or after ``since``, oldest first, at most ``limit``."""
        ...

    def prune(self) -> int:
        """Delete expired records now, where the store does not expire them itself; how many."""
        ...


class ObjectSink(Protocol):
    """Where exported files go (an S3 prefix)."""

    def put(self, key: str, data: bytes) -> None: ...


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
    """Named secrets per org (a JSON object of strings each): never stored anywhere else.

    Several processes share one store (Lambda instances, the CLI beside ``cardamom serve``),
    and an OAuth refresh rotates what they share, so writes that depend on what was read are
    conditional (``replace``). A store that caches reads must serve ``fresh`` reads past its
    cache, and drop what it cached of a secret whenever it writes that secret.
    """

    def get(self, org: str, name: str, *, fresh: bool = False) -> dict[str, str] | None:
        """The secret; ``fresh``: as stored now, never from a cache."""
        ...

    def put(self, org: str, name: str, value: dict[str, str]) -> None:
        """Create or replace, unconditionally (an admin storing a credential)."""
        ...

    def replace(self, org: str, name: str, expected: Mapping[str, str], value: dict[str, str]) -> bool:
        """Write ``value`` only if the stored secret still equals ``expected`` (compared with what is
        stored now, past any cache), atomically with respect to every other writer of the store.
        False, and nothing written, when another writer changed it first or it does not exist."""
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

    def reject(self, org: str, account: AccountInfo, auth: AuthSpec, credential: Credential) -> bool:
        """The upstream refused ``credential`` (HTTP 401): forget it. True when the next ``resolve``
        gets another (an OAuth access token is requested anew), False when it would be the same."""
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
    client_id: str | None = None  # the OAuth client the token was issued to
    grant_id: str | None = None  # the grant (directory record) the token belongs to

    @property
    def grant(self) -> str | None:
        """The grant a revocation names: the token's own, else its id (development tokens)."""
        return self.grant_id or self.token_id


@dataclass(frozen=True, slots=True)
class IssuedToken:
    """A signed bearer token and what a caller needs to know of it without decoding it."""

    token: str
    token_id: str
    issued_at: int
    expires_at: int


class TokenVerifier(Protocol):
    def verify(self, token: str) -> Claims:
        """Return the token's claims; raise AuthenticationError."""
        ...


class SearchTelemetry(Protocol):
    def searched(self, *, org: str, pool_size: int, results: int, restricted: int) -> None: ...


class ToolDiscovery(Protocol):
    """Lists the tools of remote MCP servers when a snapshot is built."""

    def discover(self, org: str, upstreams: Sequence[Upstream]) -> Mapping[str, ListingAttempt]:
        """One attempt per upstream, by account: its admitted tools, or why there are none (it
        cannot be reached, refuses the credential, errs, breaks the protocol...). Never raises
        for one server's fault. Synchronous, as the snapshot build is; it may be called from
        inside a running event loop."""
        ...


# ---- the authorization server's stores (docs/auth.md) ---------------------------------------


class OAuthClientStore(Protocol):
    """Clients registered dynamically or known by their metadata document."""

    def get(self, client_id: str) -> OAuthClient | None: ...

    def by_fingerprint(self, fingerprint: str) -> OAuthClient | None: ...

    def register(self, client: OAuthClient) -> OAuthClient:
        """Store a registered client, or return the one already stored under its fingerprint."""
        ...


class RateCounter(Protocol):
    def hit(self, key: str, *, window_seconds: int, now: int) -> int:
        """Count one event under ``key`` in the current window; return the window's count so far."""
        ...


class AuthorizationStore(Protocol):
    """Pending authorization requests and authorization codes (short-lived, expired by TTL)."""

    def put_request(self, request: PendingAuthorization) -> None: ...

    def get_request(self, request_id: str, *, now: int) -> PendingAuthorization | None:
        """The request, or None when unknown or expired."""
        ...

    def replace_request(self, request: PendingAuthorization, *, expected_stage: str) -> None:
        """Move the request on; ``Conflict`` if another step moved it first."""
        ...

    def put_code(self, code: AuthorizationCode) -> None: ...

    def use_code(self, code_hash: str, *, now: int) -> AuthorizationCode | None:
        """Mark the code used and return it as it was before (``used`` tells a replay); None if
        unknown or expired. Two concurrent uses: exactly one sees ``used=False``."""
        ...


class RefreshFamilyStore(Protocol):
    def create(self, family: RefreshFamily) -> None: ...

    def get(self, family_id: str, *, now: int) -> RefreshFamily | None: ...

    def advance(self, family_id: str, generation: int) -> bool:
        """Rotate from ``generation`` to the next; False if the family was already past it."""
        ...


class ConsentStore(Protocol):
    """Consent remembered per (member, client)."""

    def remembered(self, org: str, member: str, client_id: str) -> tuple[str, ...] | None: ...

    def remember(self, org: str, member: str, client_id: str, scopes: tuple[str, ...], *, at: int) -> None: ...

    def forget(self, org: str, member: str, client_id: str) -> None: ...


class SigningKeyStore(Protocol):
    """Where the authorization server's private signing keys live (a JWKS document)."""

    def load(self) -> str | None: ...

    def save(self, document: str, *, create: bool) -> None:
        """Write the document; with ``create``, ``Conflict`` if one already exists (a race lost)."""
        ...


class TokenMinter(Protocol):
    """Signs Cardamom's access tokens and publishes the keys that verify them."""

    def sign(self, claims: Mapping[str, Any]) -> str: ...

    def public_jwks(self) -> dict[str, Any]: ...

    def client_secret(self, client_id: str) -> str:
        """A registered confidential client's secret, derived from a server-held key: the same
        registration gets the same secret back, and no secret is ever stored."""
        ...


class IdentityProvider(Protocol):
    """The company's OpenID provider, to which sign-in is delegated."""

    async def authorization_url(self, *, redirect_uri: str, state: str, nonce: str, code_verifier: str) -> str: ...

    async def identify(self, *, code: str, redirect_uri: str, code_verifier: str, nonce: str) -> Mapping[str, Any]:
        """Exchange the code and return the verified ID token's claims; raise OAuthError."""
        ...
