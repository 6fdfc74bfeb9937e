"""The org's tool pool, precomputed once per directory version.

A snapshot holds everything a request needs to search and execute without touching the
directory again: the advertised tools of every *active* connection (a pending or
needs_reauth connection contributes nothing), their schemas with frozen keys removed,
their classifications, the restrictions, and the search index. Per-member narrowing
happens per request, on top of it.

Snapshots are stored compressed, with the tokens and the search index already built, so
loading one parses and never re-tokenises (``cardamom.core.snapshot_codec``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from cardamom.core.naming import advertised_name
from cardamom.core.orgdef import (
    AliasDef,
    ArgumentLocation,
    AuthSpec,
    Classification,
    ConnectionDef,
    ConnectorDef,
    CredentialRef,
    Method,
    OrgDefinition,
    RestrictionDef,
    ToolDef,
    path_parameters,
)
from cardamom.core.policy import classify
from cardamom.core.remote_tools import RemoteTool
from cardamom.core.search import SearchDocument, SearchIndex
from cardamom.core.tokens import description_tokens, tokenize
from cardamom.errors import CardamomError

SNAPSHOT_FORMAT = 2


class CorruptSnapshot(CardamomError):
    """The stored snapshot cannot be decoded; it must be rebuilt, never half-served."""


@dataclass(frozen=True, slots=True)
class PoolTool:
    """One advertised connected tool: an account's view of one connector operation, or, for a
    merged connector, one operation reaching every active account through an account argument."""

    name: str
    account: str  # "" for a merged tool
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
    accounts: tuple[str, ...] = ()  # a merged tool's accounts
    account_argument: str | None = None  # the argument choosing the account of a merged tool
    frozen_by_account: dict[str, dict[str, Any]] = field(default_factory=dict)
    body_encoding: Literal["json", "form"] = "json"
    upstream_name: str | None = None  # a remote MCP server's tool: the name tools/call sends

    @property
    def remote(self) -> bool:
        """A tool of a remote MCP server: called with tools/call, not built into an HTTP request."""
        return self.upstream_name is not None

    @property
    def merged(self) -> bool:
        return self.account_argument is not None

    @property
    def reachable_accounts(self) -> tuple[str, ...]:
        return self.accounts if self.merged else (self.account,)

    def frozen_for(self, account: str) -> dict[str, Any]:
        return self.frozen_by_account.get(account, {}) if self.merged else self.frozen


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


@dataclass(frozen=True, slots=True)
class Upstream:
    """An active connection of an mcp connector: a remote MCP server whose tools are listed at build."""

    connector: ConnectorInfo
    account: AccountInfo


# Tools discovered per account of an mcp connector; an account that is absent contributes none.
Discovered = Mapping[str, Sequence[RemoteTool]]


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
    aliases: dict[str, AliasDef] = field(default_factory=dict)
    by_identity: dict[tuple[str, str, str], int] = field(default_factory=dict)

    def tool(self, name: str) -> PoolTool | None:
        position = self.by_name.get(name)
        return None if position is None else self.tools[position]

    def resolve(self, name: str) -> tuple[PoolTool, dict[str, Any]] | None:
        """An advertised name, or an alias of one; an alias of a merged tool presets its account."""
        tool = self.tool(name)
        if tool is not None:
            return tool, {}
        alias = self.aliases.get(name)
        position = None if alias is None else self.by_identity.get((alias.connector, alias.tool, alias.account))
        if alias is None or position is None:
            return None
        target = self.tools[position]
        return target, ({target.account_argument: alias.account} if target.account_argument else {})


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


def _frozen_for_tool(schema: dict[str, Any], frozen: dict[str, Any], description: str) -> tuple[dict[str, Any], str]:
    """The frozen values a tool takes, and its description with their scaffolding sentence."""
    arguments = set(schema.get("properties", {}))
    applicable = {k: v for k, v in frozen.items() if k in arguments}
    description = description.strip()
    if applicable:
        description = f"{description} {_frozen_scaffolding(applicable)}".strip()
    return applicable, description


def _pool_tool(account: str, connector: ConnectorDef, tool: ToolDef, frozen: dict[str, Any]) -> PoolTool:
    schema = effective_schema(tool)
    applicable, description = _frozen_for_tool(schema, frozen, tool.description)
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
        body_encoding=tool.body_encoding,
    )


def _merged_tool(connector: ConnectorDef, tool: ToolDef, connections: list[ConnectionDef]) -> PoolTool:
    """One tool reaching every active account of a merged connector."""
    schema = effective_schema(tool)
    arguments = set(schema.get("properties", {}))
    argument = next(a for a in ("account", "connection_account", "cardamom_account") if a not in arguments)
    labels = [c.account for c in connections]
    per_account = {c.account: {k: v for k, v in c.frozen.items() if k in arguments} for c in connections}
    # Frozen on every account: no caller can set it, so it leaves the schema. Frozen on some:
    # it stays, and those accounts' values are merged over whatever the caller sends.
    everywhere = set.intersection(*(set(values) for values in per_account.values()))
    schema = without_frozen(schema, dict.fromkeys(everywhere))
    schema["properties"] = {
        argument: {"type": "string", "enum": labels, "description": f"the account to use: {', '.join(labels)}"},
        **schema.get("properties", {}),
    }
    schema["required"] = [argument, *schema.get("required", [])]
    # "more", "set", "connection" and "frozen" are description stop words: the scaffolding
    # adds only the account labels and frozen values to what search can match.
    parts = [tool.description.strip(), f"Reaches more than one connection: set {argument} to {' or '.join(labels)}."]
    for label, values in per_account.items():
        if values:
            parts.append(_frozen_scaffolding(values).replace("this connection", f"connection {label}"))
    return PoolTool(
        name=advertised_name(connector.id, tool.name),
        account="",
        connector=connector.id,
        tool=tool.name,
        description=" ".join(p for p in parts if p),
        input_schema=schema,
        classification=classify(tool.method, tool.classification),
        method=tool.method,
        path=tool.path,
        target=tool.target,
        arguments_in=dict(tool.arguments_in),
        frozen={},
        accounts=tuple(labels),
        account_argument=argument,
        frozen_by_account=per_account,
        body_encoding=tool.body_encoding,
    )


def remote_classification(hints: Mapping[str, bool]) -> Classification:
    """A remote tool's classification from its annotations (hints, so read cautiously).

    ``readOnlyHint`` true is read; otherwise ``destructiveHint`` false is write, and anything
    else is destructive: the MCP specification's default for ``destructiveHint`` is true, so a
    tool with no hints is treated as destructive.
    """
    if hints.get("readOnlyHint") is True:
        return "read"
    if hints.get("destructiveHint") is False:
        return "write"
    return "destructive"


def _remote_pool_tool(account: str, connector: ConnectorDef, tool: RemoteTool, frozen: dict[str, Any]) -> PoolTool:
    applicable, description = _frozen_for_tool(tool.input_schema, frozen, tool.description)
    return PoolTool(
        name=advertised_name(account, tool.name),
        account=account,
        connector=connector.id,
        tool=tool.name,
        description=description,
        input_schema=without_frozen(dict(tool.input_schema), applicable),
        classification=remote_classification(tool.hints),
        method="POST",
        path="",
        target=None,
        arguments_in={},
        frozen=applicable,
        upstream_name=tool.upstream_name,
    )


def mcp_upstreams(org: OrgDefinition) -> list[Upstream]:
    """The active connections of the org's mcp connectors: the servers to list at build."""
    connectors = {c.id: c for c in org.connectors if c.kind == "mcp"}
    return [
        Upstream(
            ConnectorInfo(c.id, c.label, c.base_url, c.auth),
            AccountInfo(conn.account, conn.connector, conn.credentials),
        )
        for conn in org.connections
        if conn.status == "active" and (c := connectors.get(conn.connector)) is not None
    ]


def connector_tools(org: OrgDefinition, discovered: Discovered | None = None) -> list[PoolTool]:
    """Every advertised tool of the org's active connections, before any index is built.

    An mcp connector's tools come from ``discovered`` (by account): a connection its server
    could not be listed for contributes none, as a pending connection does.
    """
    by_connector: dict[str, list[ConnectionDef]] = {}
    for connection in org.connections:
        if connection.status == "active":  # pending and needs_reauth: absent, not present and failing
            by_connector.setdefault(connection.connector, []).append(connection)
    tools: list[PoolTool] = []
    for connector in org.connectors:
        active = by_connector.get(connector.id, [])
        if connector.kind == "mcp":
            for connection in active:
                frozen, remote = dict(connection.frozen), (discovered or {}).get(connection.account, ())
                tools.extend(_remote_pool_tool(connection.account, connector, t, frozen) for t in remote)
        elif connector.merge_accounts and len(active) > 1:
            tools.extend(_merged_tool(connector, t, active) for t in connector.tools)
        else:
            for connection in active:
                tools.extend(
                    _pool_tool(connection.account, connector, t, dict(connection.frozen)) for t in connector.tools
                )
    return tools


def identities(tools: list[PoolTool]) -> dict[tuple[str, str, str], str]:
    """(connector, tool, account) -> the advertised name that reaches it."""
    return {(t.connector, t.tool, account): t.name for t in tools for account in t.reachable_accounts}


def carried_aliases(before: OrgDefinition, after: OrgDefinition, existing: Iterable[AliasDef]) -> list[AliasDef]:
    """The aliases ``after`` should hold: ``existing`` ones, plus one for every advertised name
    of ``before`` that disappears while the (connector, tool, account) it reached is still
    reachable.

    An alias whose name is a live tool name again is dropped (the tool wins). A merged name
    that disappears gets no alias: it stood for several accounts, so no single target fits.
    """
    old_tools, new_tools = connector_tools(before), connector_tools(after)
    live = {t.name for t in new_tools}
    reachable = identities(new_tools)
    aliases = {a.name: a for a in existing if a.name not in live}
    for tool in old_tools:
        if tool.name in live or tool.merged or tool.name in aliases:
            continue
        if (tool.connector, tool.tool, tool.account) in reachable:
            aliases[tool.name] = AliasDef(
                name=tool.name, connector=tool.connector, tool=tool.tool, account=tool.account
            )
    return sorted(aliases.values(), key=lambda a: a.name)


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
    aliases: tuple[AliasDef, ...] = (),
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
        **lookups(tools, aliases),
    )


def lookups(tools: Sequence[PoolTool], aliases: Iterable[AliasDef]) -> dict[str, Any]:
    """The snapshot's name lookups, derived from its tools: by name, by alias, by identity."""
    by_name = {t.name: i for i, t in enumerate(tools)}
    return {
        "by_name": by_name,
        "aliases": {a.name: a for a in aliases if a.name not in by_name},
        "by_identity": {(t.connector, t.tool, a): i for i, t in enumerate(tools) for a in t.reachable_accounts},
    }


def build_snapshot(org: OrgDefinition, version: int, discovered: Discovered | None = None) -> Snapshot:
    """The org's snapshot; ``discovered`` holds the tools its mcp connections' servers listed."""
    infos = {c.id: ConnectorInfo(c.id, c.label, c.base_url, c.auth) for c in org.connectors}
    accounts = {
        c.account: AccountInfo(c.account, c.connector, c.credentials) for c in org.connections if c.status == "active"
    }
    tools = connector_tools(org, discovered)
    return _assemble(org.org, version, infos, accounts, tools, tuple(org.restrictions), tuple(org.aliases))


# ---- storage form ------------------------------------------------------------------------
# The layout (column-wise tools, tokens and index fields stored built) lives in
# ``cardamom.core.snapshot_codec``; these two functions are its public face.


def encode_snapshot(snapshot: Snapshot) -> bytes:
    from cardamom.core.snapshot_codec import encode

    return encode(snapshot)


def decode_snapshot(blob: bytes) -> Snapshot:
    """The snapshot a blob holds; raise ``CorruptSnapshot`` for anything that cannot be trusted."""
    from cardamom.core.snapshot_codec import decode

    return decode(blob)
