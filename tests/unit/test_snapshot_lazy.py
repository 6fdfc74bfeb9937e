"""A decoded snapshot builds tool records only when touched, rejects a damaged blob up front,
and its policy pass (columns and per-role refusals, no records) agrees with ``tool_refusal``."""

from __future__ import annotations

import marshal
import random
import struct
import zlib
from typing import Any, get_args

import pytest

from cardamom.core.orgdef import OrgDefinition, Role
from cardamom.core.policy import ALL_SCOPES, resolve_restrictions
from cardamom.core.pool import ToolColumns
from cardamom.core.refusals import refused
from cardamom.core.search import rank
from cardamom.core.snapshot import Snapshot, build_snapshot
from cardamom.core.snapshot_codec import CorruptSnapshot, decode_snapshot, encode_snapshot, lazy
from cardamom.core.snapshot_codec.framing import MAGIC, frame, unframe
from cardamom.core.snapshot_codec.lazy import CHUNK_SIZE, LazyTools
from cardamom.service.authorization import Caller, PoolCache, caller_pool, tool_refusal

BIG = 150  # tools of the big connector: connected twice, the pool spans several chunks
ROLES: tuple[Role, ...] = get_args(Role)


def org_definition(restrictions: list[dict[str, Any]] | None = None) -> OrgDefinition:
    methods = ("GET", "POST", "PUT", "DELETE")
    big_tools = [
        {
            "name": f"{('list', 'create', 'update', 'delete')[i % 4]}_item_{i:03d}",
            "description": f"Operation {i} on items of kind {i % 7}.",
            "method": methods[i % 4],
            "path": f"/v1/items/{{item_id}}/kind{i % 7}",
            **({"classification": "forbidden"} if i % 37 == 0 else {}),
            "input_schema": {
                "type": "object",
                "properties": {"limit": {"type": "integer"}, "workspace": {"type": "string"}},
            },
        }
        for i in range(BIG)
    ]
    data: dict[str, Any] = {
        "org": "acme",
        "connectors": [
            {"id": "big", "label": "Big App", "base_url": "https://api.big.example", "tools": big_tools},
            {
                "id": "merged",
                "label": "Merged App",
                "base_url": "https://api.merged.example",
                "merge_accounts": True,
                "tools": [
                    {"name": "list_notes", "description": "List notes.", "method": "GET", "path": "/notes"},
                    {
                        "name": "create_note",
                        "description": "Create a note.",
                        "method": "POST",
                        "path": "/notes",
                        "input_schema": {"type": "object", "properties": {"folder": {"type": "string"}}},
                    },
                ],
            },
            {
                "id": "small",
                "label": "Small App",
                "base_url": "https://api.small.example",
                "tools": [{"name": "delete_all", "description": "Delete all.", "method": "DELETE", "path": "/all"}],
            },
        ],
        "connections": [
            {"account": "big-a", "connector": "big"},
            {"account": "big-b", "connector": "big", "frozen": {"workspace": "b-space"}},
            {"account": "notes-one", "connector": "merged", "frozen": {"folder": "one"}},
            {"account": "notes-two", "connector": "merged"},
            {"account": "small", "connector": "small"},
        ],
        "members": [{"id": "alice", "role": "member"}, {"id": "bob", "role": "member"}],
        "aliases": [{"name": "old_name", "connector": "big", "tool": "list_item_000", "account": "big-b"}],
        "restrictions": restrictions or [],
    }
    return OrgDefinition.model_validate(data)


@pytest.fixture(scope="module")
def built() -> Snapshot:
    return build_snapshot(org_definition(), version=3)


@pytest.fixture(scope="module")
def blob(built: Snapshot) -> bytes:
    return encode_snapshot(built)


def member(name: str = "alice", role: Role = "member", scopes: tuple[str, ...] = ALL_SCOPES) -> Caller:
    return Caller("acme", name, role, frozenset(scopes))


# ---- lazy records ---------------------------------------------------------------------------------


def test_the_pool_spans_several_chunks(built: Snapshot) -> None:
    assert len(built.tools) > 2 * CHUNK_SIZE


def test_a_decoded_snapshot_builds_no_record_until_one_is_touched(built: Snapshot, blob: bytes) -> None:
    decoded = decode_snapshot(blob)
    tools = decoded.tools
    assert isinstance(tools, LazyTools)
    assert len(tools) == len(built.tools) and tools.built == 0
    # The lookups, the columns, the policy pass, its refusals and ranking read no record.
    assert decoded.by_name == built.by_name
    assert decoded.columns.reachable_accounts(decoded.by_name["merged__list_notes"]) == ("notes-one", "notes-two")
    pool = PoolCache().pool(member(scopes=("mcp:tools", "mcp:read")), decoded)
    assert pool.withheld and all(str(pool.withheld[p]) for p in pool.withheld)
    assert rank(decoded.index, "list items", pool=pool.visible).hits
    assert tools.built == 0

    record = decoded.tool("big-b__create_item_001")
    assert record is not None and record == built.tool("big-b__create_item_001")
    assert 0 < tools.built <= CHUNK_SIZE  # that tool's chunk, and no other
    assert decoded.tool("big-b__create_item_001") is record  # built once, then kept


def test_one_operation_of_two_accounts_shares_a_chunk(blob: bytes) -> None:
    decoded = decode_snapshot(blob)
    assert decoded.tool("big-a__update_item_002") is not None
    touched = decoded.tools.built if isinstance(decoded.tools, LazyTools) else 0
    assert decoded.tool("big-b__update_item_002") is not None
    assert isinstance(decoded.tools, LazyTools) and decoded.tools.built == touched


def test_decoded_records_equal_the_built_ones(built: Snapshot, blob: bytes) -> None:
    decoded = decode_snapshot(blob)
    assert decoded.tools == built.tools and built.tools == decoded.tools
    assert list(decoded.tools) == list(built.tools)
    assert decoded.tools[-1] == built.tools[-1] and decoded.tools[2:9:3] == built.tools[2:9:3]
    assert decoded.tools != built.tools[:-1]
    with pytest.raises(IndexError):
        decoded.tools[len(built.tools)]


def test_decoded_lookups_and_columns_equal_the_built_ones(built: Snapshot, blob: bytes) -> None:
    decoded = decode_snapshot(blob)
    assert dict(decoded.by_identity) == dict(built.by_identity)
    assert decoded.aliases == built.aliases
    for field in ("names", "accounts", "connectors", "tools", "classifications", "merged_accounts"):
        assert list(getattr(decoded.columns, field)) == list(getattr(built.columns, field)), field
    assert ToolColumns.of(built.tools).names == list(built.columns.names)
    resolved = decoded.resolve("old_name")
    assert resolved is not None and resolved == built.resolve("old_name")


def test_records_are_the_same_when_filled_through_init(
    built: Snapshot, blob: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lazy, "_FILL_BY_SLOT", False)
    assert list(decode_snapshot(blob).tools) == list(built.tools)


def test_a_decoded_snapshot_re_encodes_to_the_same_bytes(blob: bytes) -> None:
    assert encode_snapshot(decode_snapshot(blob)) == blob


# ---- damage is found at load ------------------------------------------------------------------------


def test_any_damaged_byte_is_rejected_at_load(blob: bytes) -> None:
    step = max(1, len(blob) // 400)
    positions = sorted({*range(0, len(blob), step), *range(len(blob) - 8, len(blob))})
    for position in positions:
        damaged = bytearray(blob)
        damaged[position] ^= 0x5A
        try:
            decode_snapshot(bytes(damaged))
        except CorruptSnapshot:
            continue
        # The one damage that can pass: the unused padding bits of the stream's last byte,
        # which change nothing the blob holds (zlib's checksum covers every payload byte).
        assert unframe(bytes(damaged)) == unframe(blob), f"damage at byte {position} was served"


@pytest.mark.parametrize("cut", [1, 8, 17, 40])
def test_a_truncated_blob_or_stray_bytes_are_rejected(blob: bytes, cut: int) -> None:
    for damaged in (blob[:cut], blob[:-cut], blob + b"\x00" * cut):
        with pytest.raises(CorruptSnapshot):
            decode_snapshot(damaged)


def test_lengths_that_do_not_match_the_stream_are_rejected(blob: bytes) -> None:
    start = len(MAGIC)
    stream, size = struct.unpack_from("<QQ", blob, start)
    for lengths in ((stream, size + 1), (stream, size - 1), (stream, 2000 * stream), (stream + 1, size)):
        with pytest.raises(CorruptSnapshot):
            decode_snapshot(blob[:start] + struct.pack("<QQ", *lengths) + blob[start + 16 :])


def _reencoded(blob: bytes, change: Any) -> bytes:
    payload = marshal.loads(unframe(blob))
    change(payload)
    return frame(marshal.dumps(payload, 4))


@pytest.mark.parametrize(
    "change",
    [
        lambda p: p["chunks"].pop(),
        lambda p: p.__setitem__("slots", p["slots"][:-4]),
        lambda p: p.__setitem__("order", b"\xff\xff\xff\xff" + p["order"][4:]),
        lambda p: p["columns"][2].pop(),
        lambda p: p.__setitem__("chunks", [*p["chunks"][:-1], "not bytes"]),
        lambda p: p.__setitem__("role_refusals", {"member": b"\xff\xff\xff\x00"}),
        lambda p: p.__setitem__("role_refusals", {"nobody": b""}),
    ],
)
def test_chunks_that_do_not_match_the_tools_are_rejected_at_load(blob: bytes, change: Any) -> None:
    with pytest.raises(CorruptSnapshot):
        decode_snapshot(_reencoded(blob, change))


def test_a_chunk_that_cannot_be_decoded_is_never_served(blob: bytes) -> None:
    # Only a writer that recomputes the checksum can get here; the record is refused, not guessed.
    forged = _reencoded(blob, lambda p: p["chunks"].__setitem__(0, zlib.compress(b"garbage")))
    decoded = decode_snapshot(forged)
    with pytest.raises(CorruptSnapshot):
        list(decoded.tools)


# ---- the policy pass --------------------------------------------------------------------------------

RULES: list[dict[str, Any]] = [
    {"target": {"role": "member"}, "effect": "block", "connector": "big"},
    {"target": {"role": "member"}, "effect": "block", "tools": ["delete_*"]},
    {"target": {"role": "member"}, "effect": "block", "connector": "big", "tools": ["update_item_01?"]},
    {"target": {"role": "member"}, "effect": "allow", "connector": "merged"},
    {"target": {"role": "member"}, "effect": "allow", "tools": ["list_*"]},
    {"target": {"role": "member"}, "effect": "allow", "connector": "big", "tools": ["create_*", "list_item_00*"]},
    {"target": {"role": "admin"}, "effect": "block", "connector": "small"},
    {"target": {"role": "admin"}, "effect": "allow", "connector": "big"},
    {"target": {"role": "admin"}, "effect": "block", "tools": ["*_note"]},
    {"target": {"role": "owner"}, "effect": "allow"},
    {"target": {"user": "alice"}, "effect": "block", "connector": "merged"},
    {"target": {"user": "alice"}, "effect": "allow", "tools": ["*_item_0[0-4]*"]},
    {"target": {"user": "alice"}, "effect": "block", "connector": "big", "tools": ["list_*"]},
    {"target": {"user": "bob"}, "effect": "allow", "connector": "small"},
]


def scenarios(count: int) -> list[list[dict[str, Any]]]:
    chosen = random.Random(20261129)
    return [
        [{"id": f"r{i}", **rule} for i, rule in enumerate(chosen.sample(RULES, chosen.randint(0, 4)))]
        for _ in range(count)
    ]


def assert_pass_is_tool_refusal(snapshot: Snapshot, caller: Caller) -> None:
    pool = PoolCache().pool(caller, snapshot)
    expected = {position: tool_refusal(caller, snapshot, tool) for position, tool in enumerate(snapshot.tools)}
    assert pool.visible == {p for p, refusal in expected.items() if refusal is None}
    assert set(pool.withheld) == {p for p, refusal in expected.items() if refusal is not None}
    for position in pool.withheld:
        want, got = expected[position], pool.withheld[position]
        assert want is not None and (type(got), str(got), got.code) == (type(want), str(want), want.code)


@pytest.mark.parametrize("rules", scenarios(40))
def test_the_policy_pass_is_tool_refusal_tool_by_tool(rules: list[dict[str, Any]]) -> None:
    built = build_snapshot(org_definition(rules), version=1)
    decoded = decode_snapshot(encode_snapshot(built))
    pick = random.Random(len(rules) * 7919 + sum(len(r.get("tools", ())) for r in rules))
    for _ in range(6):
        scopes = tuple(s for s in ALL_SCOPES if pick.random() < 0.75)
        caller = member(pick.choice(("alice", "bob", "carol")), pick.choice(ROLES), scopes)
        assert_pass_is_tool_refusal(built, caller)
        assert_pass_is_tool_refusal(decoded, caller)


def test_a_cached_pool_is_of_the_snapshot_asked_about_not_of_its_version() -> None:
    """A re-listing stores a new snapshot at the same directory version (other tools, other
    positions): a pool cached for the snapshot before it must not be served for it."""
    before = build_snapshot(org_definition(), version=3)
    data = org_definition().model_dump()
    data["connectors"][-1]["tools"].insert(
        0, {"name": "archive_all", "description": "Archive all.", "method": "POST", "path": "/archive"}
    )
    after = build_snapshot(OrgDefinition.model_validate(data), version=3)
    assert len(after.tools) == len(before.tools) + 1
    cache, caller = PoolCache(), member(scopes=("mcp:tools", "mcp:read"))
    cache.pool(caller, before)
    pool, fresh = cache.pool(caller, after), caller_pool(caller, after)
    assert (pool.visible, set(pool.withheld)) == (fresh.visible, set(fresh.withheld))
    assert all(str(pool.withheld[p]) for p in pool.withheld)


@pytest.mark.parametrize("rules", scenarios(40))
def test_refused_is_resolve_restrictions(rules: list[dict[str, Any]]) -> None:
    snapshot = build_snapshot(org_definition(rules), version=1)
    for role in ROLES:
        for name in ("alice", "bob"):
            expected = {
                position
                for position, tool in enumerate(snapshot.tools)
                if not resolve_restrictions(
                    snapshot.restrictions, member_id=name, role=role, connector=tool.connector, tool=tool.tool
                ).allowed
            }
            assert refused(snapshot.restrictions, snapshot.columns, member_id=name, role=role) == expected


def test_role_refusals_travel_in_the_blob() -> None:
    rules = [{"id": "r0", **RULES[1]}, {"id": "r1", **RULES[6]}, {"id": "r2", **RULES[10]}]
    built = build_snapshot(org_definition(rules), version=1)
    decoded = decode_snapshot(encode_snapshot(built))
    assert set(decoded.role_refusals) == {"member", "admin"}  # the roles that have rules; none per member
    for role in ("member", "admin"):
        assert set(decoded.role_refusals[role]) == set(built.refused_for_role(role))
    assert set(decoded.refused_for_role("owner")) == set()


def test_a_withheld_tool_names_the_caller_who_asked() -> None:
    rules = [{"id": "r0", **RULES[0]}]
    snapshot = decode_snapshot(encode_snapshot(build_snapshot(org_definition(rules), version=1)))
    cache = PoolCache()
    position = snapshot.by_name["big-a__list_item_000"]
    first = cache.pool(member("alice"), snapshot)
    second = cache.pool(member("bob"), snapshot)  # the same pool: same role, scopes, no rule of his own
    assert first.visible is second.visible
    assert "restricted for alice" in str(first.withheld[position])
    assert "restricted for bob" in str(second.withheld[position])


def test_a_caller_without_tool_execute_sees_nothing(built: Snapshot) -> None:
    assert_pass_is_tool_refusal(built, member(role="guest"))
    assert not PoolCache().pool(member(role="auditor"), built).visible
