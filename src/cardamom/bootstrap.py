"""Wiring: the one module that picks adapters and builds the application.

Every entrypoint (ASGI app, Lambda handlers, CLI) gets its objects here, built once per
process (per cold start in Lambda), never per request.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from cardamom.adapters.authlib import AuthlibTokenEndpoint
from cardamom.adapters.fernet import FernetSecretStore
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
from cardamom.adapters.oauth_keys import FileKeyStore
from cardamom.adapters.powertools import LogTelemetry
from cardamom.adapters.sqlite import SqliteAuditLog, SqliteDatabase, SqliteDirectory, SqliteSnapshotStore
from cardamom.adapters.sqlite_oauth import (
    SqliteAuthorizations,
    SqliteConsents,
    SqliteOAuthClients,
    SqliteRefreshFamilies,
)
from cardamom.config import ExternalTokenSettings, Settings
from cardamom.core.orgdef import OrgDefinition
from cardamom.core.snapshot import Snapshot
from cardamom.errors import ConfigError
from cardamom.mcp.server import McpEndpoint
from cardamom.ports import (
    AuditLog,
    AuthorizationStore,
    ConnectorTransport,
    ConsentStore,
    CredentialResolver,
    Directory,
    IdentityProvider,
    OAuthClientStore,
    RateCounter,
    RefreshFamilyStore,
    SearchTelemetry,
    SecretStore,
    SigningKeyStore,
    SnapshotStore,
    TokenEndpoint,
    TokenVerifier,
)
from cardamom.service.admin import DirectoryAdmin
from cardamom.service.connector_calls import ConnectorCaller
from cardamom.service.controlplane import ControlPlane
from cardamom.service.credentials import CredentialService
from cardamom.service.gateway import Gateway, GatewaySettings
from cardamom.service.oauth_clients import (
    MAX_DOCUMENT_BYTES,
    ClientRegistry,
    PreregisteredClients,
    RegistrySettings,
)
from cardamom.service.oauth_server import AuthorizationServer, ServerSettings
from cardamom.service.oauth_tokens import TokenIssuer
from cardamom.service.rebuild import RebuildService
from cardamom.service.snapshots import SnapshotService
from cardamom.service.tool_discovery import DiscoverySettings, McpToolDiscovery

SIGNING_KEYS_FILE = "oauth-signing-keys.json"
SECRETS_KEY_FILE = "secrets.key"
METADATA_FETCH_SECONDS = 5.0


@dataclass(slots=True)
class Container:
    settings: Settings
    directory: Directory
    audit: AuditLog
    snapshots: SnapshotService
    gateway: Gateway
    control_plane: ControlPlane
    endpoint: McpEndpoint
    verifier: TokenVerifier
    signer: TokenIssuer  # Cardamom's access tokens (the OAuth flow's, and `cardamom token`'s)
    admin: DirectoryAdmin
    secrets: SecretStore
    snapshot_store: SnapshotStore
    oauth: AuthorizationServer
    keys: SigningKeys

    def apply_org(self, definition: OrgDefinition) -> Snapshot:
        """Write the org to the directory, then rebuild its snapshot so search sees it at once."""
        return self.admin.apply(definition)

    def issue_token(self, org: str, member: str, scopes: Iterable[str], ttl_seconds: int = 3600) -> str:
        """Mint a token without the OAuth flow (``cardamom token``) and record it as a grant."""
        issued = self.signer.issue(org=org, member=member, scopes=scopes, ttl_seconds=ttl_seconds)
        self.admin.record_grant(org, issued.token_id, member, scopes, issued.issued_at, issued.expires_at)
        return issued.token


def _new_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True, slots=True)
class Stores:
    """The backend's adapters for every stateful port."""

    directory: Directory
    audit: AuditLog
    snapshots: SnapshotStore
    secrets: SecretStore
    oauth_clients: OAuthClientStore
    counter: RateCounter
    authorizations: AuthorizationStore
    families: RefreshFamilyStore
    consents: ConsentStore
    signing_keys: SigningKeyStore
    aws_client: Callable[[str], Any] | None = None  # builds another boto3 client of the session


def sqlite_stores(settings: Settings) -> Stores:
    """The embedded default: SQLite and files under CARDAMOM_HOME."""
    db = SqliteDatabase(settings.home / "cardamom.db")
    clients = SqliteOAuthClients(db)
    return Stores(
        directory=SqliteDirectory(db),
        audit=SqliteAuditLog(db, retention_days=settings.audit_retention_days),
        snapshots=SqliteSnapshotStore(db, settings.home / "snapshots"),
        secrets=FernetSecretStore(settings.home / "secrets.enc", settings.home / SECRETS_KEY_FILE),
        oauth_clients=clients,
        counter=clients,
        authorizations=SqliteAuthorizations(db),
        families=SqliteRefreshFamilies(db),
        consents=SqliteConsents(db),
        signing_keys=FileKeyStore(settings.home / SIGNING_KEYS_FILE),
    )


def aws_stores(settings: Settings) -> Stores:
    """DynamoDB, S3 and Secrets Manager (docs/aws.md); boto3 clients built here, once."""
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
    if settings.aws.oauth_table is None:
        raise ConfigError("CARDAMOM_OAUTH_TABLE is required with CARDAMOM_BACKEND=aws")
    built = build(settings.aws, audit_retention_days=settings.audit_retention_days or 365)
    options = {"endpoint_url": settings.aws.endpoint_url} if settings.aws.endpoint_url else {}
    secretsmanager = built.session.client("secretsmanager", **options)
    table, dynamodb = settings.aws.oauth_table, built.directory.client
    clients = DynamoOAuthClients(dynamodb, table)
    return Stores(
        directory=built.directory,
        audit=built.audit,
        snapshots=built.snapshots,
        secrets=SecretsManagerStore(secretsmanager),
        oauth_clients=clients,
        counter=clients,
        authorizations=DynamoAuthorizations(dynamodb, table),
        families=DynamoRefreshFamilies(dynamodb, table),
        consents=DynamoConsents(dynamodb, table),
        signing_keys=SecretsManagerKeyStore(secretsmanager, settings.signing_keys_secret),
        aws_client=lambda name: built.session.client(name, **options),
    )


def build_stores(settings: Settings) -> Stores:
    if settings.backend == "aws":
        return aws_stores(settings)
    return sqlite_stores(settings)


def build_rebuilder(settings: Settings) -> RebuildService:
    """The rebuild function's service, over the same stores and snapshot service the MCP function
    builds (so a rebuild there makes exactly the snapshot a rebuild here would)."""
    container = build_container(settings)
    return RebuildService(container.directory, container.snapshot_store, container.snapshots)


def build_discovery(
    settings: Settings, credentials: CredentialResolver, transport: ConnectorTransport | None = None
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

    limits = DiscoverySettings(allow_loopback_http=settings.local_mode, deadline_seconds=settings.connector_timeout)
    return McpToolDiscovery(credentials, open_transport, limits)


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


def build_identity_provider(settings: Settings, stores: Stores) -> IdentityProvider | None:
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
                if stores.aws_client is None:
                    raise ConfigError("CARDAMOM_OIDC_CLIENT_SECRET_ID needs CARDAMOM_BACKEND=aws")
                text = stores.aws_client("secretsmanager").get_secret_value(SecretId=oidc.client_secret_id)
                value = str(text["SecretString"])
                if value.startswith("{"):
                    value = str(json.loads(value).get("client_secret", ""))
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


def build_container(
    settings: Settings,
    *,
    transport: ConnectorTransport | None = None,
    credentials: CredentialResolver | None = None,
    telemetry: SearchTelemetry | None = None,
    token_endpoint: TokenEndpoint | None = None,
    metadata_transport: ConnectorTransport | None = None,
) -> Container:
    stores = build_stores(settings)
    directory, audit = stores.directory, stores.audit
    snapshots = SnapshotService(directory, stores.snapshots)
    keys = SigningKeys(stores.signing_keys)
    signer = TokenIssuer(keys, issuer=settings.issuer, resource=settings.resource_url)
    verifiers: dict[str, TokenVerifier] = {
        settings.issuer: CardamomTokenVerifier(keys, issuer=settings.issuer, audience=settings.resource_url)
    }
    if settings.external is not None:
        verifiers[settings.external.issuer] = external_verifier(settings.external)
    verifier = IssuerRoutedVerifier(verifiers)
    admin = DirectoryAdmin(directory, snapshots)
    if credentials is None:
        credentials = CredentialService(
            stores.secrets,
            token_endpoint or PerLoopTokenEndpoint(lambda: AuthlibTokenEndpoint(timeout=settings.connector_timeout)),
            admin,
            allow_loopback_http=settings.local_mode,
        )
    gateway = Gateway(
        directory=directory,
        snapshots=snapshots,
        audit=audit,
        transport=transport
        or HttpxTransport(timeout=settings.connector_timeout, max_response_bytes=settings.max_response_bytes),
        credentials=credentials,
        telemetry=telemetry or LogTelemetry(),
        settings=GatewaySettings(
            allow_loopback_http=settings.local_mode, connector_deadline_seconds=settings.connector_timeout
        ),
        new_id=_new_id,
    )
    snapshots.use_discovery(build_discovery(settings, credentials, transport))
    control_plane = ControlPlane(admin, snapshots, audit)
    fetcher = ConnectorCaller(
        metadata_transport or HttpxTransport(timeout=METADATA_FETCH_SECONDS, max_response_bytes=MAX_DOCUMENT_BYTES + 1),
        allow_loopback_http=settings.local_mode,
        deadline_seconds=METADATA_FETCH_SECONDS,
    )
    registry = ClientRegistry(
        stores.oauth_clients,
        stores.counter,
        fetcher,
        keys,
        RegistrySettings(
            allow_loopback_http=settings.local_mode, registrations_per_hour=settings.registrations_per_hour
        ),
        preregistered=PreregisteredClients(directory),
        preregistered_secret=lambda client: (
            (stores.secrets.get(client.org, client.secret) or {}).get("client_secret")
            if client.org and client.secret
            else None
        ),
    )
    oauth = AuthorizationServer(
        settings=ServerSettings(
            issuer=settings.issuer,
            resource=settings.resource_url,
            dev_signin=settings.dev_signin,
            member_claim=settings.oidc.member_claim if settings.oidc else "email",
            new_clients_per_day=settings.new_clients_per_day,
        ),
        clients=registry,
        requests=stores.authorizations,
        families=stores.families,
        consents=stores.consents,
        counter=stores.counter,
        tokens=signer,
        verifier=verifier,
        directory=directory,
        identity=build_identity_provider(settings, stores),
    )
    return Container(
        settings=settings,
        directory=directory,
        audit=audit,
        snapshots=snapshots,
        gateway=gateway,
        control_plane=control_plane,
        endpoint=McpEndpoint(gateway, control_plane),
        verifier=verifier,
        signer=signer,
        admin=admin,
        secrets=stores.secrets,
        snapshot_store=stores.snapshots,
        oauth=oauth,
        keys=keys,
    )
