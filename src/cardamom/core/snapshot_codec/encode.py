"""A snapshot as a blob (the layout: ``cardamom.core.snapshot_codec``)."""

from __future__ import annotations

import dataclasses
import marshal
import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from typing import Any

from cardamom.core.pool import PoolTool, ToolColumns
from cardamom.core.search import SearchIndex
from cardamom.core.snapshot import Snapshot
from cardamom.core.snapshot_codec.canonical import Canonical
from cardamom.core.snapshot_codec.framing import COMPRESSION_LEVEL, MARSHAL_VERSION, UINT32, frame
from cardamom.core.snapshot_codec.lazy import CHUNK_FIELDS, CHUNK_SIZE, COLUMN_FIELDS, TOOL_FIELDS
from cardamom.core.snapshot_codec.listings import encode_listings


def _index_fields(index: SearchIndex) -> dict[str, Any]:
    """Every built field of the index (not its documents, options, private caches or what loading derives)."""
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(index):
        if f.name in ("documents", "options", *SearchIndex.LOADED_DERIVED) or f.name.startswith("_"):
            continue
        value = getattr(index, f.name)
        fields[f.name] = {key: value[key] for key in sorted(value)} if isinstance(value, dict) else value
    return fields


def _packed(positions: Iterable[int]) -> bytes:
    values = array(UINT32, sorted(positions))
    if sys.byteorder != "little":
        values.byteswap()
    return values.tobytes()


def _encode_chunk(tools: Sequence[PoolTool]) -> bytes:
    canonical = Canonical()  # alive until dumped: its tables hold the references marshal counts
    columns = [[canonical.share(getattr(t, name)) for t in tools] for name in CHUNK_FIELDS]
    return zlib.compress(marshal.dumps(columns, MARSHAL_VERSION), COMPRESSION_LEVEL)


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
    token_ids, bounds = array(UINT32), array(UINT32)
    for d in documents:
        for tokens in (d.name_tokens, d.label_tokens, d.description_tokens):
            bounds.append(len(token_ids))
            token_ids.extend(sorted(ids[t] for t in tokens))
        bounds.append(len(token_ids))
    # Chunk order: the same operation of every account side by side.
    order = sorted(range(len(tools)), key=lambda i: (columns.connectors[i], columns.tools[i], columns.names[i]))
    order_array, slots = array(UINT32, order), array(UINT32, bytes(4 * len(tools)))
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
    canonical = Canonical()
    payload = {
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
        "collapse_threshold": snapshot.collapse_threshold,
        "listings": encode_listings(snapshot.listings),
        "tool_fields": TOOL_FIELDS,
        "column_fields": COLUMN_FIELDS,
        "columns": [list(getattr(columns, f.name)) for f in dataclasses.fields(ToolColumns)],
        "role_refusals": {role: _packed(snapshot.refused_for_role(role)) for role in roles},
        "chunk_size": CHUNK_SIZE,
        "chunks": chunks,
        "order": order_array.tobytes(),
        "slots": slots.tobytes(),
        "vocabulary": tuple(vocabulary),
        "document_ids": token_ids.tobytes(),
        "document_bounds": bounds.tobytes(),
        "options": snapshot.index.options.switches(),
        "index": _index_fields(snapshot.index),
    }
    return frame(marshal.dumps(canonical.copy(payload), MARSHAL_VERSION))
