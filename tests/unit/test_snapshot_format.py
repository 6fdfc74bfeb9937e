"""The snapshot format is an explicit number, and forgetting to bump it fails here.

``snapshot_format/format-N.snap`` is the blob format N's code made of the golden org
(``snapshot_format/org.yaml`` plus the remote tools below), recorded once and never
re-recorded. This code must encode the golden org to exactly what the blob of its own format
holds (compared value by value, so zlib's and marshal's byte-level choices do not matter),
and must read the blob of every older format it lists as readable.

When the encoding changes on purpose (the layout, or what a build puts in a snapshot: the
pool, tokens, index, refusals): bump ``SNAPSHOT_FORMAT`` in
``src/cardamom/core/snapshot_codec/framing.py``, record the new format's blob with
``python -m tests.unit.test_snapshot_format``, and decide whether the previous format stays
readable (``OLDER_READABLE``: only if this code decodes its layout; its blob says).
"""

from __future__ import annotations

import marshal
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from cardamom.core.listings import Listing
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.remote_tools import RemoteTool
from cardamom.core.search import rank
from cardamom.core.search.tokens import inflection_key
from cardamom.core.snapshot import Snapshot, build_snapshot
from cardamom.core.snapshot_codec import (
    SNAPSHOT_FORMAT,
    CorruptSnapshot,
    NewerSnapshot,
    OutdatedSnapshot,
    blob_format,
    decode_snapshot,
    encode_snapshot,
)
from cardamom.core.snapshot_codec.framing import OLDER_READABLE, frame, unframe

GOLDEN = Path(__file__).resolve().parent / "snapshot_format"
REMOTE_TOOLS = {
    "wiki-eng": [
        RemoteTool(
            "search_wiki",
            "search.wiki",
            "Search wiki pages by text.",
            {
                "type": "object",
                "properties": {"query": {"type": "string"}, "space": {"type": "string"}},
                "required": ["query"],
            },
            {"readOnlyHint": True},
        ),
        RemoteTool(
            "edit_page",
            "edit_page",
            "Edit a wiki page's body.",
            {"type": "object", "properties": {"page": {"type": "string"}, "body": {"type": "string"}}},
            {"destructiveHint": False},
        ),
        RemoteTool("purge_space", "purge_space", "", {"type": "object", "properties": {"space": {"type": "string"}}}),
    ]
}


def golden_listings() -> dict[str, Listing]:
    """The remote server's listing, as a rebuild that listed it at a fixed time keeps it."""
    return {
        "wiki-eng": Listing(
            tuple(REMOTE_TOOLS["wiki-eng"]),
            1_795_000_000.0,
            "0123456789abcdef",
            "no answer",
            "connector_timeout",
            1_795_000_300.0,
        )
    }


def golden_snapshot() -> Snapshot:
    org = parse_org_definition((GOLDEN / "org.yaml").read_text(encoding="utf-8"), "org.yaml")
    return build_snapshot(org, 5, REMOTE_TOOLS, listings=golden_listings())


def recorded(format_version: int) -> Path:
    return GOLDEN / f"format-{format_version}.snap"


def plain(blob: bytes) -> Any:
    """What a blob holds, as plain values: the payload with every chunk unpacked."""
    payload = marshal.loads(unframe(blob))
    payload["chunks"] = [marshal.loads(zlib.decompress(chunk)) for chunk in payload["chunks"]]
    return payload


def test_this_code_encodes_the_golden_org_as_its_format_recorded() -> None:
    blob = recorded(SNAPSHOT_FORMAT)
    assert blob.exists(), f"no golden blob for format {SNAPSHOT_FORMAT}: run python -m tests.unit.test_snapshot_format"
    assert blob_format(blob.read_bytes()) == SNAPSHOT_FORMAT
    assert plain(encode_snapshot(golden_snapshot())) == plain(blob.read_bytes()), (
        f"the snapshot encoding changed but SNAPSHOT_FORMAT is still {SNAPSHOT_FORMAT}: bump it (see this module)"
    )


def test_the_golden_org_touches_every_part_of_a_snapshot() -> None:
    snapshot = golden_snapshot()
    tools = list(snapshot.tools)
    assert {t.classification for t in tools} == {"read", "write", "destructive"}
    assert any(t.merged and t.frozen_by_account for t in tools)
    assert any(t.remote and t.frozen for t in tools)
    assert any(t.arguments_in for t in tools) and any(t.body_encoding == "form" for t in tools)
    assert snapshot.aliases and {r.target.role for r in snapshot.restrictions} >= {"member", "guest"}
    assert any(r.target.user for r in snapshot.restrictions)
    assert snapshot.listings and all(listing.tools and listing.failed for listing in snapshot.listings.values())
    assert snapshot.collapse_threshold == 30


@pytest.mark.parametrize("format_version", sorted(OLDER_READABLE))
def test_a_blob_of_an_older_readable_format_is_served(format_version: int) -> None:
    blob = recorded(format_version).read_bytes()
    assert blob_format(blob) == format_version
    snapshot = decode_snapshot(blob)
    current = golden_snapshot()
    assert (snapshot.org, snapshot.version) == (current.org, current.version)
    assert all(snapshot.tool(t.name) == t for t in snapshot.tools)
    assert snapshot.index.documents[0].name == snapshot.tools[0].name
    # The app names are derived on load, whatever the format: a query naming an app stays in it.
    for query in ("notes get page", "cal cancel booking", "wiki edit page"):
        old, new = rank(snapshot.index, query), rank(current.index, query)
        assert old.scope == new.scope != ()
        assert [h.name for h in old.hits] == [h.name for h in new.hits]
    # none recorded before format 6: the next rebuild lists them
    assert dict(snapshot.listings) == ({} if format_version < 6 else golden_listings())


@pytest.mark.parametrize("format_version", sorted(OLDER_READABLE))
def test_an_older_blob_groups_its_inflected_forms_by_this_code_s_key(format_version: int) -> None:
    """Format 10 and before grouped ``page`` under ``pag``; read now, the groups are this code's."""
    index = decode_snapshot(recorded(format_version).read_bytes()).index
    for forms in (index.name_forms, index.label_forms, index.description_forms):
        assert forms and all(inflection_key(word) == key for key, words in forms.items() for word in words)
    assert "page" in index.name_forms and "pag" not in index.name_forms


def test_listings_survive_the_round_trip() -> None:
    assert dict(decode_snapshot(encode_snapshot(golden_snapshot())).listings) == golden_listings()


def test_every_recorded_format_is_read_or_known_to_be_outdated() -> None:
    for path in sorted(GOLDEN.glob("format-*.snap")):
        blob = path.read_bytes()
        format_version = blob_format(blob)
        assert format_version is not None and path.name == f"format-{format_version}.snap"
        assert format_version <= SNAPSHOT_FORMAT
        if format_version == SNAPSHOT_FORMAT or format_version in OLDER_READABLE:
            decode_snapshot(blob)
        else:
            with pytest.raises(OutdatedSnapshot):
                decode_snapshot(blob)


def test_neither_the_source_nor_the_python_version_is_part_of_a_blob() -> None:
    payload = marshal.loads(unframe(encode_snapshot(golden_snapshot())))
    assert "fingerprint" not in payload
    assert f"{sys.version_info[0]}.{sys.version_info[1]}" not in repr(payload)


def test_the_format_is_the_number_on_the_magic_line() -> None:
    blob = encode_snapshot(golden_snapshot())
    assert blob.startswith(f"CARDAMOM-SNAPSHOT {SNAPSHOT_FORMAT}\n".encode())
    assert blob_format(blob) == SNAPSHOT_FORMAT
    for other in (b"", b"CARDAMOM-SNAPSHOT \n", b"CARDAMOM-SNAPSHOT x\n", b"CARDAMOM-SNAPSHOT 04\n", b"SNAPSHOT 4\n"):
        assert blob_format(other + blob[len(b"CARDAMOM-SNAPSHOT 4\n") :]) is None
        with pytest.raises(CorruptSnapshot):
            decode_snapshot(other)


def test_a_newer_format_is_reported_as_newer_and_an_unread_older_one_as_outdated() -> None:
    payload = unframe(encode_snapshot(golden_snapshot()))
    with pytest.raises(NewerSnapshot):
        decode_snapshot(frame(payload, SNAPSHOT_FORMAT + 1))
    unread = min(OLDER_READABLE | {SNAPSHOT_FORMAT}) - 1
    with pytest.raises(OutdatedSnapshot):
        decode_snapshot(frame(payload, unread))


def record() -> None:
    """Write the golden blob of the current format, once: a recorded format is never re-recorded."""
    path = recorded(SNAPSHOT_FORMAT)
    if path.exists():
        raise SystemExit(f"{path.name} exists: if the encoding changed, bump SNAPSHOT_FORMAT instead")
    path.write_bytes(encode_snapshot(golden_snapshot()))
    print(f"recorded {path}")


if __name__ == "__main__":
    record()
