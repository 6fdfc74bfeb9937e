"""The authorization server over HTTP: discovery, registration, the browser flow, tokens.

JSON endpoints answer OAuth errors as ``{"error", "error_description"}`` with the error's
status; browser pages answer them as an HTML page, or (once the client and its redirect
URI are verified) as a redirect to the client carrying ``error``, ``state`` and ``iss``.
Form posts must come from this origin (the ``Origin`` header), from the browser that
started the flow (its cookie) and carry the flow's CSRF token. Bodies are capped.
"""

from __future__ import annotations

import base64
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from cardamom.core.oauth_metadata import (
    AS_METADATA_PATH,
    AUTHORIZE_PATH,
    CALLBACK_PATH,
    CHOOSE_ORG_PATH,
    CONSENT_PATH,
    JWKS_PATH,
    MCP_PATH,
    OIDC_METADATA_PATH,
    REGISTER_PATH,
    RESOURCE_METADATA_PATH,
    REVOKE_PATH,
    SIGNIN_PATH,
    TOKEN_PATH,
    authorization_server_metadata,
    protected_resource_metadata,
)
from cardamom.entrypoints import signin_pages as pages
from cardamom.errors import OAuthError, StoreError
from cardamom.mcp.errors import RETRY_AFTER_SECONDS
from cardamom.mcp.versions import SUPPORTED_VERSIONS
from cardamom.service.oauth_server import AuthorizationServer, Redirect

log = logging.getLogger(__name__)

MAX_FORM_BYTES = 64 * 1024
FLOW_COOKIE = "cardamom_flow"
FLOW_COOKIE_SECONDS = 15 * 60
CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, MCP-Protocol-Version",
    "Access-Control-Max-Age": "600",
}
NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}

Endpoint = Callable[[Request], Awaitable[Response]]


class _TooLarge(Exception):
    pass


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_FORM_BYTES:
        raise _TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_FORM_BYTES:
            raise _TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


async def _form(request: Request) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The urlencoded form: last value per name, and every pair (repeated names)."""
    try:
        pairs = parse_qsl((await _body(request)).decode("utf-8"), keep_blank_values=True, max_num_fields=200)
    except (UnicodeDecodeError, ValueError):
        raise OAuthError("invalid_request", "the form is not valid application/x-www-form-urlencoded") from None
    return dict(pairs), pairs


def _basic(request: Request) -> tuple[str, str] | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "basic" or not value:
        return None
    try:
        client_id, _, secret = base64.b64decode(value, validate=True).decode("utf-8").partition(":")
    except (ValueError, UnicodeDecodeError):
        raise OAuthError("invalid_client", "the Basic authorization header is malformed", status=401) from None
    return unquote(client_id.replace("+", " ")), unquote(secret.replace("+", " "))


def _store_unavailable() -> OAuthError:
    """A store failed under a sign-in step: a 503 the client may retry, never a 500."""
    log.exception("a store failed while serving a sign-in request")
    return OAuthError(
        "temporarily_unavailable", "a store Cardamom depends on is unavailable; retry shortly", status=503
    )


def _json_error(exc: OAuthError, headers: dict[str, str] | None = None) -> JSONResponse:
    extra = dict(headers or {})
    if exc.status == 401:
        extra["WWW-Authenticate"] = 'Basic realm="cardamom"'
    return JSONResponse(
        {"error": exc.error, "error_description": str(exc)}, status_code=exc.status, headers={**NO_STORE, **extra}
    )


def _page(html: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(html, status_code=status, headers=pages.SECURITY_HEADERS)


def _error_page(exc: OAuthError) -> HTMLResponse:
    titles = {403: "Not allowed", 404: "Not available", 429: "Too many requests", 500: "Sign-in is not set up"}
    title = titles.get(exc.status, "Sign-in could not continue")
    return _page(pages.error_page(title, str(exc)), exc.status if exc.status >= 400 else 400)


def _redirect(target: Redirect) -> RedirectResponse:
    # 303: the browser follows with a GET whatever the method of the form that led here.
    return RedirectResponse(target.url, status_code=303, headers={"Cache-Control": "no-store"})


def oauth_routes(server: AuthorizationServer) -> list[BaseRoute]:
    settings = server.settings
    secure_cookie = settings.issuer.startswith("https://")
    issuer_path = urlsplit(settings.issuer).path.rstrip("/")

    def browser_of(request: Request) -> str | None:
        value = request.cookies.get(FLOW_COOKIE)
        return value if value and len(value) <= 128 else None

    def same_origin(request: Request) -> bool:
        """A form post must come from a page of this server (CSRF defence with the token)."""
        origin = request.headers.get("origin")
        if origin is None:
            return True  # no Origin: not a browser's cross-site post; the cookie and token still apply
        host = request.headers.get("host", "")
        return origin != "null" and urlsplit(origin).netloc == host

    def page_handler(handler: Callable[[Request], Awaitable[Response]]) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            try:
                if request.method == "POST" and not same_origin(request):
                    raise OAuthError("access_denied", "this form was posted from another site", status=403)
                return await handler(request)
            except _TooLarge:
                return _error_page(OAuthError("invalid_request", "the form is too large", status=413))
            except OAuthError as exc:
                return _error_page(exc)
            except StoreError:
                return _error_page(_store_unavailable())

        return endpoint

    def json_handler(handler: Callable[[Request], Awaitable[Response]]) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            if request.method == "OPTIONS":
                return Response(status_code=204, headers=CORS)
            try:
                return await handler(request)
            except _TooLarge:
                return _json_error(OAuthError("invalid_request", "the request body is too large", status=413), CORS)
            except OAuthError as exc:
                return _json_error(exc, CORS)
            except StoreError:
                return _json_error(_store_unavailable(), {**CORS, "Retry-After": str(RETRY_AFTER_SECONDS)})

        return endpoint

    # ---- discovery --------------------------------------------------------------------------------

    async def resource_metadata(request: Request) -> Response:
        body = protected_resource_metadata(settings.issuer, list(SUPPORTED_VERSIONS))
        return JSONResponse(body, headers=CORS)

    async def server_metadata(request: Request) -> Response:
        suffix = request.path_params.get("rest", "").rstrip("/")
        if suffix and "/" + suffix.lstrip("/") != issuer_path:
            return JSONResponse({"error": "not_found"}, status_code=404, headers=CORS)
        return JSONResponse(authorization_server_metadata(settings.issuer), headers=CORS)

    async def jwks(request: Request) -> Response:
        return JSONResponse(server.clients_jwks(), headers={**CORS, "Cache-Control": "max-age=300"})

    # ---- registration ---------------------------------------------------------------------------------

    async def register(request: Request) -> Response:
        try:
            body: Any = json.loads(await _body(request) or b"null")
        except ValueError:
            raise OAuthError("invalid_client_metadata", "the registration request is not JSON") from None
        source = request.client.host if request.client else "unknown"
        answer = server.clients.register(body, source)
        return JSONResponse(answer, status_code=201, headers={**NO_STORE, **CORS})

    # ---- the browser flow ----------------------------------------------------------------------------

    async def authorize(request: Request) -> Response:
        browser = browser_of(request) or secrets.token_urlsafe(32)
        target = await server.authorize(dict(request.query_params), browser)
        response = _redirect(target)
        response.status_code = 302
        response.set_cookie(
            FLOW_COOKIE,
            browser,
            max_age=FLOW_COOKIE_SECONDS,
            path="/oauth",
            secure=secure_cookie,
            httponly=True,
            samesite="lax",
        )
        return response

    async def signin_page(request: Request) -> Response:
        pending = server.pending(request.query_params.get("request"), browser_of(request), stage="signin")
        return _page(pages.dev_signin_page(pending, server.dev_choices()))

    async def signin_post(request: Request) -> Response:
        form, _ = await _form(request)
        target = server.dev_signin(
            form.get("request", ""),
            browser_of(request) or "",
            form.get("csrf", ""),
            form.get("org", ""),
            form.get("member", ""),
        )
        return _redirect(target)

    async def callback(request: Request) -> Response:
        return _redirect(await server.idp_callback(dict(request.query_params), browser_of(request) or ""))

    async def org_page(request: Request) -> Response:
        pending = server.pending(request.query_params.get("request"), browser_of(request), stage="choose_org")
        return _page(pages.choose_org_page(pending))

    async def org_post(request: Request) -> Response:
        form, _ = await _form(request)
        target = server.choose_org(
            form.get("request", ""), browser_of(request) or "", form.get("csrf", ""), form.get("org", "")
        )
        return _redirect(target)

    async def consent_page(request: Request) -> Response:
        view = await server.consent_view(request.query_params.get("request", ""), browser_of(request) or "")
        return _page(pages.consent_page(view))

    async def consent_post(request: Request) -> Response:
        form, pairs = await _form(request)
        scopes = [value for name, value in pairs if name == "scope"]
        target = await server.decide(
            form.get("request", ""),
            browser_of(request) or "",
            form.get("csrf", ""),
            form.get("decision") == "allow",
            scopes,
        )
        return _redirect(target)

    # ---- tokens --------------------------------------------------------------------------------------

    async def token(request: Request) -> Response:
        form, _ = await _form(request)
        answer = await server.token(form, _basic(request))
        return JSONResponse(answer, headers={**NO_STORE, **CORS})

    async def revoke(request: Request) -> Response:
        form, _ = await _form(request)
        await server.revoke(form, _basic(request))
        return Response(status_code=200, headers={**NO_STORE, **CORS})

    json_methods = ["GET", "OPTIONS"]
    routes: Sequence[BaseRoute] = [
        Route(RESOURCE_METADATA_PATH, json_handler(resource_metadata), methods=json_methods),
        Route(RESOURCE_METADATA_PATH + MCP_PATH, json_handler(resource_metadata), methods=json_methods),
        Route(AS_METADATA_PATH, json_handler(server_metadata), methods=json_methods),
        Route(AS_METADATA_PATH + "/{rest:path}", json_handler(server_metadata), methods=json_methods),
        Route(OIDC_METADATA_PATH, json_handler(server_metadata), methods=json_methods),
        Route(OIDC_METADATA_PATH + "/{rest:path}", json_handler(server_metadata), methods=json_methods),
        Route(JWKS_PATH, json_handler(jwks), methods=json_methods),
        Route(REGISTER_PATH, json_handler(register), methods=["POST", "OPTIONS"]),
        Route(TOKEN_PATH, json_handler(token), methods=["POST", "OPTIONS"]),
        Route(REVOKE_PATH, json_handler(revoke), methods=["POST", "OPTIONS"]),
        Route(AUTHORIZE_PATH, page_handler(authorize), methods=["GET"]),
        Route(SIGNIN_PATH, page_handler(signin_page), methods=["GET"]),
        Route(SIGNIN_PATH, page_handler(signin_post), methods=["POST"]),
        Route(CHOOSE_ORG_PATH, page_handler(org_page), methods=["GET"]),
        Route(CHOOSE_ORG_PATH, page_handler(org_post), methods=["POST"]),
        Route(CALLBACK_PATH, page_handler(callback), methods=["GET"]),
        Route(CONSENT_PATH, page_handler(consent_page), methods=["GET"]),
        Route(CONSENT_PATH, page_handler(consent_post), methods=["POST"]),
    ]
    return list(routes)
