"""The pool model: the advertised tools of an org, the connectors and accounts they reach.

A ``PoolTool`` is one advertised connected tool as a snapshot holds it; ``ToolColumns`` holds
the few facts of every tool that the policy pass and the name lookups read, column by column.
Building the pool from an org definition is ``cardamom.core.pool_builder``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from cardamom.core.orgdef import ArgumentLocation, AuthSpec, Classification, CredentialRef, Method
from cardamom.core.remote_tools import RemoteTool


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
