"""A blob as a snapshot, checked through and through: ``CorruptSnapshot`` for anything that cannot be trusted."""

from __future__ import annotations

import dataclasses
import gc
import marshal
from typing import get_args

from cardamom.core.naming import MAX_NAME_LENGTH
from cardamom.core.orgdef import AliasDef, AuthSpec, CredentialRef, RestrictionDef, Role
from cardamom.core.pool import AccountInfo, ConnectorInfo, ToolColumns
from cardamom.core.search import SearchIndex, SearchOptions
from cardamom.core.search.shortened_names import remember_whole_name
from cardamom.core.snapshot import Snapshot
from cardamom.core.snapshot_codec.framing import (
    FIRST_FORMAT_OF_DATED_NAMES,
    FIRST_FORMAT_OF_THIS_KEY,
    CorruptSnapshot,
    blob_format,
    uint32s,
    unframe,
)
from cardamom.core.snapshot_codec.lazy import COLUMN_FIELDS, TOOL_FIELDS, LazyDocuments, LazyTools
from cardamom.core.snapshot_codec.listings import decode_listings

_ROLES: frozenset[str] = frozenset(get_args(Role))


def _threshold(value: object) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    raise CorruptSnapshot("the snapshot's collapse threshold is not a count")


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
        if tuple(payload["tool_fields"]) != TOOL_FIELDS or tuple(payload["column_fields"]) != COLUMN_FIELDS:
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
        for at in [i for i, name in enumerate(columns.names) if len(name) == MAX_NAME_LENGTH]:
            # a shortened name's whole words, for the readings of its words (``shortened_names``)
            remember_whole_name(columns.names[at], columns.accounts[at] or columns.connectors[at], columns.tools[at])
        tools = LazyTools(
            columns,
            payload["chunks"],
            payload["chunk_size"],
            uint32s(payload["order"]),
            uint32s(payload["slots"]),
        )
        documents = LazyDocuments(
            columns.names,
            uint32s(payload["document_ids"]),
            uint32s(payload["document_bounds"]),
            payload["vocabulary"],
        )
        index = SearchIndex(
            documents=documents,
            options=SearchOptions.from_switches(payload["options"]),
            **payload["index"],
        )
        if (blob_format(blob) or 0) < FIRST_FORMAT_OF_THIS_KEY:
            index.rekey_forms()  # grouped by an older inflection key
        if (blob_format(blob) or 0) < FIRST_FORMAT_OF_DATED_NAMES and index.options.dated_names:
            index.own_name_sizes = ()  # counted with the names' numbers: counted again on loading
        index.add_apps(
            [connectors[c].label for c in columns.connectors],
            [
                m if a is not None else (t,)
                for t, m, a in zip(columns.accounts, columns.merged_accounts, columns.account_arguments, strict=True)
            ],
        )
        aliases = (AliasDef.model_validate(a) for a in payload["aliases"])
        role_refusals = {role: uint32s(positions) for role, positions in payload["role_refusals"].items()}
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
            collapse_threshold=_threshold(payload.get("collapse_threshold")),  # absent before format 5
            listings=decode_listings(payload.get("listings")),  # format 5 and older hold none
        )
        snapshot.role_refusals.update(role_refusals)
        return snapshot
    except CorruptSnapshot:
        raise
    except Exception as exc:  # any decoding fault means the blob cannot be trusted at all
        raise CorruptSnapshot(f"snapshot cannot be decoded: {type(exc).__name__}") from exc
