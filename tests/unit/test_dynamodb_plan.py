"""The DynamoDB directory's planning, without a table: positions, landing order, transaction cuts."""

from __future__ import annotations

from cardamom.adapters.dynamodb_items import record_item
from cardamom.adapters.dynamodb_plan import (
    MAX_ACTIONS,
    SPACING,
    Action,
    Existing,
    batches,
    delete_action,
    member_action,
    positions,
)
from cardamom.core.orgdef import MemberDef


def kept(**stored: int) -> dict[str, Existing]:
    return {key: Existing(pos=pos, digest="d", live=True) for key, pos in stored.items()}


def test_positions_keep_the_stored_ones_and_slot_new_records_between() -> None:
    stored = kept(a=SPACING, b=2 * SPACING, c=3 * SPACING)
    placed = positions(["x", "a", "y", "b", "c", "z"], stored, next_free=4 * SPACING)
    assert {k: placed[k] for k in "abc"} == {"a": SPACING, "b": 2 * SPACING, "c": 3 * SPACING}
    order = sorted(placed, key=placed.__getitem__)
    assert order == ["x", "a", "y", "b", "c", "z"]


def test_positions_renumber_when_the_order_changed_or_no_room_is_left() -> None:
    assert positions(["b", "a"], kept(a=SPACING, b=2 * SPACING), 0) == {"b": SPACING, "a": 2 * SPACING}
    crowded = kept(a=10, b=11)
    assert positions(["a", "new", "b"], crowded, 0) == {"a": SPACING, "new": 2 * SPACING, "b": 3 * SPACING}


def test_a_tombstone_holds_no_position() -> None:
    stored = {"a": Existing(pos=5 * SPACING, digest=None, live=False)}
    assert positions(["a", "b"], stored, 0) == {"a": 0, "b": SPACING}  # placed afresh, in order


def test_batches_land_revocations_first_and_respect_the_action_limit() -> None:
    member = record_item("members", "m", MemberDef(id="m"))
    puts = [member_action("t", "acme", f"m{i}", item=member, pos=i) for i in range(150)]
    removal = member_action("t", "acme", "gone", remove=True, revoke_at=7)
    connector_delete = delete_action("t", "acme", "connectors", "old")
    cut = batches([*puts, connector_delete, removal])
    assert [len(b) for b in cut] == [MAX_ACTIONS, 152 - MAX_ACTIONS]
    assert cut[0][0] is removal  # the revocation lands in the first transaction
    assert cut[0][1] is connector_delete  # what others refer to is deleted after everything but members
    assert cut[-1][-1] is puts[-1]  # members' records (what widens a member's reach) land last


def test_batches_respect_the_transaction_size() -> None:
    big = [Action(rank=1, size=1_000_000, write={"Put": {"TableName": "t", "Item": {}}}) for _ in range(5)]
    assert [len(b) for b in batches(big)] == [3, 2]
