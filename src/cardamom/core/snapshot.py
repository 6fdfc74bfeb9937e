"""The org's tool pool, precomputed once per directory version.

A snapshot holds everything a request needs to search and execute without touching the
directory again: the advertised tools of every *active* connection (a pending or
needs_reauth connection contributes nothing), their schemas with frozen keys removed,
their classifications, the restrictions, and the search index. Per-member narrowing
happens per request, on top of it.

Snapshots are stored as compressed JSON; the index is rebuilt from the documents on load
(cheaper to rebuild than to parse).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

from cardamom.core.naming import advertised_name
from cardamom.core.orgdef import (
    ArgumentLocation,
    AuthSpec,
    Classification,
    ConnectorDef,
    CredentialRef,
    Method,
    OrgDefinition,
    RestrictionDef,
    ToolDef,
    path_parameters,
)
from cardamom.core.policy import classify
from cardamom.core.search import SearchDocument, SearchIndex
from cardamom.core.tokens import description_tokens, tokenize
from cardamom.errors import CardamomError

SNAPSHOT_FORMAT = 1


class CorruptSnapshot(CardamomError):
    """The stored snapshot cannot be decoded; it must be rebuilt, never half-served."""


@dataclass(frozen=True, slots=True)
class PoolTool:
    """One advertised connected tool: an account's view of one connector operation."""

    name: str
    account: str
    connector: str
    tool: str
    description: str
    input_schema: dict[str, Any]
    classification: Classification
    method: Method
    path: str
    target: str | None
    arguments_in: dict[str, ArgumentLocation]
    frozen: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ConnectorInfo:
    id: str
    label: str
    base_url: str
    auth: AuthSpec


@dataclass(frozen=True, slots=True)
class AccountInfo:
    account: str
    connector: str
    credentials: CredentialRef


@dataclass(slots=True)
class Snapshot:
    org: str
    version: int
    connectors: dict[str, ConnectorInfo]
    accounts: dict[str, AccountInfo]
    tools: tuple[PoolTool, ...]
    restrictions: tuple[RestrictionDef, ...]
    index: SearchIndex
    by_name: dict[str, int]

    def tool(self, name: str) -> PoolTool | None:
        position = self.by_name.get(name)
        return None if position is None else self.tools[position]


def effective_schema(tool: ToolDef) -> dict[str, Any]:
    """The tool's input schema with every path parameter declared and required."""
    schema = dict(tool.input_schema)
    schema.setdefault("type", "object")
    properties = dict(schema.get("properties", {}))
    required = list(schema.get("required", []))
    for param in path_parameters(tool.path):
        properties.setdefault(param, {"type": "string"})
        if param not in required:
            required.append(param)
    schema["properties"] = properties
    if required:
        schema["required"] = required
    return schema


def without_frozen(schema: dict[str, Any], frozen: dict[str, Any]) -> dict[str, Any]:
    """Frozen keys vanish from what the model reads: they cost no context and cannot be set."""
    if not frozen:
        return schema
    trimmed = dict(schema)
    trimmed["properties"] = {k: v for k, v in schema.get("properties", {}).items() if k not in frozen}
    required = [r for r in schema.get("required", []) if r not in frozen]
    if required:
        trimmed["required"] = required
    else:
        trimmed.pop("required", None)
    return trimmed


def _frozen_scaffolding(frozen: dict[str, Any]) -> str:
    # "frozen", "set" and "connection" are description stop words: this sentence adds
    # only the values themselves to what search can match, on purpose.
    values = ", ".join(
        f"{key}={value if isinstance(value, str) else json.dumps(value, sort_keys=True)}"
        for key, value in sorted(frozen.items())
    )
    return f"Frozen parameters set on this connection: {values}."


def _pool_tool(account: str, connector: ConnectorDef, tool: ToolDef, frozen: dict[str, Any]) -> PoolTool:
    schema = effective_schema(tool)
    arguments = set(schema.get("properties", {}))
    applicable = {k: v for k, v in frozen.items() if k in arguments}
    description = tool.description.strip()
    if applicable:
        description = f"{description} {_frozen_scaffolding(applicable)}".strip()
    return PoolTool(
        name=advertised_name(account, tool.name),
        account=account,
        connector=connector.id,
        tool=tool.name,
        description=description,
        input_schema=without_frozen(schema, applicable),
        classification=classify(tool.method, tool.classification),
        method=tool.method,
        path=tool.path,
        target=tool.target,
        arguments_in=dict(tool.arguments_in),
        frozen=applicable,
    )


def search_document(tool: PoolTool, label: str) -> SearchDocument:
    return SearchDocument(
        name=tool.name,
        name_tokens=frozenset(tokenize(tool.name)),
        label_tokens=frozenset(tokenize(label)),
        description_tokens=description_tokens(tool.description),
    )


def _assemble(
    org: str,
    version: int,
    connectors: dict[str, ConnectorInfo],
    accounts: dict[str, AccountInfo],
    tools: list[PoolTool],
    restrictions: tuple[RestrictionDef, ...],
) -> Snapshot:
    # Codepoint order of names makes the pool, and so every tie, independent of file order.
    tools.sort(key=lambda t: t.name)
    documents = [search_document(t, connectors[t.connector].label) for t in tools]
    return Snapshot(
        org=org,
        version=version,
        connectors=connectors,
        accounts=accounts,
        tools=tuple(tools),
        restrictions=restrictions,
        index=SearchIndex.build(documents),
        by_name={t.name: i for i, t in enumerate(tools)},
    )


def build_snapshot(org: OrgDefinition, version: int) -> Snapshot:
    connectors = {c.id: c for c in org.connectors}
    infos = {c.id: ConnectorInfo(c.id, c.label, c.base_url, c.auth) for c in org.connectors}
    accounts: dict[str, AccountInfo] = {}
    tools: list[PoolTool] = []
    for connection in org.connections:
        if connection.status != "active":
            continue  # absent, not present and failing
        connector = connectors[connection.connector]
        accounts[connection.account] = AccountInfo(connection.account, connector.id, connection.credentials)
        tools.extend(_pool_tool(connection.account, connector, t, dict(connection.frozen)) for t in connector.tools)
    return _assemble(org.org, version, infos, accounts, tools, tuple(org.restrictions))


# ---- storage form ------------------------------------------------------------------------


def encode_snapshot(snapshot: Snapshot) -> bytes:
    payload = {
        "format": SNAPSHOT_FORMAT,
        "org": snapshot.org,
        "version": snapshot.version,
        "connectors": [
            [c.id, c.label, c.base_url, c.auth.model_dump(exclude_none=True)] for c in snapshot.connectors.values()
        ],
        "accounts": [
            [a.account, a.connector, a.credentials.model_dump(exclude_none=True)] for a in snapshot.accounts.values()
        ],
        "tools": [
            [
                t.name,
                t.account,
                t.connector,
                t.tool,
                t.description,
                t.input_schema,
                t.classification,
                t.method,
                t.path,
                t.target,
                t.arguments_in,
                t.frozen,
            ]
            for t in snapshot.tools
        ],
        "restrictions": [r.model_dump(exclude_none=True) for r in snapshot.restrictions],
    }
    return zlib.compress(json.dumps(payload, separators=(",", ":")).encode(), 6)


def decode_snapshot(blob: bytes) -> Snapshot:
    try:
        payload = json.loads(zlib.decompress(blob))
        if payload.get("format") != SNAPSHOT_FORMAT:
            raise CorruptSnapshot(f"unknown snapshot format {payload.get('format')!r}")
        connectors = {
            row[0]: ConnectorInfo(row[0], row[1], row[2], AuthSpec.model_validate(row[3]))
            for row in payload["connectors"]
        }
        accounts = {
            row[0]: AccountInfo(row[0], row[1], CredentialRef.model_validate(row[2])) for row in payload["accounts"]
        }
        tools = [PoolTool(*row) for row in payload["tools"]]
        restrictions = tuple(RestrictionDef.model_validate(r) for r in payload["restrictions"])
        return _assemble(payload["org"], int(payload["version"]), connectors, accounts, tools, restrictions)
    except CorruptSnapshot:
        raise
    except Exception as exc:  # any decoding fault means the blob cannot be trusted at all
        raise CorruptSnapshot(f"snapshot cannot be decoded: {type(exc).__name__}") from exc
