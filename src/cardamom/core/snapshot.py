"""The org's tool pool, precomputed once per directory version.

A snapshot holds everything a request needs to search and execute without touching the
directory again: the advertised tools of every *active* connection (a pending or
needs_reauth connection contributes nothing), their schemas with frozen keys removed,
their classifications, the restrictions, and the search index. Per-member narrowing
happens per request, on top of it.

Snapshots are stored compressed, with the tokens and the search index already built, so
loading one parses and never re-tokenises (``cardamom.core.snapshot_codec``). A loaded
snapshot keeps eager only what search and the policy pass read (the index, the per-tool
columns of ``ToolColumns``, the positions each role's own restrictions refuse); a tool's
full record (description, schema, frozen values, request shape) is built when touched.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeVar

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
    Role,
    ToolDef,
    path_parameters,
)
from cardamom.core.policy import classify, resolve_restrictions
from cardamom.core.remote_tools import RemoteTool
from cardamom.core.search import SearchIndex
from cardamom.core.search_text import frozen_sentence, merged_sentence, search_document
from cardamom.errors import CardamomError

SNAPSHOT_FORMAT = 3


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


@dataclass(frozen=True, slots=True)
class ToolColumns:
    """What the policy pass and the name lookups read of every tool, column by column.

    Reading them builds no tool record: a decoded snapshot keeps these columns eager and
    builds a ``PoolTool`` (description, schema, frozen values, request shape) only when one
    is touched. Position ``i`` of every column is ``snapshot.tools[i]``.
    """

    # The PoolTool fields held here, in column order.
    FIELDS: ClassVar[tuple[str, ...]] = (
        "name",
        "account",
        "connector",
        "tool",
        "classification",
        "accounts",
        "account_argument",
    )

    names: Sequence[str]
    accounts: Sequence[str]
    connectors: Sequence[str]
    tools: Sequence[str]
    classifications: Sequence[Classification]
    merged_accounts: Sequence[tuple[str, ...]]  # PoolTool.accounts: a merged tool's accounts
    account_arguments: Sequence[str | None]

    @classmethod
    def of(cls, tools: Iterable[PoolTool]) -> ToolColumns:
        rows = list(tools)
        return cls(*([getattr(t, name) for t in rows] for name in cls.FIELDS))

    def __len__(self) -> int:
        return len(self.names)

    def reachable_accounts(self, position: int) -> tuple[str, ...]:
        """``PoolTool.reachable_accounts`` of the tool at ``position``."""
        if self.account_arguments[position] is not None:
            return self.merged_accounts[position]
        return (self.accounts[position],)

    def identities(self) -> dict[tuple[str, str, str], int]:
        """(connector, tool, account) -> position, for every account a tool reaches."""
        return {
            (connector, tool, account): position
            for position, (connector, tool) in enumerate(zip(self.connectors, self.tools, strict=True))
            for account in self.reachable_accounts(position)
        }


_K = TypeVar("_K")
_V = TypeVar("_V")


class Derived(Mapping[_K, _V]):
    """A mapping computed by ``compute`` the first time it is read (a lookup few requests need)."""

    __slots__ = ("_compute", "_value")

    def __init__(self, compute: Callable[[], Mapping[_K, _V]]) -> None:
        self._compute = compute
        self._value: Mapping[_K, _V] | None = None

    def _mapping(self) -> Mapping[_K, _V]:
        value = self._value
        if value is None:
            value = self._value = self._compute()
        return value

    def __getitem__(self, key: _K) -> _V:
        return self._mapping()[key]

    def __iter__(self) -> Iterator[_K]:
        return iter(self._mapping())

    def __len__(self) -> int:
        return len(self._mapping())

    def __repr__(self) -> str:
        return "Derived(...)" if self._value is None else f"Derived({self._value!r})"


def refused(rules: Sequence[RestrictionDef], columns: ToolColumns, *, member_id: str, role: Role) -> frozenset[int]:
    """The positions ``resolve_restrictions(rules, ...)`` refuses, resolved as few times as it can.

    A rule decides by its connector alone unless it names tools (patterns): where none of
    ``rules`` names tools in a connector, one resolution decides every tool of that
    connector; elsewhere each distinct (connector, tool) is resolved once. Tests hold this
    to ``resolve_restrictions`` tool by tool.
    """
    if not rules:
        return frozenset()
    by_connector: dict[str, bool | None] = {}  # None: the connector's tools are decided one by one
    by_tool: dict[tuple[str, str], bool] = {}

    def allowed(connector: str, tool: str) -> bool:
        return resolve_restrictions(rules, member_id=member_id, role=role, connector=connector, tool=tool).allowed

    found: list[int] = []
    for position, (connector, tool) in enumerate(zip(columns.connectors, columns.tools, strict=True)):
        if connector in by_connector:
            decided = by_connector[connector]
        else:
            names_tools = any(r.tools and r.connector in (None, connector) for r in rules)
            decided = by_connector[connector] = None if names_tools else allowed(connector, tool)
        if decided is None:
            key = (connector, tool)
            decided = by_tool.get(key)
            if decided is None:
                decided = by_tool[key] = allowed(connector, tool)
        if not decided:
            found.append(position)
    return frozenset(found)


@dataclass(slots=True)
class Snapshot:
    """``tools`` is any sequence: a tuple when built, a ``LazyTools`` when decoded (a record is
    built when touched). ``columns`` holds the cheap per-tool facts, taken from the lazy
    sequence or derived from the records."""

    org: str
    version: int
    connectors: dict[str, ConnectorInfo]
    accounts: dict[str, AccountInfo]
    tools: Sequence[PoolTool]
    restrictions: tuple[RestrictionDef, ...]
    index: SearchIndex
    aliases: dict[str, AliasDef] = field(default_factory=dict)  # a live tool name wins over an alias
    columns: ToolColumns = field(init=False, repr=False, compare=False)
    # Derived from the columns: every name to its position, and (connector, tool, account) to the
    # position reaching it (computed on first use: only aliases read it).
    by_name: dict[str, int] = field(init=False, repr=False, compare=False)
    by_identity: Mapping[tuple[str, str, str], int] = field(init=False, repr=False, compare=False)
    # The positions each role's own restrictions refuse (the first layer of every verdict):
    # stored in the blob for the roles that have rules, else computed on first use.
    role_refusals: dict[Role, Collection[int]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        columns = getattr(self.tools, "columns", None)
        self.columns = columns if isinstance(columns, ToolColumns) else ToolColumns.of(self.tools)
        if len(self.columns) != len(self.tools):
            raise ValueError("a snapshot's columns must hold one row per tool")
        self.by_name = dict(zip(self.columns.names, range(len(self.columns)), strict=True))
        self.by_identity = Derived(self.columns.identities)
        self.aliases = {name: alias for name, alias in self.aliases.items() if name not in self.by_name}

    def refused_for_role(self, role: Role) -> Collection[int]:
        """The positions the role's own restrictions refuse, whoever the member."""
        found = self.role_refusals.get(role)
        if found is None:
            rules = [r for r in self.restrictions if r.target.role == role]
            found = self.role_refusals[role] = refused(rules, self.columns, member_id="", role=role)
        return found

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


def _frozen_for_tool(schema: dict[str, Any], frozen: dict[str, Any], description: str) -> tuple[dict[str, Any], str]:
    """The frozen values a tool takes, and its description with their scaffolding sentence."""
    arguments = set(schema.get("properties", {}))
    applicable = {k: v for k, v in frozen.items() if k in arguments}
    description = description.strip()
    if applicable:
        description = f"{description} {frozen_sentence(applicable)}".strip()
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
    # The scaffolding sentences never score: search reads the description without them, and
    # the account labels and frozen values they carry from the tool's fields (search_text).
    parts = [tool.description.strip(), merged_sentence(argument, labels)]
    parts += [frozen_sentence(values, label) for label, values in per_account.items() if values]
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


def carried_aliases(before: OrgDefinition, after: OrgDefinition, existing: Iterable[AliasDef]) -> list[AliasDef]:
    """The aliases ``after`` should hold: ``existing`` ones, plus one for every advertised name
    of ``before`` that disappears while the (connector, tool, account) it reached is still
    reachable.

    An alias whose name is a live tool name again is dropped (the tool wins). A merged name
    that disappears gets no alias: it stood for several accounts, so no single target fits.
    """
    old_tools, new_tools = connector_tools(before), connector_tools(after)
    live = {t.name for t in new_tools}
    reachable = ToolColumns.of(new_tools).identities()
    aliases = {a.name: a for a in existing if a.name not in live}
    for tool in old_tools:
        if tool.name in live or tool.merged or tool.name in aliases:
            continue
        if (tool.connector, tool.tool, tool.account) in reachable:
            aliases[tool.name] = AliasDef(
                name=tool.name, connector=tool.connector, tool=tool.tool, account=tool.account
            )
    return sorted(aliases.values(), key=lambda a: a.name)


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
        aliases={a.name: a for a in aliases},
    )


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
