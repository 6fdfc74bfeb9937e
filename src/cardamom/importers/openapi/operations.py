"""One operation of the document as one tool: its path, arguments, body and where each goes."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from cardamom.core.orgdef import ArgumentLocation, AuthSpec, ToolDef, path_parameters
from cardamom.core.outbound import RESERVED_HEADERS
from cardamom.importers.openapi.bodies import body_object, is_empty_object, media_rank, request_body
from cardamom.importers.openapi.endpoint import absolute_url, server_url
from cardamom.importers.openapi.notes import OperationNote, Skip
from cardamom.importers.openapi.refs import RefError, Refs, ResolveFile
from cardamom.importers.openapi.schemas import MAX_SCHEMA_DEPTH, Schemas
from cardamom.importers.openapi.text import clean_text, clip, describe_operation, placed_description

MAX_ARGUMENT_DESCRIPTION = 240
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace", "query")
SUPPORTED_METHODS = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"})
_PATH_PARAM_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")


@dataclass(slots=True)
class Argument:
    name: str
    schema: dict[str, Any]
    where: ArgumentLocation
    required: bool


@dataclass(slots=True)
class Operation:
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


class Converter:
    """Converts the operations of one document; collects what it skips and what it warns about."""

    def __init__(
        self, document: Mapping[str, Any], *, document_path: str, resolve_file: ResolveFile | None, auth: AuthSpec
    ) -> None:
        self.document = document
        self.root = document_path
        self.refs = Refs(document, document_path, resolve_file)
        self.swagger2 = str(document.get("swagger", "")).startswith("2")
        self.auth = auth
        self.warnings: list[OperationNote] = []

    def operations(self) -> Iterator[Operation | OperationNote]:
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
                yield Operation(method.upper(), str(path_key), node, op.doc, item_parameters, item_doc, servers)

    # -- one operation

    def convert(self, op: Operation, name: str, connector_base: str, spec_base: str | None) -> ToolDef:
        if op.method not in SUPPORTED_METHODS:
            raise Skip("method", f"the gateway does not call {op.method}")
        path = self._path(op, connector_base, spec_base)
        schemas = Schemas(self.refs)
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
                op.node.get("summary"),
                op.node.get("description"),
                deprecated=op.node.get("deprecated") is True,
                unsaid=placed_description(self._title(), op.path_key),
            ),
            method=op.method,
            path=path,
            target=template[-1] if template else None,
            input_schema=schema,
            arguments_in={a.name: a.where for a in arguments if a.where not in ("path", default)},
            body_encoding="form" if self._form_body(op, params) else "json",
        )

    def _title(self) -> Any:
        """The API's title (``info.title``), which tells a bare operation's product."""
        info = self.document.get("info")
        return info.get("title") if isinstance(info, Mapping) else None

    def _form_body(self, op: Operation, params: list[tuple[Mapping[str, Any], str]]) -> bool:
        """Whether the operation's body is sent urlencoded (Stripe, Twilio, Slack's form methods)."""
        body = request_body(self.refs, self.document, op.node, op.doc, params)
        return body is not None and media_rank(body.media) == 2

    def _warn(self, op: Operation, kind: str, message: str) -> None:
        self.warnings.append(OperationNote(op.operation_id, op.method, op.path_key, message, kind))

    def _path(self, op: Operation, connector_base: str, spec_base: str | None) -> str:
        """The path template under the connector's base URL."""
        path = op.path_key.split("#", 1)[0].strip()  # Box writes '/oauth2/token#refresh' to tell operations apart
        if not path.startswith("/"):
            path = "/" + path
        if op.servers:
            served = absolute_url(server_url(op.servers))
            reference = spec_base or connector_base
            if served is None:
                raise Skip("server", "the operation's own server URL is not an absolute http(s) URL")
            if served != reference:
                ours, theirs = urlsplit(reference), urlsplit(served)
                prefix, base_path = theirs.path.rstrip("/"), ours.path.rstrip("/")
                if (theirs.scheme, theirs.netloc) != (ours.scheme, ours.netloc) or not prefix.startswith(base_path):
                    raise Skip("server", f"the operation is served from {served}, outside the connector's base URL")
                path = prefix[len(base_path) :] + path
        if "?" in path:
            raise Skip("path", "the path carries a query string")
        if "//" in path or any(part in (".", "..") for part in path.split("/")):
            raise Skip("path", "the path has an empty, '.' or '..' segment")
        return path

    def _parameter_list(self, op: Operation) -> list[tuple[Mapping[str, Any], str]]:
        """Path-item then operation parameters (resolved), the operation's winning on (name, in)."""
        own = op.node.get("parameters")
        listed = [(p, op.item_doc) for p in op.item_parameters]
        listed += [(p, op.doc) for p in own] if isinstance(own, list) else []
        merged: dict[tuple[str, str], tuple[Mapping[str, Any], str]] = {}
        for raw, doc in listed:
            try:
                located, _ = self.refs.deref(raw, doc)
            except RefError as exc:
                raise Skip("ref", f"parameter: {exc}") from None
            param = located.node
            if isinstance(param, Mapping) and isinstance(param.get("name"), str | int):
                merged[(str(param["name"]), str(param.get("in", "")))] = (param, located.doc)
        return list(merged.values())

    def _parameter_schema(self, param: Mapping[str, Any], doc: str, schemas: Schemas) -> dict[str, Any]:
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
        self, op: Operation, params: list[tuple[Mapping[str, Any], str]], schemas: Schemas
    ) -> list[Argument]:
        """Path, query and header parameters, in that order; the first of a name wins."""
        places = {"path": 0, "query": 1, "header": 2}
        arguments: list[Argument] = []
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
            arguments.append(Argument(name, schema, where, required))  # type: ignore[arg-type]
        return arguments

    def _body(
        self, op: Operation, params: list[tuple[Mapping[str, Any], str]], taken: set[str], schemas: Schemas
    ) -> tuple[list[Argument], bool]:
        """The body arguments, and whether the body is a free-form object (any extra argument goes in it)."""
        body = request_body(self.refs, self.document, op.node, op.doc, params)
        if body is None:
            return [], False
        rank = media_rank(body.media)
        if rank >= 6:
            if body.required:
                raise Skip("raw-body", f"the request body is {body.media}; the gateway sends JSON bodies only")
            self._warn(op, "raw-body", f"optional {body.media} request body left out: the gateway sends JSON only")
            return [], False
        try:
            located, passed = self.refs.deref(body.schema.node, body.schema.doc)
        except RefError as exc:
            raise Skip("ref", f"request body: {exc}") from None
        node = located.node if isinstance(located.node, Mapping) else {}
        if is_empty_object(node):
            return [], False  # Stripe's GET and DELETE declare an empty form: nothing to send
        if rank == 3:
            self._warn(op, "form-body", f"the request body is {body.media}; the gateway sends it as JSON")
        flat = body_object(located, passed, schemas)
        if flat is None:
            schema = schemas.simplify(node, located.doc, MAX_SCHEMA_DEPTH, passed)
            if schema.get("type") == "object" and op.method not in ("GET", "HEAD", "DELETE"):
                return [], True  # an object without named members: any argument is a member
            name = next(n for n in ("body", "request_body", "_body") if n not in taken)
            self._warn(op, "wrapped-body", f"the request body is not an object: it goes as {{{name!r}: ...}}")
            return [Argument(name, schema, "body", body.required)], False
        properties, wanted = flat
        arguments = []
        for prop, schema in properties.items():
            if prop in taken:
                self._warn(op, "shadowed", f"body property {prop!r} dropped: a parameter has the same name")
                continue
            arguments.append(Argument(prop, schema, "body", body.required and prop in wanted))
        return arguments, False

    def _path_arguments(self, op: Operation, path: str, arguments: list[Argument]) -> tuple[str, list[Argument]]:
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
        path_arguments: list[Argument] = []
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
            path_arguments.append(Argument(name, schema, "path", True))
        return path, path_arguments + kept
