"""Option types the CLI's commands share: a bad value is a usage error naming the option (exit 2)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def bounded_int(low: int, high: int, what: str) -> Callable[[str], int]:
    """An integer from ``low`` to ``high``; anything else is a usage error saying so, never clamped."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}, not {value}")
        return value

    return parse
