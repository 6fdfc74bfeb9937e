"""The authorization server against the attacks the issue names, each test failing if its
defence is removed, plus the grant lifecycle (revocation by /revoke, by the control plane,
by suspension). In-process: the real app through Starlette's TestClient, its pages walked
as a browser walks them (``tests/signin_support.py``)."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import httpx
import pytest
from joserfc import jwt
from mcp.client.auth.exceptions import OAuthFlowError
from mcp.client.auth.utils import validate_authorization_response_iss
from mcp.shared.auth import OAuthMetadata
from starlette.testclient import TestClient

from cardamom.adapters.oauth_keys import MemoryKeyStore
from cardamom.adapters.sqlite import SqliteDatabase
from cardamom.bootstrap import Container, build_container, build_stores, sqlite_oauth_stores
from cardamom.core.orgfile import parse_org_definition
from cardamom.entrypoints.asgi import create_app
from cardamom.errors import OrgDefinitionError
from tests.fakes import RecordingTransport, StaticCredentials
from tests.orgs import notion_only_org_text
from tests.signin_support import Browser, callback_params
from tests.support import settings_for

ISSUER = "http://127.0.0.1:8765"
RESOURCE = f"{ISSUER}/mcp"
CALLBACK = "http://127.0.0.1:40111/callback"


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


@dataclass
class Server:
    container: Container
    http: TestClient
    transport: RecordingTransport

    def browser(self) -> Browser:
        return Browser(self.http, ISSUER)

    def register(self, **metadata: Any) -> dict[str, Any]:
        body = {"client_name": "Threat test", "redirect_uris": [CALLBACK], "token_endpoint_auth_method": "none"}
        response = self.http.post("/oauth/register", json={**body, **metadata})
        assert response.status_code == 201, response.text
        registered: dict[str, Any] = response.json()
        return registered

    def authorize_url(self, client_id: str, challenge: str, **overrides: str) -> str:
        params = {
            "response_type": "code",
            "client_id": client_id,
            "redirect_uri": CALLBACK,
            "state": "st-" + secrets.token_hex(4),
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            "resource": RESOURCE,
            "scope": "mcp:read mcp:write mcp:tools",
        }
        params.update(overrides)
        return f"{ISSUER}/oauth/authorize?" + urlencode({k: v for k, v in params.items() if v != ""})

    def code(self, client_id: str, challenge: str, member: str = "alice", **overrides: str) -> dict[str, str]:
        landed = self.browser().sign_in(self.authorize_url(client_id, challenge, **overrides), member)
        return callback_params(landed)

    def token(self, **form: str) -> httpx.Response:
        return self.http.post("/oauth/token", data=form)

    def tokens(self, client_id: str, member: str = "alice") -> dict[str, Any]:
        verifier, challenge = pkce()
        params = self.code(client_id, challenge, member)
        response = self.token(
            grant_type="authorization_code",
            code=params["code"],
            redirect_uri=CALLBACK,
            client_id=client_id,
            code_verifier=verifier,
            resource=RESOURCE,
        )
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def mcp(self, token: str, name: str = "search_tools", arguments: dict[str, Any] | None = None) -> httpx.Response:
        body = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments or {"query": "list notion users"}},
        }
        return self.http.post("/mcp", json=body, headers={"Authorization": f"Bearer {token}"})


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    transport = RecordingTransport(lambda request: httpx_response(b'{"results": [{"name": "Ada Lovelace"}]}'))
    container = build_container(
        settings_for(tmp_path / "home", CARDAMOM_PUBLIC_URL=ISSUER),
        transport=transport,
        credentials=StaticCredentials("notion-connection-secret"),
    )
    text = notion_only_org_text(members={"alice": "member", "olga": "owner"})
    container.apply_org(parse_org_definition(text, "org.yaml"))
    with TestClient(create_app(container), base_url=ISSUER) as http:
        yield Server(container, http, transport)


def httpx_response(body: bytes) -> Any:
    from cardamom.ports import OutboundResponse

    return OutboundResponse(200, {"content-type": "application/json"}, body)


# ---- open redirect via redirect_uri ----------------------------------------------------------------


@pytest.mark.parametrize(
    "redirect_uri",
    [
        "https://evil.example/callback",
        "http://127.0.0.1.evil.example/callback",
        "http://127.0.0.1:40111/callback/../../evil",
        "http://127.0.0.1:40111/callbackx",
        "http://127.0.0.1:40111/callback?next=https://evil.example",
    ],
)
def test_an_unregistered_redirect_uri_is_refused_on_a_page_never_redirected_to(
    server: Server, redirect_uri: str
) -> None:
    client = server.register()
    _, challenge = pkce()
    response = server.http.get(
        server.authorize_url(client["client_id"], challenge, redirect_uri=redirect_uri), follow_redirects=False
    )
    assert response.status_code == 400
    assert "location" not in response.headers
    assert "not registered for this client" in response.text
    # Even a later error (here a missing PKCE challenge) never goes to the unverified URI.
    response = server.http.get(
        server.authorize_url(client["client_id"], "", redirect_uri=redirect_uri, code_challenge=""),
        follow_redirects=False,
    )
    assert response.status_code == 400 and "location" not in response.headers


def test_a_loopback_redirect_uri_matches_on_any_port_only(server: Server) -> None:
    client = server.register()
    _verifier, challenge = pkce()
    params = server.code(client["client_id"], challenge, redirect_uri="http://127.0.0.1:51234/callback")
    assert params["code"]
    response = server.http.get(
        server.authorize_url(client["client_id"], challenge, redirect_uri="http://localhost:40111/callback"),
        follow_redirects=False,
    )
    assert response.status_code == 400, "another loopback host is another redirect URI"


@pytest.mark.parametrize(
    "uris",
    [
        ["javascript:alert(1)"],
        ["https://ok.example/cb#frag"],
        ["http://evil.example/cb"],
        ["data:text/html,hi"],
        ["weird:/cb"],
    ],
)
def test_registration_refuses_dangerous_redirect_uris(server: Server, uris: list[str]) -> None:
    response = server.http.post("/oauth/register", json={"client_name": "x", "redirect_uris": uris})
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_redirect_uri"


def test_real_clients_callback_urls_register(server: Server) -> None:
    uris = [
        "https://claude.ai/api/mcp/auth_callback",
        "https://chatgpt.com/connector_platform_oauth_redirect",
        "cursor://anysphere.cursor-retrieval/oauth/user-cardamom/callback",
        "vscode://vscode.github-authentication/did-authenticate",
        "http://127.0.0.1:33418/",
        "com.example.desktop:/oauth2redirect",
    ]
    registered = server.register(redirect_uris=uris)
    assert registered["redirect_uris"] == uris


def test_an_unknown_client_gets_a_page_not_a_redirect(server: Server) -> None:
    _, challenge = pkce()
    response = server.http.get(server.authorize_url("dcr-nobody", challenge), follow_redirects=False)
    assert response.status_code == 401 and "location" not in response.headers


# ---- code injection and replay ---------------------------------------------------------------------


def test_a_replayed_code_fails_and_revokes_what_it_issued(server: Server) -> None:
    client = server.register()
    verifier, challenge = pkce()
    params = server.code(client["client_id"], challenge)
    form = {
        "grant_type": "authorization_code",
        "code": params["code"],
        "redirect_uri": CALLBACK,
        "client_id": client["client_id"],
        "code_verifier": verifier,
    }
    first = server.token(**form)
    assert first.status_code == 200
    access = first.json()["access_token"]
    assert server.mcp(access).status_code == 200
    replay = server.token(**form)
    assert replay.status_code == 400 and replay.json()["error"] == "invalid_grant"
    assert server.mcp(access).status_code == 401, "the replay revoked the tokens the code had issued"
    refresh = server.token(
        grant_type="refresh_token", refresh_token=first.json()["refresh_token"], client_id=client["client_id"]
    )
    assert refresh.status_code == 400


def test_a_code_is_bound_to_its_client_and_redirect_uri(server: Server) -> None:
    victim, attacker = server.register(), server.register(client_name="Attacker")
    verifier, challenge = pkce()
    params = server.code(victim["client_id"], challenge)
    stolen = server.token(
        grant_type="authorization_code",
        code=params["code"],
        redirect_uri=CALLBACK,
        client_id=attacker["client_id"],
        code_verifier=verifier,
    )
    assert stolen.status_code == 400 and stolen.json()["error"] == "invalid_grant"
    verifier, challenge = pkce()
    params = server.code(victim["client_id"], challenge)
    moved = server.token(
        grant_type="authorization_code",
        code=params["code"],
        redirect_uri="http://127.0.0.1:40111/other",
        client_id=victim["client_id"],
        code_verifier=verifier,
    )
    assert moved.status_code == 400 and moved.json()["error"] == "invalid_grant"


def test_an_injected_code_fails_without_its_verifier(server: Server) -> None:
    client = server.register()
    _, challenge = pkce()
    params = server.code(client["client_id"], challenge)  # the attacker's code, injected in the victim's session
    victim_verifier, _ = pkce()
    response = server.token(
        grant_type="authorization_code",
        code=params["code"],
        redirect_uri=CALLBACK,
        client_id=client["client_id"],
        code_verifier=victim_verifier,
    )
    assert response.status_code == 400 and "PKCE" in response.json()["error_description"]


# ---- PKCE downgrade --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "overrides", [{"code_challenge_method": "plain"}, {"code_challenge_method": ""}, {"code_challenge": ""}]
)
def test_pkce_cannot_be_downgraded_or_skipped(server: Server, overrides: dict[str, str]) -> None:
    client = server.register()
    verifier, challenge = pkce()
    if overrides.get("code_challenge_method") == "plain":
        challenge = verifier
    response = server.http.get(
        server.authorize_url(client["client_id"], challenge, **overrides), follow_redirects=False
    )
    assert response.status_code == 302
    params = callback_params(response.headers["location"])
    assert params["error"] == "invalid_request" and "code" not in params
    assert params["iss"] == ISSUER


def test_the_token_endpoint_requires_the_verifier(server: Server) -> None:
    client = server.register()
    _, challenge = pkce()
    params = server.code(client["client_id"], challenge)
    response = server.token(
        grant_type="authorization_code", code=params["code"], redirect_uri=CALLBACK, client_id=client["client_id"]
    )
    assert response.status_code == 400 and response.json()["error"] == "invalid_grant"


# ---- mix-up ---------------------------------------------------------------------------------------------


def test_the_response_names_its_issuer_and_a_client_refuses_another(server: Server) -> None:
    metadata = OAuthMetadata.model_validate(server.http.get("/.well-known/oauth-authorization-server").json())
    assert metadata.authorization_response_iss_parameter_supported is True
    client = server.register()
    _, challenge = pkce()
    params = server.code(client["client_id"], challenge)
    assert params["iss"] == str(metadata.issuer) == ISSUER
    validate_authorization_response_iss(params["iss"], metadata)  # the official client accepts ours ...
    with pytest.raises(OAuthFlowError):
        validate_authorization_response_iss("https://attacker.example", metadata)  # ... and refuses another's
    denied = server.http.get(
        server.authorize_url(client["client_id"], challenge, response_type="token"), follow_redirects=False
    )
    assert callback_params(denied.headers["location"])["iss"] == ISSUER, "error responses name the issuer too"


# ---- CSRF on consent -------------------------------------------------------------------------------------


def _at_consent(server: Server) -> tuple[Browser, Any]:
    client = server.register()
    _, challenge = pkce()
    browser = server.browser()
    step = browser.go(server.authorize_url(client["client_id"], challenge))
    assert not isinstance(step, str)
    form = next(f for f in step.forms if dict(f.fields).get("member") == "alice")
    consent = browser.submit(step, form)
    assert not isinstance(consent, str) and "/oauth/consent" in consent.url
    return browser, consent


def test_consent_without_its_csrf_token_is_refused(server: Server) -> None:
    _browser, consent = _at_consent(server)
    data = [(k, v) for k, v in consent.forms[0].data("allow") if k != "csrf"] + [("csrf", "forged")]
    response = server.http.post(
        "/oauth/consent",
        content=urlencode(data),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert response.status_code == 403 and "location" not in response.headers


def test_consent_from_another_site_is_refused(server: Server) -> None:
    _browser, consent = _at_consent(server)
    data = consent.forms[0].data("allow")
    response = server.http.post(
        "/oauth/consent",
        content=urlencode(data),
        follow_redirects=False,
        headers={"Origin": "https://evil.example", "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 403 and "location" not in response.headers


def test_consent_from_another_browser_is_refused(server: Server) -> None:
    browser, consent = _at_consent(server)
    data = consent.forms[0].data("allow")
    with TestClient(server.http.app, base_url=ISSUER) as stranger:  # the form's fields, but not the cookie
        response = stranger.post(
            "/oauth/consent",
            content=urlencode(data),
            follow_redirects=False,
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
    assert response.status_code == 400 and "another browser" in response.text
    # The rightful browser still can, once.
    done = browser.submit(consent, consent.forms[0], "allow")
    assert isinstance(done, str) and "code=" in done


def test_the_pages_cannot_be_framed(server: Server) -> None:
    _, consent = _at_consent(server)
    response = server.http.get(consent.url)
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-frame-options"] == "DENY"


# ---- token passthrough ------------------------------------------------------------------------------------


def test_our_token_never_goes_upstream(server: Server) -> None:
    client = server.register()
    access = server.tokens(client["client_id"])["access_token"]
    response = server.mcp(access, "execute_tool", {"name": "notion-legal__list_all_users", "arguments": {}})
    assert response.json()["result"]["isError"] is False
    (sent,) = server.transport.sent
    assert sent.headers["Authorization"] == "Bearer notion-connection-secret"
    everything = json.dumps([sent.url, sent.headers, sent.json_body, sent.form_body])
    assert access not in everything and access.split(".")[1] not in everything


# ---- audience confusion -------------------------------------------------------------------------------------


def test_a_token_for_another_resource_is_refused(server: Server) -> None:
    key = server.container.keys.keys()[0]
    now = server.container.signer.issue(org="acme", member="alice", scopes=["mcp:read"]).issued_at
    claims = {"iss": ISSUER, "sub": "alice", "org": "acme", "scope": "mcp:read mcp:tools", "iat": now, "exp": now + 600}
    for audience in ("https://other.example/mcp", f"{ISSUER}/other", "cardamom"):
        token = jwt.encode({"alg": "ES256", "kid": key.kid}, {**claims, "aud": audience}, key)
        response = server.mcp(token)
        assert response.status_code == 401, audience
        assert "aud" in response.headers["www-authenticate"]
    good = jwt.encode({"alg": "ES256", "kid": key.kid}, {**claims, "aud": RESOURCE}, key)
    assert server.mcp(good).status_code == 200


def test_authorize_and_token_refuse_another_resource(server: Server) -> None:
    client = server.register()
    verifier, challenge = pkce()
    response = server.http.get(
        server.authorize_url(client["client_id"], challenge, resource="https://other.example/mcp"),
        follow_redirects=False,
    )
    assert callback_params(response.headers["location"])["error"] == "invalid_target"
    params = server.code(client["client_id"], challenge)
    response = server.token(
        grant_type="authorization_code",
        code=params["code"],
        redirect_uri=CALLBACK,
        client_id=client["client_id"],
        code_verifier=verifier,
        resource="https://other.example/mcp",
    )
    assert response.status_code == 400 and response.json()["error"] == "invalid_target"


# ---- refresh-token reuse ---------------------------------------------------------------------------------------


def test_refresh_rotates_and_reuse_revokes_the_family(server: Server) -> None:
    client = server.register()
    first = server.tokens(client["client_id"])
    rotated = server.token(
        grant_type="refresh_token", refresh_token=first["refresh_token"], client_id=client["client_id"]
    )
    assert rotated.status_code == 200
    second = rotated.json()
    assert second["refresh_token"] != first["refresh_token"]
    assert server.mcp(second["access_token"]).status_code == 200
    reused = server.token(
        grant_type="refresh_token", refresh_token=first["refresh_token"], client_id=client["client_id"]
    )
    assert reused.status_code == 400 and "revoked" in reused.json()["error_description"]
    after = server.token(
        grant_type="refresh_token", refresh_token=second["refresh_token"], client_id=client["client_id"]
    )
    assert after.status_code == 400, "the whole family is dead"
    assert server.mcp(second["access_token"]).status_code == 401, "and so are its access tokens"
    assert server.mcp(first["access_token"]).status_code == 401


def test_a_refresh_cannot_widen_the_grant(server: Server) -> None:
    client = server.register()
    first = server.tokens(client["client_id"])
    wider = server.token(
        grant_type="refresh_token",
        refresh_token=first["refresh_token"],
        client_id=client["client_id"],
        scope="mcp:read mcp:destructive",
    )
    assert wider.status_code == 400 and wider.json()["error"] == "invalid_scope"


# ---- the grant's life: recorded, listed, revoked ------------------------------------------------------------------


def test_grants_are_listed_and_revocable_by_the_control_plane(server: Server) -> None:
    client = server.register()
    tokens = server.tokens(client["client_id"])
    owner = server.tokens(client["client_id"], member="olga")["access_token"]
    listed = server.mcp(owner, "cardamom__members__get", {"id": "alice"}).json()["result"]["structuredContent"]
    (grant,) = listed["grants"]
    assert grant["client_id"] == client["client_id"] and grant["revoked_at"] is None
    assert set(grant["scopes"]) == {"mcp:read", "mcp:write", "mcp:tools"}
    revoked = server.mcp(owner, "cardamom__grants__revoke", {"member": "alice", "grant": grant["id"]}).json()
    assert revoked["result"]["isError"] is False
    assert server.mcp(tokens["access_token"]).status_code == 401
    assert (
        server.token(
            grant_type="refresh_token", refresh_token=tokens["refresh_token"], client_id=client["client_id"]
        ).status_code
        == 400
    )
    assert server.mcp(owner).status_code == 200, "other grants live on"


def test_rfc7009_revocation_by_refresh_or_access_token(server: Server) -> None:
    client = server.register()
    for hint in ("refresh_token", "access_token"):
        tokens = server.tokens(client["client_id"])
        response = server.http.post("/oauth/revoke", data={"token": tokens[hint], "client_id": client["client_id"]})
        assert response.status_code == 200
        assert server.mcp(tokens["access_token"]).status_code == 401, hint
    garbage = server.http.post("/oauth/revoke", data={"token": "garbage", "client_id": client["client_id"]})
    assert garbage.status_code == 200


def test_suspension_revokes_on_the_next_call_and_refresh(server: Server) -> None:
    client = server.register()
    tokens = server.tokens(client["client_id"])
    owner = server.tokens(client["client_id"], member="olga")["access_token"]
    assert server.mcp(owner, "cardamom__members__suspend", {"id": "alice"}).json()["result"]["isError"] is False
    assert server.mcp(tokens["access_token"]).status_code == 401
    refresh = server.token(
        grant_type="refresh_token", refresh_token=tokens["refresh_token"], client_id=client["client_id"]
    )
    assert refresh.status_code == 400


def test_consent_is_remembered_per_member_and_client_and_can_grant_fewer(server: Server) -> None:
    client = server.register()
    _, challenge = pkce()
    landed = server.browser().sign_in(
        server.authorize_url(client["client_id"], challenge), "alice", unticked=("mcp:write",)
    )
    code = callback_params(landed)["code"]
    assert code
    # Asking again for what was granted: no consent page this time.
    browser = server.browser()
    step = browser.go(server.authorize_url(client["client_id"], challenge, scope="mcp:read mcp:tools"))
    assert not isinstance(step, str)
    form = next(f for f in step.forms if dict(f.fields).get("member") == "alice")
    direct = browser.submit(step, form)
    assert isinstance(direct, str) and "code=" in direct
    # Asking for more than was granted shows the page again.
    step = browser.go(server.authorize_url(client["client_id"], challenge))
    assert not isinstance(step, str)
    form = next(f for f in step.forms if dict(f.fields).get("member") == "alice")
    again = browser.submit(step, form)
    assert not isinstance(again, str) and "/oauth/consent" in again.url


def test_deny_returns_access_denied_with_state_and_iss(server: Server) -> None:
    _, consent = _at_consent(server)
    browser = server.browser()
    browser.client = server.http
    landed = browser.submit(consent, consent.forms[0], "deny")
    assert isinstance(landed, str)
    params = callback_params(landed)
    assert params["error"] == "access_denied" and params["iss"] == ISSUER and params["state"].startswith("st-")
    assert urlsplit(landed).netloc == "127.0.0.1:40111"


# ---- pre-registered clients (the org file's clients:) ----------------------------------------------------

PREREGISTERED = """
clients:
  - id: acme-chatgpt
    name: ChatGPT (acme)
    redirect_uris: ["https://chatgpt.com/connector_platform_oauth_redirect", "http://127.0.0.1:40111/callback"]
    secret: chatgpt-client
  - {id: acme-cursor, name: Cursor (acme), redirect_uris: ["http://127.0.0.1:40111/callback"]}
"""


def test_preregistered_clients_from_the_org_file(server: Server) -> None:
    stored = server.container.admin.stored("acme").definition
    text = notion_only_org_text(members={"alice": "member", "olga": "owner"})
    server.container.apply_org(parse_org_definition(text + PREREGISTERED, "org.yaml"))
    server.container.secrets.put("acme", "chatgpt-client", {"client_secret": "s3cret-from-the-store"})
    assert stored.clients == []
    verifier, challenge = pkce()
    params = server.code("acme-chatgpt", challenge)
    form = {
        "grant_type": "authorization_code",
        "code": params["code"],
        "redirect_uri": CALLBACK,
        "client_id": "acme-chatgpt",
        "code_verifier": verifier,
    }
    wrong = server.token(**{**form, "client_secret": "guess"})
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"
    verifier, challenge = pkce()
    params = server.code("acme-chatgpt", challenge)
    right = server.token(
        **{**form, "code": params["code"], "code_verifier": verifier, "client_secret": "s3cret-from-the-store"}
    )
    assert right.status_code == 200, right.text
    assert server.mcp(right.json()["access_token"]).status_code == 200
    public = server.tokens("acme-cursor")  # no secret: a public client, PKCE binds it
    assert server.mcp(public["access_token"]).status_code == 200
    with pytest.raises(OrgDefinitionError, match=r"clients\[0\]\.redirect_uris"):
        parse_org_definition(text + PREREGISTERED.replace("https://chatgpt.com", "http://chatgpt.com"), "org.yaml")


def test_a_failing_sign_in_store_is_a_503_to_retry_never_a_500(tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "home", CARDAMOM_PUBLIC_URL=ISSUER)
    oauth_db = SqliteDatabase(tmp_path / "oauth.db")
    stores = replace(build_stores(settings), oauth=sqlite_oauth_stores(oauth_db, MemoryKeyStore()))
    container = build_container(
        settings, stores=stores, transport=RecordingTransport(), credentials=StaticCredentials()
    )
    container.apply_org(parse_org_definition(notion_only_org_text(), "org.yaml"))
    with TestClient(create_app(container), base_url=ISSUER, raise_server_exceptions=False) as http:
        server = Server(container, http, RecordingTransport())
        client_id = server.register()["client_id"]
        oauth_db.close()  # the store goes away under a running server

        registered = http.post("/oauth/register", json={"client_name": "x", "redirect_uris": [CALLBACK]})
        assert registered.status_code == 503 and registered.headers["retry-after"]
        assert registered.json()["error"] == "temporarily_unavailable"
        assert "unavailable" in registered.json()["error_description"]
        page = http.get(server.authorize_url(client_id, pkce()[1]))
        assert page.status_code == 503 and "unavailable" in page.text
