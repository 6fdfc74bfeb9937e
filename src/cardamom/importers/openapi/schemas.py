"""JSON Schemas of arguments, simplified within a depth and a node budget per tool."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from cardamom.importers.openapi.refs import RefError, Refs
from cardamom.importers.openapi.text import clean_text, clip

MAX_NESTED_DESCRIPTION = 120
MAX_SCHEMA_DEPTH = 2
"""Levels of nesting kept below an argument (an argument's properties are level 1)."""
SCHEMA_NODE_BUDGET = 120
"""Schema nodes kept below the arguments of one tool; past it, nested schemas are cut to their type."""
MAX_NESTED_PROPERTIES = 40
MAX_ALTERNATIVES = 6
MAX_ENUM = 100

_JSON_TYPES = frozenset({"string", "number", "integer", "boolean", "array", "object", "null"})
_TYPE_ALIASES = {
    "file": "string",
    "int": "integer",
    "long": "integer",
    "float": "number",
    "double": "number",
    "bool": "boolean",
    "str": "string",
    "dict": "object",
    "list": "array",
}
_NUMBER_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
_COUNT_KEYWORDS = ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties")


def _json_value(value: Any, depth: int = 0) -> Any:
    """A YAML-parsed value as plain JSON (dates become ISO strings); ``...`` when it cannot be."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else ...
    if isinstance(value, datetime | date):
        return value.isoformat()
    if depth < 4 and isinstance(value, list):
        items = [_json_value(v, depth + 1) for v in value]
        return ... if any(i is ... for i in items) else items
    if depth < 4 and isinstance(value, Mapping):
        pairs = {str(k): _json_value(v, depth + 1) for k, v in value.items()}
        return ... if any(v is ... for v in pairs.values()) else pairs
    return ...


def _types_of(node: Mapping[str, Any]) -> list[str]:
    raw = node.get("type")
    listed = raw if isinstance(raw, list) else [raw] if isinstance(raw, str) else []
    types: list[str] = []
    for t in listed:
        if not isinstance(t, str):
            continue
        t = _TYPE_ALIASES.get(t.lower(), t.lower())
        if t in _JSON_TYPES and t not in types:
            types.append(t)
    if (node.get("nullable") is True or node.get("x-nullable") is True) and types and "null" not in types:
        types.append("null")
    return types


class Schemas:
    """Simplifies schemas for one tool, within a node budget."""

    def __init__(self, refs: Refs) -> None:
        self.refs = refs
        self.budget = SCHEMA_NODE_BUDGET

    def simplify(
        self, node: Any, doc: str, depth: int, stack: tuple[str, ...] = (), described: bool = True
    ) -> dict[str, Any]:
        """A valid 2020-12 schema for ``node``; ``depth`` levels of structure may still follow."""
        if isinstance(node, Mapping) and "$ref" in node:
            try:
                target_doc, pointer = self.refs.target(str(node["$ref"]), doc)
            except RefError:
                return {}
            key = f"{target_doc}#{pointer}"
            if key in stack:
                return {}  # a recursive schema is cut where it repeats
            try:
                located, _ = self.refs.deref(node, doc)
            except RefError:
                return {}
            return self.simplify(located.node, located.doc, depth, (*stack, key), described)
        if not isinstance(node, Mapping):
            return {}
        self.budget -= 1
        out: dict[str, Any] = {}
        types = _types_of(node)
        if types:
            out["type"] = types[0] if len(types) == 1 else types
        if described:
            text = clip(clean_text(node.get("description")), MAX_NESTED_DESCRIPTION)
            if text:
                out["description"] = text
        if node.get("format") and isinstance(node.get("format"), str):
            out["format"] = node["format"]
        if node.get("type") == "file":
            out["format"] = "binary"
        self._scalars(node, out, types)
        if depth <= 0 or self.budget <= 0:
            return out
        items = node.get("items")
        if isinstance(items, Mapping):
            out["items"] = self.simplify(items, doc, depth - 1, stack)
        properties = node.get("properties")
        if isinstance(properties, Mapping) and properties:
            props, required = self._properties(node, properties, doc, depth, stack)
            out["properties"] = props
            if required:
                out["required"] = required
        extra = node.get("additionalProperties")
        if extra is True or (isinstance(extra, Mapping) and not extra):
            out["additionalProperties"] = True
        elif isinstance(extra, Mapping):
            out["additionalProperties"] = self.simplify(extra, doc, depth - 1, stack)
        parts = node.get("allOf")
        if isinstance(parts, list) and parts:
            self._merge(out, [self.simplify(p, doc, depth, stack) for p in parts[:MAX_ALTERNATIVES]])
        for keyword in ("anyOf", "oneOf"):
            options = node.get(keyword)
            if isinstance(options, list) and 0 < len(options) <= MAX_ALTERNATIVES and "anyOf" not in out:
                simplified = [self.simplify(o, doc, depth, stack) for o in options]
                if all(simplified):  # an unconstrained alternative makes the whole choice unconstrained
                    out["anyOf"] = simplified
        return out

    @staticmethod
    def _scalars(node: Mapping[str, Any], out: dict[str, Any], types: list[str]) -> None:
        enum = node.get("enum")
        if isinstance(enum, list) and 0 < len(enum) <= MAX_ENUM:
            values = [_json_value(v) for v in enum]
            if all(v is not ... for v in values):
                if "null" in types and None not in values:
                    values.append(None)
                out["enum"] = values
        for keyword in ("const", "default"):
            if keyword in node:
                value = _json_value(node[keyword])
                if value is not ... and not isinstance(value, dict | list):
                    out[keyword] = value
        for keyword in _NUMBER_KEYWORDS:
            value = node.get(keyword)
            if isinstance(value, int | float) and not isinstance(value, bool):
                out[keyword] = value
        # OpenAPI 3.0 spells exclusive bounds as booleans beside minimum/maximum.
        for exclusive, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
            if node.get(exclusive) is True and bound in out:
                out[exclusive] = out.pop(bound)
        for keyword in _COUNT_KEYWORDS:
            value = node.get(keyword)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                out[keyword] = value
        multiple = node.get("multipleOf")
        if isinstance(multiple, int | float) and not isinstance(multiple, bool) and multiple > 0:
            out["multipleOf"] = multiple
        if isinstance(node.get("uniqueItems"), bool):
            out["uniqueItems"] = node["uniqueItems"]

    def _properties(
        self, node: Mapping[str, Any], properties: Mapping[Any, Any], doc: str, depth: int, stack: tuple[str, ...]
    ) -> tuple[dict[str, Any], list[str]]:
        wanted = (
            [str(r) for r in node.get("required", []) if isinstance(r, str | int)]
            if isinstance(node.get("required"), list)
            else []
        )
        names = [str(k) for k in properties]
        ordered = [n for n in names if n in wanted] + [n for n in names if n not in wanted]
        raw = {str(k): v for k, v in properties.items()}
        props: dict[str, Any] = {}
        for name in ordered:
            if len(props) >= MAX_NESTED_PROPERTIES:
                break
            if self._read_only(raw[name], doc):
                continue
            props[name] = self.simplify(raw[name], doc, depth - 1, stack)
        order = {n: i for i, n in enumerate(names)}
        props = dict(sorted(props.items(), key=lambda kv: order[kv[0]]))
        required = [r for r in dict.fromkeys(wanted) if r in props]
        return props, required

    def _read_only(self, node: Any, doc: str) -> bool:
        try:
            located, _ = self.refs.deref(node, doc)
        except RefError:
            return False
        return isinstance(located.node, Mapping) and located.node.get("readOnly") is True

    @staticmethod
    def _merge(out: dict[str, Any], parts: list[dict[str, Any]]) -> None:
        """``allOf``: properties and required add up; other keywords fill in where ``out`` has none."""
        for part in parts:
            for key, value in part.items():
                if key == "properties":
                    out["properties"] = {**out.get("properties", {}), **value}
                elif key == "required":
                    out["required"] = list(dict.fromkeys([*out.get("required", []), *value]))
                elif key == "type" and "type" in out and out["type"] != value:
                    continue
                else:
                    out.setdefault(key, value)
