"""Which ``Host`` a request may name: the DNS-rebinding defence that ``Origin`` alone misses.

A page on ``evil.example`` whose name an attacker re-points at 127.0.0.1 makes the browser
send ``Host: evil.example`` to a local server, and a non-browser client sends no ``Origin``
at all; checking ``Host`` closes both. A request is served when its host is:

- one of ``Settings.allowed_hosts`` (``CARDAMOM_ALLOWED_HOSTS`` when set, else the host of
  ``CARDAMOM_PUBLIC_URL`` and, in local mode, the loopback names ``localhost``,
  ``127.0.0.1`` and ``[::1]``); an entry without a port allows any port;
- on Lambda, the domain API Gateway received the request on (``requestContext.domainName``,
  the execute-api name or a custom domain): API Gateway routes by that name, so it is the
  name the deployment answers to without anyone configuring it.

Anything else gets 421 (Misdirected Request) before authentication, naming the settings
that would admit it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from cardamom.mcp.errors import jsonrpc_error

# Reachable by any name: load balancers and probes call it by address.
UNGUARDED_PATHS = frozenset({"/healthz"})


def _split(host: str) -> tuple[str, str | None]:
    """``name[:port]`` (IPv6 in brackets) as (lower-cased name, port or None)."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        if end == -1:
            return host, None
        name, rest = host[: end + 1], host[end + 1 :]
        return name, rest[1:] if rest.startswith(":") else None
    name, _, port = host.partition(":")
    return name, port or None


def host_allowed(host: str, allowed: Iterable[str]) -> bool:
    name, port = _split(host)
    if not name:
        return False
    for entry in allowed:
        allowed_name, allowed_port = _split(entry)
        if name == allowed_name and (allowed_port is None or allowed_port == port):
            return True
    return False


def _gateway_domain(scope: Scope) -> str | None:
    """The domain API Gateway received the request on, when Mangum is serving a Lambda event."""
    event: Any = scope.get("aws.event")
    if not isinstance(event, dict):
        return None
    context = event.get("requestContext")
    domain = context.get("domainName") if isinstance(context, dict) else None
    return domain if isinstance(domain, str) and domain else None


class HostGuard:
    """ASGI middleware: refuse requests for a host this deployment does not answer to."""

    def __init__(self, app: ASGIApp, *, allowed: tuple[str, ...]) -> None:
        self._app = app
        self._allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path") in UNGUARDED_PATHS:
            await self._app(scope, receive, send)
            return
        host = ""
        for key, value in scope.get("headers", []):
            if key == b"host":
                host = value.decode("latin-1")
                break
        domain = _gateway_domain(scope)
        if host_allowed(host, (*self._allowed, *((domain,) if domain else ()))):
            await self._app(scope, receive, send)
            return
        shown = host or "(none)"
        message = (
            f"host {shown} is not served here; set CARDAMOM_PUBLIC_URL to this deployment's URL or list the "
            "host in CARDAMOM_ALLOWED_HOSTS"
        )
        await JSONResponse(jsonrpc_error(None, -32600, message), status_code=421)(scope, receive, send)
