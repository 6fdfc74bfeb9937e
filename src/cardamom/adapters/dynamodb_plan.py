"""The DynamoDB directory's apply planner: which writes a change makes, in which order, in how many transactions.

Pure apart from the ``ToolLists`` callback that stores a large tool list in S3: no client
calls here. Given what the table holds of an org's records (``Existing``), a whole-org
replace or a single change becomes a ``Plan``: positions that keep the stored order where
they can, one action per record to write or remove (a member's always an update, so its
revocation watermark survives), the landing order of those actions, and the S3 tool lists
no longer referenced. ``adapters.dynamodb_directory`` reads ``Existing`` and commits the plan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from cardamom.adapters.dynamodb_items import (
    ORG_INDEX_KEY,
    PK,
    SK,
    VERSION_SK,
    RecordItem,
    desired_items,
    n,
    number,
    org_pk,
    record_item,
    record_key,
    record_kinds,
    record_sk,
    s,
    settings_json,
    text,
)
from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import OrgDefinition
from cardamom.errors import StoreError

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

    from cardamom.adapters.dynamodb_items import Item

SPACING = 1 << 16  # room between positions, so a record inserted in the middle rarely renumbers a kind
TOOLS_INLINE_BYTES = 48 * 1024  # a connector's compressed tool list up to this size stays in its item
MAX_ACTIONS = 99  # TransactWriteItems takes 100 actions; one is the version item
MAX_TRANSACTION_BYTES = 3_500_000  # of the 4 MB a transaction may carry

# A large tool list goes to S3: (org, connector, sha256, compressed bytes) -> object key.
ToolLists = Callable[[str, str, str, bytes], str]


@dataclass(frozen=True, slots=True)
class Existing:
    """What the planner needs to know of a stored record item."""

    pos: int
    digest: str | None
    live: bool  # a member's tombstone (removed, watermark kept) is not live
    tools_ref: str | None = None


def positions(keys: list[str], existing: Mapping[str, Existing], next_free: int) -> dict[str, int]:
    """Positions for one kind's records in order: kept where the stored order allows, else renumbered."""
    placed: dict[str, int] = {}
    kept = [existing[k].pos for k in keys if k in existing and existing[k].live]
    if all(a < b for a, b in pairwise(kept)):
        previous = -SPACING
        for i, key in enumerate(keys):
            old = existing.get(key)
            if old is not None and old.live:
                placed[key] = previous = old.pos
                continue
            following = next((existing[k].pos for k in keys[i + 1 :] if k in existing and existing[k].live), None)
            upper = following if following is not None else max(next_free, previous + 2 * SPACING)
            if upper - previous < 2:
                break
            placed[key] = previous = previous + max(1, min(SPACING, (upper - previous) // 2))
        else:
            return placed
    return {key: (i + 1) * SPACING for i, key in enumerate(keys)}


# ---- transaction actions ----------------------------------------------------------------------


@dataclass(slots=True)
class Action:
    """One write of a transaction, with the order it must land in when a change needs several."""

    rank: int
    size: int
    write: TransactWriteItemTypeDef


@dataclass(slots=True)
class Plan:
    actions: list[Action] = field(default_factory=list)
    next_pos: int = SPACING
    orphaned_tools: list[str] = field(default_factory=list)  # S3 tool lists no longer referenced
    settings: str | None = None  # settings_json of a whole-org replacement; None leaves them as they are


# Rank: revocations and removals of members land first (safest), then what others refer to,
# then what refers to it, deletions of what is referred to last, and members' own records
# (additions, roles, reinstatements: what can widen a member's reach, read live) at the very
# end. Snapshots are not built from the states between links (``settles_at``).
_PUT_RANK = {"connectors": 1, "connections": 3, "members": 8, "restrictions": 6, "aliases": 6}
_DELETE_RANK = {"connectors": 7, "connections": 2, "members": 0, "restrictions": 5, "aliases": 5}


def put_action(
    table: str, org: str, item: RecordItem, pos: int, tool_lists: ToolLists | None
) -> tuple[Action, str | None]:
    """The write of a non-member record; also returns the S3 key of its tool list, if stored there."""
    attributes: Item = {
        PK: s(org_pk(org)),
        SK: s(item.sk),
        "kind": s(item.kind),
        "pos": n(pos),
        "h": s(item.digest),
        "body": s(item.body),
    }
    ref = None
    if item.tools is not None and item.tools_sha is not None:
        attributes["tools_sha"] = s(item.tools_sha)
        if len(item.tools) <= TOOLS_INLINE_BYTES:
            attributes["tools"] = {"B": item.tools}
        elif tool_lists is None:
            raise StoreError(f"connector {item.key!r} has a tool list too large for DynamoDB and no bucket is set")
        else:
            ref = tool_lists(org, item.key, item.tools_sha, item.tools)
            attributes["tools_ref"] = s(ref)
    size = item.size if ref is None else len(item.body) + 300
    return Action(_PUT_RANK.get(item.kind, 6), size, {"Put": {"TableName": table, "Item": attributes}}), ref


def delete_action(table: str, org: str, kind: str, key: str) -> Action:
    write: TransactWriteItemTypeDef = {
        "Delete": {"TableName": table, "Key": {PK: s(org_pk(org)), SK: s(record_sk(kind, key))}}
    }
    return Action(_DELETE_RANK.get(kind, 5), 200, write)


def member_action(
    table: str,
    org: str,
    key: str,
    *,
    item: RecordItem | None = None,
    pos: int = 0,
    remove: bool = False,
    revoke_at: int | None = None,
) -> Action:
    """A member's write: always an update, so the revocation watermark survives every later write.

    ``item`` writes the member; ``remove`` leaves a tombstone (the body gone, the watermark
    kept), so a member removed and added back never revives a token revoked before;
    ``revoke_at`` records a revocation (and moves the watermark) in the same write.
    """
    sets: list[str] = []
    values: Item = {}
    if item is not None:
        sets += ["body = :body", "h = :h", "pos = :pos", "kind = :kind"]
        values.update({":body": s(item.body), ":h": s(item.digest), ":pos": n(pos), ":kind": s("members")})
    if revoke_at is not None:
        sets += ["grants_revoked_at = :at", "revocations = list_append(if_not_exists(revocations, :none), :ats)"]
        values.update({":at": n(revoke_at), ":none": {"L": []}, ":ats": {"L": [n(revoke_at)]}})
    parts = [f"SET {', '.join(sets)}"] if sets else []
    if remove:
        parts.append("REMOVE body, h")
    if not parts:
        raise ValueError("a member write must write, remove or revoke")
    update: dict[str, Any] = {
        "TableName": table,
        "Key": {PK: s(org_pk(org)), SK: s(record_sk("members", key))},
        "UpdateExpression": " ".join(parts),
    }
    if values:
        update["ExpressionAttributeValues"] = values
    rank = 0 if remove or revoke_at is not None else _PUT_RANK["members"]
    write: TransactWriteItemTypeDef = {"Update": update}  # type: ignore[typeddict-item]
    return Action(rank, (item.size if item else 0) + 200, write)


def version_action(
    table: str,
    org: str,
    expected: int | None,
    new: int,
    next_pos: int,
    now: str,
    settings: str | None = None,
    *,
    settles_at: int | None = None,
) -> TransactWriteItemTypeDef:
    """The version item's write; ``settings`` (the org's scalar settings as JSON) when they are replaced.

    ``settles_at`` is the version the write's last transaction reaches: below it, the org is
    mid-way through a chain (``StoredOrg.settling``), a state no snapshot is built from.
    """
    settles = n(new if settles_at is None else settles_at)
    key: Item = {PK: s(org_pk(org)), SK: s(VERSION_SK)}
    if expected is None:
        item: Item = {
            **key,
            "version": n(new),
            "next_pos": n(next_pos),
            "org": s(org),
            ORG_INDEX_KEY: s("ORG"),
            "updated_at": s(now),
            "settles_at": settles,
        }
        if settings is not None:
            item["settings"] = s(settings)
        return {"Put": {"TableName": table, "Item": item, "ConditionExpression": "attribute_not_exists(pk)"}}
    values: Item = {
        ":new": n(new),
        ":next": n(next_pos),
        ":now": s(now),
        ":expected": n(expected),
        ":settles": settles,
    }
    expression = "SET version = :new, next_pos = :next, updated_at = :now, settles_at = :settles"
    if settings is not None:
        expression += ", settings = :settings"
        values[":settings"] = s(settings)
    return {
        "Update": {
            "TableName": table,
            "Key": key,
            "UpdateExpression": expression,
            "ConditionExpression": "version = :expected",
            "ExpressionAttributeValues": values,
        }
    }


def batches(actions: Iterable[Action]) -> list[list[Action]]:
    """The actions in landing order, cut into transactions that fit DynamoDB's limits."""
    out: list[list[Action]] = [[]]
    size = 0
    for action in sorted(actions, key=lambda a: a.rank):
        if out[-1] and (len(out[-1]) >= MAX_ACTIONS or size + action.size > MAX_TRANSACTION_BYTES):
            out.append([])
            size = 0
        out[-1].append(action)
        size += action.size
    return out


def existing_of(item: Item) -> Existing:
    return Existing(
        pos=number(item, "pos") or 0,
        digest=text(item, "h"),
        live="body" in item,
        tools_ref=text(item, "tools_ref"),
    )


class ApplyPlanner:
    """Plans the writes of one org's changes to one table; large tool lists go through ``tool_lists``."""

    def __init__(self, table: str, tool_lists: ToolLists | None) -> None:
        self._table = table
        self._tool_lists = tool_lists

    def _record_action(self, org: str, item: RecordItem, pos: int, revoke_at: int | None, plan: Plan) -> None:
        if item.kind == "members":
            plan.actions.append(member_action(self._table, org, item.key, item=item, pos=pos, revoke_at=revoke_at))
            return
        action, _ = put_action(self._table, org, item, pos, self._tool_lists)
        plan.actions.append(action)

    def _removal(self, org: str, kind: str, key: str, old: Existing, revoke_at: int | None, plan: Plan) -> None:
        if kind == "members":
            plan.actions.append(member_action(self._table, org, key, remove=True, revoke_at=revoke_at))
            return
        plan.actions.append(delete_action(self._table, org, kind, key))
        if old.tools_ref:
            plan.orphaned_tools.append(old.tools_ref)

    def replace(
        self,
        org: OrgDefinition,
        existing: Mapping[str, Existing],
        *,
        next_pos: int,
        revoke_grants_of: frozenset[str] = frozenset(),
        at: int = 0,
    ) -> Plan:
        """The writes that make the table hold ``org`` and nothing else of it (``existing``: by sort key)."""
        plan = Plan(next_pos=next_pos, settings=settings_json(org))
        revoked = set(revoke_grants_of)
        for kind, records in desired_items(org).items():
            mine = {sk.split("#", 1)[1]: e for sk, e in existing.items() if sk.startswith(f"{kind}#")}
            placed = positions([r.key for r in records], mine, plan.next_pos)
            for record in records:
                old, pos = mine.get(record.key), placed[record.key]
                revoke_at = at if kind == "members" and record.key in revoked else None
                if revoke_at is not None:
                    revoked.discard(record.key)
                if old is None or not old.live or (old.digest, old.pos) != (record.digest, pos) or revoke_at:
                    self._record_action(org.org, record, pos, revoke_at, plan)
                if old is not None and old.tools_ref and old.digest != record.digest:
                    plan.orphaned_tools.append(old.tools_ref)
            plan.next_pos = max([plan.next_pos, *(p + SPACING for p in placed.values())])
            for key in sorted(set(mine) - set(placed)):
                if mine[key].live:
                    revoke_at = at if kind == "members" and key in revoked else None
                    if revoke_at is not None:
                        revoked.discard(key)
                    self._removal(org.org, kind, key, mine[key], revoke_at, plan)
        for key in sorted(revoked):  # a member neither kept nor removed here: record the revocation only
            plan.actions.append(member_action(self._table, org.org, key, revoke_at=at))
        return plan

    def change(self, org: str, change: DirectoryChange, existing: Mapping[str, Existing], *, next_pos: int) -> Plan:
        """The writes of one change; ``existing`` holds the stored items of ``change_keys(change)``."""
        plan = Plan(next_pos=next_pos)
        revoked = set(change.revoke_grants_of)
        for kind, key, record in _named(change):
            old = existing.get(record_sk(kind, key))
            revoke_at = change.at if kind == "members" and key in revoked else None
            if revoke_at is not None:
                revoked.discard(key)
            if record is None:
                if old is not None and old.live:
                    self._removal(org, kind, key, old, revoke_at, plan)
                elif revoke_at is not None:
                    plan.actions.append(member_action(self._table, org, key, revoke_at=revoke_at))
                continue
            if record_key(kind, record, 0) != key:
                raise StoreError(f"the change files a {kind} record under {key!r}, not under its own key")
            item = record_item(kind, key, record)
            if old is not None and old.live:
                pos = old.pos
                if old.tools_ref and old.digest != item.digest:
                    plan.orphaned_tools.append(old.tools_ref)
            else:
                pos, plan.next_pos = plan.next_pos, plan.next_pos + SPACING
            self._record_action(org, item, pos, revoke_at, plan)
        for key in sorted(revoked):
            plan.actions.append(member_action(self._table, org, key, revoke_at=change.at))
        return plan


def _named(change: DirectoryChange) -> list[tuple[str, str, Any]]:
    return [(kind, key, record) for kind in record_kinds() for key, record in getattr(change, kind).items()]


def change_keys(change: DirectoryChange) -> list[str]:
    """The sort keys of every record a change names: what the planner needs to know of the table."""
    return sorted({record_sk(kind, key) for kind, key, _ in _named(change)})
