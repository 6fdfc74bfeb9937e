"""Wiring: the one module that picks adapters and builds the application.

Every entrypoint (ASGI app, Lambda handlers, CLI) gets its objects here, built once per
process (per cold start in Lambda), never per request.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from joserfc.jwk import KeySet

from cardamom.adapters.authlib import AuthlibTokenEndpoint
from cardamom.adapters.httpx import HttpxTransport
from cardamom.adapters.jose import JwtSigner, JwtVerifier, load_or_create_dev_key, public_keys_from_text
from cardamom.adapters.loop_local import PerLoopTokenEndpoint
from cardamom.adapters.powertools import LogTelemetry
from cardamom.config import Settings
from cardamom.core.orgdef import OrgDefinition
from cardamom.core.snapshot import Snapshot
from cardamom.errors import ConfigError
from cardamom.mcp.server import McpEndpoint
from cardamom.ports import (
    AuditLog,
    ConnectorTransport,
    CredentialResolver,
    Directory,
    SearchTelemetry,
    SecretStore,
    SnapshotStore,
    TokenEndpoint,
    TokenVerifier,
)
from cardamom.service.admin import DirectoryAdmin
from cardamom.service.controlplane import ControlPlane
from cardamom.service.credentials import CredentialService
from cardamom.service.gateway import Gateway, GatewaySettings
from cardamom.service.rebuild import RebuildService
from cardamom.service.snapshots import SnapshotService
from cardamom.service.tool_discovery import DiscoverySettings, McpToolDiscovery

if TYPE_CHECKING:
    from cardamom.adapters.aws import AwsClients

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


def sqlite_stores(settings: Settings) -> Stores:
    """The embedded default: SQLite and files under CARDAMOM_HOME."""
    from cardamom.adapters.fernet import FernetSecretStore
    from cardamom.adapters.sqlite import SqliteAuditLog, SqliteDatabase, SqliteDirectory, SqliteSnapshotStore

    db = SqliteDatabase(settings.home / "cardamom.db")
    return Stores(
        directory=SqliteDirectory(db),
        audit=SqliteAuditLog(db, retention_days=settings.audit_retention_days),
        snapshots=SqliteSnapshotStore(db, settings.home / "snapshots"),
        secrets=FernetSecretStore(settings.home / "secrets.enc", settings.home / SECRETS_KEY_FILE),
    )


def aws_stores(settings: Settings, clients: AwsClients | None = None) -> Stores:
    """DynamoDB, S3 and Secrets Manager (docs/aws.md); boto3 clients built here (or given), once."""
    from cardamom.adapters.aws import aws_stores as build
    from cardamom.adapters.secretsmanager import SecretsManagerStore

    if settings.aws is None:
        raise ConfigError("CARDAMOM_BACKEND=aws needs its table and bucket settings")
    built = build(settings.aws, audit_retention_days=settings.audit_retention_days or 365, clients=clients)
    return Stores(
        directory=built.directory,
        audit=built.audit,
        snapshots=built.snapshots,
        secrets=SecretsManagerStore(built.secretsmanager),
    )


def build_stores(settings: Settings, aws_clients: AwsClients | None = None) -> Stores:
    if settings.backend == "aws":
        return aws_stores(settings, aws_clients)
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


def build_container(
    settings: Settings,
    *,
    transport: ConnectorTransport | None = None,
    credentials: CredentialResolver | None = None,
    telemetry: SearchTelemetry | None = None,
    token_endpoint: TokenEndpoint | None = None,
    aws_clients: AwsClients | None = None,
) -> Container:
    stores = build_stores(settings, aws_clients)
    directory, audit = stores.directory, stores.audit
    snapshots = SnapshotService(directory, stores.snapshots)
    signer: JwtSigner | None = None
    if settings.jwt_public_key is not None:
        keys = public_keys_from_text(settings.jwt_public_key)
    elif not settings.local_mode:
        keys = KeySet([])  # verifies nothing: a process that serves /mcp checks its settings first
    else:
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
    )
    snapshots.use_discovery(build_discovery(settings, credentials, transport))
    control_plane = ControlPlane(admin, snapshots, audit)
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
    )
