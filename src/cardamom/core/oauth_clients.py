"""OAuth clients as the authorization server knows them, and the metadata that makes one.

Three ways a client comes to exist, tried in this order by ``/authorize``:

* a **Client ID Metadata Document**: the client_id is an https URL whose JSON document
  names the client and its redirect URIs (fetched, bounded and cached by the service);
* **Dynamic Client Registration** (RFC 7591): the same software with the same redirect
  URIs gets the same client back (its ``fingerprint``), so a client that registers on
  every start does not pile up records;
* **pre-registered** in the org file (``clients:``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from cardamom.core.oauth_urls import metadata_document_url_problem, redirect_uri_problem
from cardamom.errors import OAuthError

ClientKind = Literal["metadata_document", "registered", "preregistered"]
AUTH_METHODS = ("none", "client_secret_post", "client_secret_basic")
GRANT_TYPES = ("authorization_code", "refresh_token")
MAX_REDIRECT_URIS = 10
MAX_NAME = 100


@dataclass(frozen=True, slots=True)
class OAuthClient:
    client_id: str
    client_name: str
    redirect_uris: tuple[str, ...]
    kind: ClientKind
    token_endpoint_auth_method: str = "none"
    grant_types: tuple[str, ...] = GRANT_TYPES
    client_uri: str | None = None
    scope: str | None = None
    software_id: str | None = None
    software_version: str | None = None
    created_at: int = 0
    fingerprint: str = ""
    org: str | None = None  # pre-registered clients belong to one org
    secret: str | None = None  # pre-registered: the secret store entry holding client_secret
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def confidential(self) -> bool:
        return self.token_endpoint_auth_method != "none"

    def registration_response(self, client_secret: str | None) -> dict[str, Any]:
        """The RFC 7591 section 3.2.1 answer."""
        body: dict[str, Any] = {
            "client_id": self.client_id,
            "client_id_issued_at": self.created_at,
            "client_name": self.client_name,
            "redirect_uris": list(self.redirect_uris),
            "grant_types": list(self.grant_types),
            "response_types": ["code"],
            "token_endpoint_auth_method": self.token_endpoint_auth_method,
        }
        for name in ("client_uri", "scope", "software_id", "software_version"):
            value = getattr(self, name)
            if value is not None:
                body[name] = value
        if client_secret is not None:
            body["client_secret"] = client_secret
            body["client_secret_expires_at"] = 0
        return body


def _text(body: Mapping[str, Any], name: str, limit: int = 2000) -> str | None:
    value = body.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise OAuthError("invalid_client_metadata", f"{name} must be a string of at most {limit} characters")
    return value.strip() or None


def _redirect_uris(body: Mapping[str, Any]) -> tuple[str, ...]:
    uris = body.get("redirect_uris")
    if not isinstance(uris, list) or not uris or not all(isinstance(u, str) for u in uris):
        raise OAuthError("invalid_redirect_uri", "redirect_uris must be a non-empty list of URIs")
    if len(uris) > MAX_REDIRECT_URIS:
        raise OAuthError("invalid_redirect_uri", f"at most {MAX_REDIRECT_URIS} redirect_uris are accepted")
    for uri in uris:
        problem = redirect_uri_problem(uri)
        if problem is not None:
            raise OAuthError("invalid_redirect_uri", problem)
    return tuple(dict.fromkeys(uris))


def _grant_types(body: Mapping[str, Any]) -> tuple[str, ...]:
    grants = body.get("grant_types", ["authorization_code", "refresh_token"])
    if not isinstance(grants, list) or not all(isinstance(g, str) for g in grants):
        raise OAuthError("invalid_client_metadata", "grant_types must be a list of strings")
    unknown = sorted(set(grants) - set(GRANT_TYPES))
    if unknown or "authorization_code" not in grants:
        raise OAuthError(
            "invalid_client_metadata",
            f"grant_types must include authorization_code and may add refresh_token only (not {unknown})",
        )
    responses = body.get("response_types", ["code"])
    if responses != ["code"]:
        raise OAuthError("invalid_client_metadata", 'response_types must be ["code"]')
    return tuple(g for g in GRANT_TYPES if g in grants)


_IDENTITY = (
    "client_name",
    "redirect_uris",
    "token_endpoint_auth_method",
    "grant_types",
    "client_uri",
    "software_id",
    "software_version",
    "scope",
)


def fingerprint(metadata: Mapping[str, Any]) -> str:
    """The identity of a registration: the same software asking for the same redirects."""
    canonical = json.dumps({k: metadata.get(k) for k in _IDENTITY}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def registered_client(body: Mapping[str, Any], *, client_id: str, now: int) -> OAuthClient:
    """A Dynamic Client Registration request as a client (RFC 7591 section 2), or OAuthError."""
    if not isinstance(body, Mapping):
        raise OAuthError("invalid_client_metadata", "the registration request must be a JSON object")
    redirect_uris = _redirect_uris(body)
    method = body.get("token_endpoint_auth_method", "client_secret_basic")
    if method not in AUTH_METHODS:
        raise OAuthError(
            "invalid_client_metadata", f"token_endpoint_auth_method must be one of {', '.join(AUTH_METHODS)}"
        )
    grants = _grant_types(body)
    client = OAuthClient(
        client_id=client_id,
        client_name=(_text(body, "client_name", MAX_NAME) or "Unnamed MCP client"),
        redirect_uris=redirect_uris,
        kind="registered",
        token_endpoint_auth_method=str(method),
        grant_types=grants,
        client_uri=_text(body, "client_uri"),
        scope=_text(body, "scope", 500),
        software_id=_text(body, "software_id", 200),
        software_version=_text(body, "software_version", 100),
        created_at=now,
    )
    return _with_fingerprint(client)


def _with_fingerprint(client: OAuthClient) -> OAuthClient:
    identity = {
        "client_name": client.client_name,
        "redirect_uris": sorted(client.redirect_uris),
        "token_endpoint_auth_method": client.token_endpoint_auth_method,
        "grant_types": list(client.grant_types),
        "client_uri": client.client_uri,
        "software_id": client.software_id,
        "software_version": client.software_version,
        "scope": client.scope,
    }
    return replace(client, fingerprint=fingerprint(identity))


def metadata_document_client(url: str, document: Any, *, now: int) -> OAuthClient:
    """A fetched Client ID Metadata Document as a client; its client_id must be its URL exactly."""
    problem = metadata_document_url_problem(url)
    if problem is not None:
        raise OAuthError("invalid_client", problem)
    if not isinstance(document, Mapping):
        raise OAuthError("invalid_client", "the client metadata document is not a JSON object")
    if document.get("client_id") != url:
        raise OAuthError("invalid_client", "the client metadata document's client_id is not its own URL")
    for secret in ("client_secret", "client_secret_expires_at"):
        if secret in document:
            raise OAuthError("invalid_client", f"a client metadata document must not contain {secret}")
    method = document.get("token_endpoint_auth_method", "none")
    if method != "none":
        raise OAuthError(
            "invalid_client", "clients identified by a metadata document must use token_endpoint_auth_method none"
        )
    try:
        redirect_uris = _redirect_uris(document)
        grants = _grant_types(document)
        name = _text(document, "client_name", MAX_NAME)
        client_uri = _text(document, "client_uri")
    except OAuthError as exc:
        raise OAuthError("invalid_client", f"client metadata document: {exc}") from None
    if name is None:
        raise OAuthError("invalid_client", "the client metadata document has no client_name")
    return OAuthClient(
        client_id=url,
        client_name=name,
        redirect_uris=redirect_uris,
        kind="metadata_document",
        grant_types=grants,
        client_uri=client_uri,
        created_at=now,
    )


def preregistered_client(
    org: str, client_id: str, name: str, redirect_uris: Sequence[str], secret: str | None
) -> OAuthClient:
    return OAuthClient(
        client_id=client_id,
        client_name=name,
        redirect_uris=tuple(redirect_uris),
        kind="preregistered",
        token_endpoint_auth_method="client_secret_post" if secret else "none",
        org=org,
        secret=secret,
    )
