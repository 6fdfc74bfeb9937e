"""How a validation problem reads: ``path: problem``, the same for org files, directory
changes, control-plane arguments and JSON-RPC params.

``format_path`` spells a location (``connections[0].connector``); ``problem_message`` is a
pydantic error's message without pydantic's ``Value error,`` prefix.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

TOP_LEVEL = "(top level)"


def format_path(path: Sequence[str | int], *, top_level: str = TOP_LEVEL) -> str:
    """``('connections', 0, 'connector')`` -> ``connections[0].connector``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or top_level


def problem_message(error: Mapping[str, Any]) -> str:
    return str(error["msg"]).removeprefix("Value error, ")


def validation_problems(exc: ValidationError, *, top_level: str = TOP_LEVEL) -> list[str]:
    """One ``path: problem`` line per error of ``exc``."""
    return [f"{format_path(tuple(e['loc']), top_level=top_level)}: {problem_message(e)}" for e in exc.errors()]
