"""Servers the sign-in tests run against, each a real HTTP port on 127.0.0.1:

* ``local_gateway``: the ASGI app under uvicorn on the embedded store (``make run``'s kind);
* ``lambda_gateway``: the Lambda handler on the AWS backend (DynamoDB, S3 and Secrets Manager
  on moto's server), behind an API Gateway stand-in (``tests/lambda_http.py``);
* ``metadata_host``: an https host (a test CA) serving a Client ID Metadata Document.

Both gateways serve org ``acme`` with Notion connected to the demo SaaS, and fetch client
metadata documents trusting the test CA only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from aws_lambda_powertools import Metrics
from joserfc.jwk import ECKey
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.adapters.httpx import HttpxTransport
from cardamom.bootstrap import Container, build_container
from cardamom.core.orgfile import parse_org_definition
from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas
from cardamom.entrypoints.asgi import create_app
from cardamom.entrypoints.lambda_app import make_handler
from tests.aws_support import AwsBackend, aws_settings
from tests.lambda_http import api_gateway_app
from tests.orgs import notion_only_org_text
from tests.signin_support import TlsCertificate, serve_tls
from tests.support import free_socket, serve, settings_for

CALLBACK = "http://127.0.0.1:33418/callback"  # any port: loopback redirect URIs match on any port


@dataclass
class Gateway:
    url: str
    container: Container
    kind: str

    @property
    def mcp_url(self) -> str:
        return f"{self.url}/mcp"


def _metadata_transport(certificate: TlsCertificate) -> HttpxTransport:
    client = httpx.AsyncClient(verify=certificate.ssl_context(), follow_redirects=False, timeout=5, trust_env=False)  # type: ignore[arg-type]
    return HttpxTransport(client, max_response_bytes=17 * 1024)


def _org(container: Container, saas_url: str) -> None:
    container.apply_org(parse_org_definition(notion_only_org_text(f"{saas_url}/notion"), "org.yaml"))


CREDENTIALS = {"NOTION_LEGAL_TOKEN": DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]}


@contextmanager
def local_gateway(home: Path, certificate: TlsCertificate, **env: str) -> Iterator[Gateway]:
    sock = free_socket()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    container = build_container(
        settings_for(home, CARDAMOM_PUBLIC_URL=base, **env),
        credentials=EnvCredentialResolver(CREDENTIALS),
        metadata_transport=_metadata_transport(certificate),
    )
    _org(container, f"{base}/demo")
    app = create_app(container, extra_routes=[Mount("/demo", app=create_demo_saas())])
    with serve(app, sock) as url:
        yield Gateway(url, container, "local")


@contextmanager
def lambda_gateway(aws: AwsBackend, certificate: TlsCertificate, saas_url: str) -> Iterator[Gateway]:
    sock = free_socket()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    settings = aws_settings(aws, ECKey.generate_key("P-256"), CARDAMOM_PUBLIC_URL=base)
    container = build_container(
        settings, credentials=EnvCredentialResolver(CREDENTIALS), metadata_transport=_metadata_transport(certificate)
    )
    _org(container, saas_url)
    handler = make_handler(container, Metrics(namespace="CardamomSigninTest"))
    with serve(api_gateway_app(handler), sock) as url:
        yield Gateway(url, container, "lambda")


@contextmanager
def metadata_host(certificate: TlsCertificate, client_name: str, redirect_uris: list[str]) -> Iterator[str]:
    """Serves ``/clients/test-client.json``; yields that document's URL (the client_id)."""
    document: dict[str, Any] = {}

    async def metadata(request: Request) -> JSONResponse:
        return JSONResponse(document, headers={"Cache-Control": "max-age=300"})

    app = Starlette(routes=[Route("/clients/test-client.json", metadata)])
    with serve_tls(app, certificate) as url:
        client_id = f"{url}/clients/test-client.json"
        document.update(
            {
                "client_id": client_id,
                "client_name": client_name,
                "client_uri": url,
                "redirect_uris": redirect_uris,
                "grant_types": ["authorization_code", "refresh_token"],
                "response_types": ["code"],
                "token_endpoint_auth_method": "none",
            }
        )
        yield client_id


def demo_saas() -> Any:
    return create_demo_saas()


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
