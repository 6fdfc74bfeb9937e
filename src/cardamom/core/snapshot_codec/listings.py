"""The listings of a snapshot's remote MCP servers, stored apart and decoded when first read.

Only rebuilds, the schedules and ``cardamom__connections__list`` read them, never a search or
a call, so they are one zlib-compressed marshal dump inside the payload, and a decoded
snapshot inflates it on first use (a ``Derived`` mapping). A tool's fields are stored in
``RemoteTool`` order, a listing's in ``Listing`` order, so a change of either class changes
the payload (and the golden encodings make the format bump that needs).
"""

from __future__ import annotations

import dataclasses
import marshal
import zlib
from collections.abc import Mapping
from typing import Any

from cardamom.core.listings import Listing
from cardamom.core.remote_tools import RemoteTool
from cardamom.core.snapshot import Derived
from cardamom.core.snapshot_codec.canonical import Canonical
from cardamom.core.snapshot_codec.framing import COMPRESSION_LEVEL, MARSHAL_VERSION, CorruptSnapshot

_TOOL_FIELDS = tuple(f.name for f in dataclasses.fields(RemoteTool))
_LISTING_FIELDS = tuple(f.name for f in dataclasses.fields(Listing))


def encode_listings(listings: Mapping[str, Listing]) -> bytes:
    canonical = Canonical()
    rows: dict[str, Any] = {}
    for account in sorted(listings):
        listing = listings[account]
        fields = {name: getattr(listing, name) for name in _LISTING_FIELDS}
        fields["tools"] = [tuple(getattr(tool, name) for name in _TOOL_FIELDS) for tool in listing.tools]
        rows[account] = canonical.copy(tuple(fields[name] for name in _LISTING_FIELDS))
    dump = {"tool_fields": _TOOL_FIELDS, "listing_fields": _LISTING_FIELDS, "listings": rows}
    return zlib.compress(marshal.dumps(canonical.copy(dump), MARSHAL_VERSION), COMPRESSION_LEVEL)


def _decode(blob: bytes) -> dict[str, Listing]:
    try:
        dump = marshal.loads(zlib.decompress(blob))
        if tuple(dump["tool_fields"]) != _TOOL_FIELDS or tuple(dump["listing_fields"]) != _LISTING_FIELDS:
            raise CorruptSnapshot("the snapshot's listing fields differ from this code's")
        found: dict[str, Listing] = {}
        for account, row in dump["listings"].items():
            fields = dict(zip(_LISTING_FIELDS, row, strict=True))
            fields["tools"] = tuple(RemoteTool(*values) for values in fields["tools"])
            found[str(account)] = Listing(**fields)
        return found
    except CorruptSnapshot:
        raise
    except Exception as exc:  # verified by the stream's checksum: only other code's layout gets here
        raise CorruptSnapshot(f"the snapshot's listings cannot be decoded: {type(exc).__name__}") from exc


def decode_listings(blob: bytes | None) -> Mapping[str, Listing]:
    if blob is None:
        return {}
    if not isinstance(blob, bytes):
        raise CorruptSnapshot("the snapshot's listings are not a packed blob")
    return Derived(lambda: _decode(blob))
