"""Helpers shared by the test levels: org files, containers and a live uvicorn server."""

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

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
EVENTS = REPO / "events"

# The example org, extended with a second Notion tool set the tests need.
NOTION_ONLY_ORG = """\
org: acme
connectors:
  - id: notion
    label: Notion
    base_url: {base_url}
    auth: {{type: bearer}}
    tools:
      - name: list_all_users
        description: List all users in the workspace.
        method: GET
        path: /v1/users
      - name: retrieve_page
        description: Retrieve a page by its id.
        method: GET
        path: /v1/pages/{{page_id}}
        target: page_id
        input_schema: {{type: object, properties: {{page_id: {{type: string}}}}, required: [page_id]}}
connections:
  - {{account: notion-legal, connector: notion, status: active, credentials: {{token_env: NOTION_LEGAL_TOKEN}}}}
members:
  - {{id: alice, role: member}}
restrictions: []
"""


def notion_only_org_text(base_url: str = "https://api.notion.com") -> str:
    return NOTION_ONLY_ORG.format(base_url=base_url)


CAST = """members:
  - {id: alice, role: member}
  - {id: olivia, role: owner}
  - {id: adam, role: admin}
  - {id: gina, role: guest}
  - {id: audrey, role: auditor}
  - {id: bill, role: billing_admin}
"""


def governed_org_text(base_url: str = "https://api.notion.com") -> str:
    return notion_only_org_text(base_url).replace("members:\n  - {id: alice, role: member}\n", CAST)


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
