"""The authorization-code flow's records and rules: the pending request, codes, refresh families.

A request to ``/authorize`` becomes a ``PendingAuthorization`` stored server-side (never in
process memory: on Lambda the next step may reach another instance), bound to the browser
that started it by the hash of a cookie, and carrying a CSRF token its forms must echo.
Once the person has signed in and consented it yields a single-use ``AuthorizationCode``
bound to the client, the redirect URI, the PKCE challenge and the resource.

Refresh tokens rotate: each use returns a new one and the old one is dead. A family (one
per authorization, and the grant the directory records) keeps its generation number and a
random salt; a token is ``{family}.{generation}.{mac}`` with the mac derived from the salt,
so an old generation is recognised as genuine and its reuse revokes the whole family.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from cardamom.core.oauth_clients import OAuthClient
from cardamom.core.oauth_pkce import challenge_problem
from cardamom.core.oauth_scopes import requested_scopes
from cardamom.core.oauth_urls import redirect_uri_matches
from cardamom.errors import OAuthError

PENDING_TTL_SECONDS = 15 * 60  # from /authorize to the consent decision
CODE_TTL_SECONDS = 120  # codes are exchanged at once; OAuth 2.1 recommends at most 10 minutes
ACCESS_TOKEN_TTL_SECONDS = 3600
REFRESH_TTL_SECONDS = 30 * 86_400  # a family lives this long after sign-in, however often it rotates
Stage = Literal["signin", "choose_org", "consent", "done"]


def digest(secret: str) -> str:
    """How a secret (a code, a cookie) is keyed in the store: never the secret itself."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class PendingAuthorization:
    id: str
    client_id: str
    client_name: str
    redirect_uri: str
    scopes: tuple[str, ...]
    state: str
    code_challenge: str
    resource: str
    browser: str  # digest of the browser cookie that started the flow
    csrf: str
    created_at: int
    expires_at: int
    stage: Stage = "signin"
    org: str | None = None
    member: str | None = None
    orgs: tuple[str, ...] = ()  # the orgs a signed-in person may choose from
    idp_nonce: str | None = None
    idp_verifier: str | None = None
    client_org: str | None = None  # a pre-registered client's org: sign-in is into it only


@dataclass(frozen=True, slots=True)
class AuthorizationCode:
    code_hash: str
    client_id: str
    redirect_uri: str
    code_challenge: str
    resource: str
    org: str
    member: str
    scopes: tuple[str, ...]
    expires_at: int
    grant_id: str  # the refresh family (and directory grant) the exchange creates
    used: bool = False


@dataclass(frozen=True, slots=True)
class RefreshFamily:
    id: str
    org: str
    member: str
    client_id: str
    scopes: tuple[str, ...]
    resource: str
    created_at: int
    expires_at: int
    salt: str = field(repr=False)
    generation: int = 0


def check_redirect_uri(client: OAuthClient, presented: str | None) -> str:
    """The redirect URI to answer on; refused (never redirected to) unless registered."""
    if presented is None:
        if len(client.redirect_uris) == 1:
            return client.redirect_uris[0]
        raise OAuthError("invalid_request", "redirect_uri is required", redirect=False)
    if not any(redirect_uri_matches(registered, presented) for registered in client.redirect_uris):
        raise OAuthError(
            "invalid_request", f"redirect_uri {presented!r} is not registered for this client", redirect=False
        )
    return presented


def authorization_request(
    params: Mapping[str, str],
    client: OAuthClient,
    *,
    resource_url: str,
    request_id: str,
    browser: str,
    csrf: str,
    now: int,
) -> PendingAuthorization:
    """Validate an authorization request (OAuth 2.1 section 4.1.1 with RFC 8707 and PKCE)."""
    redirect_uri = check_redirect_uri(client, params.get("redirect_uri"))
    if params.get("response_type") != "code":
        raise OAuthError("unsupported_response_type", "response_type must be code", redirect=True)
    state = params.get("state") or ""
    if not state or len(state) > 1000:
        raise OAuthError("invalid_request", "state is required (at most 1000 characters)", redirect=True)
    problem = challenge_problem(params.get("code_challenge"), params.get("code_challenge_method"))
    if problem is not None:
        raise OAuthError("invalid_request", problem, redirect=True)
    resource = params.get("resource") or ""
    if resource.rstrip("/") != resource_url.rstrip("/"):
        raise OAuthError(
            "invalid_target",
            f"resource must be this server's MCP endpoint {resource_url} (got {resource or 'none'})",
            redirect=True,
        )
    return PendingAuthorization(
        id=request_id,
        client_id=client.client_id,
        client_name=client.client_name,
        redirect_uri=redirect_uri,
        scopes=requested_scopes(params.get("scope")),
        state=state,
        code_challenge=str(params["code_challenge"]),
        resource=resource_url,
        browser=browser,
        csrf=csrf,
        created_at=now,
        expires_at=now + PENDING_TTL_SECONDS,
        client_org=client.org,
    )


# ---- refresh tokens ---------------------------------------------------------------------------

_REFRESH = re.compile(r"^([A-Za-z0-9_-]{16,64})\.(\d{1,9})\.([A-Za-z0-9_-]{20,128})$")
RefreshVerdict = Literal["current", "reused", "invalid"]


def _mac(family: RefreshFamily, generation: int) -> str:
    message = f"{family.id}.{generation}".encode()
    return hmac.new(family.salt.encode(), message, hashlib.sha256).hexdigest()


def refresh_token(family: RefreshFamily) -> str:
    return f"{family.id}.{family.generation}.{_mac(family, family.generation)}"


def refresh_family_id(token: str) -> tuple[str, int] | None:
    match = _REFRESH.match(token or "")
    return None if match is None else (match.group(1), int(match.group(2)))


def judge_refresh(family: RefreshFamily, token: str) -> RefreshVerdict:
    """``current``: rotate; ``reused``: a genuine older token (revoke the family); else ``invalid``."""
    match = _REFRESH.match(token)
    if match is None or match.group(1) != family.id:
        return "invalid"
    generation = int(match.group(2))
    if generation > family.generation or not hmac.compare_digest(match.group(3), _mac(family, generation)):
        return "invalid"
    return "current" if generation == family.generation else "reused"
