"""Wiring: the one module that picks adapters and builds the application.

Every entrypoint (ASGI app, Lambda handlers, CLI) gets its objects here, built once per
process (per cold start in Lambda), never per request.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from joserfc.jwk import KeySet

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.adapters.httpx import HttpxTransport
from cardamom.adapters.jose import JwtSigner, JwtVerifier, load_or_create_dev_key, public_keys_from_text
from cardamom.adapters.powertools import LogTelemetry
from cardamom.adapters.sqlite import SqliteAuditLog, SqliteDatabase, SqliteDirectory, SqliteSnapshotStore
from cardamom.config import Settings
from cardamom.core.orgdef import OrgDefinition
from cardamom.core.snapshot import Snapshot
from cardamom.errors import ConfigError
from cardamom.mcp.server import McpEndpoint
from cardamom.ports import AuditLog, ConnectorTransport, CredentialResolver, Directory, SearchTelemetry
from cardamom.service.admin import DirectoryAdmin
from cardamom.service.controlplane import ControlPlane
from cardamom.service.gateway import Gateway, GatewaySettings
from cardamom.service.snapshots import SnapshotService

DEV_KEY_FILE = "dev-signing-key.json"


@dataclass(slots=True)
class Container:
    settings: Settings
    directory: Directory
    audit: AuditLog
    snapshots: SnapshotService
    gateway: Gateway
    control_plane: ControlPlane
    endpoint: McpEndpoint
    verifier: JwtVerifier
    signer: JwtSigner | None
    admin: DirectoryAdmin

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


def build_container(
    settings: Settings,
    *,
    transport: ConnectorTransport | None = None,
    credentials: CredentialResolver | None = None,
    telemetry: SearchTelemetry | None = None,
) -> Container:
    if settings.backend != "sqlite":
        raise ConfigError(f"backend {settings.backend!r} is not available in this build; use sqlite")
    db = SqliteDatabase(settings.home / "cardamom.db")
    directory = SqliteDirectory(db)
    audit = SqliteAuditLog(db)
    snapshots = SnapshotService(directory, SqliteSnapshotStore(db, settings.home / "snapshots"))
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
    gateway = Gateway(
        directory=directory,
        snapshots=snapshots,
        audit=audit,
        transport=transport
        or HttpxTransport(timeout=settings.connector_timeout, max_response_bytes=settings.max_response_bytes),
        credentials=credentials or EnvCredentialResolver(),
        telemetry=telemetry or LogTelemetry(),
        settings=GatewaySettings(
            allow_loopback_http=settings.local_mode, connector_deadline_seconds=settings.connector_timeout
        ),
        new_id=_new_id,
    )
    admin = DirectoryAdmin(directory, snapshots)
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
    )
