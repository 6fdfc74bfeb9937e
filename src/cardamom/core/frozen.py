"""Frozen parameters: argument values a connection fixes for every call of its tools.

Every rule about them lives here. A frozen value applies to a tool only where it names one of
the tool's arguments; it leaves the advertised schema (it costs no context and cannot be set);
the tool's description gains one sentence naming the values (``search_text.frozen_sentence``:
search scores the values, never the sentence). On a merged tool a key frozen on every account
leaves the schema, and one frozen on some stays, those accounts' values supplied for them. At
call time the frozen values are merged over whatever the caller sent, so a caller can never
un-freeze a key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardamom.core.orgdef import ConnectionDef
from cardamom.core.search.search_text import frozen_sentence


def without_frozen(schema: dict[str, Any], frozen: Mapping[str, Any]) -> dict[str, Any]:
    """Frozen keys vanish from what the model reads: they cost no context and cannot be set."""
    if not frozen:
        return schema
    trimmed = dict(schema)
    trimmed["properties"] = {k: v for k, v in schema.get("properties", {}).items() if k not in frozen}
    required = [r for r in schema.get("required", []) if r not in frozen]
    if required:
        trimmed["required"] = required
    else:
        trimmed.pop("required", None)
    return trimmed


def frozen_for_tool(
    schema: Mapping[str, Any], frozen: Mapping[str, Any], description: str
) -> tuple[dict[str, Any], str]:
    """The frozen values a tool takes, and its description with their scaffolding sentence."""
    arguments = set(schema.get("properties", {}))
    applicable = {k: v for k, v in frozen.items() if k in arguments}
    description = description.strip()
    if applicable:
        description = f"{description} {frozen_sentence(applicable)}".strip()
    return applicable, description


def frozen_by_account(connections: Iterable[ConnectionDef], arguments: set[str]) -> dict[str, dict[str, Any]]:
    """A merged tool's frozen values, per account: those naming one of its arguments."""
    return {c.account: {k: v for k, v in c.frozen.items() if k in arguments} for c in connections}


def frozen_everywhere(by_account: Mapping[str, Mapping[str, Any]]) -> set[str]:
    """The keys frozen on every account of a merged tool: no caller can set them, so they leave its schema.

    A key frozen on some accounts only stays: for those accounts their values are merged over
    whatever the caller sends (``with_frozen``).
    """
    return set.intersection(*(set(values) for values in by_account.values()))


def caller_arguments(arguments: Mapping[str, Any], frozen: Mapping[str, Any]) -> dict[str, Any]:
    """What the caller may set: its arguments without the frozen keys."""
    return {k: v for k, v in arguments.items() if k not in frozen}


def schema_for_caller(schema: dict[str, Any], frozen: Mapping[str, Any]) -> dict[str, Any]:
    """The schema a caller's arguments are checked against: a frozen key is supplied, never required."""
    if frozen and set(schema.get("required", ())) & set(frozen):
        # A merged tool keeps keys frozen on some accounts; for those accounts they are supplied.
        return {**schema, "required": [r for r in schema["required"] if r not in frozen]}
    return schema


def with_frozen(arguments: Mapping[str, Any], frozen: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments sent: the frozen values over whatever the caller sent."""
    return {**arguments, **frozen}
