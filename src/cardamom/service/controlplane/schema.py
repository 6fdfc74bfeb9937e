"""JSON Schema building blocks the operations' input schemas share."""

from __future__ import annotations

from typing import Any

from cardamom.core.orgdef import ROLES


def object_schema(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


TEXT = {"type": "string", "minLength": 1, "maxLength": 200}
ACCOUNT = {**TEXT, "description": "the connection's account label, e.g. notion-legal"}
MEMBER = {**TEXT, "description": "the member's id"}
ROLE = {"type": "string", "enum": list(ROLES)}
