"""Configuration, read once from the environment, failing fast on anything missing or wrong.

| variable                      | default (local)                  | meaning                                        |
|-------------------------------|----------------------------------|------------------------------------------------|
| CARDAMOM_BACKEND              | sqlite                           | ``sqlite`` (embedded) or ``aws``               |
| CARDAMOM_HOME                 | .cardamom                        | local state: SQLite file, snapshots, keys      |
| CARDAMOM_PUBLIC_URL           | http://127.0.0.1:$CARDAMOM_PORT  | external base URL: the OAuth issuer, and the   |
|                               | (required outside local mode)    | MCP resource is ``{it}/mcp`` (docs/auth.md)    |
| CARDAMOM_LOCAL_MODE           | true on sqlite, false on aws     | allow plain http to loopback connectors        |
| CARDAMOM_ALLOWED_ORIGINS      | loopback origins in local mode   | comma-separated browser origins accepted       |
| CARDAMOM_CONNECTOR_TIMEOUT    | 20                               | seconds per connector call                     |
| CARDAMOM_MAX_RESPONSE_BYTES   | 5242880                          | largest connector response read                |
| CARDAMOM_LOG_LEVEL            | INFO                             | log level of the ``cardamom`` loggers          |
| CARDAMOM_ALLOWED_HOSTS        | public URL's host (+ loopback    | comma-separated Host values served (name or    |
|                               | names in local mode)             | name:port); on Lambda API Gateway's domain too |
| CARDAMOM_AUDIT_RETENTION_DAYS | kept on sqlite, 365 on aws       | audit rows expire (TTL) this long after start  |
| CARDAMOM_RELIST_INTERVAL      | 300                              | seconds before remote MCP servers are re-listed |
| CARDAMOM_AUDIT_EXPORT_PREFIX  | (none: no scheduled export)      | S3 key prefix of the audit function's export   |
| CARDAMOM_UNMET_SEARCH_RETENTION_DAYS | 30                        | unmet-search records are kept this long        |

Applying an org, searching, auditing or rebuilding never verifies a token, so ``cardamom org
apply`` against AWS needs only the backend's variables (none of the sign-in ones below).

Sign-in (docs/auth.md): ``CARDAMOM_OIDC_ISSUER``, ``CARDAMOM_OIDC_CLIENT_ID`` and the client
secret (``CARDAMOM_OIDC_CLIENT_SECRET``, or on AWS ``CARDAMOM_OIDC_CLIENT_SECRET_ID``, a
Secrets Manager secret) delegate sign-in to the company's OpenID provider;
``CARDAMOM_OIDC_SCOPES`` (``openid email profile``) and ``CARDAMOM_OIDC_MEMBER_CLAIM``
(``email`` or ``sub``) say what to ask and which claim names the member. With no provider
in local mode a development sign-in page lists the members; ``CARDAMOM_DEV_SIGNIN`` turns it
on or off explicitly, and is the only way to have it outside local mode.
``CARDAMOM_SIGNING_KEYS_SECRET`` names the Secrets Manager secret of the token signing keys
on AWS (``cardamom/oauth/signing-keys``); locally they are a file under CARDAMOM_HOME.
``CARDAMOM_REGISTRATIONS_PER_HOUR`` (per source address, 20) and
``CARDAMOM_NEW_CLIENTS_PER_DAY`` (per org, 50) bound dynamic client registration.

Tokens from elsewhere (optional): ``CARDAMOM_JWT_ISSUER`` (a URL), ``CARDAMOM_JWT_AUDIENCE``
(``cardamom``), and their keys as ``CARDAMOM_JWT_PUBLIC_KEY`` (JWKS, JWK or PEM; RS256 or
ES256) or ``CARDAMOM_JWT_JWKS_URL`` (fetched, cached, refreshed on rotation);
``CARDAMOM_JWT_MEMBER_CLAIM`` (``sub``) and ``CARDAMOM_JWT_ORG_CLAIM`` (``org``) or a fixed
``CARDAMOM_JWT_ORG`` map them to a member of an org.

With ``CARDAMOM_BACKEND=aws`` (DynamoDB and S3, see docs/aws.md) these are required too:

| variable                      | meaning                                                                        |
|-------------------------------|--------------------------------------------------------------------------------|
| CARDAMOM_DIRECTORY_TABLE      | DynamoDB table of org directories and grants (its stream feeds the rebuilds)   |
| CARDAMOM_AUDIT_TABLE          | DynamoDB table of audit rows (TTL attribute ``expires_at``)                    |
| CARDAMOM_SNAPSHOT_TABLE       | DynamoDB table of snapshot pointers and small snapshots                        |
| CARDAMOM_BUCKET               | S3 bucket for large snapshots and large connector tool lists                   |
| CARDAMOM_INSIGHTS_TABLE       | DynamoDB table of unmet-search records (TTL attribute ``expires_at``)          |

plus, to sign people in and issue tokens (the MCP function, ``cardamom serve`` and ``cardamom
token``; ``Settings.check_signin_state``), ``CARDAMOM_OAUTH_TABLE`` (the authorization server's
clients, codes, refresh families, consents); and optional: ``CARDAMOM_SNAPSHOT_INLINE_BYTES``
(32768: snapshots up to this size live in DynamoDB, beside their pointer; at most 350000) and
``AWS_ENDPOINT_URL`` (a local DynamoDB and S3 endpoint, such as moto's server or DynamoDB Local;
region and credentials come from the usual AWS variables).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from cardamom.core.oauth_urls import issuer_problem
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
    oauth_table: str | None = None  # None only for the rebuild function, which issues nothing
    insights_table: str | None = None  # required in the environment; None (code-built): no unmet-search records


@dataclass(frozen=True, slots=True)
class OidcSettings:
    """The company's OpenID provider, to which sign-in is delegated."""

    issuer: str
    client_id: str
    client_secret: str | None = None  # local: the value itself
    client_secret_id: str | None = None  # AWS: the Secrets Manager secret holding it
    scopes: str = "openid email profile"
    member_claim: str = "email"


@dataclass(frozen=True, slots=True)
class ExternalTokenSettings:
    """Tokens an IdP issues, accepted as they are (the optional path)."""

    issuer: str
    audience: str
    public_key: str | None = None
    jwks_url: str | None = None
    member_claim: str = "sub"
    org_claim: str = "org"
    org: str | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    backend: Backend
    home: Path
    jwt_issuer: str | None
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
    oidc: OidcSettings | None = None
    dev_signin: bool = False
    signing_keys_secret: str = "cardamom/oauth/signing-keys"
    registrations_per_hour: int = 20
    new_clients_per_day: int = 50
    external: ExternalTokenSettings | None = None
    port: int = 8765

    @property
    def issuer(self) -> str:
        """The authorization server's issuer URL, and the base of every public URL."""
        return self.public_url or f"http://127.0.0.1:{self.port}"

    @property
    def resource_url(self) -> str:
        return self.issuer.rstrip("/") + "/mcp"

    def check_signin_state(self) -> None:
        """Signing people in and issuing tokens needs the authorization server's stored state; on
        AWS that is CARDAMOM_OAUTH_TABLE (an org apply, a search or a rebuild needs none of it)."""
        if self.aws is not None and self.aws.oauth_table is None:
            raise ConfigError(
                "CARDAMOM_OAUTH_TABLE is required with CARDAMOM_BACKEND=aws to sign people in or issue tokens"
            )

    def with_public_url(self, url: str) -> Settings:
        from dataclasses import replace

        return replace(self, public_url=url.rstrip("/"))

    def served_at(self, host: str, port: int) -> Settings:
        """Local serving: with no CARDAMOM_PUBLIC_URL the issuer is the origin actually served."""
        if self.public_url is not None:
            return self
        from dataclasses import replace

        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        return replace(self, port=port, public_url=f"http://{shown}:{port}")

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
        local_mode = flag("CARDAMOM_LOCAL_MODE", not on_aws)

        def url(name: str) -> str | None:
            value = text(name)
            if value is None:
                return None
            problem = issuer_problem(value, allow_loopback_http=local_mode)
            if problem is not None:
                raise ConfigError(f"{name}: {problem}")
            return value

        public_url = url("CARDAMOM_PUBLIC_URL")
        if public_url is not None:
            public_url = public_url.rstrip("/")
        # On AWS an unset URL is learned from API Gateway's first request (lambda_mcp.py): the
        # template cannot name the API's own URL in its function without a dependency cycle.
        if public_url is None and not local_mode and not on_aws:
            raise ConfigError(
                "CARDAMOM_PUBLIC_URL is required outside local mode: it is the OAuth issuer and the base "
                "of the MCP resource URL (e.g. https://mcp.example.com)"
            )
        port = int(number("CARDAMOM_PORT", 8765, minimum=1))
        oidc: OidcSettings | None = None
        oidc_issuer = url("CARDAMOM_OIDC_ISSUER")
        if oidc_issuer is not None:
            client_id = text("CARDAMOM_OIDC_CLIENT_ID")
            if client_id is None:
                raise ConfigError("CARDAMOM_OIDC_CLIENT_ID is required with CARDAMOM_OIDC_ISSUER")
            claim = text("CARDAMOM_OIDC_MEMBER_CLAIM", "email") or "email"
            if claim not in ("email", "sub"):
                raise ConfigError(f"CARDAMOM_OIDC_MEMBER_CLAIM must be email or sub, not {claim!r}")
            oidc = OidcSettings(
                issuer=oidc_issuer,
                client_id=client_id,
                client_secret=text("CARDAMOM_OIDC_CLIENT_SECRET"),
                client_secret_id=text("CARDAMOM_OIDC_CLIENT_SECRET_ID"),
                scopes=text("CARDAMOM_OIDC_SCOPES", "openid email profile") or "openid email profile",
                member_claim=claim,
            )
            if "openid" not in oidc.scopes.split():
                raise ConfigError("CARDAMOM_OIDC_SCOPES must include openid")
        # The development sign-in trusts whoever picks a name: on by default only locally with no
        # provider, and outside local mode only when CARDAMOM_DEV_SIGNIN says so explicitly.
        dev_signin = flag("CARDAMOM_DEV_SIGNIN", local_mode and oidc is None)
        jwt_issuer = url("CARDAMOM_JWT_ISSUER")
        public_key = text("CARDAMOM_JWT_PUBLIC_KEY")
        jwks_url = url("CARDAMOM_JWT_JWKS_URL")
        external: ExternalTokenSettings | None = None
        if jwt_issuer is not None:
            if public_key is None and jwks_url is None:
                raise ConfigError("CARDAMOM_JWT_ISSUER needs CARDAMOM_JWT_PUBLIC_KEY or CARDAMOM_JWT_JWKS_URL")
            if jwt_issuer.rstrip("/") == (public_url or "").rstrip("/"):
                raise ConfigError("CARDAMOM_JWT_ISSUER must differ from CARDAMOM_PUBLIC_URL (Cardamom's own issuer)")
            external = ExternalTokenSettings(
                issuer=jwt_issuer,
                audience=text("CARDAMOM_JWT_AUDIENCE", "cardamom") or "cardamom",
                public_key=public_key,
                jwks_url=jwks_url,
                member_claim=text("CARDAMOM_JWT_MEMBER_CLAIM", "sub") or "sub",
                org_claim=text("CARDAMOM_JWT_ORG_CLAIM", "org") or "org",
                org=text("CARDAMOM_JWT_ORG"),
            )
        elif public_key is not None or jwks_url is not None:
            raise ConfigError("CARDAMOM_JWT_PUBLIC_KEY and CARDAMOM_JWT_JWKS_URL need CARDAMOM_JWT_ISSUER")
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
                oauth_table=text("CARDAMOM_OAUTH_TABLE"),
                insights_table=required("CARDAMOM_INSIGHTS_TABLE"),
                snapshot_inline_bytes=int(number("CARDAMOM_SNAPSHOT_INLINE_BYTES", 32 * 1024, minimum=0)),
                endpoint_url=text("AWS_ENDPOINT_URL"),
            )
            if aws.snapshot_inline_bytes > 350_000:
                raise ConfigError(
                    "CARDAMOM_SNAPSHOT_INLINE_BYTES must be at most 350000 (a DynamoDB item holds 400 KB)"
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
            jwt_issuer=jwt_issuer,
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
            oidc=oidc,
            dev_signin=dev_signin,
            signing_keys_secret=text("CARDAMOM_SIGNING_KEYS_SECRET", "cardamom/oauth/signing-keys")
            or "cardamom/oauth/signing-keys",
            registrations_per_hour=int(number("CARDAMOM_REGISTRATIONS_PER_HOUR", 20, minimum=1)),
            new_clients_per_day=int(number("CARDAMOM_NEW_CLIENTS_PER_DAY", 50, minimum=1)),
            external=external,
            port=port,
        )
