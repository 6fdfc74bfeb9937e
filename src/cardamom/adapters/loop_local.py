"""A token endpoint per event loop.

An HTTP client's pooled connections belong to the event loop that opened them: reused from
another loop they fail (``Event loop is closed``). The endpoint serves requests on its own
loop, and the discovery of remote MCP servers runs on private loops of its own
(``cardamom.service.tool_discovery``), and both may need an OAuth token. So each loop gets
its own endpoint, built on first use and dropped with the loop. Access tokens are cached by
the credential service, not here, so they are shared across loops all the same.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import Callable

from cardamom.ports import AccessToken, TokenEndpoint


class PerLoopTokenEndpoint(TokenEndpoint):
    def __init__(self, make: Callable[[], TokenEndpoint]) -> None:
        self._make = make
        self._endpoints: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, TokenEndpoint] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def _endpoint(self) -> TokenEndpoint:
        loop = asyncio.get_running_loop()
        with self._lock:
            endpoint = self._endpoints.get(loop)
            if endpoint is None:
                endpoint = self._endpoints[loop] = self._make()
            return endpoint

    async def aclose(self) -> None:
        """Close the running loop's endpoint (its pooled connections belong to this loop)."""
        with self._lock:
            endpoint = self._endpoints.pop(asyncio.get_running_loop(), None)
        close = getattr(endpoint, "aclose", None)
        if close is not None:
            await close()

    async def request_token(
        self,
        *,
        token_url: str,
        client_id: str,
        client_secret: str,
        client_auth: str,
        scopes: tuple[str, ...] = (),
        refresh_token: str | None = None,
    ) -> AccessToken:
        return await self._endpoint().request_token(
            token_url=token_url,
            client_id=client_id,
            client_secret=client_secret,
            client_auth=client_auth,
            scopes=scopes,
            refresh_token=refresh_token,
        )
