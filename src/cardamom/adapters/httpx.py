"""Calling connectors over HTTP with httpx.

One ``AsyncClient`` per process (built on the first call, so a cold start that only lists or
searches never imports httpx), redirects never followed automatically, a total time budget
per call and a cap on response size read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlencode

from cardamom.core.outbound import OutboundRequest
from cardamom.errors import ConnectorFailed, OutboundRefused
from cardamom.ports import OutboundResponse

if TYPE_CHECKING:
    import httpx

DEFAULT_TIMEOUT_SECONDS = 20.0
DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024


class HttpxTransport:
    def __init__(
        self,
        client: httpx.AsyncClient | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
    ) -> None:
        self._given = client
        self._timeout = timeout
        self._max = max_response_bytes

    @property
    def _client(self) -> httpx.AsyncClient:
        if self._given is None:
            import httpx

            self._given = httpx.AsyncClient(
                follow_redirects=False,
                timeout=httpx.Timeout(self._timeout),
                trust_env=False,  # never route connector traffic through an ambient proxy
                headers={"User-Agent": "cardamom-gateway"},
            )
        return self._given

    async def send(self, request: OutboundRequest) -> OutboundResponse:
        import httpx

        headers = dict(request.headers)
        kwargs: dict[str, object] = {}
        if request.form_body is not None:
            kwargs["content"] = urlencode(request.form_body).encode()
        elif request.has_body:
            kwargs["json"] = request.json_body
        try:
            built = self._client.build_request(request.method, request.url, headers=headers, **kwargs)  # type: ignore[arg-type]
        except (httpx.InvalidURL, ValueError, TypeError) as exc:
            # The guard passed it, yet httpx cannot put it on the wire (a URL or value it cannot encode).
            raise OutboundRefused(f"the request cannot be sent as built ({type(exc).__name__})") from None
        try:
            response = await self._client.send(built, stream=True)
            try:
                chunks: list[bytes] = []
                size = 0
                async for chunk in response.aiter_bytes():
                    size += len(chunk)
                    if size > self._max:
                        raise ConnectorFailed(
                            f"the connector's response is larger than {self._max} bytes",
                            status=response.status_code,
                            detail="response_too_large",
                        )
                    chunks.append(chunk)
                return OutboundResponse(response.status_code, dict(response.headers), b"".join(chunks))
            finally:
                await response.aclose()
        except httpx.TimeoutException:
            raise ConnectorFailed("the connector did not answer in time", detail="connector_timeout") from None
        except httpx.HTTPError as exc:
            raise ConnectorFailed(
                f"the connector could not be reached ({type(exc).__name__})", detail="connector_unreachable"
            ) from None

    async def aclose(self) -> None:
        if self._given is not None:
            await self._given.aclose()
