"""Wiring: the one composition root, used by every entrypoint and by the tests.

``build_container`` picks adapters from ``Settings`` and builds the application once per
process (per cold start in Lambda), never per request. Every port can be handed in instead
(``stores``, ``transport``, ``credentials``, ``discovery``, ``verifier``...): the tests build
their in-memory app through this same function, so there is no second wiring to drift.
``build_rebuilder`` builds the rebuild function's service from the same parts, with only
what a rebuild needs (stores, credentials and discovery; no endpoint, no token verifier).

It is longer than 400 lines because the rule is one composition root: the authorization
server's wiring (stores, key ring, verifiers, identity provider, client registry) lives here
beside the gateway's rather than in a second root.

The object graph has no cycle: credentials need no directory; a refused grant is recorded
by whoever met it through ``Reauthorization``, which writes the directory without
rebuilding, so discovery (inside a rebuild) can hold it, and the snapshot service can hold
the discovery from construction on.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardamom.adapters.authlib import AuthlibTokenEndpoint
from cardamom.adapters.env import EnvCredentialResolver
from cardamom.adapters.httpx import HttpxTransport
from cardamom.adapters.jose import (
    CardamomTokenVerifier,
    ClaimMapping,
    IssuerRoutedVerifier,
    JwtVerifier,
    SigningKeys,
    public_keys_from_text,
)
from cardamom.adapters.loop_local import PerLoopTokenEndpoint
from cardamom.adapters.oauth_keys import FileKeyStore, MemoryKeyStore
from cardamom.adapters.powertools import LogTelemetry
from cardamom.config import ExternalTokenSettings, Settings
from cardamom.core.orgdef import OrgDefinition
from cardamom.core.snapshot import Snapshot
from cardamom.errors import ConfigError
from cardamom.mcp.server import McpEndpoint
from cardamom.ports import (
    AuditChain,
    AuditLog,
    AuthorizationStore,
    ConnectorTransport,
    ConsentStore,
    CredentialResolver,
    Directory,
    IdentityProvider,
    OAuthClientStore,
    ObjectSink,
    RateCounter,
    RefreshFamilyStore,
    SearchTelemetry,
    SecretStore,
    SigningKeyStore,
    SnapshotStore,
    TokenEndpoint,
    TokenVerifier,
    ToolDiscovery,
    UnmetSearchLog,
)
from cardamom.service.admin import DirectoryAdmin, DirectoryWriter
from cardamom.service.audit_export import ScheduledExport
from cardamom.service.audit_schedule import AuditSchedule
from cardamom.service.audit_sealing import AuditSealer, SealingAuditLog, SealingPolicy
from cardamom.service.audit_trail import AuditTrail, new_audit_id
from cardamom.service.authorization import PoolCache
from cardamom.service.clock import utc_clock
from cardamom.service.connector_calls import ConnectorCaller, ConnectorLimits
from cardamom.service.controlplane.operation import PlaneContext
from cardamom.service.controlplane.plane import ControlPlane
from cardamom.service.credentials import CredentialService
from cardamom.service.execution import ExecutionService
from cardamom.service.identity import IdentityService
from cardamom.service.oauth_clients import (
    MAX_DOCUMENT_BYTES,
    ClientRegistry,
    PreregisteredClients,
    RegistrySettings,
)
from cardamom.service.oauth_exchange import ServerSettings
from cardamom.service.oauth_issuer import TokenIssuer
from cardamom.service.oauth_server import AuthorizationServer
from cardamom.service.reauthorization import Reauthorization, Reconnection
from cardamom.service.rebuild import RebuildService
from cardamom.service.search import SearchService
from cardamom.service.snapshots import SnapshotService
from cardamom.service.tool_discovery import McpToolDiscovery
from cardamom.service.unmet_searches import BufferedUnmetSearches, UnmetSearches

if TYPE_CHECKING:
    from cardamom.adapters.aws import AwsClients
    from cardamom.adapters.sqlite import SqliteDatabase

SIGNING_KEYS_FILE = "oauth-signing-keys.json"
SECRETS_KEY_FILE = "secrets.key"
METADATA_FETCH_SECONDS = 5.0


@dataclass(slots=True)
class Container:
    settings: Settings
    directory: Directory
    audit: AuditLog
    snapshots: SnapshotService
    identity: IdentityService
    search: SearchService
    execution: ExecutionService
    control_plane: ControlPlane
    endpoint: McpEndpoint
    verifier: TokenVerifier
    signer: TokenIssuer  # Cardamom's access tokens (the OAuth flow's, and `cardamom token`'s)
    admin: DirectoryAdmin
    secrets: SecretStore
    snapshot_store: SnapshotStore
    oauth: AuthorizationServer
    keys: SigningKeys
    rebuilds: RebuildService  # the rebuild function's work, which cardamom serve also schedules
    reconnection: Reconnection
    audit_sealer: AuditSealer | None = None  # None: the store keeps no audit chain (in-memory tests)
    unmet_searches: UnmetSearches | None = None  # None: unmet searches are not recorded
    # The HTTP clients built here (not the ones handed in): their pooled connections belong to
    # the event loop that opened them, so they are closed on that loop (aclose, at shutdown).
    http_clients: tuple[HttpxTransport | PerLoopTokenEndpoint, ...] = ()

    async def aclose(self) -> None:
        """Close the connections the container's own HTTP clients opened on the running loop."""
        for client in self.http_clients:
            await client.aclose()

    def apply_org(self, definition: OrgDefinition) -> Snapshot:
        """Write the org to the directory, then rebuild its snapshot so search sees it at once."""
        return self.admin.apply(definition)

    def issue_token(self, org: str, member: str, scopes: Iterable[str], ttl_seconds: int = 3600) -> str:
        """Mint a token without the OAuth flow (``cardamom token``) and record it as a grant."""
        issued = self.signer.issue(org=org, member=member, scopes=scopes, ttl_seconds=ttl_seconds)
        self.admin.record_grant(org, issued.token_id, member, scopes, issued.issued_at, issued.expires_at)
        return issued.token


@dataclass(frozen=True, slots=True)
class OAuthStores:
    """The authorization server's stores (docs/auth.md)."""

    clients: OAuthClientStore
    counter: RateCounter
    authorizations: AuthorizationStore
    families: RefreshFamilyStore
    consents: ConsentStore
    signing_keys: SigningKeyStore
    secretsmanager: Any = None  # the backend's Secrets Manager client (AWS only): the OIDC client secret's


@dataclass(frozen=True, slots=True)
class Stores:
    """The backend's adapters for every stateful port."""

    directory: Directory
    audit: AuditLog
    snapshots: SnapshotStore
    secrets: SecretStore
    oauth: OAuthStores | None = None  # None: in memory (tests that never sign in)
    audit_chain: AuditChain | None = None  # the audit trail's seals and head (core/audit_chain.py)
    seal_on_completion: bool = False  # the embedded store seals at each completion; AWS on a schedule
    objects: ObjectSink | None = None
    unmet_searches: UnmetSearchLog | None = None


def sqlite_oauth_stores(db: SqliteDatabase, keys: SigningKeyStore) -> OAuthStores:
    from cardamom.adapters.sqlite_oauth import (
        SqliteAuthorizations,
        SqliteConsents,
        SqliteOAuthClients,
        SqliteRefreshFamilies,
    )

    clients = SqliteOAuthClients(db)
    return OAuthStores(clients, clients, SqliteAuthorizations(db), SqliteRefreshFamilies(db), SqliteConsents(db), keys)


def sqlite_stores(settings: Settings) -> Stores:
    """The embedded default: SQLite and files under CARDAMOM_HOME (imported here: never on AWS)."""
    from cardamom.adapters.fernet import FernetSecretStore
    from cardamom.adapters.sqlite import SqliteDatabase
    from cardamom.adapters.sqlite_audit import SqliteAuditLog
    from cardamom.adapters.sqlite_audit_chain import SqliteAuditChain
    from cardamom.adapters.sqlite_directory import SqliteDirectory
    from cardamom.adapters.sqlite_insights import SqliteUnmetSearchLog
    from cardamom.adapters.sqlite_snapshots import SqliteSnapshotStore

    db = SqliteDatabase(settings.home / "cardamom.db")
    return Stores(
        directory=SqliteDirectory(db),
        audit=SqliteAuditLog(db, retention_days=settings.audit_retention_days),
        snapshots=SqliteSnapshotStore(db, settings.home / "snapshots"),
        secrets=FernetSecretStore(settings.home / "secrets.enc", settings.home / SECRETS_KEY_FILE),
        oauth=sqlite_oauth_stores(db, FileKeyStore(settings.home / SIGNING_KEYS_FILE)),
        audit_chain=SqliteAuditChain(db),
        seal_on_completion=True,
        unmet_searches=SqliteUnmetSearchLog(db, retention_days=settings.unmet_search_retention_days),
    )


def aws_stores(settings: Settings, clients: AwsClients | None = None) -> Stores:
    """DynamoDB, S3 and Secrets Manager (docs/aws.md); boto3 clients built here (or given), once."""
    from cardamom.adapters.aws import aws_stores as build
    from cardamom.adapters.dynamodb_oauth import (
        DynamoAuthorizations,
        DynamoConsents,
        DynamoOAuthClients,
        DynamoRefreshFamilies,
    )
    from cardamom.adapters.oauth_keys import SecretsManagerKeyStore
    from cardamom.adapters.secretsmanager import SecretsManagerStore

    if settings.aws is None:
        raise ConfigError("CARDAMOM_BACKEND=aws needs its table and bucket settings")
    built = build(
        settings.aws,
        audit_retention_days=settings.audit_retention_days or 365,
        unmet_search_retention_days=settings.unmet_search_retention_days,
        clients=clients,
    )
    oauth: OAuthStores | None = None
    if settings.aws.oauth_table is not None:  # unset only for the rebuild function, which issues nothing
        table, dynamodb = settings.aws.oauth_table, built.directory.client
        oauth_clients = DynamoOAuthClients(dynamodb, table)
        oauth = OAuthStores(
            oauth_clients,
            oauth_clients,
            DynamoAuthorizations(dynamodb, table),
            DynamoRefreshFamilies(dynamodb, table),
            DynamoConsents(dynamodb, table),
            SecretsManagerKeyStore(built.secretsmanager, settings.signing_keys_secret),
            secretsmanager=built.secretsmanager,
        )
    return Stores(
        directory=built.directory,
        audit=built.audit,
        snapshots=built.snapshots,
        secrets=SecretsManagerStore(built.secretsmanager),
        oauth=oauth,
        audit_chain=built.audit_chain,
        objects=built.objects,
        unmet_searches=built.unmet_searches,
    )


def build_stores(settings: Settings, aws_clients: AwsClients | None = None) -> Stores:
    if settings.backend == "aws":
        return aws_stores(settings, aws_clients)
    return sqlite_stores(settings)


def connector_limits(settings: Settings) -> ConnectorLimits:
    return ConnectorLimits(allow_loopback_http=settings.local_mode, connector_timeout=settings.connector_timeout)


def build_discovery(
    settings: Settings,
    credentials: CredentialResolver,
    reauthorization: Reauthorization | None = None,
    transport: ConnectorTransport | None = None,
) -> McpToolDiscovery:
    """Remote MCP servers are listed on a private event loop (``service/tool_discovery.py``), so
    each run opens an HTTP transport of its own; an injected transport (tests) is used as is."""

    @asynccontextmanager
    async def open_transport() -> AsyncIterator[ConnectorTransport]:
        if transport is not None:
            yield transport
            return
        fresh = HttpxTransport(timeout=settings.connector_timeout, max_response_bytes=settings.max_response_bytes)
        try:
            yield fresh
        finally:
            await fresh.aclose()

    return McpToolDiscovery(credentials, open_transport, connector_limits(settings), reauthorization)


@dataclass(frozen=True, slots=True)
class _Rebuilding:
    """What every process that rebuilds snapshots needs, built the same way in each."""

    stores: Stores
    credentials: CredentialResolver
    writer: DirectoryWriter
    reauthorization: Reauthorization
    discovery: ToolDiscovery
    snapshots: SnapshotService


def _rebuilding(
    settings: Settings,
    stores: Stores,
    *,
    transport: ConnectorTransport | None,
    credentials: CredentialResolver | None,
    env_credentials: CredentialResolver | None,
    token_endpoint: TokenEndpoint | None,
    discovery: ToolDiscovery | None,
    clock: Callable[[], float],
) -> _Rebuilding:
    if credentials is None:
        credentials = CredentialService(
            stores.secrets,
            token_endpoint or PerLoopTokenEndpoint(lambda: AuthlibTokenEndpoint(timeout=settings.connector_timeout)),
            env_credentials or EnvCredentialResolver(),
            connector_limits(settings),
            clock=clock,
        )
    writer = DirectoryWriter(stores.directory, clock)
    reauthorization = Reauthorization(writer)
    if discovery is None:
        discovery = build_discovery(settings, credentials, reauthorization, transport)
    snapshots = SnapshotService(
        stores.directory, stores.snapshots, discovery, clock=clock, relist_seconds=settings.relist_interval
    )
    return _Rebuilding(stores, credentials, writer, reauthorization, discovery, snapshots)


def build_rebuilder(
    settings: Settings,
    *,
    stores: Stores | None = None,
    transport: ConnectorTransport | None = None,
    credentials: CredentialResolver | None = None,
    discovery: ToolDiscovery | None = None,
    clock: Callable[[], float] = time.time,
) -> RebuildService:
    """The rebuild function's service: the same stores, credentials and discovery the MCP
    function builds (so a rebuild there makes exactly the snapshot a rebuild here would)."""
    parts = _rebuilding(
        settings,
        stores or build_stores(settings),
        transport=transport,
        credentials=credentials,
        env_credentials=None,
        token_endpoint=None,
        discovery=discovery,
        clock=clock,
    )
    return RebuildService(parts.stores.directory, parts.stores.snapshots, parts.snapshots)


def build_sealer(settings: Settings, chain: AuditChain, clock: Callable[[], float] = time.time) -> AuditSealer:
    """A row still ``started`` after three connector deadlines (at least a minute) is sealed as it is."""
    abandoned = timedelta(seconds=max(60.0, 3 * settings.connector_timeout))
    return AuditSealer(chain, SealingPolicy(abandoned_after=abandoned), clock=utc_clock(clock))


def build_audit_schedule(settings: Settings, *, stores: Stores | None = None) -> AuditSchedule:
    """The audit function's work: sealing every org, and the S3 export when a prefix is set."""
    stores = stores or build_stores(settings)
    if stores.audit_chain is None:
        raise ConfigError("this store keeps no audit chain")
    sealer = build_sealer(settings, stores.audit_chain)
    exporter = None
    if settings.audit_export_prefix is not None:
        if stores.objects is None:
            raise ConfigError("CARDAMOM_AUDIT_EXPORT_PREFIX needs CARDAMOM_BACKEND=aws (the export goes to S3)")
        exporter = ScheduledExport(stores.audit_chain, stores.objects, settings.audit_export_prefix)
    return AuditSchedule(stores.directory, sealer, exporter)


def external_verifier(external: ExternalTokenSettings) -> JwtVerifier:
    """Tokens a company IdP issues, accepted directly (the optional path, docs/auth.md)."""
    mapping = ClaimMapping(member_claim=external.member_claim, org_claim=external.org_claim, fixed_org=external.org)
    if external.jwks_url is not None:
        from cardamom.adapters.remote_jwks import RemoteJwks

        return JwtVerifier(
            issuer=external.issuer,
            audience=external.audience,
            key_source=RemoteJwks(external.jwks_url),
            mapping=mapping,
        )
    assert external.public_key is not None
    keys = public_keys_from_text(external.public_key)
    return JwtVerifier(keys, issuer=external.issuer, audience=external.audience, mapping=mapping)


def token_verifier(settings: Settings, keys: SigningKeys) -> TokenVerifier:
    """Cardamom's own tokens (its issuer, its key ring, the MCP resource as audience), and those of
    the configured issuer from elsewhere; each token goes to the verifier of the issuer it names."""
    verifiers: dict[str, TokenVerifier] = {
        settings.issuer: CardamomTokenVerifier(keys, issuer=settings.issuer, audience=settings.resource_url)
    }
    if settings.external is not None:
        verifiers[settings.external.issuer] = external_verifier(settings.external)
    return IssuerRoutedVerifier(verifiers)


def build_identity_provider(settings: Settings, oauth: OAuthStores) -> IdentityProvider | None:
    """The company's OpenID provider, if configured; its client secret is read on first use."""
    oidc = settings.oidc
    if oidc is None:
        return None
    from cardamom.adapters.oidc import OidcProvider

    resolved: list[str | None] = []

    def client_secret() -> str | None:
        if not resolved:
            value = oidc.client_secret
            if value is None and oidc.client_secret_id is not None:
                if oauth.secretsmanager is None:
                    raise ConfigError("CARDAMOM_OIDC_CLIENT_SECRET_ID needs CARDAMOM_BACKEND=aws")
                from cardamom.adapters.secretsmanager import read_client_secret

                value = read_client_secret(oauth.secretsmanager, oidc.client_secret_id)
            resolved.append(value)
        return resolved[0]

    return OidcProvider(
        issuer=oidc.issuer,
        client_id=oidc.client_id,
        client_secret=client_secret,
        scopes=oidc.scopes,
        timeout=settings.connector_timeout,
        allow_loopback_http=settings.local_mode,
    )


def build_authorization_server(
    settings: Settings,
    stores: Stores,
    keys: SigningKeys,
    signer: TokenIssuer,
    verifier: TokenVerifier,
    metadata_transport: ConnectorTransport | None,
) -> AuthorizationServer:
    oauth = stores.oauth
    if oauth is None:  # in memory: tests that never sign in
        from cardamom.adapters.sqlite import SqliteDatabase

        oauth = sqlite_oauth_stores(SqliteDatabase(Path(":memory:")), MemoryKeyStore())
    fetcher = ConnectorCaller(
        metadata_transport or HttpxTransport(timeout=METADATA_FETCH_SECONDS, max_response_bytes=MAX_DOCUMENT_BYTES + 1),
        ConnectorLimits(allow_loopback_http=settings.local_mode, connector_timeout=METADATA_FETCH_SECONDS),
    )
    secrets = stores.secrets
    registry = ClientRegistry(
        oauth.clients,
        oauth.counter,
        fetcher,
        keys,
        RegistrySettings(
            allow_loopback_http=settings.local_mode, registrations_per_hour=settings.registrations_per_hour
        ),
        preregistered=PreregisteredClients(stores.directory),
        preregistered_secret=lambda client: (
            (secrets.get(client.org, client.secret) or {}).get("client_secret")
            if client.org and client.secret
            else None
        ),
    )
    return AuthorizationServer(
        settings=ServerSettings(
            issuer=settings.issuer,
            resource=settings.resource_url,
            dev_signin=settings.dev_signin,
            member_claim=settings.oidc.member_claim if settings.oidc else "email",
            new_clients_per_day=settings.new_clients_per_day,
        ),
        clients=registry,
        requests=oauth.authorizations,
        families=oauth.families,
        consents=oauth.consents,
        counter=oauth.counter,
        tokens=signer,
        verifier=verifier,
        directory=stores.directory,
        identity=build_identity_provider(settings, oauth),
    )


def build_container(
    settings: Settings,
    *,
    stores: Stores | None = None,
    transport: ConnectorTransport | None = None,
    credentials: CredentialResolver | None = None,
    env_credentials: CredentialResolver | None = None,
    token_endpoint: TokenEndpoint | None = None,
    discovery: ToolDiscovery | None = None,
    telemetry: SearchTelemetry | None = None,
    verifier: TokenVerifier | None = None,
    metadata_transport: ConnectorTransport | None = None,
    clock: Callable[[], float] = time.time,
    new_id: Callable[[], str] = new_audit_id,
) -> Container:
    """The application. Any port given is used as is; the rest come from ``settings``.

    ``credentials`` replaces the whole credential service (secret store, OAuth, environment);
    ``env_credentials`` only the resolver of ``*_env`` references. ``clock`` (epoch seconds)
    times audit rows, revocations and token expiry; ``new_id`` names audit rows.
    """
    stores = stores or build_stores(settings)
    sealer = None if stores.audit_chain is None else build_sealer(settings, stores.audit_chain, clock)
    audit = stores.audit
    if sealer is not None and stores.seal_on_completion:
        audit = SealingAuditLog(audit, sealer)
    unmet = None
    if stores.unmet_searches is not None:
        unmet = UnmetSearches(
            BufferedUnmetSearches(stores.unmet_searches),
            new_id=new_audit_id,
            clock=utc_clock(clock),
        )
    keys = SigningKeys(stores.oauth.signing_keys if stores.oauth else MemoryKeyStore())
    signer = TokenIssuer(keys, issuer=settings.issuer, resource=settings.resource_url)
    if verifier is None:
        verifier = token_verifier(settings, keys)
    owned: list[HttpxTransport | PerLoopTokenEndpoint] = []
    if credentials is None and token_endpoint is None:
        token_endpoint = PerLoopTokenEndpoint(lambda: AuthlibTokenEndpoint(timeout=settings.connector_timeout))
        owned.append(token_endpoint)
    connector_transport = transport
    if connector_transport is None:
        connector_transport = HttpxTransport(
            timeout=settings.connector_timeout, max_response_bytes=settings.max_response_bytes
        )
        owned.append(connector_transport)
    if metadata_transport is None:
        metadata_transport = HttpxTransport(timeout=METADATA_FETCH_SECONDS, max_response_bytes=MAX_DOCUMENT_BYTES + 1)
        owned.append(metadata_transport)
    parts = _rebuilding(
        settings,
        stores,
        transport=transport,
        credentials=credentials,
        env_credentials=env_credentials,
        token_endpoint=token_endpoint,
        discovery=discovery,
        clock=clock,
    )
    snapshots = parts.snapshots
    admin = DirectoryAdmin(parts.writer, snapshots)
    limits = connector_limits(settings)
    search = SearchService(snapshots, PoolCache(), telemetry or LogTelemetry(), unmet=unmet)
    execution = ExecutionService(
        snapshots=snapshots,
        directory=stores.directory,
        credentials=parts.credentials,
        connectors=ConnectorCaller(connector_transport, limits),
        audit=AuditTrail(audit, clock=clock, new_id=new_id),
        reauthorization=parts.reauthorization,
        connector_timeout=limits.connector_timeout,
    )
    control_plane = ControlPlane(PlaneContext(admin, snapshots, audit, insights=unmet))
    return Container(
        settings=settings,
        directory=stores.directory,
        audit=audit,
        snapshots=snapshots,
        identity=IdentityService(stores.directory),
        search=search,
        execution=execution,
        control_plane=control_plane,
        endpoint=McpEndpoint(search, execution, control_plane),
        verifier=verifier,
        signer=signer,
        admin=admin,
        secrets=stores.secrets,
        snapshot_store=stores.snapshots,
        oauth=build_authorization_server(settings, stores, keys, signer, verifier, metadata_transport),
        keys=keys,
        rebuilds=RebuildService(stores.directory, stores.snapshots, snapshots),
        reconnection=Reconnection(admin, parts.credentials, parts.discovery),
        audit_sealer=sealer,
        unmet_searches=unmet,
        http_clients=tuple(owned),
    )
