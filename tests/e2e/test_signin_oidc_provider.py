"""Sign-in delegated to a real OpenID provider started on loopback: ``oidc-provider`` (a
certified implementation, ``signin_node/idp.mjs``). The official Python MCP client starts
with no token; Cardamom sends the browser to the provider (code + PKCE + nonce), the
provider's own login and consent pages are walked, Cardamom exchanges the code, verifies the
ID token against the provider's JWKS, maps the ``email`` claim to a member present in two
orgs (so the org is chosen on the page), asks consent, and the client searches and runs a tool.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientMetadata
from starlette.routing import Mount

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.bootstrap import build_container
from cardamom.core.audit import AuditQuery
from cardamom.core.orgfile import parse_org_definition
from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas
from cardamom.entrypoints.asgi import create_app
from tests.e2e.signin_node import NODE_DIR, installed
from tests.e2e.signin_servers import CALLBACK
from tests.e2e.test_signin_python_client import MemoryStorage
from tests.orgs import notion_only_org_text
from tests.signin_support import Browser, callback_params
from tests.support import free_socket, serve, settings_for

pytestmark = pytest.mark.e2e
MEMBER = "ada@acme.example"


@pytest.fixture
def identity_provider_and_gateway(tmp_path: Path) -> Iterator[tuple[str, str, Any]]:
    node = installed()
    gateway_sock, idp_sock = free_socket(), free_socket()
    base = f"http://127.0.0.1:{gateway_sock.getsockname()[1]}"
    idp_port = idp_sock.getsockname()[1]
    idp_sock.close()
    with subprocess.Popen(
        [node, str(NODE_DIR / "idp.mjs"), str(idp_port), "cardamom", "idp-secret", f"{base}/oauth/callback"],
        cwd=NODE_DIR,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        try:
            assert proc.stdout is not None
            issuer = json.loads(proc.stdout.readline())["issuer"]
            container = build_container(
                settings_for(
                    tmp_path / "home",
                    CARDAMOM_PUBLIC_URL=base,
                    CARDAMOM_OIDC_ISSUER=issuer,
                    CARDAMOM_OIDC_CLIENT_ID="cardamom",
                    CARDAMOM_OIDC_CLIENT_SECRET="idp-secret",
                    CARDAMOM_OIDC_MEMBER_CLAIM="email",
                ),
                credentials=EnvCredentialResolver({"NOTION_LEGAL_TOKEN": DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]}),
            )
            assert container.settings.dev_signin is False, "a provider is configured: no development page"
            acme = notion_only_org_text(f"{base}/demo/notion", members={"alice": "member", MEMBER: "admin"})
            container.apply_org(parse_org_definition(acme, "acme.yaml"))
            globex = f"org: globex\nmembers:\n  - {{id: {MEMBER}, role: member}}\n"
            container.apply_org(parse_org_definition(globex, "globex.yaml"))
            app = create_app(container, extra_routes=[Mount("/demo", app=create_demo_saas())])
            with serve(app, gateway_sock) as url:
                yield url, issuer, container
        finally:
            proc.kill()
            proc.wait(timeout=10)


async def _session(url: str, issuer: str) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    storage = MemoryStorage()

    async def redirect_handler(authorize: str) -> None:
        seen["authorize"] = authorize

    async def callback_handler() -> AuthorizationCodeResult:
        def walk() -> str:
            with httpx.Client(timeout=20) as http:
                browser = Browser(http, url, also=(issuer,))
                landed = browser.sign_in(seen["authorize"], MEMBER, org="acme")
                seen["pages"] = [p.url for p in browser.pages]
                return landed

        params = callback_params(await anyio.to_thread.run_sync(walk))
        return AuthorizationCodeResult(code=params["code"], state=params["state"], iss=params["iss"])

    provider = OAuthClientProvider(
        server_url=f"{url}/mcp",
        client_metadata=OAuthClientMetadata(
            client_name="Cardamom e2e (OIDC)",
            redirect_uris=[CALLBACK],  # type: ignore[list-item]
            grant_types=["authorization_code", "refresh_token"],
            token_endpoint_auth_method="none",
        ),
        storage=storage,
        redirect_handler=redirect_handler,
        callback_handler=callback_handler,
    )
    async with (
        httpx2.AsyncClient(auth=provider, timeout=30) as http,
        streamable_http_client(f"{url}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        seen["execute"] = await session.call_tool(
            "execute_tool", {"name": "notion-legal__list_all_users", "arguments": {}}
        )
    return seen


def test_sign_in_through_a_real_openid_provider(identity_provider_and_gateway: tuple[str, str, Any]) -> None:
    url, issuer, container = identity_provider_and_gateway
    seen = anyio.run(_session, url, issuer)
    pages = seen["pages"]
    assert any(p.startswith(issuer) for p in pages), "the provider's own pages were walked"
    assert any("/oauth/signin/org" in p for p in pages), "a member of two orgs chooses one"
    assert any("/oauth/consent" in p for p in pages)
    assert not any("/oauth/signin?" in p for p in pages), "no development page with a provider configured"
    assert seen["execute"].is_error is False
    (row,) = container.audit.query("acme", AuditQuery())
    assert row.member == MEMBER, "the email claim named the member"


def test_the_development_page_is_off_when_a_provider_is_configured(
    identity_provider_and_gateway: tuple[str, str, Any],
) -> None:
    url, _, _ = identity_provider_and_gateway
    response = httpx.get(f"{url}/oauth/signin?request=x")
    assert response.status_code in (400, 404)
    assert "Development sign-in" not in response.text
