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

Layout: the magic line ``CARDAMOM-SNAPSHOT 4\\n`` (the format), the lengths of the zlib
stream and of the payload it inflates to (two little-endian uint64), then the stream: zlib of
a ``marshal`` (version 4) dump of plain values: dicts, lists, tuples, strings, numbers, bytes
(the chunks among them). ``marshal`` is several times faster to load than JSON here and
cannot run code; the blob is written only by Cardamom's own functions. The stream's checksum
covers every byte, the chunks included, and is checked at load: a damaged blob is rejected
up front, never half-served, and a chunk decoded later is one that was verified. Sets are
written sorted and dicts in key order, so the same snapshot always encodes to the same
bytes.

The magic line names the blob's format, an explicit number bumped by hand whenever what a
snapshot holds or how it is laid out changes (``framing.SNAPSHOT_FORMAT``; a golden encoding
per format makes forgetting it fail). A blob of the current format, or of an older one still
listed in ``framing.OLDER_READABLE``, is decoded whatever code or Python wrote it; one of an
older format no longer read is ``OutdatedSnapshot``, one of a newer format ``NewerSnapshot``.

Modules: ``framing`` (magic line, lengths, stream, formats), ``canonical`` (the deterministic
copy), ``lazy`` (tool records and search documents built when read), ``encode``, ``decode``.
"""

from cardamom.core.snapshot_codec.decode import decode as decode_snapshot
from cardamom.core.snapshot_codec.encode import encode as encode_snapshot
from cardamom.core.snapshot_codec.framing import (
    SNAPSHOT_FORMAT,
    CorruptSnapshot,
    NewerSnapshot,
    OutdatedSnapshot,
    blob_format,
)

__all__ = [
    "SNAPSHOT_FORMAT",
    "CorruptSnapshot",
    "NewerSnapshot",
    "OutdatedSnapshot",
    "blob_format",
    "decode_snapshot",
    "encode_snapshot",
]
