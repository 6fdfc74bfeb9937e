"""The frame of a blob: the magic line naming the format, the lengths, the checksummed zlib stream."""

from __future__ import annotations

import hashlib
import importlib.util
import struct
import sys
import zlib
from array import array
from functools import cache
from pathlib import Path

from cardamom.errors import CardamomError

SNAPSHOT_FORMAT = 3


class CorruptSnapshot(CardamomError):
    """The stored snapshot cannot be decoded; it must be rebuilt, never half-served."""


MAGIC = f"CARDAMOM-SNAPSHOT {SNAPSHOT_FORMAT}\n".encode()
_HEADER = struct.Struct("<QQ")  # after the magic line: the zlib stream's length, the payload's
_MAX_INFLATION = 1032  # deflate's best ratio: a recorded payload size beyond it is damage
MARSHAL_VERSION = 4  # back-references: each distinct string, number, posting set (and schema of a chunk) loads once
COMPRESSION_LEVEL = 6

UINT32 = "I" if array("I").itemsize == 4 else "L"  # stored little-endian
_FINGERPRINTED = (
    "cardamom.core.snapshot",
    "cardamom.core.pool",
    "cardamom.core.pool_builder",
    "cardamom.core.frozen",
    "cardamom.core.refusals",
    "cardamom.core.snapshot_codec.encode",
    "cardamom.core.snapshot_codec.decode",
    "cardamom.core.snapshot_codec.lazy",
    "cardamom.core.snapshot_codec.canonical",
    "cardamom.core.snapshot_codec.framing",
    "cardamom.core.remote_tools",
    "cardamom.core.search",
    "cardamom.core.tokens",
    "cardamom.core.naming",
    "cardamom.core.policy",
    "cardamom.core.orgdef",
)


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


def frame(payload: bytes) -> bytes:
    """The blob of a marshal payload: the magic line, the lengths, the zlib stream."""
    stream = zlib.compress(payload, COMPRESSION_LEVEL)
    return MAGIC + _HEADER.pack(len(stream), len(payload)) + stream


def uint32s(data: bytes) -> array[int]:
    values = array(UINT32)
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
