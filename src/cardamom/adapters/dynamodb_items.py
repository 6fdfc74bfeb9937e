"""How the directory's records become DynamoDB items: keys, attribute values, record bodies.

Pure: no client calls here. ``adapters.dynamodb_plan`` decides which items a change writes,
``adapters.dynamodb_directory`` reads and writes them. The table design is documented in
``docs/aws.md``.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from cardamom.core.orgdef import OrgDefinition
from cardamom.errors import StoreError

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import AttributeValueTypeDef

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
# The scalar fields of OrgDefinition: stored together, as JSON, on the org's version item.
ORG_SETTINGS = ("collapse_threshold",)


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
    kinds = tuple(name for name in OrgDefinition.model_fields if name != "org" and name not in ORG_SETTINGS)
    unknown = [k for k in kinds if k not in RECORD_KEYS]
    if unknown:
        raise StoreError(f"the DynamoDB directory does not know how to store {', '.join(unknown)}")
    return kinds


def settings_json(org: OrgDefinition) -> str:
    """The org's scalar settings as the version item stores them."""
    return json.dumps(org.model_dump(mode="json", include=set(ORG_SETTINGS)), separators=(",", ":"), sort_keys=True)


def stored_settings(version_item: Item) -> dict[str, Any]:
    """The settings a version item holds ({} for an org stored before settings existed)."""
    raw = text(version_item, "settings")
    settings = {} if raw is None else json.loads(raw)
    if not isinstance(settings, dict) or not set(settings) <= set(ORG_SETTINGS):
        raise StoreError("the org's stored settings are not settings this code knows")
    return settings


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
