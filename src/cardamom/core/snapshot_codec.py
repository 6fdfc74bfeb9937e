"""The storage form of a snapshot, laid out for load speed.

A 10,000-tool snapshot must load in a few tens of milliseconds on a warm Lambda, so the
blob stores what search and the policy pass need *already built*, and what only a touched
tool needs apart, to be decoded when it is touched:

* eager: the per-tool columns the policy pass and the name lookups read (name, account,
  connector, tool, classification, a merged tool's accounts and account argument:
  ``ToolColumns``), the positions each role's own restrictions refuse (for the roles that
  have rules), every tool's tokenised fields (as ids into one vocabulary, packed), and the
  fields of the search index itself. Loading parses these; it never tokenises or re-indexes.
* lazy: the rest of every tool record (description, schema, frozen values, request shape),
  in chunks of ``CHUNK_SIZE`` tools, each chunk a zlib-compressed marshal dump of its tools'
  fields column by column. Chunks follow (connector, tool, name) order, so the same
  operation reached through two accounts shares its strings and schemas within a chunk.
  ``snapshot.tools`` is a ``LazyTools``: no record exists after a load; reading a tool
  decompresses its chunk and builds that chunk's records, once. A search document likewise
  is materialised only when ranking touches it (``LazyDocuments``).

Layout: the magic line ``CARDAMOM-SNAPSHOT 3\\n``, the lengths of the zlib stream and of
the payload it inflates to (two little-endian uint64), then the stream: zlib of a
``marshal`` (version 4) dump of plain values: dicts, lists, tuples, strings, numbers, bytes
(the chunks among them). ``marshal`` is several times faster to load than JSON here and cannot run code;
the blob is written only by Cardamom's own functions. The stream's checksum covers every
byte, the chunks included, and is checked at load: a damaged blob is rejected up front,
never half-served, and a chunk decoded later is one that was verified. Sets are written
sorted and dicts in key order, so the same snapshot always encodes to the same bytes.

Every blob carries the fingerprint of the code that built it (the source of the modules
that tokenise, index and shape the pool, and the Python minor version). A blob built by
other code is reported as corrupt, so it is rebuilt rather than served with stale tokens.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import importlib.util
import marshal
import struct
import sys
import zlib
from array import array
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import repeat
from pathlib import Path
from typing import Any, get_args, overload

from cardamom.core.orgdef import AliasDef, AuthSpec, CredentialRef, RestrictionDef, Role
from cardamom.core.search import SearchDocument, SearchIndex, SearchOptions
from cardamom.core.snapshot import (
    SNAPSHOT_FORMAT,
    AccountInfo,
    ConnectorInfo,
    CorruptSnapshot,
    PoolTool,
    Snapshot,
    ToolColumns,
)

MAGIC = f"CARDAMOM-SNAPSHOT {SNAPSHOT_FORMAT}\n".encode()
_HEADER = struct.Struct("<QQ")  # after the magic line: the zlib stream's length, the payload's
_MAX_INFLATION = 1032  # deflate's best ratio: a recorded payload size beyond it is damage
_MARSHAL_VERSION = 4  # back-references: each distinct string, number, posting set (and schema of a chunk) loads once
_COMPRESSION_LEVEL = 6
# Tools per lazily decoded chunk: small enough that a search's few results decode in well
# under a millisecond, large enough that a chunk compresses nearly as well as the whole.
CHUNK_SIZE = 128
# The modules whose code decides what a snapshot holds.
_FINGERPRINTED = (
    "cardamom.core.snapshot",
    "cardamom.core.snapshot_codec",
    "cardamom.core.remote_tools",
    "cardamom.core.search",
    "cardamom.core.search_text",
    "cardamom.core.app_scope",
    "cardamom.core.known_apps",
    "cardamom.core.tokens",
    "cardamom.core.naming",
    "cardamom.core.policy",
    "cardamom.core.orgdef",
)
_UINT32 = "I" if array("I").itemsize == 4 else "L"  # stored little-endian
_ROLES: frozenset[str] = frozenset(get_args(Role))
_TOOL_FIELDS = tuple(f.name for f in dataclasses.fields(PoolTool))
_COLUMN_FIELDS = ToolColumns.FIELDS
_CHUNK_FIELDS = tuple(name for name in _TOOL_FIELDS if name not in _COLUMN_FIELDS)
# PoolTool is a frozen dataclass with slots and no __post_init__: a chunk's records are
# filled column by column through the slot descriptors (columns first, then chunk fields),
# a few times cheaper than calling __init__ per record. Any other shape of the class falls
# back to calling it.
_FILL_ORDER = (*_COLUMN_FIELDS, *_CHUNK_FIELDS)
_SLOTS = [getattr(PoolTool, name, None) for name in _FILL_ORDER]
_FILL_BY_SLOT = not hasattr(PoolTool, "__post_init__") and all(
    type(slot).__name__ == "member_descriptor" for slot in _SLOTS
)
_SETTERS = [slot.__set__ for slot in _SLOTS] if _FILL_BY_SLOT else []  # type: ignore[union-attr]


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


class LazyTools(Sequence[PoolTool]):
    """The pool's tool records, built chunk by chunk the first time one of a chunk's tools is read.

    The columns are eager; a record's other fields sit in ``chunks`` (see the module
    docstring). ``order`` lists the tools' positions in chunk order and ``slots`` is its
    inverse (a tool's place in chunk order). Reading one tool decompresses its chunk and
    fills that chunk's records, column by column through their slots; the rest stay unbuilt.
    Two threads may build one chunk at once: both build equal records, and one list stays.
    """

    __slots__ = ("_chunk_size", "_chunks", "_columns", "_order", "_records", "_slots", "columns")

    def __init__(
        self, columns: ToolColumns, chunks: Sequence[bytes], chunk_size: int, order: array[int], slots: array[int]
    ) -> None:
        count = len(columns)
        if chunk_size <= 0 or len(chunks) != -(-count // chunk_size) or len(order) != count or len(slots) != count:
            raise ValueError("the tool chunks do not match the tools")
        if count and (max(order) >= count or max(slots) >= count):
            raise ValueError("a tool's place in the chunks is out of range")
        if not all(type(chunk) is bytes for chunk in chunks):
            raise ValueError("a tool chunk is not bytes")
        self.columns = columns
        self._columns = tuple(getattr(columns, f.name) for f in dataclasses.fields(ToolColumns))
        self._chunks = chunks
        self._chunk_size = chunk_size
        self._order = order
        self._slots = slots
        self._records: list[list[PoolTool] | None] = [None] * len(chunks)

    @property
    def built(self) -> int:
        """How many records have been built so far."""
        return sum(len(records) for records in self._records if records is not None)

    def __len__(self) -> int:
        return len(self._slots)

    def _build(self, chunk: int) -> list[PoolTool]:
        start = chunk * self._chunk_size
        positions = self._order[start : start + self._chunk_size]
        # The blob's checksum, verified at load, covers these bytes: this cannot fail unless
        # the code that wrote them did.
        try:
            rest = marshal.loads(zlib.decompress(self._chunks[chunk]))
        except Exception as exc:
            raise CorruptSnapshot(f"a tool chunk cannot be decoded: {type(exc).__name__}") from exc
        if (
            not isinstance(rest, list)
            or len(rest) != len(_CHUNK_FIELDS)
            or any(len(column) != len(positions) for column in rest)
        ):
            raise CorruptSnapshot("a tool chunk does not match its tools")
        values = [[column[p] for p in positions] for column in self._columns] + rest
        if _FILL_BY_SLOT:
            records: list[PoolTool] = list(map(object.__new__, repeat(PoolTool, len(positions))))
            for setter, column in zip(_SETTERS, values, strict=True):
                deque(map(setter, records, column), maxlen=0)
        else:
            records = [PoolTool(**dict(zip(_FILL_ORDER, row, strict=True))) for row in zip(*values, strict=True)]
        self._records[chunk] = records
        return records

    def _record(self, position: int) -> PoolTool:
        chunk, offset = divmod(self._slots[position], self._chunk_size)
        records = self._records[chunk]
        return (self._build(chunk) if records is None else records)[offset]

    @overload
    def __getitem__(self, position: int) -> PoolTool: ...

    @overload
    def __getitem__(self, position: slice) -> Sequence[PoolTool]: ...

    def __getitem__(self, position: int | slice) -> PoolTool | Sequence[PoolTool]:
        if isinstance(position, slice):
            return tuple(self._record(i) for i in range(len(self))[position])
        if position < 0:
            position += len(self)
        if not 0 <= position < len(self):
            raise IndexError(position)
        return self._record(position)

    def __iter__(self) -> Iterator[PoolTool]:
        return (self._record(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of equal records (a built snapshot's tuple among them)."""
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LazyTools({len(self)} tools, {self.built} built)"


# ---- encoding ---------------------------------------------------------------------------------


def _uninterned(text: str) -> str:
    """``text`` as a fresh string, or the interned one for a one-character string.

    ``marshal`` records whether a string is interned, and that depends on the object's
    history (a code constant is, a parsed value is not, a shared one-character string may
    have been interned by any import): a fresh copy never is, and a one-character string,
    which CPython cannot copy, always is.
    """
    if len(text) < 2:
        return sys.intern(text)
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass")


class _Canonical:
    """A deep copy of plain values that encodes to the same bytes whatever the objects' history.

    ``marshal`` writes a back-reference for an object it meets twice, but only for objects
    with more than one reference, so its output depends on object identity. Here every leaf
    (string, number) goes through one table per type (strings uninterned: ``_uninterned``),
    equal sets of integers (postings) through another, and equal dicts through a third
    (``share``), so identity follows value alone: equal snapshots encode to equal bytes, and a
    load creates each distinct string, number, posting set and shared schema once.
    """

    def __init__(self) -> None:
        self._strings: dict[str, str] = {}
        self._ints: dict[int, int] = {}
        self._floats: dict[str, float] = {}  # by hex: 0.0 and -0.0 stay apart
        self._sets: dict[frozenset[int], frozenset[int]] = {}
        self._shared: dict[str, Any] = {}

    def copy(self, value: Any) -> Any:
        kind = type(value)
        if kind is str:
            found = self._strings.get(value)
            if found is None:
                found = self._strings[value] = _uninterned(value)
            return found
        if kind is int:
            return self._ints.setdefault(value, value)
        if value is None or kind is bool or kind is bytes:
            return value
        if kind is float:
            return self._floats.setdefault(value.hex(), value)
        if kind is dict:
            return {self.copy(k): self.copy(v) for k, v in value.items()}
        if kind is list:
            return [self.copy(v) for v in value]
        if kind is tuple:
            return tuple([self.copy(v) for v in value])
        if kind is frozenset or kind is set:
            items = sorted(value)
            if all(type(v) is int for v in items):
                ints = self._ints
                copied = frozenset([ints.setdefault(v, v) for v in items])
                return self._sets.setdefault(copied, copied)
            return frozenset([self.copy(v) for v in items])
        if isinstance(value, str | int | float):  # a subclass: as before, marshal decides
            return value
        raise TypeError(f"a snapshot cannot store {kind.__name__}")

    def share(self, value: Any) -> Any:
        """One object for every equal dict (same keys in the same order): a schema stored once."""
        if type(value) is not dict:
            return self.copy(value)
        key = repr(value)  # plain values: equal reprs are equal values of equal types
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


def _packed(positions: Iterable[int]) -> bytes:
    values = array(_UINT32, sorted(positions))
    if sys.byteorder != "little":
        values.byteswap()
    return values.tobytes()


def _encode_chunk(tools: Sequence[PoolTool]) -> bytes:
    canonical = _Canonical()  # alive until dumped: its tables hold the references marshal counts
    columns = [[canonical.share(getattr(t, name)) for t in tools] for name in _CHUNK_FIELDS]
    return zlib.compress(marshal.dumps(columns, _MARSHAL_VERSION), _COMPRESSION_LEVEL)


def encode(snapshot: Snapshot) -> bytes:
    tools = tuple(snapshot.tools)
    documents = snapshot.index.documents
    if len(documents) != len(tools):
        raise ValueError("a snapshot's index must hold one document per tool")
    columns = ToolColumns.of(tools)
    if any(d.name != name for d, name in zip(documents, columns.names, strict=True)):
        raise ValueError("a snapshot's documents must follow its tools")
    vocabulary = sorted({t for d in documents for t in (*d.name_tokens, *d.label_tokens, *d.description_tokens)})
    ids = {token: i for i, token in enumerate(vocabulary)}
    token_ids, bounds = array(_UINT32), array(_UINT32)
    for d in documents:
        for tokens in (d.name_tokens, d.label_tokens, d.description_tokens):
            bounds.append(len(token_ids))
            token_ids.extend(sorted(ids[t] for t in tokens))
        bounds.append(len(token_ids))
    # Chunk order: the same operation of every account side by side.
    order = sorted(range(len(tools)), key=lambda i: (columns.connectors[i], columns.tools[i], columns.names[i]))
    order_array, slots = array(_UINT32, order), array(_UINT32, bytes(4 * len(tools)))
    for slot, position in enumerate(order):
        slots[position] = slot
    chunks = [
        _encode_chunk([tools[position] for position in order[start : start + CHUNK_SIZE]])
        for start in range(0, len(order), CHUNK_SIZE)
    ]
    roles = sorted({r.target.role for r in snapshot.restrictions if r.target.role is not None})
    if sys.byteorder != "little":
        token_ids.byteswap()
        bounds.byteswap()
        order_array.byteswap()
        slots.byteswap()
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
        "column_fields": _COLUMN_FIELDS,
        "columns": [list(getattr(columns, f.name)) for f in dataclasses.fields(ToolColumns)],
        "role_refusals": {role: _packed(snapshot.refused_for_role(role)) for role in roles},
        "chunk_size": CHUNK_SIZE,
        "chunks": chunks,
        "order": order_array.tobytes(),
        "slots": slots.tobytes(),
        "vocabulary": tuple(vocabulary),
        "document_ids": token_ids.tobytes(),
        "document_bounds": bounds.tobytes(),
        "options": dataclasses.asdict(snapshot.index.options),
        "index": _index_fields(snapshot.index),
    }
    return frame(marshal.dumps(canonical.copy(payload), _MARSHAL_VERSION))


def frame(payload: bytes) -> bytes:
    """The blob of a marshal payload: the magic line, the lengths, the zlib stream."""
    stream = zlib.compress(payload, _COMPRESSION_LEVEL)
    return MAGIC + _HEADER.pack(len(stream), len(payload)) + stream


# ---- decoding ---------------------------------------------------------------------------------


def _uint32s(data: bytes) -> array[int]:
    values = array(_UINT32)
    values.frombytes(data)
    if sys.byteorder != "little":
        values.byteswap()
    return values


def unframe(blob: bytes) -> bytes:
    """The marshal payload of a blob, its checksum verified; raise ``CorruptSnapshot`` otherwise.

    The recorded lengths let a truncated blob or stray bytes be refused before inflating,
    and the payload be inflated into one buffer of its size (growing one cost 4 ms more at
    10,000 tools, in a process that had no freed memory to reuse).
    """
    if not blob.startswith(MAGIC):
        raise CorruptSnapshot("not a snapshot of this format (it will be rebuilt)")
    start = len(MAGIC) + _HEADER.size
    if len(blob) < start:
        raise CorruptSnapshot("the snapshot is truncated")
    stream, size = _HEADER.unpack_from(blob, len(MAGIC))
    if len(blob) != start + stream or size > _MAX_INFLATION * stream:
        raise CorruptSnapshot("the snapshot is truncated, followed by stray bytes, or its lengths are damaged")
    try:
        payload = zlib.decompress(memoryview(blob)[start:], bufsize=max(size, 1))
    except zlib.error as exc:
        raise CorruptSnapshot(f"the snapshot's stream is damaged: {exc}") from exc
    if len(payload) != size:
        raise CorruptSnapshot("the snapshot's payload is not the size it recorded")
    return payload


def decode(blob: bytes) -> Snapshot:
    # Loading creates thousands of containers (the index's posting sets, the lookups), none
    # of them cyclic garbage. Collecting while they are created costs more than the single
    # pass the collector makes over them afterwards (a load and a first search: 42 ms against
    # 36 at 10,000 tools).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _decode(blob)
    finally:
        if collecting:
            gc.enable()


def _decode(blob: bytes) -> Snapshot:
    try:
        payload = marshal.loads(unframe(blob))
        if not isinstance(payload, dict):
            raise CorruptSnapshot("the snapshot payload is not a mapping")
        if payload.get("fingerprint") != code_fingerprint():
            raise CorruptSnapshot("the snapshot was built by other code (it will be rebuilt)")
        if tuple(payload["tool_fields"]) != _TOOL_FIELDS or tuple(payload["column_fields"]) != _COLUMN_FIELDS:
            raise CorruptSnapshot("the snapshot's tool fields differ from this code's")
        connectors = {
            row[0]: ConnectorInfo(row[0], row[1], row[2], AuthSpec.model_validate(row[3]))
            for row in payload["connectors"]
        }
        accounts = {
            row[0]: AccountInfo(row[0], row[1], CredentialRef.model_validate(row[2])) for row in payload["accounts"]
        }
        restrictions = tuple(RestrictionDef.model_validate(r) for r in payload["restrictions"])
        values = payload["columns"]
        if len(values) != len(dataclasses.fields(ToolColumns)) or any(len(v) != len(values[0]) for v in values):
            raise CorruptSnapshot("the snapshot's tool columns are ragged")
        columns = ToolColumns(*values)
        count = len(columns)
        tools = LazyTools(
            columns,
            payload["chunks"],
            payload["chunk_size"],
            _uint32s(payload["order"]),
            _uint32s(payload["slots"]),
        )
        documents = LazyDocuments(
            columns.names,
            _uint32s(payload["document_ids"]),
            _uint32s(payload["document_bounds"]),
            payload["vocabulary"],
        )
        index = SearchIndex(
            documents=documents,
            options=SearchOptions(**payload["options"]),
            **payload["index"],
        )
        aliases = (AliasDef.model_validate(a) for a in payload["aliases"])
        role_refusals = {role: _uint32s(positions) for role, positions in payload["role_refusals"].items()}
        if not set(role_refusals) <= _ROLES or any(p and max(p) >= count for p in role_refusals.values()):
            raise CorruptSnapshot("the snapshot's role refusals do not match its tools")
        snapshot = Snapshot(
            org=str(payload["org"]),
            version=int(payload["version"]),
            connectors=connectors,
            accounts=accounts,
            tools=tools,
            restrictions=restrictions,
            index=index,
            aliases={a.name: a for a in aliases},
        )
        snapshot.role_refusals.update(role_refusals)
        return snapshot
    except CorruptSnapshot:
        raise
    except Exception as exc:  # any decoding fault means the blob cannot be trusted at all
        raise CorruptSnapshot(f"snapshot cannot be decoded: {type(exc).__name__}") from exc
