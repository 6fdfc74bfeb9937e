"""The whole document as a connector: the operations selected, each converted or skipped, the report."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from cardamom.core.orgdef import AuthSpec, ConnectorDef, ToolDef
from cardamom.core.problems import validation_problems
from cardamom.errors import CardamomError
from cardamom.importers.openapi.endpoint import detect_auth, detect_base_url
from cardamom.importers.openapi.names import name_from_method_and_path, name_from_operation_id, unique_name
from cardamom.importers.openapi.notes import OperationNote, Skip
from cardamom.importers.openapi.operations import Converter, Operation
from cardamom.importers.openapi.refs import ResolveFile
from cardamom.importers.openapi.text import clean_text, clip

Progress = Callable[[int, int], None]
"""Called with (operations done, operations selected) while converting."""


class OpenAPIImportError(CardamomError):
    """The document as a whole cannot become a connector (not OpenAPI, no base URL, bad id)."""


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


def _reason(exc: ValidationError) -> str:
    return "; ".join(validation_problems(exc, top_level="tool"))


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
    converter = Converter(document, document_path=document_path, resolve_file=resolve_file, auth=resolved_auth)
    seen = 0
    skipped: list[OperationNote] = []
    selected: list[Operation] = []
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
        except Skip as exc:
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
