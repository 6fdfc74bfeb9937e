"""The e2e matrix's shared pieces: the demo SaaS, the two targets, the installed clients."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardamom.demo.saas import create_demo_saas
from tests.e2e.clients import ensure_mcp1_venv, ensure_node_modules
from tests.e2e.targets import Target, lambda_target, local_target
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
