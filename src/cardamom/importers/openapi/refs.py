"""Following ``$ref``\\ s: local ones and those to other files of the same spec folder."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

ResolveFile = Callable[[str], Any]
"""Returns the parsed document at a path relative to the spec folder (``posix`` separators)."""


class RefError(Exception):
    """A ``$ref`` that cannot be followed."""


@dataclass(frozen=True, slots=True)
class Located:
    node: Any
    doc: str  # the path of the document holding the node ("" for the root document's folder name)


class Refs:
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

    def deref(self, node: Any, doc: str) -> tuple[Located, tuple[str, ...]]:
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
        return Located(node, doc), tuple(passed)
