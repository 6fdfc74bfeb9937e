"""Configuration, read once from the environment, failing fast on anything missing or wrong.

| variable                      | default (local)                  | meaning                                        |
|-------------------------------|----------------------------------|------------------------------------------------|
| CARDAMOM_BACKEND              | sqlite                           | ``sqlite`` (embedded) or ``aws``               |
| CARDAMOM_HOME                 | .cardamom                        | local state: SQLite file, snapshots, dev key   |
| CARDAMOM_JWT_ISSUER           | cardamom-local (in local mode)   | expected ``iss`` of bearer tokens (*)          |
| CARDAMOM_JWT_AUDIENCE         | cardamom                         | expected ``aud``                               |
| CARDAMOM_JWT_PUBLIC_KEY       | the local dev key (local mode)   | JWKS, JWK or PEM used to verify tokens (*)     |
| CARDAMOM_LOCAL_MODE           | true on sqlite, false on aws     | allow plain http to loopback connectors        |
| CARDAMOM_ALLOWED_ORIGINS      | loopback origins in local mode   | comma-separated browser origins accepted       |
| CARDAMOM_CONNECTOR_TIMEOUT    | 20                               | seconds per connector call                     |
| CARDAMOM_MAX_RESPONSE_BYTES   | 5242880                          | largest connector response read                |
| CARDAMOM_LOG_LEVEL            | INFO                             | log level of the ``cardamom`` loggers          |
| CARDAMOM_PUBLIC_URL           | (none)                           | external base URL, for OAuth resource metadata |
| CARDAMOM_ALLOWED_HOSTS        | public URL's host (+ loopback    | comma-separated Host values served (name or    |
|                               | names in local mode)             | name:port); on Lambda API Gateway's domain too |
| CARDAMOM_AUDIT_RETENTION_DAYS | kept on sqlite, 365 on aws       | audit rows expire (TTL) this long after start  |
| CARDAMOM_RELIST_INTERVAL      | 300                              | seconds before remote MCP servers are re-listed |
| CARDAMOM_AUDIT_EXPORT_PREFIX  | (none: no scheduled export)      | S3 key prefix of the audit function's export   |
| CARDAMOM_UNMET_SEARCH_RETENTION_DAYS | 30                        | unmet-search records are kept this long        |

(*) Required only to serve ``/mcp`` outside local mode (``Settings.check_serving``: the MCP
function, ``cardamom serve``); applying an org, searching, auditing or rebuilding never verifies
a token, so ``cardamom org apply`` against AWS needs only the backend's variables.

With ``CARDAMOM_BACKEND=aws`` (DynamoDB and S3, see docs/aws.md) these are required too:

| variable                      | meaning                                                                        |
|-------------------------------|--------------------------------------------------------------------------------|
| CARDAMOM_DIRECTORY_TABLE      | DynamoDB table of org directories and grants (its stream feeds the rebuilds)   |
| CARDAMOM_AUDIT_TABLE          | DynamoDB table of audit rows (TTL attribute ``expires_at``)                    |
| CARDAMOM_SNAPSHOT_TABLE       | DynamoDB table of snapshot pointers and small snapshots                        |
| CARDAMOM_BUCKET               | S3 bucket for large snapshots and large connector tool lists                   |
| CARDAMOM_INSIGHTS_TABLE       | DynamoDB table of unmet-search records (TTL attribute ``expires_at``)          |

and optional: ``CARDAMOM_SNAPSHOT_INLINE_BYTES`` (32768: snapshots up to this size live in
DynamoDB, beside their pointer; at most 350000) and ``AWS_ENDPOINT_URL`` (a local DynamoDB
and S3 endpoint, such as moto's server or DynamoDB Local; region and credentials come from
the usual AWS variables).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from cardamom.errors import ConfigError

Backend = Literal["sqlite", "aws"]
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_LEVELS = {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")


@dataclass(frozen=True, slots=True)
class AwsSettings:
    directory_table: str
    audit_table: str
    snapshot_table: str
    bucket: str
    snapshot_inline_bytes: int = 32 * 1024
    endpoint_url: str | None = None
    insights_table: str | None = None  # required in the environment; None (code-built): no unmet-search records


@dataclass(frozen=True, slots=True)
class Settings:
    backend: Backend
    home: Path
    jwt_issuer: str  # empty: none configured (only allowed where no token is verified)
    jwt_audience: str
    jwt_public_key: str | None
    local_mode: bool
    allowed_origins: tuple[str, ...]
    connector_timeout: float
    max_response_bytes: int
    log_level: str
    public_url: str | None
    allowed_hosts: tuple[str, ...] = ()  # Host values served (entrypoints.hosts); empty: none but Lambda's
    audit_retention_days: int | None = None  # None: kept for good (the local default)
    relist_interval: float = 300.0  # seconds: a remote MCP server's listing is made again at this age
    audit_export_prefix: str | None = None  # the scheduled audit export's S3 prefix (None: no export)
    unmet_search_retention_days: int = 30
    aws: AwsSettings | None = None  # set exactly when backend is aws

    def check_serving(self) -> None:
        """Serving ``/mcp`` outside local mode verifies bearer tokens: their issuer and key are required."""
        if self.local_mode:
            return
        missing = [
            name
            for name, value in (
                ("CARDAMOM_JWT_ISSUER", self.jwt_issuer),
                ("CARDAMOM_JWT_PUBLIC_KEY", self.jwt_public_key),
            )
            if not value
        ]
        if missing:
            raise ConfigError(f"{' and '.join(missing)} required to serve /mcp outside local mode")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env

        def text(name: str, default: str | None = None) -> str | None:
            value = env.get(name, "").strip()
            return value or default

        def flag(name: str, default: bool) -> bool:
            value = text(name)
            if value is None:
                return default
            if value.lower() in _TRUE:
                return True
            if value.lower() in _FALSE:
                return False
            raise ConfigError(f"{name} must be true or false, not {value!r}")

        def number(name: str, default: float, *, minimum: float) -> float:
            value = text(name)
            if value is None:
                return default
            try:
                parsed = float(value)
            except ValueError:
                raise ConfigError(f"{name} must be a number, not {value!r}") from None
            if parsed < minimum:
                raise ConfigError(f"{name} must be at least {minimum}")
            return parsed

        backend = text("CARDAMOM_BACKEND", "sqlite")
        if backend not in ("sqlite", "aws"):
            raise ConfigError(f"CARDAMOM_BACKEND must be sqlite or aws, not {backend!r}")
        on_aws = backend == "aws"
        public_key = text("CARDAMOM_JWT_PUBLIC_KEY")
        local_mode = flag("CARDAMOM_LOCAL_MODE", not on_aws)
        issuer = text("CARDAMOM_JWT_ISSUER", "cardamom-local" if local_mode else None)
        origins_text = text("CARDAMOM_ALLOWED_ORIGINS")
        if origins_text is None:
            origins: tuple[str, ...] = ("http://localhost", "http://127.0.0.1") if local_mode else ()
        else:
            origins = tuple(o.strip().rstrip("/") for o in origins_text.split(",") if o.strip())
        aws: AwsSettings | None = None
        if on_aws:

            def required(name: str) -> str:
                value = text(name)
                if value is None:
                    raise ConfigError(f"{name} is required with CARDAMOM_BACKEND=aws")
                return value

            aws = AwsSettings(
                directory_table=required("CARDAMOM_DIRECTORY_TABLE"),
                audit_table=required("CARDAMOM_AUDIT_TABLE"),
                snapshot_table=required("CARDAMOM_SNAPSHOT_TABLE"),
                bucket=required("CARDAMOM_BUCKET"),
                insights_table=required("CARDAMOM_INSIGHTS_TABLE"),
                snapshot_inline_bytes=int(number("CARDAMOM_SNAPSHOT_INLINE_BYTES", 32 * 1024, minimum=0)),
                endpoint_url=text("AWS_ENDPOINT_URL"),
            )
            if aws.snapshot_inline_bytes > 350_000:
                raise ConfigError(
                    "CARDAMOM_SNAPSHOT_INLINE_BYTES must be at most 350000 (a DynamoDB item holds 400 KB)"
                )
        public_url = text("CARDAMOM_PUBLIC_URL")
        if public_url is not None:
            parts = urlsplit(public_url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ConfigError(
                    f"CARDAMOM_PUBLIC_URL must be an http(s) URL such as https://mcp.example.com, not {public_url!r}"
                )
        hosts_text = text("CARDAMOM_ALLOWED_HOSTS")
        if hosts_text is not None:
            hosts = tuple(h.strip().lower() for h in hosts_text.split(",") if h.strip())
            bad = [h for h in hosts if "/" in h or " " in h]
            if bad:
                raise ConfigError(f"CARDAMOM_ALLOWED_HOSTS takes host names (name or name:port), not {bad[0]!r}")
        else:
            hosts = ()
            if public_url is not None:
                hosts += (urlsplit(public_url).netloc.rpartition("@")[2].lower(),)
            if local_mode:
                hosts += LOOPBACK_HOSTS
        retention: int | None = None
        if text("CARDAMOM_AUDIT_RETENTION_DAYS") is not None or on_aws:
            days = number("CARDAMOM_AUDIT_RETENTION_DAYS", 365, minimum=1)
            if days != int(days):
                raise ConfigError("CARDAMOM_AUDIT_RETENTION_DAYS must be a whole number of days")
            retention = int(days)
        export_prefix = text("CARDAMOM_AUDIT_EXPORT_PREFIX")
        if export_prefix is not None:
            if not re.fullmatch(r"[A-Za-z0-9!_.*'()/=-]+", export_prefix) or export_prefix.startswith("/"):
                raise ConfigError(
                    "CARDAMOM_AUDIT_EXPORT_PREFIX must be an S3 key prefix of letters, digits and !_.*'()/=- "
                    f"not starting with '/', not {export_prefix!r}"
                )
            export_prefix = export_prefix.rstrip("/") + "/"
        unmet_days = number("CARDAMOM_UNMET_SEARCH_RETENTION_DAYS", 30, minimum=1)
        if unmet_days != int(unmet_days):
            raise ConfigError("CARDAMOM_UNMET_SEARCH_RETENTION_DAYS must be a whole number of days")
        level = (text("CARDAMOM_LOG_LEVEL", "INFO") or "INFO").upper()
        if level not in _LEVELS:
            raise ConfigError(f"CARDAMOM_LOG_LEVEL must be one of {sorted(_LEVELS)}, not {level!r}")
        return cls(
            backend=backend,  # type: ignore[arg-type]
            home=Path(text("CARDAMOM_HOME", ".cardamom") or ".cardamom"),
            jwt_issuer=issuer or "",
            jwt_audience=text("CARDAMOM_JWT_AUDIENCE", "cardamom") or "cardamom",
            jwt_public_key=public_key,
            local_mode=local_mode,
            allowed_origins=origins,
            connector_timeout=number("CARDAMOM_CONNECTOR_TIMEOUT", 20.0, minimum=0.1),
            max_response_bytes=int(number("CARDAMOM_MAX_RESPONSE_BYTES", 5 * 1024 * 1024, minimum=1024)),
            log_level=level,
            public_url=public_url,
            allowed_hosts=hosts,
            audit_retention_days=retention,
            relist_interval=number("CARDAMOM_RELIST_INTERVAL", 300.0, minimum=30.0),
            audit_export_prefix=export_prefix,
            unmet_search_retention_days=int(unmet_days),
            aws=aws,
        )
