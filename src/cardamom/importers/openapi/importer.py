"""Turning an OpenAPI 3.x or Swagger 2.0 document into a connector: one tool per operation.

Pure: the caller hands over the parsed root document and, for specs split over several files,
a ``resolve_file`` callable that returns another parsed file of the same spec folder by its
path relative to that folder. Nothing here reads a file or the network.

Every operation either becomes a :class:`~cardamom.core.orgdef.ToolDef` or is reported as
skipped with a reason; a conversion that only loses precision (a form body the gateway will
send as JSON, a cookie parameter it cannot send) is reported as a warning. The choices are
documented in ``docs/connectors.md``; the main ones:

- **Names** come from the operationId split into lower-case words (camelCase, dashes, dots,
  slashes, ``Controller_method``), else from the method and the path's static segments. A name
  longer than :data:`MAX_TOOL_NAME` characters is shortened (see :func:`shorten_name`); a
  name already taken in the connector gets ``_`` and four hex digits of a digest of the method
  and path.
- **Arguments** are the path, query and header parameters, then the top-level properties of a
  JSON (or form) request body. A parameter wins over a body property of the same name. Path
  parameters go to the path, other arguments to the method's default place (query for
  GET/HEAD/DELETE, body otherwise) unless ``arguments_in`` says otherwise. A body that is not
  an object becomes one ``body`` argument.
- **Schemas** keep what validates arguments and helps a model (type, enum, items, properties,
  required, bounds, format, default, short descriptions) and are cut at
  :data:`MAX_SCHEMA_DEPTH` levels below an argument and :data:`SCHEMA_NODE_BUDGET` nodes per
  tool; recursive ``$ref``\\ s are cut to an unconstrained schema.
"""

from __future__ import annotations

import hashlib
import html
import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from pydantic import ValidationError

from cardamom.core.orgdef import ArgumentLocation, AuthSpec, ConnectorDef, ToolDef, path_parameters
from cardamom.core.outbound import RESERVED_HEADERS
from cardamom.errors import CardamomError

ResolveFile = Callable[[str], Any]
"""Returns the parsed document at a path relative to the spec folder (``posix`` separators)."""

Progress = Callable[[int, int], None]
"""Called with (operations done, operations selected) while converting."""

MAX_TOOL_NAME = 40
"""Tool names are kept this short so that ``{account}__{tool}`` fits the 64-character limit."""
MAX_DESCRIPTION = 600
MAX_ARGUMENT_DESCRIPTION = 240
MAX_NESTED_DESCRIPTION = 120
MAX_SCHEMA_DEPTH = 2
"""Levels of nesting kept below an argument (an argument's properties are level 1)."""
SCHEMA_NODE_BUDGET = 120
"""Schema nodes kept below the arguments of one tool; past it, nested schemas are cut to their type."""
MAX_NESTED_PROPERTIES = 40
MAX_ALTERNATIVES = 6
MAX_ENUM = 100

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace", "query")
SUPPORTED_METHODS = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"})
_PATH_PARAM_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
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
_BINARY_MEDIA = re.compile(r"^(application/(octet-stream|pdf|zip|gzip)|image/|audio/|video/)")


class OpenAPIImportError(CardamomError):
    """The document as a whole cannot become a connector (not OpenAPI, no base URL, bad id)."""


@dataclass(frozen=True, slots=True)
class OperationNote:
    """One operation that was skipped, or converted with a loss; ``message`` says why."""

    operation_id: str | None
    method: str
    path: str
    message: str
    kind: str = ""
    """A short code for grouping: method, server, path, ref, raw-body, invalid (skips); form-body,
    wrapped-body, shadowed, cookie, parameter, reserved-expansion (warnings)."""

    def __str__(self) -> str:
        name = f" ({self.operation_id})" if self.operation_id else ""
        return f"{self.method} {self.path}{name}: {self.message}"


@dataclass(frozen=True, slots=True)
class Filters:
    """Which operations to import: each non-empty set must match (tags and ids: any of them)."""

    tags: frozenset[str] = frozenset()
    operation_ids: frozenset[str] = frozenset()
    methods: frozenset[str] = frozenset()

    @classmethod
    def of(cls, tags: Iterable[str] = (), operation_ids: Iterable[str] = (), methods: Iterable[str] = ()) -> Filters:
        return cls(
            frozenset(t.casefold() for t in tags), frozenset(operation_ids), frozenset(m.upper() for m in methods)
        )

    @property
    def active(self) -> bool:
        return bool(self.tags or self.operation_ids or self.methods)

    def admits(self, method: str, operation_id: str | None, tags: Sequence[str]) -> bool:
        if self.methods and method not in self.methods:
            return False
        if self.operation_ids and operation_id not in self.operation_ids:
            return False
        return not self.tags or any(t.casefold() in self.tags for t in tags)


@dataclass(frozen=True, slots=True)
class ImportResult:
    connector: ConnectorDef
    operations_seen: int
    operations_selected: int
    skipped: list[OperationNote]
    warnings: list[OperationNote]
    # tool name -> (operationId or None, method, path as written in the spec)
    sources: dict[str, tuple[str | None, str, str]] = field(default_factory=dict)
    unmatched_filters: list[str] = field(default_factory=list)

    @property
    def tools_made(self) -> int:
        return len(self.connector.tools)


# ---- $ref resolution -----------------------------------------------------------------------------


class RefError(Exception):
    """A ``$ref`` that cannot be followed."""


@dataclass(frozen=True, slots=True)
class _Located:
    node: Any
    doc: str  # the path of the document holding the node ("" for the root document's folder name)


class _Refs:
    """Follows local and same-folder ``$ref``\\ s; loads each file once."""

    def __init__(self, root: Any, root_path: str, resolve_file: ResolveFile | None) -> None:
        self._docs: dict[str, Any] = {root_path: root}
        self._failed: dict[str, str] = {}
        self._resolve_file = resolve_file

    def _document(self, path: str) -> Any:
        if path in self._docs:
            return self._docs[path]
        if path in self._failed:
            raise RefError(self._failed[path])
        if self._resolve_file is None:
            message = f"{path}: references to other files need a spec folder"
        else:
            try:
                self._docs[path] = self._resolve_file(path)
                return self._docs[path]
            except Exception as exc:  # any loader failure is this one reference's problem
                message = f"{path}: cannot be read ({type(exc).__name__}: {exc})"
        self._failed[path] = message
        raise RefError(message)

    def target(self, ref: str, doc: str) -> tuple[str, str]:
        """The (document, JSON pointer) a reference written in ``doc`` points at."""
        file_part, _, pointer = ref.partition("#")
        if not file_part:
            return doc, pointer
        if "://" in file_part or file_part.startswith("//"):
            raise RefError(f"remote reference {ref!r} is not fetched")
        path = posixpath.normpath(posixpath.join(posixpath.dirname(doc), unquote(file_part)))
        if path.startswith("../") or path == ".." or path.startswith("/"):
            raise RefError(f"reference {ref!r} leaves the spec folder")
        return path, pointer

    def lookup(self, doc: str, pointer: str) -> Any:
        node = self._document(doc)
        if pointer in ("", "/"):
            return node
        if not pointer.startswith("/"):
            raise RefError(f"{doc}#{pointer}: only JSON-pointer fragments are supported")
        for raw in pointer[1:].split("/"):
            part = unquote(raw).replace("~1", "/").replace("~0", "~")
            if isinstance(node, Mapping) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise RefError(f"{doc}#{pointer} does not exist")
        return node

    def deref(self, node: Any, doc: str) -> tuple[_Located, tuple[str, ...]]:
        """Follow ``$ref`` chains; returns the final node and the references passed through."""
        passed: list[str] = []
        while isinstance(node, Mapping) and isinstance(node.get("$ref"), str):
            target_doc, pointer = self.target(node["$ref"], doc)
            key = f"{target_doc}#{pointer}"
            if key in passed:
                raise RefError(f"reference cycle through {key}")
            passed.append(key)
            siblings = {k: v for k, v in node.items() if k != "$ref"}
            node, doc = self.lookup(target_doc, pointer), target_doc
            if siblings and isinstance(node, Mapping):
                # OpenAPI 3.1 lets a reference carry its own summary/description.
                node = {**node, **{k: v for k, v in siblings.items() if k in ("summary", "description")}}
        return _Located(node, doc), tuple(passed)


# ---- text ---------------------------------------------------------------------------------------

_FENCED = re.compile(r"```.*?(```|$)", re.S)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_REF_LINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_ADMONITION = re.compile(r"\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]", re.I)
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s*", re.M)
_QUOTE = re.compile(r"^\s*>\s?", re.M)
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+", re.M)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}.*$", re.M)
_EMPHASIS = re.compile(r"(\*\*|__|~~)")
_SINGLE_EMPHASIS = re.compile(r"(?<![\w*])[*_]([^*_\n]+)[*_](?![\w*])")
_SPACE = re.compile(r"\s+")


def clean_text(text: Any) -> str:
    """Markdown and HTML reduced to plain text on one line."""
    if not isinstance(text, str) or not text:
        return ""
    out = _FENCED.sub(" ", text)
    out = _IMAGE.sub("", out)
    out = _LINK.sub(r"\1", out)
    out = _REF_LINK.sub(r"\1", out)
    out = _ADMONITION.sub(r"\1:", out)
    out = _TAG.sub(" ", out)
    out = html.unescape(out)
    out = _TABLE_RULE.sub(" ", out)
    out = _HEADING.sub("", out)
    out = _QUOTE.sub("", out)
    out = _BULLET.sub("", out)
    out = _EMPHASIS.sub("", out)
    out = _SINGLE_EMPHASIS.sub(r"\1", out)
    out = out.replace("`", "").replace("|", " ")
    return _SPACE.sub(" ", out).strip()


def clip(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters, marked with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-") + "…"


def describe_operation(summary: Any, description: Any, *, deprecated: bool = False) -> str:
    head, body = clean_text(summary), clean_text(description)
    if head and body and not body.casefold().startswith(head.rstrip(".").casefold()):
        text = f"{head}{'' if head.endswith(('.', '!', '?', '…')) else '.'} {body}"
    else:
        text = body or head
    if deprecated:
        text = f"Deprecated. {text}".strip()
    return clip(text, MAX_DESCRIPTION)


# ---- names --------------------------------------------------------------------------------------

_CONTROLLER = re.compile(r"^[A-Za-z0-9]*Controller_(?:(?:v?\d+_)+)?(.+)$")
_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+")
_VERSION_SEGMENT = re.compile(r"^(v\d+(\.\d+)*|\d+(\.\d+)+|api)$", re.I)
_ABBREVIATIONS = {
    "organization": "org",
    "organizations": "orgs",
    "repository": "repo",
    "repositories": "repos",
    "configuration": "config",
    "configurations": "configs",
    "information": "info",
    "application": "app",
    "applications": "apps",
    "environment": "env",
    "environments": "envs",
    "authentication": "auth",
    "administrator": "admin",
    "administrators": "admins",
    "permission": "perm",
    "permissions": "perms",
    "parameter": "param",
    "parameters": "params",
    "attribute": "attr",
    "attributes": "attrs",
    "statistics": "stats",
    "specification": "spec",
    "identifier": "id",
    "description": "desc",
}
_VERBS = frozenset(
    [
        "get",
        "list",
        "create",
        "update",
        "delete",
        "remove",
        "add",
        "set",
        "post",
        "put",
        "patch",
        "fetch",
        "retrieve",
        "search",
        "find",
        "query",
        "replace",
        "upsert",
        "cancel",
        "send",
        "check",
        "enable",
        "disable",
        "start",
        "stop",
        "run",
        "move",
        "copy",
        "download",
        "upload",
        "revoke",
        "approve",
        "archive",
    ]
)
_FILLER = frozenset({"a", "an", "the", "for", "of", "to", "by", "with", "in", "on", "from", "given", "specified"})


def words(text: str) -> list[str]:
    """Lower-case ASCII words of an identifier in any common style."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return [w.lower() for chunk in re.split(r"[^A-Za-z0-9]+", ascii_text) for w in _WORD.findall(chunk)]


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def shorten_name(tokens: list[str], limit: int = MAX_TOOL_NAME) -> str:
    """Join words with ``_``; past ``limit`` characters, shorten in this order until it fits.

    1. abbreviate long common words (organization -> org, repository -> repo, ...);
    2. drop filler words (a, the, for, of, by, ...), never the first word;
    3. drop a word that repeats an earlier one (``transfers ... transfer``);
    4. drop words from the left, keeping the first word, the first verb (get, list, create, ...)
       and the last word: ``post_test_helpers_treasury_transfers_fail`` loses ``test``, then
       ``helpers``; ``gmail_users_settings_filters_create`` loses ``users``, then ``settings``;
    5. cut at ``limit`` characters.
    """

    def fits(ts: list[str]) -> bool:
        return len("_".join(ts)) <= limit

    if fits(tokens):
        return "_".join(tokens)
    tokens = [_ABBREVIATIONS.get(t, t) for t in tokens]
    if not fits(tokens):
        tokens = tokens[:1] + [t for t in tokens[1:] if t not in _FILLER]
    if not fits(tokens):
        seen: set[str] = set()
        unique = []
        for t in tokens:
            if _stem(t) not in seen:
                unique.append(t)
            seen.add(_stem(t))
        tokens = unique
    verb = next((i for i, t in enumerate(tokens) if t in _VERBS), 0)
    while not fits(tokens):
        droppable = [i for i in range(1, len(tokens) - 1) if i != verb]
        if not droppable:
            break
        del tokens[droppable[0]]
        if droppable[0] < verb:
            verb -= 1
    return "_".join(tokens)[:limit].rstrip("_")


def name_from_operation_id(operation_id: str) -> str:
    """``issues/list-for-repo`` -> ``issues_list_for_repo``; ``getHTTPThing`` -> ``get_http_thing``."""
    text = operation_id.strip()
    controller = _CONTROLLER.match(text)
    if controller:
        text = controller.group(1)
    return shorten_name(words(text))


def name_from_method_and_path(method: str, path: str) -> str:
    """``GET /v2/users/{id}/posts`` -> ``list_users_posts``; ``GET /users/{id}`` -> ``get_users``."""
    segments = [s for s in path.split("/") if s]
    static = [s for s in segments if not s.startswith("{") and not _VERSION_SEGMENT.match(s)]
    ends_in_param = bool(segments) and segments[-1].startswith("{")
    verb = {
        "GET": "get" if ends_in_param or not static else "list",
        "POST": "create",
        "PUT": "update",
        "PATCH": "update",
        "DELETE": "delete",
        "HEAD": "check",
    }.get(method, method.lower())
    return shorten_name([verb, *(w for s in static for w in words(s))])


def _digest(text: str, length: int = 4) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def unique_name(base: str, taken: set[str], key: str) -> str:
    """``base`` if free, else ``base`` (cut to fit) + ``_`` + a digest of ``key`` (method and path)."""
    if base not in taken:
        return base
    for length in (4, 6, 8, 12):
        suffix = "_" + _digest(key, length)
        candidate = base[: MAX_TOOL_NAME - len(suffix)].rstrip("_") + suffix
        if candidate not in taken:
            return candidate
    n = 2
    while f"{base[: MAX_TOOL_NAME - 4]}_{n}" in taken:
        n += 1
    return f"{base[: MAX_TOOL_NAME - 4]}_{n}"


# ---- schemas ------------------------------------------------------------------------------------


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


class _Schemas:
    """Simplifies schemas for one tool, within a node budget."""

    def __init__(self, refs: _Refs) -> None:
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


# ---- operations ---------------------------------------------------------------------------------


class _Skip(Exception):
    """This operation cannot become a tool."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(slots=True)
class _Argument:
    name: str
    schema: dict[str, Any]
    where: ArgumentLocation
    required: bool


@dataclass(slots=True)
class _Operation:
    method: str
    path_key: str  # as written in the spec
    node: Mapping[str, Any]
    doc: str
    item_parameters: list[Any]
    item_doc: str
    servers: Any

    @property
    def operation_id(self) -> str | None:
        value = self.node.get("operationId")
        return str(value).strip() if isinstance(value, str | int) and str(value).strip() else None

    @property
    def tags(self) -> list[str]:
        tags = self.node.get("tags")
        return [str(t) for t in tags] if isinstance(tags, list) else []


@dataclass(slots=True)
class _Body:
    schema: _Located
    media: str
    required: bool


def _media_rank(media: str) -> int:
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


def _server_url(servers: Any) -> str | None:
    if not isinstance(servers, list) or not servers or not isinstance(servers[0], Mapping):
        return None
    server = servers[0]
    url = server.get("url")
    if not isinstance(url, str):
        return None
    variables = server.get("variables")

    def substitute(match: re.Match[str]) -> str:
        spec = variables.get(match.group(1)) if isinstance(variables, Mapping) else None
        if isinstance(spec, Mapping):
            if spec.get("default") is not None:
                return str(spec["default"])
            if isinstance(spec.get("enum"), list) and spec["enum"]:
                return str(spec["enum"][0])
        return match.group(0)

    return re.sub(r"\{([^{}]+)\}", substitute, url).strip()


def _absolute(url: str | None) -> str | None:
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") and parts.hostname and "{" not in url:
        return url.rstrip("/")
    return None


_CREDENTIAL_NAMES = frozenset(
    {"token", "access_token", "oauth_token", "auth_token", "api_key", "apikey", "private_token"}
)


def _is_credential(name: str, param: Mapping[str, Any]) -> bool:
    """A parameter that carries the caller's credential (left out when the connector authenticates)."""
    normal = name.casefold().replace("-", "_")
    if normal in _CREDENTIAL_NAMES:
        return True
    return normal == "key" and "api key" in str(param.get("description", "")).casefold()


def _valid_path_name(raw: str) -> str:
    """A path parameter name the org file accepts (``[A-Za-z_][A-Za-z0-9_.-]*``)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", raw).strip("_") or "param"
    return name if re.match(r"[A-Za-z_]", name) else f"p_{name}"


class _Converter:
    """Converts the operations of one document; collects what it skips and what it warns about."""

    def __init__(
        self, document: Mapping[str, Any], *, document_path: str, resolve_file: ResolveFile | None, auth: AuthSpec
    ) -> None:
        self.document = document
        self.root = document_path
        self.refs = _Refs(document, document_path, resolve_file)
        self.swagger2 = str(document.get("swagger", "")).startswith("2")
        self.auth = auth
        self.warnings: list[OperationNote] = []

    def operations(self) -> Iterator[_Operation | OperationNote]:
        """Every operation in document order; one whose ``$ref`` fails comes as a note."""
        paths = self.document.get("paths")
        if not isinstance(paths, Mapping):
            return
        for path_key, raw_item in paths.items():
            try:
                located, _ = self.refs.deref(raw_item, self.root)
            except RefError as exc:
                yield OperationNote(None, "*", str(path_key), f"path item: {exc}", "ref")
                continue
            item, item_doc = located.node, located.doc
            if not isinstance(item, Mapping):
                continue
            listed = item.get("parameters")
            item_parameters: list[Any] = list(listed) if isinstance(listed, list) else []
            for method in item:
                if not isinstance(method, str) or method.lower() not in HTTP_METHODS:
                    continue
                try:
                    op, _ = self.refs.deref(item[method], item_doc)
                except RefError as exc:
                    yield OperationNote(None, method.upper(), str(path_key), str(exc), "ref")
                    continue
                node = op.node if isinstance(op.node, Mapping) else {}
                servers = node.get("servers") or item.get("servers")
                yield _Operation(method.upper(), str(path_key), node, op.doc, item_parameters, item_doc, servers)

    # -- one operation

    def convert(self, op: _Operation, name: str, connector_base: str, spec_base: str | None) -> ToolDef:
        if op.method not in SUPPORTED_METHODS:
            raise _Skip("method", f"the gateway does not call {op.method}")
        path = self._path(op, connector_base, spec_base)
        schemas = _Schemas(self.refs)
        params = self._parameter_list(op)
        arguments = self._parameters(op, params, schemas)
        taken = {a.name for a in arguments} | {raw.lstrip("+").rstrip("*") for raw in path_parameters(path)}
        body, free_form = self._body(op, params, taken, schemas)
        path, arguments = self._path_arguments(op, path, arguments + body)
        default = "query" if op.method in ("GET", "HEAD", "DELETE") else "body"
        schema: dict[str, Any] = {"type": "object", "properties": {a.name: a.schema for a in arguments}}
        required = [a.name for a in arguments if a.required]
        if required:
            schema["required"] = required
        if free_form:
            schema["additionalProperties"] = True
        template = path_parameters(path)
        return ToolDef(
            name=name,
            description=describe_operation(
                op.node.get("summary"), op.node.get("description"), deprecated=op.node.get("deprecated") is True
            ),
            method=op.method,
            path=path,
            target=template[-1] if template else None,
            input_schema=schema,
            arguments_in={a.name: a.where for a in arguments if a.where not in ("path", default)},
            body_encoding="form" if self._form_body(op, params) else "json",
        )

    def _form_body(self, op: _Operation, params: list[tuple[Mapping[str, Any], str]]) -> bool:
        """Whether the operation's body is sent urlencoded (Stripe, Twilio, Slack's form methods)."""
        body = self._request_body(op, params)
        return body is not None and _media_rank(body.media) == 2

    def _warn(self, op: _Operation, kind: str, message: str) -> None:
        self.warnings.append(OperationNote(op.operation_id, op.method, op.path_key, message, kind))

    def _path(self, op: _Operation, connector_base: str, spec_base: str | None) -> str:
        """The path template under the connector's base URL."""
        path = op.path_key.split("#", 1)[0].strip()  # Box writes '/oauth2/token#refresh' to tell operations apart
        if not path.startswith("/"):
            path = "/" + path
        if op.servers:
            served = _absolute(_server_url(op.servers))
            reference = spec_base or connector_base
            if served is None:
                raise _Skip("server", "the operation's own server URL is not an absolute http(s) URL")
            if served != reference:
                ours, theirs = urlsplit(reference), urlsplit(served)
                prefix, base_path = theirs.path.rstrip("/"), ours.path.rstrip("/")
                if (theirs.scheme, theirs.netloc) != (ours.scheme, ours.netloc) or not prefix.startswith(base_path):
                    raise _Skip("server", f"the operation is served from {served}, outside the connector's base URL")
                path = prefix[len(base_path) :] + path
        if "?" in path:
            raise _Skip("path", "the path carries a query string")
        if "//" in path or any(part in (".", "..") for part in path.split("/")):
            raise _Skip("path", "the path has an empty, '.' or '..' segment")
        return path

    def _parameter_list(self, op: _Operation) -> list[tuple[Mapping[str, Any], str]]:
        """Path-item then operation parameters (resolved), the operation's winning on (name, in)."""
        own = op.node.get("parameters")
        listed = [(p, op.item_doc) for p in op.item_parameters]
        listed += [(p, op.doc) for p in own] if isinstance(own, list) else []
        merged: dict[tuple[str, str], tuple[Mapping[str, Any], str]] = {}
        for raw, doc in listed:
            try:
                located, _ = self.refs.deref(raw, doc)
            except RefError as exc:
                raise _Skip("ref", f"parameter: {exc}") from None
            param = located.node
            if isinstance(param, Mapping) and isinstance(param.get("name"), str | int):
                merged[(str(param["name"]), str(param.get("in", "")))] = (param, located.doc)
        return list(merged.values())

    def _parameter_schema(self, param: Mapping[str, Any], doc: str, schemas: _Schemas) -> dict[str, Any]:
        source: Any
        if "schema" in param:
            source = param["schema"]
        elif isinstance(param.get("content"), Mapping) and param["content"]:
            media = next(iter(param["content"].values()))
            source = media.get("schema", {}) if isinstance(media, Mapping) else {}
        else:  # Swagger 2 keeps type, items, enum... on the parameter itself
            source = {k: v for k, v in param.items() if k not in ("name", "in", "required", "description")}
        schema = schemas.simplify(source, doc, MAX_SCHEMA_DEPTH, described=False)
        text = clip(clean_text(param.get("description")), MAX_ARGUMENT_DESCRIPTION)
        return {"description": text, **schema} if text else schema

    def _parameters(
        self, op: _Operation, params: list[tuple[Mapping[str, Any], str]], schemas: _Schemas
    ) -> list[_Argument]:
        """Path, query and header parameters, in that order; the first of a name wins."""
        places = {"path": 0, "query": 1, "header": 2}
        arguments: list[_Argument] = []
        for param, doc in sorted(params, key=lambda pd: places.get(str(pd[0].get("in")), 3)):
            name, where = str(param["name"]), str(param.get("in", ""))
            if where in ("body", "formData"):
                continue  # Swagger 2 bodies: see _request_body
            if where == "cookie":
                self._warn(op, "cookie", f"cookie parameter {name!r} dropped: the gateway sends no cookies")
                continue
            if where == "header" and name.casefold() in {*RESERVED_HEADERS, (self.auth.header or "").casefold()}:
                continue  # the gateway sets these itself (credentials, content type)
            if where == "query" and self.auth.query_param and name == self.auth.query_param:
                continue  # the credential goes there
            if where in ("query", "header") and self.auth.type != "none" and _is_credential(name, param):
                continue  # Slack's 'token', Google's 'access_token': the connection's credential covers it
            if where not in places:
                self._warn(op, "parameter", f"parameter {name!r} in {where!r} dropped")
                continue
            if any(a.name == name for a in arguments):
                self._warn(op, "shadowed", f"{where} parameter {name!r} dropped: another parameter has that name")
                continue
            required = param.get("required") is True or where == "path"
            schema = self._parameter_schema(param, doc, schemas)
            arguments.append(_Argument(name, schema, where, required))  # type: ignore[arg-type]
        return arguments

    def _body(
        self, op: _Operation, params: list[tuple[Mapping[str, Any], str]], taken: set[str], schemas: _Schemas
    ) -> tuple[list[_Argument], bool]:
        """The body arguments, and whether the body is a free-form object (any extra argument goes in it)."""
        body = self._request_body(op, params)
        if body is None:
            return [], False
        rank = _media_rank(body.media)
        if rank >= 6:
            if body.required:
                raise _Skip("raw-body", f"the request body is {body.media}; the gateway sends JSON bodies only")
            self._warn(op, "raw-body", f"optional {body.media} request body left out: the gateway sends JSON only")
            return [], False
        try:
            located, passed = self.refs.deref(body.schema.node, body.schema.doc)
        except RefError as exc:
            raise _Skip("ref", f"request body: {exc}") from None
        node = located.node if isinstance(located.node, Mapping) else {}
        if self._is_empty_object(node):
            return [], False  # Stripe's GET and DELETE declare an empty form: nothing to send
        if rank == 3:
            self._warn(op, "form-body", f"the request body is {body.media}; the gateway sends it as JSON")
        flat = self._body_object(located, passed, schemas)
        if flat is None:
            schema = schemas.simplify(node, located.doc, MAX_SCHEMA_DEPTH, passed)
            if schema.get("type") == "object" and op.method not in ("GET", "HEAD", "DELETE"):
                return [], True  # an object without named members: any argument is a member
            name = next(n for n in ("body", "request_body", "_body") if n not in taken)
            self._warn(op, "wrapped-body", f"the request body is not an object: it goes as {{{name!r}: ...}}")
            return [_Argument(name, schema, "body", body.required)], False
        properties, wanted = flat
        arguments = []
        for prop, schema in properties.items():
            if prop in taken:
                self._warn(op, "shadowed", f"body property {prop!r} dropped: a parameter has the same name")
                continue
            arguments.append(_Argument(prop, schema, "body", body.required and prop in wanted))
        return arguments, False

    @staticmethod
    def _is_empty_object(node: Mapping[str, Any]) -> bool:
        composed = any(node.get(k) for k in ("allOf", "anyOf", "oneOf"))
        return node.get("additionalProperties") is False and not node.get("properties") and not composed

    def _request_body(self, op: _Operation, params: list[tuple[Mapping[str, Any], str]]) -> _Body | None:
        """The body's schema, its media type and whether it is required.

        A body whose required-ness the spec leaves open is taken as required, so the required
        properties of its schema stay required; ``required: false`` makes every property optional.
        """
        if "requestBody" not in op.node:
            return self._swagger2_body(op, params)
        try:
            located, _ = self.refs.deref(op.node["requestBody"], op.doc)
        except RefError as exc:
            raise _Skip("ref", f"request body: {exc}") from None
        content = located.node.get("content") if isinstance(located.node, Mapping) else None
        if not isinstance(content, Mapping) or not content:
            return None
        required = located.node.get("required") is not False
        media = min((str(m) for m in content), key=_media_rank)
        entry = content.get(media)
        if isinstance(entry, Mapping) and "schema" in entry:
            return _Body(_Located(entry["schema"], located.doc), media, required)
        return _Body(_Located({"type": "string"}, located.doc), media, required)

    def _swagger2_body(self, op: _Operation, params: list[tuple[Mapping[str, Any], str]]) -> _Body | None:
        consumes = op.node.get("consumes") or self.document.get("consumes") or []
        listed = [str(c) for c in consumes] if isinstance(consumes, list) else []
        for param, doc in params:
            if param.get("in") == "body":
                media = min(listed, key=_media_rank) if listed else "application/json"
                return _Body(_Located(param.get("schema", {}), doc), media, param.get("required") is True)
        form = [(p, d) for p, d in params if p.get("in") == "formData"]
        if form:
            forms = [c for c in listed if _media_rank(c) <= 3]
            media = min(forms, key=_media_rank) if forms else "application/x-www-form-urlencoded"
            properties = {
                str(p["name"]): {k: v for k, v in p.items() if k not in ("name", "in", "required")} for p, _ in form
            }
            wanted = [str(p["name"]) for p, _ in form if p.get("required") is True]
            schema = {"type": "object", "properties": properties, "required": wanted}
            return _Body(_Located(schema, form[0][1]), media, True)
        extension = op.node.get("x-requestBody-properties")
        if isinstance(extension, Mapping) and extension:
            # The reduced GitHub copy in shared/ keeps only the body's property names and descriptions.
            properties = {str(k): {"description": v} if isinstance(v, str) else {} for k, v in extension.items()}
            return _Body(_Located({"type": "object", "properties": properties}, op.doc), "application/json", True)
        return None

    @staticmethod
    def _body_object(
        located: _Located, passed: tuple[str, ...], schemas: _Schemas
    ) -> tuple[dict[str, Any], set[str]] | None:
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

    def _path_arguments(self, op: _Operation, path: str, arguments: list[_Argument]) -> tuple[str, list[_Argument]]:
        """One required argument per template parameter, with a valid name, first in the list.

        A template parameter the spec does not declare becomes a string; a declared path parameter
        missing from the template is dropped; ``{+name}`` (RFC 6570 reserved expansion) becomes
        ``{name}``; a name the org file would refuse is rewritten into words (the placeholder is
        renamed with it, so the request is unchanged).
        """
        declared = {a.name: a for a in arguments if a.where == "path"}
        kept = [a for a in arguments if a.where != "path"]
        template = list(dict.fromkeys(path_parameters(path)))
        bare_names = {raw.lstrip("+").rstrip("*") for raw in template}
        for name in declared:
            if name not in bare_names:
                self._warn(op, "parameter", f"path parameter {name!r} is not in the path: dropped")
        path_arguments: list[_Argument] = []
        for raw in template:
            bare = raw.lstrip("+").rstrip("*")
            found = declared.get(bare)
            schema = found.schema if found else {"type": "string"}
            name = bare if _PATH_PARAM_NAME.fullmatch(bare) else _valid_path_name(bare)
            if raw.startswith("+"):
                self._warn(op, "reserved-expansion", f"{{{raw}}} may hold '/', which the gateway percent-encodes")
            while any(a.name == name for a in path_arguments):
                name += "_"
            if any(a.name == name for a in kept):
                self._warn(op, "shadowed", f"argument {name!r} dropped: the path parameter has that name")
                kept = [a for a in kept if a.name != name]
            if name != raw:
                path = path.replace("{" + raw + "}", "{" + name + "}")
            path_arguments.append(_Argument(name, schema, "path", True))
        return path, path_arguments + kept


# ---- auth and base URL --------------------------------------------------------------------------


def detect_auth(document: Mapping[str, Any]) -> AuthSpec:
    """The first security scheme the gateway can use, those the spec requires globally first.

    http bearer, oauth2 and openIdConnect -> bearer; apiKey in a header or the query -> api_key;
    http basic -> basic; anything else (cookies, digest, mutual TLS) or nothing -> none.
    """
    components = document.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, Mapping) else None
    if schemes is None:
        schemes = document.get("securityDefinitions")
    if not isinstance(schemes, Mapping):
        return AuthSpec()
    order: list[str] = []
    security = document.get("security")
    for requirement in security if isinstance(security, list) else []:
        if isinstance(requirement, Mapping):
            order.extend(str(k) for k in requirement)
    order.extend(str(k) for k in schemes)
    for name in dict.fromkeys(order):
        scheme = schemes.get(name)
        if not isinstance(scheme, Mapping):
            continue
        kind = str(scheme.get("type", "")).lower()
        http_scheme = str(scheme.get("scheme", "")).lower()
        if kind in ("oauth2", "openidconnect") or (kind == "http" and http_scheme == "bearer"):
            return AuthSpec(type="bearer")
        if kind == "basic" or (kind == "http" and http_scheme == "basic"):
            return AuthSpec(type="basic")
        if kind == "apikey" and isinstance(scheme.get("name"), str) and scheme["name"]:
            where = str(scheme.get("in", "")).lower()
            if where == "header":
                return AuthSpec(type="api_key", header=scheme["name"])
            if where == "query":
                return AuthSpec(type="api_key", query_param=scheme["name"])
    return AuthSpec()


def detect_base_url(document: Mapping[str, Any]) -> str | None:
    """``servers[0].url`` with its variables at their defaults, or Swagger 2 scheme + host + basePath."""
    if str(document.get("swagger", "")).startswith("2"):
        host = document.get("host")
        if not isinstance(host, str) or not host:
            return None
        schemes = document.get("schemes")
        listed = [str(s) for s in schemes] if isinstance(schemes, list) else []
        scheme = "https" if "https" in listed or not listed else listed[0]
        base_path = document.get("basePath")
        return _absolute(f"{scheme}://{host}{base_path if isinstance(base_path, str) else ''}")
    return _absolute(_server_url(document.get("servers")))


# ---- the whole document -------------------------------------------------------------------------


def _reason(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'tool'}: {e['msg']}" for e in exc.errors())


def import_openapi(
    document: Any,
    *,
    connector_id: str,
    label: str | None = None,
    base_url: str | None = None,
    auth: AuthSpec | None = None,
    filters: Filters | None = None,
    resolve_file: ResolveFile | None = None,
    document_path: str = "openapi.yaml",
    progress: Progress | None = None,
) -> ImportResult:
    """Convert a parsed OpenAPI 3.x or Swagger 2.0 document into a connector.

    ``document_path`` names the root document inside its spec folder: ``$ref``\\ s to other files
    are taken relative to it and handed to ``resolve_file``. ``label`` defaults to the document's
    title; ``base_url`` and ``auth`` override what the document says. Raises
    :class:`OpenAPIImportError` only for problems of the document as a whole; each operation that
    cannot be converted is in ``ImportResult.skipped`` and the conversion goes on.
    """
    if not isinstance(document, Mapping) or not (
        str(document.get("openapi", "")).startswith("3") or str(document.get("swagger", "")).startswith("2")
    ):
        raise OpenAPIImportError("not an OpenAPI 3.x or Swagger 2.0 document (no 'openapi: 3...' or 'swagger: 2.0')")
    filters = filters or Filters()
    spec_base = detect_base_url(document)
    connector_base = (base_url or "").rstrip("/") or spec_base
    if connector_base is None:
        raise OpenAPIImportError("the document names no absolute server URL: give a base URL")
    info = document.get("info")
    title = clean_text(info.get("title")) if isinstance(info, Mapping) else ""
    resolved_auth = auth or detect_auth(document)
    converter = _Converter(document, document_path=document_path, resolve_file=resolve_file, auth=resolved_auth)
    seen = 0
    skipped: list[OperationNote] = []
    selected: list[_Operation] = []
    for entry in converter.operations():
        seen += 1
        if isinstance(entry, OperationNote):
            if not filters.active:
                skipped.append(entry)  # with filters on, an unreadable operation cannot be matched
        elif filters.admits(entry.method, entry.operation_id, entry.tags):
            selected.append(entry)
    tools: list[ToolDef] = []
    sources: dict[str, tuple[str | None, str, str]] = {}
    taken: set[str] = set()
    for done, op in enumerate(selected, 1):
        base = name_from_operation_id(op.operation_id) if op.operation_id else ""
        base = base or name_from_method_and_path(op.method, op.path_key.split("#", 1)[0]) or "operation"
        name = unique_name(base, taken, f"{op.method} {op.path_key}")
        try:
            tool = converter.convert(op, name, connector_base, spec_base if base_url else None)
        except _Skip as exc:
            skipped.append(OperationNote(op.operation_id, op.method, op.path_key, str(exc), exc.kind))
        except ValidationError as exc:  # a safety net: the converter should never build an invalid tool
            skipped.append(OperationNote(op.operation_id, op.method, op.path_key, _reason(exc), "invalid"))
        else:
            tools.append(tool)
            taken.add(name)
            sources[name] = (op.operation_id, op.method, op.path_key)
        if progress is not None:
            progress(done, len(selected))
    try:
        connector = ConnectorDef(
            id=connector_id,
            label=label or clip(title, 80) or connector_id,
            base_url=connector_base,
            auth=resolved_auth,
            tools=tools,
        )
    except ValidationError as exc:
        raise OpenAPIImportError(f"the connector is not valid: {_reason(exc)}") from None
    matched = {op.operation_id for op in selected}
    return ImportResult(
        connector=connector,
        operations_seen=seen,
        operations_selected=len(tools) + len(skipped),
        skipped=skipped,
        warnings=converter.warnings,
        sources=sources,
        unmatched_filters=sorted(filters.operation_ids - matched),
    )
