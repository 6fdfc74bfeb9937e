"""The authorization server's pure rules: URLs, PKCE, clients, scopes, refresh families, claims,
and the configuration that names its variable when it refuses."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import replace

import pytest

from cardamom.config import Settings
from cardamom.core.oauth_clients import metadata_document_client, registered_client
from cardamom.core.oauth_grants import RefreshFamily, judge_refresh, refresh_family_id, refresh_token
from cardamom.core.oauth_metadata import authorization_server_metadata, protected_resource_metadata
from cardamom.core.oauth_pkce import challenge_problem, s256, verifier_matches
from cardamom.core.oauth_scopes import DEFAULT_SCOPES, consent_covers, granted_scopes, requested_scopes
from cardamom.core.oauth_urls import issuer_problem, redirect_uri_matches, redirect_uri_problem
from cardamom.core.signin import member_id_from_claims
from cardamom.errors import ConfigError, OAuthError


@pytest.mark.parametrize(
    "uri",
    [
        "https://claude.ai/api/mcp/auth_callback",
        "https://chatgpt.com/connector_platform_oauth_redirect",
        "http://127.0.0.1:6274/oauth/callback",
        "http://localhost:33418/",
        "http://[::1]:8080/cb",
        "cursor://anysphere.cursor-retrieval/oauth/user-x/callback",
        "vscode://vscode.github-authentication/did-authenticate",
        "com.example.app:/oauth2redirect",
    ],
)
def test_redirect_uris_real_clients_use_are_accepted(uri: str) -> None:
    assert redirect_uri_problem(uri) is None


@pytest.mark.parametrize(
    "uri",
    [
        "http://example.com/cb",
        "http://127.0.0.1.example.com/cb",
        "javascript:alert(1)",
        "data:text/html,x",
        "file:///etc/passwd",
        "https://ok.example/cb#x",
        "https://user:pw@ok.example/cb",
        "myapp:/cb",
        "",
        "not a uri",
    ],
)
def test_dangerous_redirect_uris_are_refused(uri: str) -> None:
    assert redirect_uri_problem(uri) is not None


def test_loopback_redirects_match_on_any_port_and_nothing_else() -> None:
    registered = "http://127.0.0.1:33418/callback"
    assert redirect_uri_matches(registered, "http://127.0.0.1:50000/callback")
    assert not redirect_uri_matches(registered, "http://127.0.0.1:50000/callback2")
    assert not redirect_uri_matches(registered, "http://localhost:33418/callback")
    assert not redirect_uri_matches("https://claude.ai/cb", "https://claude.ai:8443/cb")
    assert not redirect_uri_matches("https://claude.ai/cb", "https://claude.ai/cb/")


def test_pkce_is_s256_only() -> None:
    verifier = "a" * 43
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    assert s256(verifier) == challenge
    assert challenge_problem(challenge, "S256") is None
    assert challenge_problem(verifier, "plain") is not None
    assert challenge_problem(challenge, None) is not None
    assert challenge_problem(None, "S256") is not None
    assert verifier_matches(verifier, challenge)
    assert not verifier_matches("b" * 43, challenge)
    assert not verifier_matches("short", s256("short"))
    assert not verifier_matches(None, challenge)


def test_scopes_default_to_the_challenge_and_consent_narrows() -> None:
    assert requested_scopes(None) == DEFAULT_SCOPES == ("mcp:read", "mcp:write", "mcp:tools")
    assert requested_scopes("openid offline_access") == DEFAULT_SCOPES
    assert requested_scopes("mcp:tools mcp:read profile") == ("mcp:read", "mcp:tools")
    assert granted_scopes(("mcp:read", "mcp:tools"), ["mcp:read", "mcp:destructive"]) == ("mcp:read",)
    assert consent_covers(("mcp:read", "mcp:tools"), ("mcp:read",))
    assert not consent_covers(("mcp:read",), ("mcp:read", "mcp:write"))
    assert not consent_covers(None, ("mcp:read",))


def test_refresh_tokens_rotate_and_an_old_one_is_recognised() -> None:
    family = RefreshFamily("f" * 32, "acme", "alice", "c", ("mcp:read",), "r", 0, 10, salt="s3cret")
    first = refresh_token(family)
    assert refresh_family_id(first) == ("f" * 32, 0)
    assert judge_refresh(family, first) == "current"
    rotated = replace(family, generation=1)
    assert judge_refresh(rotated, first) == "reused"
    assert judge_refresh(rotated, refresh_token(rotated)) == "current"
    forged = first[:-4] + "0000"
    assert judge_refresh(rotated, forged) == "invalid"
    assert judge_refresh(family, refresh_token(rotated)) == "invalid", "a future generation is forged"
    assert refresh_family_id("garbage") is None


def test_registration_metadata_is_validated_and_fingerprinted() -> None:
    body = {"client_name": "Claude", "redirect_uris": ["https://claude.ai/api/mcp/auth_callback"]}
    a = registered_client(body, client_id="dcr-1", now=0)
    b = registered_client(dict(body), client_id="dcr-2", now=5)
    assert a.fingerprint == b.fingerprint and a.token_endpoint_auth_method == "client_secret_basic"
    assert registered_client({**body, "client_name": "Other"}, client_id="x", now=0).fingerprint != a.fingerprint
    for bad, error in (
        ({"client_name": "x"}, "invalid_redirect_uri"),
        ({**body, "grant_types": ["implicit"]}, "invalid_client_metadata"),
        ({**body, "response_types": ["token"]}, "invalid_client_metadata"),
        ({**body, "token_endpoint_auth_method": "private_key_jwt"}, "invalid_client_metadata"),
        ({**body, "client_name": 5}, "invalid_client_metadata"),
    ):
        with pytest.raises(OAuthError) as raised:
            registered_client(bad, client_id="x", now=0)
        assert raised.value.error == error, bad


def test_a_metadata_document_must_name_itself() -> None:
    url = "https://app.example/oauth/client.json"
    document = {"client_id": url, "client_name": "App", "redirect_uris": ["http://127.0.0.1:3000/cb"]}
    assert metadata_document_client(url, document, now=0).client_name == "App"
    for bad in (
        {**document, "client_id": "https://evil.example/oauth/client.json"},
        {**document, "client_secret": "x"},
        {**document, "redirect_uris": ["http://evil.example/cb"]},
        {k: v for k, v in document.items() if k != "client_name"},
        {**document, "token_endpoint_auth_method": "client_secret_basic"},
        ["not", "an", "object"],
    ):
        with pytest.raises(OAuthError):
            metadata_document_client(url, bad, now=0)
    for url_bad in ("http://app.example/c.json", "https://app.example/", "https://app.example/a/../c.json"):
        with pytest.raises(OAuthError):
            metadata_document_client(url_bad, {**document, "client_id": url_bad}, now=0)


def test_discovery_documents_name_the_issuer_and_the_resource() -> None:
    prm = protected_resource_metadata("https://mcp.example.com", ["2025-06-18"])
    assert prm["resource"] == "https://mcp.example.com/mcp"
    assert prm["authorization_servers"] == ["https://mcp.example.com"]
    asm = authorization_server_metadata("https://mcp.example.com")
    assert asm["code_challenge_methods_supported"] == ["S256"]
    assert asm["client_id_metadata_document_supported"] is True
    assert asm["authorization_response_iss_parameter_supported"] is True
    assert "none" in asm["token_endpoint_auth_methods_supported"]


def test_the_claim_names_the_member() -> None:
    assert member_id_from_claims({"email": "Alice@Acme.com", "email_verified": True}, "email") == "alice@acme.com"
    assert member_id_from_claims({"sub": "alice"}, "sub") == "alice"
    for claims in ({"email": "a@b.c", "email_verified": False}, {"sub": "x"}, {"email": "<script>"}):
        with pytest.raises(OAuthError):
            member_id_from_claims(claims, "email")


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"CARDAMOM_PUBLIC_URL": "cardamom-local"}, "CARDAMOM_PUBLIC_URL"),
        ({"CARDAMOM_PUBLIC_URL": "http://mcp.example.com"}, "CARDAMOM_PUBLIC_URL"),
        ({"CARDAMOM_JWT_ISSUER": "cardamom-local", "CARDAMOM_JWT_PUBLIC_KEY": "{}"}, "CARDAMOM_JWT_ISSUER"),
        ({"CARDAMOM_OIDC_ISSUER": "acme-idp", "CARDAMOM_OIDC_CLIENT_ID": "x"}, "CARDAMOM_OIDC_ISSUER"),
        ({"CARDAMOM_OIDC_ISSUER": "https://idp.example"}, "CARDAMOM_OIDC_CLIENT_ID"),
        ({"CARDAMOM_LOCAL_MODE": "false"}, "CARDAMOM_PUBLIC_URL"),
        ({"CARDAMOM_JWT_PUBLIC_KEY": "{}"}, "CARDAMOM_JWT_ISSUER"),
    ],
)
def test_a_bad_issuer_is_refused_at_start_up_naming_the_variable(env: dict[str, str], variable: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        Settings.from_env(env)


def test_the_development_sign_in_needs_an_explicit_setting_outside_local_mode() -> None:
    assert Settings.from_env({}).dev_signin is True
    aws_like = {"CARDAMOM_LOCAL_MODE": "false", "CARDAMOM_PUBLIC_URL": "https://mcp.example.com"}
    assert Settings.from_env(aws_like).dev_signin is False
    assert Settings.from_env({**aws_like, "CARDAMOM_DEV_SIGNIN": "true"}).dev_signin is True
    with_idp = {"CARDAMOM_OIDC_ISSUER": "https://idp.example", "CARDAMOM_OIDC_CLIENT_ID": "c"}
    assert Settings.from_env(with_idp).dev_signin is False


def test_issuer_rules() -> None:
    assert issuer_problem("https://mcp.example.com", allow_loopback_http=False) is None
    assert issuer_problem("http://127.0.0.1:8765", allow_loopback_http=True) is None
    assert issuer_problem("http://127.0.0.1:8765", allow_loopback_http=False) is not None
    assert issuer_problem("https://mcp.example.com?x=1", allow_loopback_http=False) is not None
