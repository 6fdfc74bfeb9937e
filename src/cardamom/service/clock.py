"""The wall clock as the services read it: aware UTC datetimes.

Services that stamp or compare times take a ``clock`` (tests pass a fixed one); this is the
default, and ``utc_clock`` turns the composition root's epoch-seconds clock into one.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime


def utc_now() -> datetime:
    return datetime.now(UTC)


def utc_clock(epoch_seconds: Callable[[], float]) -> Callable[[], datetime]:
    """The same instants as ``epoch_seconds`` (``time.time`` or a test's), as UTC datetimes."""
    return lambda: datetime.fromtimestamp(epoch_seconds(), UTC)
