"""Reading an org definition from YAML text, with errors that point at the line.

Every problem is reported as ``FILE:LINE PATH: PROBLEM``; all problems of a file are
reported together, and nothing is applied unless there are none.
"""

from __future__ import annotations

import os.path
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from pydantic import ValidationError

from cardamom.core.orgdef import OrgDefinition, Path, cross_reference_problems
from cardamom.core.problems import format_path, problem_message
from cardamom.errors import OrgDefinitionError


def _line_of(root: yaml.Node | None, path: Sequence[str | int]) -> int | None:
    """The 1-based line of the deepest node along ``path`` that the file has."""
    node = root
    if node is None:
        return None
    line = node.start_mark.line + 1
    for part in path:
        child: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    child = value
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            child = node.value[part]
        if child is None:
            break
        node = child
        line = node.start_mark.line + 1
    return line


def _duplicate_keys(node: yaml.Node | None, path: Path = ()) -> list[tuple[int, Path, str]]:
    """YAML silently keeps the last of two equal keys; we refuse the file instead.

    Each problem carries the repeated key's own line, not the first copy's.
    """
    problems: list[tuple[int, Path, str]] = []
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            name = str(key.value)
            if name in seen:
                problems.append(
                    (key.start_mark.line + 1, (*path, name), f"key {name!r} appears twice in the same mapping")
                )
            seen.add(name)
            problems.extend(_duplicate_keys(value, (*path, name)))
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            problems.extend(_duplicate_keys(item, (*path, i)))
    return problems


_FastLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True, slots=True)
class _Included:
    """A connector read from its own file: where its problems point."""

    filename: str
    root: yaml.Node


def _yaml_error(exc: yaml.YAMLError, filename: str) -> tuple[str, str]:
    mark = getattr(exc, "problem_mark", None)
    where = f"{filename}:{mark.line + 1}" if mark is not None else filename
    problem = getattr(exc, "problem", None) or str(exc)
    return where, f"not valid YAML: {problem}"


@dataclass(slots=True)
class _ConnectorFile:
    data: Any = None
    included: _Included | None = None
    # Problems that stop validation: with the entry (a path under it in the org file) or in the file.
    entry_problems: list[tuple[Path, str]] = field(default_factory=list)
    file_problems: list[tuple[str, str]] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)


def _read_connector_file(
    entry: dict[Any, Any], here: Path, filename: str, read_file: Callable[[str], str] | None
) -> _ConnectorFile:
    """The connector a ``{file: PATH}`` entry names, parsed once into data and line-carrying nodes.

    ``here`` is the entry's path in the org file; problems with the entry itself are returned
    with it (as a path still to be located), problems inside the file with the file's name and line.
    """
    if set(entry) != {"file"} or not isinstance(entry["file"], str) or not entry["file"].strip():
        return _ConnectorFile(
            entry_problems=[((), "a connector file entry holds only 'file: PATH', relative to this file")]
        )
    if read_file is None:
        return _ConnectorFile(
            entry_problems=[(("file",), "connector files cannot be read here (no file reader was given)")]
        )
    path = os.path.join(os.path.dirname(filename), entry["file"].strip())
    try:
        text = read_file(path)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return _ConnectorFile(entry_problems=[(("file",), f"cannot read the connector file {path}: {reason}")])
    try:
        loader = _FastLoader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        return _ConnectorFile(file_problems=[_yaml_error(exc, path)])
    if not isinstance(data, dict) or node is None:
        line = node.start_mark.line + 1 if node is not None else 1
        message = "a connector file must hold one connector mapping (id, label, base_url, auth, tools)"
        return _ConnectorFile(file_problems=[(f"{path}:{line}", message)])
    duplicates = [
        (f"{path}:{line} {format_path((*here, *sub))}", message) for line, sub, message in _duplicate_keys(node)
    ]
    return _ConnectorFile(data, _Included(path, node), duplicates=duplicates)


def parse_org_definition(text: str, filename: str, read_file: Callable[[str], str] | None = None) -> OrgDefinition:
    """Parse and validate an org definition; raise :class:`OrgDefinitionError` listing every problem.

    An entry of ``connectors`` may be ``{file: PATH}``: a connector YAML (as ``cardamom connectors
    import`` writes it) at PATH relative to ``filename``, read with ``read_file``. Problems inside it
    are reported with that file's name and line.
    """
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{filename}:{mark.line + 1}" if mark is not None else filename
        problem = getattr(exc, "problem", None) or str(exc)
        raise OrgDefinitionError([(where, f"not valid YAML: {problem}")]) from None

    included: dict[int, _Included] = {}

    def locate(path: Sequence[str | int]) -> str:
        inside = (
            included.get(path[1]) if len(path) > 1 and path[0] == "connectors" and isinstance(path[1], int) else None
        )
        node_root, name, rest = (inside.root, inside.filename, path[2:]) if inside else (root, filename, path)
        line = _line_of(node_root, rest)
        prefix = f"{name}:{line}" if line is not None else name
        return f"{prefix} {format_path(path)}"

    if not isinstance(data, dict):
        where = f"{filename}:{root.start_mark.line + 1}" if root is not None else filename
        raise OrgDefinitionError(
            [(where, "the file must hold a mapping with org, connectors, connections, members, restrictions")]
        )
    problems = [(f"{filename}:{line} {format_path(path)}", message) for line, path, message in _duplicate_keys(root)]
    connectors = data.get("connectors")
    blocking: list[tuple[str, str]] = []
    if isinstance(connectors, list):
        for i, entry in enumerate(connectors):
            if isinstance(entry, dict) and "file" in entry:
                read = _read_connector_file(entry, ("connectors", i), filename, read_file)
                blocking.extend((locate(("connectors", i, *sub)), message) for sub, message in read.entry_problems)
                blocking.extend(read.file_problems)
                problems.extend(read.duplicates)
                if read.included is not None:
                    connectors[i] = read.data
                    included[i] = read.included
    if blocking:
        raise OrgDefinitionError(problems + blocking)
    try:
        org = OrgDefinition.model_validate(data)
    except ValidationError as exc:
        problems.extend((locate(tuple(err["loc"])), problem_message(err)) for err in exc.errors())
        raise OrgDefinitionError(problems) from None
    problems.extend((locate(path), message) for path, message in cross_reference_problems(org))
    if problems:
        raise OrgDefinitionError(problems)
    return org.with_restriction_ids()
