"""Fixtures for the AWS backend: one moto server per session, fresh tables per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.aws_support import AwsBackend, aws_environment, create_backend, moto_endpoint


@pytest.fixture(scope="session")
def moto_server() -> Iterator[str]:
    """moto's server, started here on 127.0.0.1 for this test session, with fake credentials set."""
    with aws_environment(), moto_endpoint() as url:
        yield url


@pytest.fixture
def aws(moto_server: str) -> AwsBackend:
    """This test's own tables (as template.yaml defines them) and bucket."""
    return create_backend(moto_server)
