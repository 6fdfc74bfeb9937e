"""Remote MCP servers for the tests, served for real on 127.0.0.1.

``notes_server`` is built with the official ``mcp`` SDK (``MCPServer``, Streamable HTTP,
event-stream answers and sessions): one tool per annotation combination, one that fails in
band, one with a dotted name, and one that echoes the Authorization header it received (to
prove the credential arrives and never comes back). It demands ``Bearer upstream-secret``.

``protocol_server`` is a hand-rolled Streamable HTTP server (JSON answers) for what the SDK
server does not do: paginated listings, odd tool entries, JSON-RPC errors on tools/call, and
hostile answers (redirects elsewhere, oversize, slow) for the outbound guard.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from tests.support import serve

UPSTREAM_TOKEN = "upstream-secret"


def notes_server() -> MCPServer:
    server = MCPServer("notes", log_level="WARNING")

    @server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def read_notes(topic: str) -> str:
        """Read the meeting notes kept on a topic."""
        return f"Notes on {topic}: ship the gateway."

    @server.tool(annotations=ToolAnnotations(destructive_hint=False))
    def create_note(title: str, body: str = "") -> dict[str, str]:
        """Create a meeting note with a title and a body."""
        return {"created": title, "body": body}

    @server.tool(annotations=ToolAnnotations(destructive_hint=True))
    def delete_note(note_id: str) -> dict[str, str]:
        """Delete a meeting note for good."""
        return {"deleted": note_id}

    @server.tool()
    def archive_note(note_id: str) -> dict[str, str]:
        """Archive a meeting note (no annotations: the spec's default is destructive)."""
        return {"archived": note_id}

    @server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def explode_notes() -> str:
        """Summarise the notes archive, which always fails."""
        raise ToolError("the notes archive is on fire")

    @server.tool(name="notes.search", annotations=ToolAnnotations(read_only_hint=True))
    def notes_search(query: str) -> list[str]:
        """Search meeting notes by keyword."""
        return [f"match for {query}"]

    @server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def whoami_notes(ctx: Context) -> str:
        """Report the credential the notes server received."""
        return (ctx.headers or {}).get("authorization", "none")

    return server


class RequireBearer:
    """ASGI middleware: 401 without an accepted bearer token; records what each request carried."""

    def __init__(self, app: ASGIApp, accept: Callable[[str], bool] = lambda token: token == UPSTREAM_TOKEN) -> None:
        self.app = app
        self.accept = accept
        self.seen: list[dict[str, str]] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
            self.seen.append({"method": scope["method"], **headers})
            authorization = headers.get("authorization", "")
            if not authorization.startswith("Bearer ") or not self.accept(authorization.removeprefix("Bearer ")):
                await JSONResponse({"error": "unauthorized"}, status_code=401)(scope, receive, send)
                return
        await self.app(scope, receive, send)


@contextmanager
def serve_with_lifespan(app: ASGIApp, sock: socket.socket | None = None) -> Iterator[str]:
    """``tests.support.serve`` with the ASGI lifespan on: the SDK's session manager starts in it."""
    with serve(app, sock, lifespan=True) as url:
        yield url


# ---- the hand-rolled server ------------------------------------------------------------------

PAGES: list[list[dict[str, Any]]] = [
    [
        {"name": "list_widgets", "description": "List every widget.", "annotations": {"readOnlyHint": True}},
        {"name": "a.b", "description": "Dotted widget tool.", "inputSchema": {"type": "object"}},
    ],
    [
        {"name": "a_b", "description": "Underscored widget tool.", "inputSchema": {"properties": {}}},
        {"name": "bad_schema", "inputSchema": {"type": "string"}},
        {"name": "broken_schema", "inputSchema": {"type": "object", "properties": {"x": {"type": 12}}}},
        {"description": "no name at all"},
    ],
    [
        {
            "name": "update_widget",
            "title": "Update a widget",
            "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
            "annotations": {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": "yes"},
        },
    ],
]
ONE_TOOL = [{"name": "poke", "description": "Poke the gadget.", "annotations": {"destructiveHint": False}}]


class ProtocolServer:
    """Streamable HTTP with JSON answers; each route under ``/{variant}/mcp`` misbehaves its own way."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.release = threading.Event()  # set it to let the "slow" route answer (it never does before)

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/{variant}/mcp", self.endpoint, methods=["POST", "DELETE"]),
                Route("/{variant}/mcp/{rest:path}", self.endpoint, methods=["POST", "DELETE"]),
            ]
        )

    async def endpoint(self, request: Request) -> Response:
        variant = request.path_params["variant"]
        body = json.loads(await request.body() or b"{}")
        method = body.get("method") if request.method == "POST" else "DELETE"
        self.requests.append(
            {
                "variant": variant,
                "method": method,
                "session": request.headers.get("mcp-session-id"),
                "version": request.headers.get("mcp-protocol-version"),
                "accept": request.headers.get("accept"),
            }
        )
        port = request.url.port
        if variant == "away" or (variant == "callaway" and method == "tools/call"):
            return RedirectResponse(f"http://127.0.0.2:{port}/paged/mcp", status_code=307)
        if variant == "escape":
            return RedirectResponse("/paged/mcp", status_code=307)
        if variant == "inside" and not request.url.path.endswith("/moved"):
            return RedirectResponse("/inside/mcp/moved", status_code=307)
        if variant == "big" or (variant == "bigcall" and method == "tools/call"):
            return JSONResponse({"jsonrpc": "2.0", "id": body.get("id"), "result": {"pad": "x" * 200_000}})
        if variant == "slow":
            while not self.release.is_set():
                await anyio.sleep(0.02)
        if request.method == "DELETE":
            return Response(status_code=200)
        if "id" not in body:
            return Response(status_code=202)
        answer = {"jsonrpc": "2.0", "id": body["id"], **self.answer(variant, method, body.get("params"))}
        session = {"Mcp-Session-Id": "sess-paged"} if variant == "paged" and method == "initialize" else {}
        return JSONResponse(answer, headers=session)

    def answer(self, variant: str, method: str, params: dict[str, Any] | None) -> dict[str, Any]:
        if method == "initialize":
            info = {"name": variant, "version": "1"}
            return {"result": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": info}}
        if method == "tools/list":
            if variant != "paged":
                return {"result": {"tools": ONE_TOOL}}
            cursor = (params or {}).get("cursor")
            page = {None: 0, "p2": 1, "p3": 2}[cursor]
            result: dict[str, Any] = {"tools": PAGES[page]}
            if page < 2:
                result["nextCursor"] = f"p{page + 2}"
            return {"result": result}
        if method == "tools/call" and variant == "rpcerror":
            return {"error": {"code": -32602, "message": "unknown argument: color"}}
        if method == "tools/call":
            return {"result": {"content": [{"type": "text", "text": "ok"}], "structuredContent": {"called": params}}}
        return {"error": {"code": -32601, "message": f"no method {method}"}}
