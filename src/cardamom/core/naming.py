"""Advertised tool names: ``{account}__{tool}`` for connected tools,
``cardamom__{resource}__{operation}`` for the control plane.

MCP clients and model APIs accept tool names of at most 64 characters from
``[A-Za-z0-9_-]``; a longer name keeps its start and gets a short digest of the whole,
so it stays unique and stable across rebuilds.
"""

from __future__ import annotations

import hashlib
import re

MAX_NAME_LENGTH = 64
SEPARATOR = "__"
CONTROL_PLANE_PREFIX = "cardamom__"
_VALID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_DIGEST_LENGTH = 8


def is_valid_tool_name(name: str) -> bool:
    return bool(_VALID.match(name))


def advertised_name(account: str, tool: str) -> str:
    full = f"{account}{SEPARATOR}{tool}"
    if len(full) <= MAX_NAME_LENGTH:
        return full
    digest = hashlib.sha256(full.encode()).hexdigest()[:_DIGEST_LENGTH]
    return f"{full[: MAX_NAME_LENGTH - _DIGEST_LENGTH - 1]}-{digest}"


def control_plane_name(resource: str, operation: str) -> str:
    return f"{CONTROL_PLANE_PREFIX}{resource}{SEPARATOR}{operation}"
