"""The e2e matrix's shared pieces: the demo SaaS, the two targets, the installed clients."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardamom.demo.saas import create_demo_saas
from tests.aws_support import AwsBackend
from tests.e2e.clients import ensure_mcp1_venv, ensure_node_modules
from tests.e2e.signin_servers import Gateway, lambda_gateway, local_gateway
from tests.e2e.targets import Target, lambda_target, local_target
from tests.signin_support import TlsCertificate, self_signed
from tests.support import serve


@pytest.fixture(scope="session")
def demo_url() -> Iterator[str]:
    with serve(create_demo_saas()) as url:
        yield url


@pytest.fixture(scope="session", params=["local", "lambda"])
def target(request: pytest.FixtureRequest, demo_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    """Cardamom served locally, then as the Lambda handler: every matrix test runs against both."""
    base = tmp_path_factory.mktemp(f"target-{request.param}")
    if request.param == "local":
        with local_target(base / "home", demo_url) as served:
            yield served
    else:
        with lambda_target(base / "home", demo_url, base / "lambda.log") as served:
            yield served


@pytest.fixture(scope="session")
def node_modules() -> None:
    ensure_node_modules()


@pytest.fixture(scope="session")
def mcp1_python() -> Path:
    return ensure_mcp1_venv()


@pytest.fixture(scope="session")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> TlsCertificate:
    """A self-signed certificate for the HTTPS servers sign-in needs (issuer, metadata documents)."""
    return self_signed(tmp_path_factory.mktemp("tls"))


@pytest.fixture(params=["local", "lambda"])
def signin_gateway(
    request: pytest.FixtureRequest, tmp_path: Path, certificate: TlsCertificate, demo_url: str
) -> Iterator[Gateway]:
    """Cardamom over HTTPS for a client that signs in: served locally, then as the Lambda handler."""
    if request.param == "local":
        with local_gateway(tmp_path / "home", certificate) as served:
            yield served
    else:
        aws: AwsBackend = request.getfixturevalue("aws")
        with lambda_gateway(aws, certificate, demo_url) as served:
            yield served
