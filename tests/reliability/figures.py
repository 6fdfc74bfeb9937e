"""Sizes of a reliability run, and what it measured (printed at the end of the run by ``conftest.py``).

``CARDAMOM_RELIABILITY=full`` (``make reliability``) selects the full sizes; ``make test``
runs the reduced ones.
"""

from __future__ import annotations

import os

FULL = os.environ.get("CARDAMOM_RELIABILITY") == "full"
FIGURES: dict[str, object] = {}


def scale(reduced: int, full: int) -> int:
    """``full`` under make reliability, ``reduced`` under make test."""
    return full if FULL else reduced


def record(name: str, value: object) -> None:
    FIGURES[name] = value
