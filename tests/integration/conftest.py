"""Fixtures of the integration room. The AWS backend's (``moto_server``, ``aws``) live in
tests/conftest.py, shared with e2e."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from cardamom.adapters import powertools


@pytest.fixture
def restored_logging() -> Iterator[None]:
    """Importing the Lambda entrypoint configures the ``cardamom`` loggers for Lambda; undo that afterwards."""
    logger = logging.getLogger("cardamom")
    handlers, propagate, level = list(logger.handlers), logger.propagate, logger.level
    formatter = powertools._formatter
    yield
    for handler in [h for h in logger.handlers if h not in handlers]:
        logger.removeHandler(handler)
    logger.propagate = propagate
    logger.setLevel(level)
    powertools._formatter = formatter
