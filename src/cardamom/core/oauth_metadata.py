"""The discovery documents: protected resource metadata (RFC 9728) and authorization server
metadata (RFC 8414), built from the issuer URL alone so every instance serves the same."""

from __future__ import annotations

from typing import Any

from cardamom.core.oauth_pkce import CHALLENGE_METHODS
from cardamom.core.oauth_scopes import DEFAULT_SCOPES
from cardamom.core.policy import ALL_SCOPES

MCP_PATH = "/mcp"
RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource"
AS_METADATA_PATH = "/.well-known/oauth-authorization-server"
OIDC_METADATA_PATH = "/.well-known/openid-configuration"
AUTHORIZE_PATH = "/oauth/authorize"
TOKEN_PATH = "/oauth/token"
REGISTER_PATH = "/oauth/register"
REVOKE_PATH = "/oauth/revoke"
JWKS_PATH = "/oauth/jwks"
SIGNIN_PATH = "/oauth/signin"
CHOOSE_ORG_PATH = "/oauth/signin/org"
CALLBACK_PATH = "/oauth/callback"
CONSENT_PATH = "/oauth/consent"


def resource_url(issuer: str) -> str:
    return issuer.rstrip("/") + MCP_PATH


def resource_metadata_url(issuer: str) -> str:
    return issuer.rstrip("/") + RESOURCE_METADATA_PATH


def challenge_scope() -> str:
    """The ``scope=`` a 401 names: what a typical client should ask for (never mcp:destructive)."""
    return " ".join(DEFAULT_SCOPES)


def protected_resource_metadata(issuer: str, protocol_versions: list[str]) -> dict[str, Any]:
    return {
        "resource": resource_url(issuer),
        "authorization_servers": [issuer],
        "scopes_supported": list(ALL_SCOPES),
        "bearer_methods_supported": ["header"],
        "resource_name": "Cardamom MCP gateway",
        "mcp_protocol_versions": protocol_versions,
    }


def authorization_server_metadata(issuer: str) -> dict[str, Any]:
    base = issuer.rstrip("/")
    return {
        "issuer": issuer,
        "authorization_endpoint": base + AUTHORIZE_PATH,
        "token_endpoint": base + TOKEN_PATH,
        "registration_endpoint": base + REGISTER_PATH,
        "revocation_endpoint": base + REVOKE_PATH,
        "jwks_uri": base + JWKS_PATH,
        "scopes_supported": list(ALL_SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": list(CHALLENGE_METHODS),
        "token_endpoint_auth_methods_supported": ["none", "client_secret_post", "client_secret_basic"],
        "revocation_endpoint_auth_methods_supported": ["none", "client_secret_post", "client_secret_basic"],
        "client_id_metadata_document_supported": True,
        "authorization_response_iss_parameter_supported": True,
        "resource_indicators_supported": True,
    }
