from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.routing import Mount

from cardamom.adapters.env import EnvCredentialResolver
from cardamom.bootstrap import Container
from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas
from cardamom.entrypoints.asgi import create_app
from tests.aws_support import AwsBackend, aws_environment, create_backend, moto_endpoint
from tests.orgs import notion_only_org_text
from tests.support import free_socket, make_container, serve


@dataclass
class LiveGateway:
    """The real app under uvicorn with the demo SaaS mounted at /demo on the same server."""

    url: str
    container: Container

    @property
    def mcp_url(self) -> str:
        return f"{self.url}/mcp"

    def token(self, member: str = "alice", scopes: tuple[str, ...] = ("mcp:read", "mcp:write", "mcp:tools")) -> str:
        assert self.container.signer is not None
        return self.container.signer.mint(org="acme", member=member, scopes=scopes)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@contextmanager
def live_gateway(home: Path, org_text: Callable[[str], str]) -> Iterator[LiveGateway]:
    """``org_text(base_url)`` applied, then served for real with the demo SaaS beside it."""
    sock = free_socket()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    container = make_container(
        home,
        org_text=org_text(f"{base}/demo/notion"),
        credentials=EnvCredentialResolver({"NOTION_LEGAL_TOKEN": DEMO_TOKENS["DEMO_NOTION_LEGAL_TOKEN"]}),
        CARDAMOM_PUBLIC_URL=base,  # the served origin: the issuer and the resource's base
    )
    app = create_app(container, extra_routes=[Mount("/demo", app=create_demo_saas())])
    with serve(app, sock) as url:
        yield LiveGateway(url, container)


@pytest.fixture
def notion_gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveGateway]:
    """Org 'acme' with only Notion connected (the issue's example org), served for real."""
    with live_gateway(tmp_path_factory.mktemp("live") / "home", notion_only_org_text) as gateway:
        yield gateway


@pytest.fixture(scope="session")
def moto_server() -> Iterator[str]:
    """moto's server, started here on 127.0.0.1 for this test session, with fake credentials set."""
    with aws_environment(), moto_endpoint() as url:
        yield url


@pytest.fixture
def aws(moto_server: str) -> AwsBackend:
    """This test's own tables (as template.yaml defines them) and bucket."""
    return create_backend(moto_server)
