"""Reading an org definition from YAML text, with errors that point at the line.

Every problem is reported as ``FILE:LINE PATH: PROBLEM``; all problems of a file are
reported together, and nothing is applied unless there are none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import yaml
from pydantic import ValidationError

from cardamom.core.orgdef import OrgDefinition, Path, cross_reference_problems
from cardamom.errors import OrgDefinitionError


def format_path(path: Sequence[str | int]) -> str:
    """``('connections', 0, 'connector')`` -> ``connections[0].connector``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


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


def _problem_message(error: Any) -> str:
    message = str(error["msg"])
    return message.removeprefix("Value error, ")


def parse_org_definition(text: str, filename: str) -> OrgDefinition:
    """Parse and validate an org definition; raise :class:`OrgDefinitionError` listing every problem."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{filename}:{mark.line + 1}" if mark is not None else filename
        problem = getattr(exc, "problem", None) or str(exc)
        raise OrgDefinitionError([(where, f"not valid YAML: {problem}")]) from None

    def locate(path: Sequence[str | int]) -> str:
        line = _line_of(root, path)
        prefix = f"{filename}:{line}" if line is not None else filename
        return f"{prefix} {format_path(path)}"

    if not isinstance(data, dict):
        where = f"{filename}:{root.start_mark.line + 1}" if root is not None else filename
        raise OrgDefinitionError(
            [(where, "the file must hold a mapping with org, connectors, connections, members, restrictions")]
        )
    problems = [(f"{filename}:{line} {format_path(path)}", message) for line, path, message in _duplicate_keys(root)]
    try:
        org = OrgDefinition.model_validate(data)
    except ValidationError as exc:
        problems.extend((locate(tuple(err["loc"])), _problem_message(err)) for err in exc.errors())
        raise OrgDefinitionError(problems) from None
    problems.extend((locate(path), message) for path, message in cross_reference_problems(org))
    if problems:
        raise OrgDefinitionError(problems)
    return org.with_restriction_ids()
