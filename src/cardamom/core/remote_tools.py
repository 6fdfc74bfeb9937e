"""Admitting the tools a remote MCP server lists, before they become pool tools.

An upstream's ``tools/list`` entries are untrusted input. Each is admitted or skipped with a
reason: the name is made safe for advertised names (``[A-Za-z0-9_-]``, every other character
becomes ``_``; a name that then collides with another gets a short digest of the original),
the description is kept (the title stands in when there is none) and capped, and the input
schema is repaired where that is unambiguous (missing: an empty object schema; no ``type``:
``object``) and otherwise must be a valid Draft 2020-12 object schema, as a connector's own
tools must. The boolean hints of the annotations are kept; what they mean for the
classification is decided when the pool is built (``core.pool_builder``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardamom.core.orgdef import schema_problem

MAX_TOOLS_PER_UPSTREAM = 1000
MAX_DESCRIPTION_CHARS = 4000
MAX_UPSTREAM_NAME_CHARS = 256
HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


@dataclass(frozen=True, slots=True)
class RemoteTool:
    """One admitted tool of a remote MCP server."""

    name: str  # safe and unique within the server: the connector's own tool name in Cardamom
    upstream_name: str  # as the server lists it: what tools/call sends
    description: str
    input_schema: dict[str, Any]
    hints: dict[str, bool] = field(default_factory=dict)  # readOnlyHint, destructiveHint, ...


@dataclass(frozen=True, slots=True)
class Skipped:
    name: str
    reason: str


def safe_name(upstream_name: str) -> str:
    return _UNSAFE.sub("_", upstream_name)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def _schema(raw: Any) -> tuple[dict[str, Any] | None, str | None]:
    """The input schema to advertise, or why the tool cannot be admitted."""
    if raw is None:
        return {"type": "object", "properties": {}}, None
    if not isinstance(raw, dict):
        return None, "inputSchema is not an object"
    schema = dict(raw)
    schema.setdefault("type", "object")
    if schema["type"] != "object":
        return None, f"inputSchema must describe an object, not {schema['type']!r}"
    if not isinstance(schema.setdefault("properties", {}), dict):
        return None, "inputSchema.properties is not a mapping"
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        return None, "inputSchema.required is not a list of names"
    problem = schema_problem(schema)
    if problem is not None:
        return None, f"inputSchema is not a valid JSON Schema: {problem}"
    return schema, None


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _admit(entry: Any) -> tuple[RemoteTool | None, Skipped | None]:
    if not isinstance(entry, Mapping):
        return None, Skipped("?", "the entry is not an object")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, Skipped("?", "the tool has no name")
    if len(name) > MAX_UPSTREAM_NAME_CHARS:
        return None, Skipped(name[:40] + "...", f"the name is longer than {MAX_UPSTREAM_NAME_CHARS} characters")
    schema, problem = _schema(entry.get("inputSchema"))
    if schema is None:
        return None, Skipped(name, problem or "inputSchema is unusable")
    annotations = entry.get("annotations")
    annotations = annotations if isinstance(annotations, Mapping) else {}
    hints = {key: annotations[key] for key in HINTS if isinstance(annotations.get(key), bool)}
    description = _text(entry.get("description")) or _text(entry.get("title")) or _text(annotations.get("title"))
    if len(description) > MAX_DESCRIPTION_CHARS:
        description = description[:MAX_DESCRIPTION_CHARS]
    return RemoteTool(safe_name(name), name, description, schema, hints), None


def admit_listing(entries: Sequence[Any]) -> tuple[list[RemoteTool], list[Skipped]]:
    """The tools of a listing Cardamom can advertise, and every entry it skipped, with the reason.

    Names already safe claim themselves first; then the others, in upstream-name order, and a
    made-safe name that is already taken gets ``-`` and a digest of the upstream name. So the
    outcome does not depend on the order the server lists its tools in.
    """
    admitted: list[RemoteTool] = []
    skipped: list[Skipped] = []
    seen: set[str] = set()
    for entry in entries:
        tool, skip = _admit(entry)
        if skip is not None:
            skipped.append(skip)
        elif tool is not None and tool.upstream_name in seen:
            skipped.append(Skipped(tool.upstream_name, "the server lists this name twice; the first is kept"))
        elif tool is not None:
            seen.add(tool.upstream_name)
            admitted.append(tool)
    if len(admitted) > MAX_TOOLS_PER_UPSTREAM:
        over = admitted[MAX_TOOLS_PER_UPSTREAM:]
        skipped.extend(Skipped(t.upstream_name, f"over the limit of {MAX_TOOLS_PER_UPSTREAM} tools") for t in over)
        admitted = admitted[:MAX_TOOLS_PER_UPSTREAM]
    taken = {t.name for t in admitted if t.name == t.upstream_name}
    unique: list[RemoteTool] = []
    for tool in sorted(admitted, key=lambda t: (t.name != t.upstream_name, t.upstream_name)):
        name = tool.name
        if name != tool.upstream_name:
            if name in taken:
                name = f"{name}-{_digest(tool.upstream_name)}"
            taken.add(name)
        unique.append(tool if name == tool.name else replace(tool, name=name))
    return sorted(unique, key=lambda t: t.name), skipped
