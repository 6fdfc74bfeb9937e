"""Sign-in end to end with the official Python MCP client (``OAuthClientProvider``), starting
with no token: 401 -> discovery (RFC 9728, RFC 8414) -> registration (Client ID Metadata
Document, or Dynamic Client Registration) -> authorize -> sign-in -> consent -> token ->
``search_tools`` and ``execute_tool``, against the local server and the Lambda handler.

The sign-in and consent pages are walked as a browser walks them (``tests/signin_support.py``):
cookies kept, redirects followed, the pages' own forms submitted.
"""

from __future__ import annotations

from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken

from cardamom.core.audit import AuditQuery
from tests.e2e.signin_servers import CALLBACK, Gateway, metadata_host
from tests.signin_support import Browser, TlsCertificate, callback_params

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.filterwarnings("ignore:No application metrics to publish:UserWarning"),
]


class MemoryStorage:
    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


async def signed_in_session(gateway: Gateway, *, client_metadata_url: str | None = None) -> dict[str, Any]:
    """Connect with no token; the provider signs in through the pages; then search and execute."""
    storage = MemoryStorage()
    seen: dict[str, Any] = {}

    async def redirect_handler(url: str) -> None:
        seen["authorize"] = url

    async def callback_handler() -> AuthorizationCodeResult:
        def walk() -> str:
            with httpx.Client(timeout=20) as http:
                return Browser(http, gateway.url).sign_in(seen["authorize"], "alice")

        landed = await anyio.to_thread.run_sync(walk)
        seen["callback"] = landed
        params = callback_params(landed)
        return AuthorizationCodeResult(code=params["code"], state=params.get("state"), iss=params.get("iss"))

    provider = OAuthClientProvider(
        server_url=gateway.mcp_url,
        client_metadata=OAuthClientMetadata(
            client_name="Cardamom e2e (Python SDK)",
            redirect_uris=[CALLBACK],  # type: ignore[list-item]
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
        ),
        storage=storage,
        redirect_handler=redirect_handler,
        callback_handler=callback_handler,
        client_metadata_url=client_metadata_url,
    )
    async with (
        httpx2.AsyncClient(auth=provider, timeout=30) as http,
        streamable_http_client(gateway.mcp_url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        seen["tools"] = [t.name for t in (await session.list_tools()).tools]
        seen["search"] = await session.call_tool("search_tools", {"query": "list notion users"})
        seen["execute"] = await session.call_tool(
            "execute_tool", {"name": "notion-legal__list_all_users", "arguments": {}}
        )
    seen["storage"] = storage
    return seen


def _assert_worked(gateway: Gateway, seen: dict[str, Any], client_id: str) -> None:
    assert seen["tools"][:2] == ["search_tools", "execute_tool"]
    assert seen["search"].structured_content["results"][0]["name"] == "notion-legal__list_all_users"
    executed = seen["execute"]
    assert executed.is_error is False, executed
    assert [u["name"] for u in executed.structured_content["data"]["results"]] == ["Ada Lovelace", "Ben Okri"]
    # The consent granted what the 401 named, never mcp:destructive.
    assert set(seen["storage"].tokens.scope.split()) == {"mcp:read", "mcp:write", "mcp:tools"}
    (row,) = gateway.container.audit.query("acme", AuditQuery())
    assert (row.member, row.client, row.status) == ("alice", client_id, "succeeded")
    (grant,) = [g for g in gateway.container.directory.grants("acme", "alice") if g.client_id == client_id]
    assert grant.revoked_at is None


def test_dynamic_client_registration_then_sign_in(signin_gateway: Gateway) -> None:
    seen = anyio.run(signed_in_session, signin_gateway)
    client = seen["storage"].client
    assert client.client_id.startswith("dcr-")
    assert client.client_secret  # the SDK registers with the default, client_secret_basic
    params = callback_params(seen["callback"])
    assert params["iss"] == signin_gateway.url
    assert "resource=" in seen["authorize"] and "code_challenge_method=S256" in seen["authorize"]
    _assert_worked(signin_gateway, seen, client.client_id)


def test_client_id_metadata_document_then_sign_in(signin_gateway: Gateway, certificate: TlsCertificate) -> None:
    with metadata_host(certificate, "Cardamom e2e (Python SDK, CIMD)", [CALLBACK]) as client_id:
        seen = anyio.run(lambda: signed_in_session(signin_gateway, client_metadata_url=client_id))
    assert seen["storage"].client.client_id == client_id
    _assert_worked(signin_gateway, seen, client_id)
