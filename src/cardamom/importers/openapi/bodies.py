"""The request body of an operation: which media type is described, its schema, and its members.

OpenAPI 3 declares it as ``requestBody``; Swagger 2 as a ``body`` parameter or ``formData``
parameters (and the reduced GitHub copy in shared/ as ``x-requestBody-properties``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardamom.importers.openapi.notes import Skip
from cardamom.importers.openapi.refs import Located, RefError, Refs
from cardamom.importers.openapi.schemas import MAX_SCHEMA_DEPTH, Schemas

_BINARY_MEDIA = re.compile(r"^(application/(octet-stream|pdf|zip|gzip)|image/|audio/|video/)")

Parameters = list[tuple[Mapping[str, Any], str]]
"""An operation's parameters, each with the document it was found in."""


@dataclass(slots=True)
class Body:
    schema: Located
    media: str
    required: bool


def media_rank(media: str) -> int:
    """Which request media type to describe: JSON first, then forms, then anything, binary last."""
    media = media.split(";")[0].strip().lower()
    if media == "application/json":
        return 0
    if media.endswith("+json") or (media.startswith("application/") and "json" in media):
        return 1
    if media == "application/x-www-form-urlencoded":
        return 2
    if media == "multipart/form-data":
        return 3
    if media in ("*/*", "application/*"):
        return 4
    if _BINARY_MEDIA.match(media):
        return 9
    return 6


def is_empty_object(node: Mapping[str, Any]) -> bool:
    composed = any(node.get(k) for k in ("allOf", "anyOf", "oneOf"))
    return node.get("additionalProperties") is False and not node.get("properties") and not composed


def request_body(
    refs: Refs, document: Mapping[str, Any], node: Mapping[str, Any], doc: str, params: Parameters
) -> Body | None:
    """The body's schema, its media type and whether it is required.

    A body whose required-ness the spec leaves open is taken as required, so the required
    properties of its schema stay required; ``required: false`` makes every property optional.
    """
    if "requestBody" not in node:
        return _swagger2_body(document, node, doc, params)
    try:
        located, _ = refs.deref(node["requestBody"], doc)
    except RefError as exc:
        raise Skip("ref", f"request body: {exc}") from None
    content = located.node.get("content") if isinstance(located.node, Mapping) else None
    if not isinstance(content, Mapping) or not content:
        return None
    required = located.node.get("required") is not False
    media = min((str(m) for m in content), key=media_rank)
    entry = content.get(media)
    if isinstance(entry, Mapping) and "schema" in entry:
        return Body(Located(entry["schema"], located.doc), media, required)
    return Body(Located({"type": "string"}, located.doc), media, required)


def _swagger2_body(document: Mapping[str, Any], node: Mapping[str, Any], doc: str, params: Parameters) -> Body | None:
    consumes = node.get("consumes") or document.get("consumes") or []
    listed = [str(c) for c in consumes] if isinstance(consumes, list) else []
    for param, where in params:
        if param.get("in") == "body":
            media = min(listed, key=media_rank) if listed else "application/json"
            return Body(Located(param.get("schema", {}), where), media, param.get("required") is True)
    form = [(p, d) for p, d in params if p.get("in") == "formData"]
    if form:
        forms = [c for c in listed if media_rank(c) <= 3]
        media = min(forms, key=media_rank) if forms else "application/x-www-form-urlencoded"
        properties = {
            str(p["name"]): {k: v for k, v in p.items() if k not in ("name", "in", "required")} for p, _ in form
        }
        wanted = [str(p["name"]) for p, _ in form if p.get("required") is True]
        schema = {"type": "object", "properties": properties, "required": wanted}
        return Body(Located(schema, form[0][1]), media, True)
    extension = node.get("x-requestBody-properties")
    if isinstance(extension, Mapping) and extension:
        # The reduced GitHub copy in shared/ keeps only the body's property names and descriptions.
        properties = {str(k): {"description": v} if isinstance(v, str) else {} for k, v in extension.items()}
        return Body(Located({"type": "object", "properties": properties}, doc), "application/json", True)
    return None


def body_object(located: Located, passed: tuple[str, ...], schemas: Schemas) -> tuple[dict[str, Any], set[str]] | None:
    """The top-level properties of an object body and the required ones, or None.

    ``allOf`` parts are merged; ``anyOf``/``oneOf`` alternatives that are all objects are
    united: every property of any alternative, required only when every alternative requires it.
    """
    node = located.node
    if not isinstance(node, Mapping):
        return None
    alternatives = node.get("anyOf") or node.get("oneOf")
    if isinstance(alternatives, list) and alternatives and not node.get("properties"):
        union: dict[str, Any] = {}
        common: set[str] | None = None
        for alternative in alternatives:
            part = schemas.simplify(alternative, located.doc, MAX_SCHEMA_DEPTH + 1, passed)
            if not part.get("properties"):
                return None
            for key, value in part["properties"].items():
                union.setdefault(key, value)
            wanted = set(part.get("required", []))
            common = wanted if common is None else common & wanted
        return union, common or set()
    schema = schemas.simplify(node, located.doc, MAX_SCHEMA_DEPTH + 1, passed)
    if not schema.get("properties"):
        return None
    return schema["properties"], set(schema.get("required", []))
