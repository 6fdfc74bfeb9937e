"""The parts of a decoded snapshot built only when read: tool records by chunk, search documents."""

from __future__ import annotations

import dataclasses
import marshal
import zlib
from array import array
from collections import deque
from collections.abc import Iterator, Sequence
from itertools import repeat
from typing import overload

from cardamom.core.pool import PoolTool, ToolColumns
from cardamom.core.search import SearchDocument
from cardamom.core.snapshot_codec.framing import CorruptSnapshot

# Tools per lazily decoded chunk: small enough that a search's few results decode in well
# under a millisecond, large enough that a chunk compresses nearly as well as the whole.
CHUNK_SIZE = 128
TOOL_FIELDS = tuple(f.name for f in dataclasses.fields(PoolTool))
COLUMN_FIELDS = ToolColumns.FIELDS
CHUNK_FIELDS = tuple(name for name in TOOL_FIELDS if name not in COLUMN_FIELDS)
# PoolTool is a frozen dataclass with slots and no __post_init__: a chunk's records are
# filled column by column through the slot descriptors (columns first, then chunk fields),
# a few times cheaper than calling __init__ per record. Any other shape of the class falls
# back to calling it.
_FILL_ORDER = (*COLUMN_FIELDS, *CHUNK_FIELDS)
_SLOTS = [getattr(PoolTool, name, None) for name in _FILL_ORDER]
_FILL_BY_SLOT = not hasattr(PoolTool, "__post_init__") and all(
    type(slot).__name__ == "member_descriptor" for slot in _SLOTS
)
_SETTERS = [slot.__set__ for slot in _SLOTS] if _FILL_BY_SLOT else []  # type: ignore[union-attr]


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
            or len(rest) != len(CHUNK_FIELDS)
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
