"""Helpers shared by the test rooms: paths, containers on the embedded store and a live uvicorn server."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from cardamom.bootstrap import Container, build_container
from cardamom.config import Settings
from cardamom.core.orgfile import parse_org_definition
from cardamom.ports import ConnectorTransport, CredentialResolver, SearchTelemetry

# The example org lives with the other orgs (tests/orgs.py); bench/cold_start.py imports it from here.
from tests.orgs import notion_only_org_text as notion_only_org_text

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
EVENTS = REPO / "events"


def settings_for(home: Path, **overrides: str) -> Settings:
    env = {"CARDAMOM_HOME": str(home), **overrides}
    return Settings.from_env(env)


def make_container(
    home: Path,
    *,
    org_text: str | None = None,
    transport: ConnectorTransport | None = None,
    credentials: CredentialResolver | None = None,
    telemetry: SearchTelemetry | None = None,
    **env: str,
) -> Container:
    container = build_container(
        settings_for(home, **env), transport=transport, credentials=credentials, telemetry=telemetry
    )
    if org_text is not None:
        container.apply_org(parse_org_definition(org_text, "test-org.yaml"))
    return container


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextmanager
def serve(app: Any, sock: socket.socket | None = None, *, lifespan: bool = False) -> Iterator[str]:
    """Serve an ASGI app with uvicorn on 127.0.0.1 in a thread; yield its base URL.

    ``lifespan=True`` runs the app's ASGI lifespan (the MCP SDK starts its session manager there).
    """
    sock = sock or free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, lifespan="on" if lifespan else "off", log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
