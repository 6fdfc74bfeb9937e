"""How the directory's records become DynamoDB items, and how a change becomes transactions.

Pure apart from the ``ToolLists`` callback that stores a large tool list in S3: no client
calls here. ``adapters.dynamodb`` reads and writes; this module decides *what* to write.
The table design is documented in ``docs/aws.md``.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from cardamom.core.orgdef import OrgDefinition
from cardamom.errors import StoreError

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import AttributeValueTypeDef, TransactWriteItemTypeDef

    Item = dict[str, AttributeValueTypeDef]

PK, SK = "pk", "sk"
VERSION_SK = "#version"  # sorts before every record of the org
ORG_INDEX, ORG_INDEX_KEY = "orgs", "org_index"  # sparse GSI over version items: every org and its version
# The attribute that names each kind of record (the list fields of OrgDefinition).
RECORD_KEYS: dict[str, str] = {
    "connectors": "id",
    "connections": "account",
    "members": "id",
    "restrictions": "id",
    "aliases": "name",
    "clients": "id",
}
SPACING = 1 << 16  # room between positions, so a record inserted in the middle rarely renumbers a kind
TOOLS_INLINE_BYTES = 48 * 1024  # a connector's compressed tool list up to this size stays in its item
MAX_ACTIONS = 99  # TransactWriteItems takes 100 actions; one is the version item
MAX_TRANSACTION_BYTES = 3_500_000  # of the 4 MB a transaction may carry

# A large tool list goes to S3: (org, connector, sha256, compressed bytes) -> object key.
ToolLists = Callable[[str, str, str, bytes], str]


def org_pk(org: str) -> str:
    return f"ORG#{org}"


def grants_pk(org: str, member: str) -> str:
    return f"GRANTS#{org}#{member}"


def record_sk(kind: str, key: str) -> str:
    return f"{kind}#{key}"


def s(value: str) -> AttributeValueTypeDef:
    return {"S": value}


def n(value: int) -> AttributeValueTypeDef:
    return {"N": str(value)}


def number(item: Item, name: str) -> int | None:
    value = item.get(name)
    return None if value is None or "N" not in value else int(value["N"])


def text(item: Item, name: str) -> str | None:
    value = item.get(name)
    return None if value is None else value.get("S")


def record_kinds() -> tuple[str, ...]:
    """The record lists of an org definition; a kind this module cannot key is an error, not a loss."""
    kinds = tuple(name for name in OrgDefinition.model_fields if name != "org")
    unknown = [k for k in kinds if k not in RECORD_KEYS]
    if unknown:
        raise StoreError(f"the DynamoDB directory does not know how to store {', '.join(unknown)}")
    return kinds


@dataclass(frozen=True, slots=True)
class RecordItem:
    """One record as stored: its JSON body, and for a connector its compressed tool list."""

    kind: str
    key: str
    body: str
    digest: str
    tools: bytes | None = None  # compressed JSON list of the connector's tools
    tools_sha: str | None = None

    @property
    def sk(self) -> str:
        return record_sk(self.kind, self.key)

    @property
    def size(self) -> int:
        return len(self.body) + len(self.tools or b"") + 200


def record_item(kind: str, key: str, record: BaseModel) -> RecordItem:
    if kind == "connectors":
        dumped = record.model_dump(mode="json")
        tools = json.dumps(dumped.pop("tools"), separators=(",", ":"), sort_keys=True).encode()
        body = json.dumps(dumped, separators=(",", ":"), sort_keys=True)
        tools_sha = hashlib.sha256(tools).hexdigest()
        digest = hashlib.sha256(f"{body}\0{tools_sha}".encode()).hexdigest()[:32]
        return RecordItem(kind, key, body, digest, zlib.compress(tools, 6), tools_sha)
    body = json.dumps(record.model_dump(mode="json"), separators=(",", ":"), sort_keys=True)
    return RecordItem(kind, key, body, hashlib.sha256(body.encode()).hexdigest()[:32])


def record_key(kind: str, record: BaseModel, position: int) -> str:
    key = getattr(record, RECORD_KEYS[kind])
    return f"~unnamed-{position}" if key is None else str(key)


def desired_items(org: OrgDefinition) -> dict[str, list[RecordItem]]:
    """Every record of the definition as an item, per kind, in the definition's order."""
    wanted: dict[str, list[RecordItem]] = {}
    for kind in record_kinds():
        items = [record_item(kind, record_key(kind, r, i), r) for i, r in enumerate(getattr(org, kind))]
        keys = [item.key for item in items]
        if len(set(keys)) != len(keys):
            raise StoreError(f"{kind} of org {org.org!r} repeat a key; the directory stores each once")
        wanted[kind] = items
    return wanted


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


# Rank: revocations and removals of members land first (safest), then what others refer to,
# then what refers to it, deletions of what is referred to last.
_PUT_RANK = {"connectors": 1, "connections": 3, "members": 4, "restrictions": 6, "aliases": 6}
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
    table: str, org: str, expected: int | None, new: int, next_pos: int, now: str
) -> TransactWriteItemTypeDef:
    key: Item = {PK: s(org_pk(org)), SK: s(VERSION_SK)}
    if expected is None:
        return {
            "Put": {
                "TableName": table,
                "Item": {
                    **key,
                    "version": n(new),
                    "next_pos": n(next_pos),
                    "org": s(org),
                    ORG_INDEX_KEY: s("ORG"),
                    "updated_at": s(now),
                },
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        }
    return {
        "Update": {
            "TableName": table,
            "Key": key,
            "UpdateExpression": "SET version = :new, next_pos = :next, updated_at = :now",
            "ConditionExpression": "version = :expected",
            "ExpressionAttributeValues": {
                ":new": n(new),
                ":next": n(next_pos),
                ":now": s(now),
                ":expected": n(expected),
            },
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
