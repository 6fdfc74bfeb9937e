"""``cardamom connectors import SPEC``: an OpenAPI document as a connector YAML.

cardamom connectors import SPEC --id ID --label LABEL [--base-url URL] [--auth TYPE]
                                [--tag T]... [--operation ID]... [--method M]... [--output FILE]

The connector goes to stdout (or ``--output``) as YAML that an org file can hold in its
``connectors:`` list or include with ``{file: PATH}``; the summary, each skipped operation and
each warning go to stderr. Reading files happens here; the conversion is ``importer.import_openapi``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

import yaml

from cardamom.core.orgdef import AuthSpec, ConnectorDef
from cardamom.importers.openapi.importer import Filters, ImportResult, OpenAPIImportError, import_openapi
from cardamom.importers.openapi.notes import OperationNote

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
AUTH_TYPES = ("none", "bearer", "api_key", "basic")


def parse_document(text: str, name: str) -> Any:
    """JSON for ``.json`` files (YAML if that fails), YAML otherwise."""
    if name.endswith(".json"):
        try:
            return json.loads(text)
        except ValueError:
            pass
    return yaml.load(text, Loader=_Loader)


class SpecFolder:
    """Reads the other files of a multi-file spec: only under the root document's folder."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.files_read = 0

    def __call__(self, relative: str) -> Any:
        path = (self.root / relative).resolve()
        if not path.is_relative_to(self.root):
            raise PermissionError(f"{relative} is outside {self.root}")
        self.files_read += 1
        return parse_document(path.read_text(encoding="utf-8"), path.name)


def import_spec_file(
    spec: Path,
    *,
    connector_id: str,
    label: str | None = None,
    base_url: str | None = None,
    auth: AuthSpec | None = None,
    filters: Filters | None = None,
    progress: Any = None,
) -> ImportResult:
    """Read ``spec`` (and the files its ``$ref``\\ s name beside it) and convert it."""
    try:
        text = spec.read_text(encoding="utf-8")
    except OSError as exc:
        raise OpenAPIImportError(f"{spec}: cannot read the file: {exc.strerror}") from None
    try:
        document = parse_document(text, spec.name)
    except yaml.YAMLError as exc:
        raise OpenAPIImportError(f"{spec}: neither JSON nor YAML: {exc}") from None
    return import_openapi(
        document,
        connector_id=connector_id,
        label=label,
        base_url=base_url,
        auth=auth,
        filters=filters,
        resolve_file=SpecFolder(spec.parent),
        document_path=spec.name,
        progress=progress,
    )


def connector_document(connector: ConnectorDef) -> dict[str, Any]:
    """The connector as the org file writes it: defaults left out, keys in the documented order."""
    data = connector.model_dump(mode="json", exclude_none=True)
    data["auth"] = {"type": connector.auth.type, **connector.auth.model_dump(mode="json", exclude_defaults=True)}
    for tool in data["tools"]:
        if not tool.get("arguments_in"):
            tool.pop("arguments_in", None)
    return data


def connector_yaml(connector: ConnectorDef, comment: str = "") -> str:
    header = "".join(f"# {line}\n" for line in comment.splitlines())
    body = yaml.dump(connector_document(connector), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return header + str(body)


class ProgressBar:
    """A one-line bar on a terminal; nothing at all when the stream is not one (logs, pipes, CI)."""

    def __init__(self, stream: TextIO, label: str, width: int = 30) -> None:
        self.stream = stream
        self.label = label
        self.width = width
        self.enabled = bool(getattr(stream, "isatty", lambda: False)())
        self._last = -1
        self._shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        filled = self.width * done // total
        if filled == self._last and done != total:
            return
        self._last = filled
        self._shown = True
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total}")
        self.stream.flush()

    def close(self) -> None:
        if self._shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def parse_auth(value: str) -> AuthSpec:
    """``none``, ``bearer``, ``basic``, ``api_key`` (header X-API-Key), ``api_key:header=NAME``
    or ``api_key:query=NAME``."""
    kind, _, where = value.partition(":")
    if kind not in AUTH_TYPES:
        raise argparse.ArgumentTypeError(f"auth type must be one of {', '.join(AUTH_TYPES)}")
    if not where:
        return AuthSpec(type=kind)
    place, _, name = where.partition("=")
    if kind != "api_key" or place not in ("header", "query") or not name:
        raise argparse.ArgumentTypeError("only api_key takes a place: api_key:header=NAME or api_key:query=NAME")
    return AuthSpec(type="api_key", header=name) if place == "header" else AuthSpec(type="api_key", query_param=name)


def summary_lines(spec: str, result: ImportResult, seconds: float) -> list[str]:
    filtered = result.operations_seen - result.operations_selected
    lines = [
        f"{spec}: {result.operations_seen} operations seen"
        + (f", {filtered} left out by the filters" if filtered else "")
        + f", {result.tools_made} tools made, {len(result.skipped)} skipped, "
        f"{len(result.warnings)} warnings ({seconds:.2f}s)"
    ]
    if result.skipped:
        lines.append("skipped:")
        lines.extend(f"  {note}" for note in result.skipped)
    if result.warnings:
        lines.append("warnings (converted with a loss):")
        by_kind: dict[str, list[OperationNote]] = {}
        for note in result.warnings:
            by_kind.setdefault(note.kind, []).append(note)
        for notes in by_kind.values():
            if len(notes) <= 3:
                lines.extend(f"  {note}" for note in notes)
                continue
            lines.append(f"  {len(notes)} operations, for example:")
            lines.extend(f"    {note}" for note in notes[:3])
    lines.extend(f"no operation has the id {op_id!r}" for op_id in result.unmatched_filters)
    return lines


def _import(args: argparse.Namespace, out: TextIO) -> int:
    err = sys.stderr
    spec = Path(args.spec)
    bar = ProgressBar(err, f"importing {spec.name}")
    started = time.perf_counter()
    try:
        result = import_spec_file(
            spec,
            connector_id=args.id,
            label=args.label,
            base_url=args.base_url,
            auth=args.auth,
            filters=Filters.of(args.tag or (), args.operation or (), args.method or ()),
            progress=bar,
        )
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    comment = (
        f"Imported from {spec.name} by 'cardamom connectors import': {result.tools_made} tools, "
        f"{len(result.skipped)} operations skipped."
    )
    text = connector_yaml(result.connector, comment)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        out.write(text)
    err.write("\n".join(summary_lines(str(spec), result, seconds)) + "\n")
    return 0


def add_connectors_parser(commands: Any) -> None:
    """``connectors import`` under the top-level ``cardamom`` parser's subcommands."""
    connectors = commands.add_parser("connectors", help="connector definitions").add_subparsers(
        dest="connectors_command", required=True
    )
    imp = connectors.add_parser("import", help="turn an OpenAPI 3.x or Swagger 2.0 document into a connector YAML")
    imp.add_argument("spec", help="the OpenAPI document (JSON or YAML); $refs to files beside it are followed")
    imp.add_argument("--id", required=True, help="connector id ([a-z0-9-])")
    imp.add_argument("--label", required=True, help="label shown to models and scored by search")
    imp.add_argument("--base-url", help="instead of the document's first server URL")
    imp.add_argument(
        "--auth", type=parse_auth, help="none | bearer | basic | api_key[:header=NAME|:query=NAME] (default: guessed)"
    )
    imp.add_argument("--tag", action="append", help="only operations with this tag (repeatable)")
    imp.add_argument("--operation", action="append", help="only the operation with this operationId (repeatable)")
    imp.add_argument("--method", action="append", type=str.upper, help="only operations of this method (repeatable)")
    imp.add_argument("--output", "-o", help="write the connector YAML here instead of stdout")
    imp.set_defaults(run=_import)
