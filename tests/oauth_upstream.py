"""An OAuth 2.0 provider for the tests, served for real on 127.0.0.1: a token endpoint and an API.

The token endpoint issues client-credentials tokens and exchanges refresh tokens, rotating
them on every use the way strict providers do: a refresh token works once, and a second use
is ``invalid_grant``. It can answer slowly (``delay``), which is what makes concurrent
refreshes overlap. The API (``GET /api/me``, ``POST /api/notes``) accepts only access tokens
the provider issued and has not forgotten; ``restart()`` forgets them all, as a provider
that restarted (or revoked its tokens) would.
"""

from __future__ import annotations

import asyncio
import base64
import threading
from collections import Counter
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

CLIENT = ("cid", "csecret")


class OAuthProvider:
    def __init__(self, *, delay: float = 0.0, expires_in: int = 3600) -> None:
        self.delay = delay
        self.expires_in = expires_in
        self.hits: Counter[str] = Counter()  # token requests by grant type
        self.refused: Counter[str] = Counter()  # token requests refused, by error
        self.refresh_tokens = {"rt-1"}
        self.access_tokens: set[str] = set()
        self.seen: list[tuple[str, str]] = []  # (method, bearer) of every API request
        self._issued = 0
        self._lock = threading.Lock()

    def restart(self) -> None:
        """Forget every access token issued so far (refresh tokens survive)."""
        self.access_tokens.clear()

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/token", self.token, methods=["POST"]),
                Route("/api/me", self.api, methods=["GET"]),
                Route("/api/notes", self.api, methods=["POST"]),
            ]
        )

    async def token(self, request: Request) -> Response:
        form = await request.form()
        client = (form.get("client_id"), form.get("client_secret"))
        header = request.headers.get("authorization", "")
        if header.startswith("Basic "):
            client = tuple(base64.b64decode(header[6:]).decode().split(":", 1))  # type: ignore[assignment]
        if client != CLIENT:
            return JSONResponse({"error": "invalid_client"}, status_code=401)
        grant = str(form.get("grant_type"))
        self.hits[grant] += 1
        if self.delay:
            await asyncio.sleep(self.delay)
        with self._lock:
            self._issued += 1
            n = self._issued
            body: dict[str, Any] = {"access_token": f"at-{n}", "token_type": "Bearer", "expires_in": self.expires_in}
            if grant == "refresh_token":
                if form.get("refresh_token") not in self.refresh_tokens:
                    self.refused["invalid_grant"] += 1
                    return JSONResponse({"error": "invalid_grant"}, status_code=400)
                self.refresh_tokens = {f"rt-{n + 1}"}
                body["refresh_token"] = f"rt-{n + 1}"
            elif grant != "client_credentials":
                return JSONResponse({"error": "unsupported_grant_type"}, status_code=400)
            self.access_tokens.add(body["access_token"])
        return JSONResponse(body)

    async def api(self, request: Request) -> Response:
        bearer = request.headers.get("authorization", "").removeprefix("Bearer ")
        self.seen.append((request.method, bearer))
        if bearer not in self.access_tokens:
            return JSONResponse({"error": "unauthorized"}, status_code=401)
        return JSONResponse({"ok": True, "method": request.method})
