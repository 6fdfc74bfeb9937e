"""The ASGI app: ``POST /mcp`` and its HTTP-level checks, the same under uvicorn and Mangum.

HTTP concerns stop here: host (``entrypoints.hosts``) and origin, authentication (401 with
``WWW-Authenticate``), content type, body size. The MCP request headers are read here, before
the body (``mcp.request_headers``); checking them against the body, and everything else
inside the JSON-RPC message, is ``McpEndpoint``'s job.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardamom.adapters.powertools import set_correlation_id
from cardamom.bootstrap import Container
from cardamom.core.json_text import fit_for_wire
from cardamom.core.oauth_metadata import challenge_scope, resource_metadata_url
from cardamom.entrypoints.hosts import HostGuard
from cardamom.entrypoints.oauth_routes import oauth_routes
from cardamom.errors import AuthenticationError, StoreError
from cardamom.mcp.errors import RETRY_AFTER_SECONDS, STORE_UNAVAILABLE, jsonrpc_error
from cardamom.mcp.request_headers import McpHeaders
from cardamom.service.authorization import Caller

MAX_BODY_BYTES = 1024 * 1024

log = logging.getLogger(__name__)


class WireJSONResponse(JSONResponse):
    """A reply that can always be sent: should a value slip through that JSON or UTF-8 cannot
    carry (a lone surrogate, NaN), it is made valid (``fit_for_wire``) instead of failing as a 500."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except (UnicodeEncodeError, ValueError, RecursionError):
            log.warning("a reply held values JSON cannot carry; sent with them replaced")
            return super().render(fit_for_wire(content))


def _correlation_id(request: Request) -> str:
    event = request.scope.get("aws.event")
    if isinstance(event, dict):
        request_id = event.get("requestContext", {}).get("requestId")
        if isinstance(request_id, str) and request_id:
            return request_id
    header = request.headers.get("x-request-id", "")
    return header[:128] if header else uuid.uuid4().hex


def _origin_allowed(origin: str, allowed: Sequence[str]) -> bool:
    """Browser origins must be listed (DNS-rebinding defence); an entry without a port allows any port."""
    try:
        parts = urlsplit(origin)
        hostname = parts.hostname
    except ValueError:  # e.g. "https://[": no origin that parses is listed, so this one is not
        return False
    bare = f"{parts.scheme}://{hostname}" if hostname else origin
    return origin.rstrip("/") in allowed or bare in allowed


def create_app(container: Container, *, extra_routes: Sequence[BaseRoute] = ()) -> Starlette:
    settings = container.settings
    endpoint = container.endpoint

    def unauthorized(request: Request, exc: AuthenticationError, *, token_given: bool) -> Response:
        # scope=: what a typical client should ask for (clients otherwise ask for every scope).
        challenge = (
            f'Bearer realm="cardamom", resource_metadata="{resource_metadata_url(settings.issuer)}", '
            f'scope="{challenge_scope()}"'
        )
        body: dict[str, Any] = {
            "error": "invalid_request" if not token_given else exc.error,
            "error_description": str(exc),
        }
        if token_given:
            # A header carries visible ASCII only; the body keeps the full text.
            safe = "".join(c if " " <= c <= "~" and c != '"' else "'" if c == '"' else "?" for c in str(exc))
            challenge += f', error="{exc.error}", error_description="{safe}"'
        return WireJSONResponse(body, status_code=401, headers={"WWW-Authenticate": challenge})

    def store_unavailable() -> Response:
        log.exception("a store failed while serving an MCP request")
        body = jsonrpc_error(None, STORE_UNAVAILABLE, "a store Cardamom depends on is unavailable; retry shortly")
        return WireJSONResponse(body, status_code=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    def authenticate(request: Request) -> Caller:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise AuthenticationError("a bearer token is required", error="invalid_request")
        claims = container.verifier.verify(token.strip())
        return container.identity.caller(claims)

    async def mcp_post(request: Request) -> Response:
        set_correlation_id(_correlation_id(request))
        # Read before the body: whatever acts on them is safe, the endpoint rejects a body that disagrees.
        mcp_headers = McpHeaders.read(request.headers)
        origin = request.headers.get("origin")
        if origin is not None and not _origin_allowed(origin, settings.allowed_origins):
            return WireJSONResponse(jsonrpc_error(None, -32600, f"origin {origin} is not allowed"), status_code=403)
        try:
            caller = authenticate(request)
        except AuthenticationError as exc:
            given = bool(request.headers.get("authorization", "").partition(" ")[2].strip())
            return unauthorized(request, exc, token_given=given)
        except StoreError:
            return store_unavailable()
        content_type = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
        if content_type != "application/json":
            return WireJSONResponse(
                jsonrpc_error(None, -32600, "Content-Type must be application/json"), status_code=415
            )
        accept = request.headers.get("accept", "*/*").lower()
        if not any(kind in accept for kind in ("application/json", "*/*", "application/*")):
            return WireJSONResponse(
                jsonrpc_error(None, -32600, "this endpoint answers with application/json; accept it"),
                status_code=406,
            )
        too_large = WireJSONResponse(
            jsonrpc_error(None, -32600, f"request body exceeds {MAX_BODY_BYTES} bytes (1 MiB)"), status_code=413
        )
        declared = request.headers.get("content-length")
        if declared is not None and declared.isascii() and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            return too_large
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                return too_large
            chunks.append(chunk)
        try:
            reply = await endpoint.handle(b"".join(chunks), caller, headers=mcp_headers)
        except AuthenticationError as exc:  # e.g. the org went away between the token check and the call
            return unauthorized(request, exc, token_given=True)
        except StoreError:
            return store_unavailable()
        if reply.body is None:
            return Response(status_code=reply.status)
        return WireJSONResponse(reply.body, status_code=reply.status, headers=dict(reply.headers))

    async def mcp_not_allowed(request: Request) -> Response:
        return WireJSONResponse(
            jsonrpc_error(
                None, -32600, f"{request.method} is not supported: this server is stateless; POST each JSON-RPC message"
            ),
            status_code=405,
            headers={"Allow": "POST"},
        )

    async def health(request: Request) -> Response:
        return WireJSONResponse({"status": "ok"})

    routes: list[BaseRoute] = [
        Route("/mcp", mcp_post, methods=["POST"]),
        Route("/mcp", mcp_not_allowed, methods=["GET", "DELETE", "PUT", "PATCH"]),
        Route("/healthz", health, methods=["GET"]),
        *oauth_routes(container.oauth),  # the authorization server (entrypoints/oauth_routes.py)
        *extra_routes,
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # At shutdown (uvicorn; Lambda runs no lifespan), close the connector and token clients
        # on the loop whose connections they pool.
        yield
        await container.aclose()

    return Starlette(
        routes=routes, middleware=[Middleware(HostGuard, allowed=settings.allowed_hosts)], lifespan=lifespan
    )
