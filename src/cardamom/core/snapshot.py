"""The org's tool pool, precomputed once per directory version: the snapshot.

A snapshot holds everything a request needs to search and execute without touching the
directory again: the advertised tools of every *active* connection (``cardamom.core.pool``,
built by ``cardamom.core.pool_builder``), their schemas with frozen keys removed
(``cardamom.core.frozen``), their classifications, the restrictions, the aliases
(``cardamom.core.aliases``) and the search index. Per-member narrowing happens per request,
on top of it (``cardamom.core.refusals`` for the restrictions).

Snapshots are stored compressed, with the tokens and the search index already built, so
loading one parses and never re-tokenises (``cardamom.core.snapshot_codec``). A loaded
snapshot keeps eager only what search and the policy pass read (the index, the per-tool
columns of ``ToolColumns``, the positions each role's own restrictions refuse); a tool's
full record (description, schema, frozen values, request shape) is built when touched.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardamom.core.listings import Listing
from cardamom.core.orgdef import AliasDef, OrgDefinition, RestrictionDef, Role
from cardamom.core.pool import AccountInfo, ConnectorInfo, Discovered, PoolTool, ToolColumns
from cardamom.core.pool_builder import connector_tools
from cardamom.core.refusals import refused
from cardamom.core.search import SearchIndex
from cardamom.core.search.search_text import search_document

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


@dataclass(slots=True, weakref_slot=True)  # weakly held by the caller-pool cache (service/authorization)
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
    collapse_threshold: int | None = None  # the org's setting: see cardamom.core.collapse
    # What each mcp connection's server listed, and the latest attempt's problem (``core.listings``);
    # a decoded snapshot reads it on first use (rebuilds, schedules and the control plane do).
    listings: Mapping[str, Listing] = field(default_factory=dict)
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


def _assemble(
    org: str,
    version: int,
    connectors: dict[str, ConnectorInfo],
    accounts: dict[str, AccountInfo],
    tools: list[PoolTool],
    restrictions: tuple[RestrictionDef, ...],
    aliases: tuple[AliasDef, ...] = (),
    collapse_threshold: int | None = None,
    listings: Mapping[str, Listing] | None = None,
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
        collapse_threshold=collapse_threshold,
        listings=dict(listings or {}),
    )


def build_snapshot(
    org: OrgDefinition,
    version: int,
    discovered: Discovered | None = None,
    *,
    listings: Mapping[str, Listing] | None = None,
) -> Snapshot:
    """The org's snapshot. Its mcp connections' tools are ``discovered`` (by account), or else
    the tools of their ``listings``, which the snapshot keeps."""
    infos = {c.id: ConnectorInfo(c.id, c.label, c.base_url, c.auth) for c in org.connectors}
    accounts = {
        c.account: AccountInfo(c.account, c.connector, c.credentials) for c in org.connections if c.status == "active"
    }
    if discovered is None and listings is not None:
        discovered = {account: listing.tools for account, listing in listings.items()}
    tools = connector_tools(org, discovered)
    return _assemble(
        org.org,
        version,
        infos,
        accounts,
        tools,
        tuple(org.restrictions),
        tuple(org.aliases),
        org.collapse_threshold,
        listings,
    )
