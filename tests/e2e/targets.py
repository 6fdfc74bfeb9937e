"""The two ways the e2e matrix reaches Cardamom: the local server and the Lambda handler.

- ``local``: the ASGI app under uvicorn, as ``cardamom serve`` runs it.
- ``lambda``: ``cardamom.entrypoints.lambda_mcp.handler`` in the real runtime interface client,
  behind an API Gateway HTTP API front (``tests/lambda_runtime.py``), as AWS runs it. Its
  allowed hosts are set to a name no test uses, so requests get in only as a deployment's
  do: on the domain API Gateway received them on.

Both serve org ``acme`` (Notion connected, reaching the demo SaaS) from a store of their own;
the test process opens the same store to mint tokens and read the audit rows the target wrote.
Each target also has a second listener, ``conformance_url``, that adds a bearer token to
requests carrying none: the conformance suite cannot send credentials.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.bootstrap import Container
from cardamom.core.audit import AuditQuery, AuditRow
from cardamom.demo.saas import DEMO_TOKENS
from cardamom.entrypoints.asgi import create_app
from tests.lambda_runtime import ApiGatewayFront, lambda_function, template_routes, wait_until_ready
from tests.orgs import notion_only_org_text
from tests.support import make_container, serve

SCOPES = ("mcp:read", "mcp:write", "mcp:tools")
NOTION_TOKEN = {"NOTION_LEGAL_TOKEN": DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]}
HANDLER = "cardamom.entrypoints.lambda_mcp.handler"
UNUSED_HOST = "cardamom.example.invalid"


@dataclass
class Target:
    name: str
    url: str
    conformance_url: str
    container: Container

    @property
    def mcp_url(self) -> str:
        return f"{self.url}/mcp"

    def token(self, member: str = "alice", scopes: tuple[str, ...] = SCOPES) -> str:
        assert self.container.signer is not None
        return self.container.signer.mint(org="acme", member=member, scopes=scopes)

    def audit_rows(self) -> list[AuditRow]:
        return self.container.audit.query("acme", AuditQuery(limit=1000))


def with_default_token(app: Any, token: str) -> Any:
    """An ASGI app that adds ``Authorization: Bearer token`` to requests that carry none."""

    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not any(k == b"authorization" for k, _ in scope["headers"]):
            scope = dict(scope, headers=[*scope["headers"], (b"authorization", f"Bearer {token}".encode())])
        await app(scope, receive, send)

    return wrapped


@contextmanager
def local_target(home: Path, demo_url: str) -> Iterator[Target]:
    container = make_container(
        home, org_text=notion_only_org_text(f"{demo_url}/notion"), credentials=EnvCredentialResolver(NOTION_TOKEN)
    )
    app = create_app(container)
    with ExitStack() as stack:
        url = stack.enter_context(serve(app))
        target = Target("local", url, "", container)
        target.conformance_url = stack.enter_context(serve(with_default_token(app, target.token())))
        yield target


@contextmanager
def lambda_target(home: Path, demo_url: str, log: Path) -> Iterator[Target]:
    container = make_container(home, org_text=notion_only_org_text(f"{demo_url}/notion"))
    env = {
        "CARDAMOM_HOME": str(home),
        "CARDAMOM_LOCAL_MODE": "true",  # the demo SaaS listens on plain http://127.0.0.1
        "CARDAMOM_ALLOWED_HOSTS": UNUSED_HOST,
        "CARDAMOM_LOG_LEVEL": "WARNING",
        **NOTION_TOKEN,
    }
    routes = template_routes("McpFunction")
    with lambda_function(HANDLER, env, log) as function, ExitStack() as stack:
        url = stack.enter_context(ApiGatewayFront(function, routes))
        target = Target("lambda", url, "", container)
        injecting = ApiGatewayFront(function, routes, default_headers={"Authorization": f"Bearer {target.token()}"})
        target.conformance_url = stack.enter_context(injecting)
        wait_until_ready(url, function)
        yield target
