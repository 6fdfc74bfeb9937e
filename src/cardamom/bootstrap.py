"""Wiring: the one module that picks adapters and builds the application.

Every entrypoint (ASGI app, Lambda handlers, CLI) gets its objects here, built once per
process (per cold start in Lambda), never per request.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from joserfc.jwk import KeySet

from cardamom.adapters.authlib import AuthlibTokenEndpoint
from cardamom.adapters.fernet import FernetSecretStore
from cardamom.adapters.httpx import HttpxTransport
from cardamom.adapters.jose import JwtSigner, JwtVerifier, load_or_create_dev_key, public_keys_from_text
from cardamom.adapters.loop_local import PerLoopTokenEndpoint
from cardamom.adapters.powertools import LogTelemetry
from cardamom.adapters.sqlite import SqliteAuditLog, SqliteDatabase, SqliteDirectory, SqliteSnapshotStore
from cardamom.adapters.sqlite_audit_chain import SqliteAuditChain
from cardamom.adapters.sqlite_insights import SqliteUnmetSearchLog
from cardamom.config import Settings
from cardamom.core.orgdef import OrgDefinition
from cardamom.core.snapshot import Snapshot
from cardamom.errors import ConfigError
from cardamom.mcp.server import McpEndpoint
from cardamom.ports import (
    AuditChain,
    AuditLog,
    ConnectorTransport,
    CredentialResolver,
    Directory,
    ObjectSink,
    SearchTelemetry,
    SecretStore,
    SnapshotStore,
    TokenEndpoint,
    TokenVerifier,
    UnmetSearchLog,
)
from cardamom.service.admin import DirectoryAdmin
from cardamom.service.audit_export import ScheduledExport
from cardamom.service.audit_schedule import AuditSchedule
from cardamom.service.audit_trail import AuditSealer, SealingAuditLog, SealingPolicy
from cardamom.service.controlplane import ControlPlane
from cardamom.service.credentials import CredentialService
from cardamom.service.gateway import Gateway, GatewaySettings
from cardamom.service.rebuild import RebuildService
from cardamom.service.snapshots import SnapshotService
from cardamom.service.tool_discovery import DiscoverySettings, McpToolDiscovery
from cardamom.service.unmet_searches import BufferedUnmetSearches, UnmetSearches

DEV_KEY_FILE = "dev-signing-key.json"
SECRETS_KEY_FILE = "secrets.key"


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
    signer: JwtSigner | None
    admin: DirectoryAdmin
    secrets: SecretStore
    snapshot_store: SnapshotStore
    audit_sealer: AuditSealer
    objects: ObjectSink | None
    unmet_searches: UnmetSearches | None

    def apply_org(self, definition: OrgDefinition) -> Snapshot:
        """Write the org to the directory, then rebuild its snapshot so search sees it at once."""
        return self.admin.apply(definition)

    def issue_token(self, org: str, member: str, scopes: Iterable[str], ttl_seconds: int = 3600) -> str:
        """Mint a development token and record it as a grant, so revocation can list it."""
        if self.signer is None:
            raise ConfigError("tokens can be minted only with the local development key")
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
    audit_chain: AuditChain
    seal_on_completion: bool = False  # the embedded store seals inline; AWS on a schedule
    objects: ObjectSink | None = None  # the bucket, where the scheduled audit export writes
    unmet_searches: UnmetSearchLog | None = None


def sqlite_stores(settings: Settings) -> Stores:
    """The embedded default: SQLite and files under CARDAMOM_HOME."""
    db = SqliteDatabase(settings.home / "cardamom.db")
    return Stores(
        directory=SqliteDirectory(db),
        audit=SqliteAuditLog(db, retention_days=settings.audit_retention_days),
        snapshots=SqliteSnapshotStore(db, settings.home / "snapshots"),
        secrets=FernetSecretStore(settings.home / "secrets.enc", settings.home / SECRETS_KEY_FILE),
        audit_chain=SqliteAuditChain(db),
        seal_on_completion=True,
        unmet_searches=SqliteUnmetSearchLog(db, retention_days=settings.unmet_search_retention_days),
    )


def aws_stores(settings: Settings) -> Stores:
    """DynamoDB, S3 and Secrets Manager (docs/aws.md); boto3 clients built here, once."""
    from cardamom.adapters.aws import aws_stores as build
    from cardamom.adapters.secretsmanager import SecretsManagerStore

    if settings.aws is None:
        raise ConfigError("CARDAMOM_BACKEND=aws needs its table and bucket settings")
    built = build(
        settings.aws,
        audit_retention_days=settings.audit_retention_days or 365,
        unmet_search_retention_days=settings.unmet_search_retention_days,
    )
    options = {"endpoint_url": settings.aws.endpoint_url} if settings.aws.endpoint_url else {}
    return Stores(
        directory=built.directory,
        audit=built.audit,
        snapshots=built.snapshots,
        secrets=SecretsManagerStore(built.session.client("secretsmanager", **options)),
        audit_chain=built.audit_chain,
        objects=built.objects,
        unmet_searches=built.unmet_searches,
    )


def build_stores(settings: Settings) -> Stores:
    if settings.backend == "aws":
        return aws_stores(settings)
    return sqlite_stores(settings)


def build_sealer(settings: Settings, chain: AuditChain) -> AuditSealer:
    """A row still ``started`` after three connector deadlines (at least a minute) is sealed as it is."""
    abandoned = timedelta(seconds=max(60.0, 3 * settings.connector_timeout))
    return AuditSealer(chain, SealingPolicy(abandoned_after=abandoned))


def build_audit_schedule(settings: Settings) -> AuditSchedule:
    """The audit function's work (sealing, and the S3 export when a prefix is set), over the
    same stores the MCP function builds."""
    container = build_container(settings)
    exporter = None
    if settings.audit_export_prefix is not None:
        if container.objects is None:
            raise ConfigError("CARDAMOM_AUDIT_EXPORT_PREFIX needs CARDAMOM_BACKEND=aws (the export goes to S3)")
        exporter = ScheduledExport(container.audit_sealer.chain, container.objects, settings.audit_export_prefix)
    return AuditSchedule(container.directory, container.audit_sealer, exporter)


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


def build_container(
    settings: Settings,
    *,
    transport: ConnectorTransport | None = None,
    credentials: CredentialResolver | None = None,
    telemetry: SearchTelemetry | None = None,
    token_endpoint: TokenEndpoint | None = None,
) -> Container:
    stores = build_stores(settings)
    directory, audit = stores.directory, stores.audit
    sealer = build_sealer(settings, stores.audit_chain)
    if stores.seal_on_completion:
        audit = SealingAuditLog(audit, sealer)
    unmet = None
    if stores.unmet_searches is not None:
        unmet = UnmetSearches(BufferedUnmetSearches(stores.unmet_searches), new_id=_new_id)
    snapshots = SnapshotService(directory, stores.snapshots)
    signer: JwtSigner | None = None
    if settings.jwt_public_key is not None:
        keys = public_keys_from_text(settings.jwt_public_key)
    else:
        if not settings.local_mode:
            raise ConfigError("CARDAMOM_JWT_PUBLIC_KEY is required outside local mode")
        dev_key = load_or_create_dev_key(Path(settings.home) / DEV_KEY_FILE)
        keys = KeySet([dev_key])
        signer = JwtSigner(dev_key, issuer=settings.jwt_issuer, audience=settings.jwt_audience)
    verifier = JwtVerifier(keys, issuer=settings.jwt_issuer, audience=settings.jwt_audience)
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
        unmet=unmet,
    )
    snapshots.use_discovery(build_discovery(settings, credentials, transport))
    control_plane = ControlPlane(admin, snapshots, audit, insights=unmet)
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
        audit_sealer=sealer,
        objects=stores.objects,
        unmet_searches=unmet,
    )
