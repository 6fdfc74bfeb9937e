"""The storage form of a snapshot, laid out for load speed.

A 10,000-tool snapshot must load in a few tens of milliseconds on a warm Lambda, so the
blob stores what search needs *already built*: the tool pool column by column, every
tool's tokenised fields (as ids into one vocabulary), and the fields of the search index
itself. Loading parses, never tokenises or re-indexes; a tool's search document is only
materialised when ranking touches it.

Layout: the magic line ``CARDAMOM-SNAPSHOT 2\\n``, then zlib of a ``marshal`` (version 2)
dump of plain values: dicts, lists, tuples, strings, numbers. ``marshal`` is several times
faster to load than JSON here and cannot run code; the blob is written only by Cardamom's
own functions, and zlib's checksum rejects a damaged one. Sets are written as sorted tuples
and dicts in key order, so the same snapshot always encodes to the same bytes.

Every blob carries the fingerprint of the code that built it (the source of the modules
that tokenise, index and shape the pool, and the Python minor version). A blob built by
other code is reported as corrupt, so it is rebuilt rather than served with stale tokens.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import importlib.util
import json
import marshal
import sys
import zlib
from array import array
from collections import deque
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import repeat
from pathlib import Path
from typing import Any, overload

from cardamom.core.orgdef import AliasDef, AuthSpec, CredentialRef, RestrictionDef
from cardamom.core.search import SearchDocument, SearchIndex, SearchOptions
from cardamom.core.snapshot import (
    SNAPSHOT_FORMAT,
    AccountInfo,
    ConnectorInfo,
    CorruptSnapshot,
    PoolTool,
    Snapshot,
    lookups,
)

MAGIC = f"CARDAMOM-SNAPSHOT {SNAPSHOT_FORMAT}\n".encode()
_MARSHAL_VERSION = 4  # back-references: each distinct string, number and schema is loaded once
_COMPRESSION_LEVEL = 6
# The modules whose code decides what a snapshot holds.
_FINGERPRINTED = (
    "cardamom.core.snapshot",
    "cardamom.core.snapshot_codec",
    "cardamom.core.remote_tools",
    "cardamom.core.search",
    "cardamom.core.tokens",
    "cardamom.core.naming",
    "cardamom.core.policy",
    "cardamom.core.orgdef",
)
_UINT32 = "I" if array("I").itemsize == 4 else "L"  # stored little-endian
_TOOL_FIELDS = tuple(f.name for f in dataclasses.fields(PoolTool))


@cache
def code_fingerprint() -> str:
    """A digest of the code that builds snapshots: blobs from other code are rebuilt."""
    digest = hashlib.sha256(f"python {sys.version_info[0]}.{sys.version_info[1]}".encode())
    for name in _FINGERPRINTED:
        spec = importlib.util.find_spec(name)
        origin = None if spec is None else spec.origin
        try:
            source = b"" if origin is None else Path(origin).read_bytes()
        except OSError:
            source = b""
        digest.update(name.encode() + b"\0" + hashlib.sha256(source).digest())
    return digest.hexdigest()[:32]


class LazyDocuments(Sequence[SearchDocument]):
    """The index's documents, each built from its token ids the first time ranking reads it.

    ``ids`` holds every document's name, label and description token ids back to back
    (uint32); ``bounds`` holds four offsets into it per document.
    """

    __slots__ = ("_bounds", "_built", "_ids", "_names", "_vocabulary")

    def __init__(self, names: Sequence[str], ids: array[int], bounds: array[int], vocabulary: Sequence[str]) -> None:
        if len(bounds) != 4 * len(names) or (names and bounds[-1] > len(ids)):
            raise ValueError("document token offsets do not match the documents")
        self._names = names
        self._ids = ids
        self._bounds = bounds
        self._vocabulary = vocabulary
        self._built: list[SearchDocument | None] = [None] * len(names)

    def __len__(self) -> int:
        return len(self._names)

    def _tokens(self, start: int, end: int) -> frozenset[str]:
        words = self._vocabulary
        return frozenset([words[i] for i in self._ids[start:end]])

    def _document(self, position: int) -> SearchDocument:
        built = self._built[position]
        if built is None:
            name, label, description, end = self._bounds[4 * position : 4 * position + 4]
            built = SearchDocument(
                name=self._names[position],
                name_tokens=self._tokens(name, label),
                label_tokens=self._tokens(label, description),
                description_tokens=self._tokens(description, end),
            )
            self._built[position] = built
        return built

    @overload
    def __getitem__(self, position: int) -> SearchDocument: ...

    @overload
    def __getitem__(self, position: slice) -> Sequence[SearchDocument]: ...

    def __getitem__(self, position: int | slice) -> SearchDocument | Sequence[SearchDocument]:
        if isinstance(position, slice):
            return [self._document(i) for i in range(len(self))[position]]
        if position < 0:
            position += len(self)
        if not 0 <= position < len(self):
            raise IndexError(position)
        return self._document(position)

    def __iter__(self) -> Iterator[SearchDocument]:
        return (self._document(i) for i in range(len(self)))


# ---- encoding ---------------------------------------------------------------------------------


class _Canonical:
    """A deep copy of plain values that encodes to the same bytes whatever the objects' history.

    ``marshal`` writes a back-reference for an object it meets twice, but only for objects
    with more than one reference, so its output depends on object identity. Here every leaf
    (string, number) goes through one table, and equal dicts through another (``share``), so
    identity follows value alone: equal snapshots encode to equal bytes, and a warm load
    creates each distinct string, number and schema once.
    """

    def __init__(self) -> None:
        self._leaves: dict[tuple[type, Any], Any] = {}
        self._shared: dict[str, Any] = {}

    def copy(self, value: Any) -> Any:
        if value is None or value is True or value is False or isinstance(value, bytes):
            return value
        if isinstance(value, str | int | float):
            return self._leaves.setdefault((type(value), value), value)
        if isinstance(value, dict):
            return {self.copy(k): self.copy(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.copy(v) for v in value]
        if isinstance(value, tuple):
            return tuple(self.copy(v) for v in value)
        if isinstance(value, frozenset | set):
            return frozenset(self.copy(v) for v in sorted(value))
        raise TypeError(f"a snapshot cannot store {type(value).__name__}")

    def share(self, value: Any) -> Any:
        """One object for every equal value (same keys in the same order): a schema stored once."""
        if not isinstance(value, dict):
            return self.copy(value)
        key = json.dumps(value, separators=(",", ":"), default=repr)
        found = self._shared.get(key)
        if found is None:
            found = self._shared[key] = self.copy(value)
        return found


def _index_fields(index: SearchIndex) -> dict[str, Any]:
    """Every built field of the index (not its documents, options or private caches)."""
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(index):
        if f.name in ("documents", "options") or f.name.startswith("_"):
            continue
        value = getattr(index, f.name)
        fields[f.name] = {key: value[key] for key in sorted(value)} if isinstance(value, dict) else value
    return fields


def encode(snapshot: Snapshot) -> bytes:
    documents = snapshot.index.documents
    if len(documents) != len(snapshot.tools):
        raise ValueError("a snapshot's index must hold one document per tool")
    vocabulary = sorted({t for d in documents for t in (*d.name_tokens, *d.label_tokens, *d.description_tokens)})
    ids = {token: i for i, token in enumerate(vocabulary)}
    token_ids, bounds = array(_UINT32), array(_UINT32)
    for d in documents:
        for tokens in (d.name_tokens, d.label_tokens, d.description_tokens):
            bounds.append(len(token_ids))
            token_ids.extend(sorted(ids[t] for t in tokens))
        bounds.append(len(token_ids))
    if sys.byteorder != "little":
        token_ids.byteswap()
        bounds.byteswap()
    canonical = _Canonical()
    payload = {
        "fingerprint": code_fingerprint(),
        "org": snapshot.org,
        "version": snapshot.version,
        "connectors": [
            (c.id, c.label, c.base_url, c.auth.model_dump(mode="json", exclude_none=True))
            for c in snapshot.connectors.values()
        ],
        "accounts": [
            (a.account, a.connector, a.credentials.model_dump(mode="json", exclude_none=True))
            for a in snapshot.accounts.values()
        ],
        "restrictions": [r.model_dump(mode="json", exclude_none=True) for r in snapshot.restrictions],
        "aliases": [a.model_dump(mode="json") for a in snapshot.aliases.values()],
        "tool_fields": _TOOL_FIELDS,
        "tools": [[canonical.share(getattr(t, name)) for t in snapshot.tools] for name in _TOOL_FIELDS],
        "vocabulary": tuple(vocabulary),
        "document_ids": token_ids.tobytes(),
        "document_bounds": bounds.tobytes(),
        "document_names": [d.name for d in documents],
        "options": dataclasses.asdict(snapshot.index.options),
        "index": _index_fields(snapshot.index),
    }
    return MAGIC + zlib.compress(marshal.dumps(canonical.copy(payload), _MARSHAL_VERSION), _COMPRESSION_LEVEL)


# ---- decoding ---------------------------------------------------------------------------------


# PoolTool is a frozen dataclass with slots and no __post_init__: its fields can be filled
# column by column through the slot descriptors, at a third of the cost of 10,000 __init__
# calls. Any other shape of the class falls back to calling it.
_SLOT_SETTERS = [getattr(PoolTool, name, None) for name in _TOOL_FIELDS]
_FILL_BY_COLUMN = not hasattr(PoolTool, "__post_init__") and all(
    type(setter).__name__ == "member_descriptor" for setter in _SLOT_SETTERS
)


def _pool_tools(columns: list[list[Any]], count: int) -> tuple[PoolTool, ...]:
    if not _FILL_BY_COLUMN:
        return tuple(PoolTool(*row) for row in zip(*columns, strict=True))
    made = list(map(object.__new__, repeat(PoolTool, count)))
    for setter, column in zip(_SLOT_SETTERS, columns, strict=True):
        deque(map(setter.__set__, made, column), maxlen=0)  # type: ignore[union-attr]
    return tuple(made)


def _uint32s(data: bytes) -> array[int]:
    values = array(_UINT32)
    values.frombytes(data)
    if sys.byteorder != "little":
        values.byteswap()
    return values


def decode(blob: bytes) -> Snapshot:
    if not blob.startswith(MAGIC):
        raise CorruptSnapshot("not a snapshot of this format (it will be rebuilt)")
    # Loading creates some hundred thousand containers, none of them cyclic garbage; the
    # collector's passes over a growing heap would cost a fifth of the load.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _decode(blob)
    finally:
        if collecting:
            gc.enable()


def _decode(blob: bytes) -> Snapshot:
    try:
        payload = marshal.loads(zlib.decompress(blob[len(MAGIC) :]))
        if not isinstance(payload, dict):
            raise CorruptSnapshot("the snapshot payload is not a mapping")
        if payload.get("fingerprint") != code_fingerprint():
            raise CorruptSnapshot("the snapshot was built by other code (it will be rebuilt)")
        if tuple(payload["tool_fields"]) != _TOOL_FIELDS:
            raise CorruptSnapshot("the snapshot's tool fields differ from this code's")
        connectors = {
            row[0]: ConnectorInfo(row[0], row[1], row[2], AuthSpec.model_validate(row[3]))
            for row in payload["connectors"]
        }
        accounts = {
            row[0]: AccountInfo(row[0], row[1], CredentialRef.model_validate(row[2])) for row in payload["accounts"]
        }
        restrictions = tuple(RestrictionDef.model_validate(r) for r in payload["restrictions"])
        columns = payload["tools"]
        count = len(payload["document_names"])
        if len(columns) != len(_TOOL_FIELDS) or any(len(column) != count for column in columns):
            raise CorruptSnapshot("the snapshot's tool columns are ragged")
        tools = _pool_tools(columns, count)
        documents = LazyDocuments(
            payload["document_names"],
            _uint32s(payload["document_ids"]),
            _uint32s(payload["document_bounds"]),
            payload["vocabulary"],
        )
        index = SearchIndex(
            documents=documents,
            options=SearchOptions(**payload["options"]),
            **payload["index"],
        )
        return Snapshot(
            org=str(payload["org"]),
            version=int(payload["version"]),
            connectors=connectors,
            accounts=accounts,
            tools=tools,
            restrictions=restrictions,
            index=index,
            **lookups(tools, (AliasDef.model_validate(a) for a in payload["aliases"])),
        )
    except CorruptSnapshot:
        raise
    except Exception as exc:  # any decoding fault means the blob cannot be trusted at all
        raise CorruptSnapshot(f"snapshot cannot be decoded: {type(exc).__name__}") from exc
