"""Building the pool: every advertised tool of an org's active connections, before any index.

A pending or needs_reauth connection contributes nothing. An http connector's tools come from
the org file (one tool per account, or one merged tool reaching every account); an mcp
connector's from what its server listed (``Discovered``), classified by their annotations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardamom.core.frozen import (
    frozen_by_account,
    frozen_everywhere,
    frozen_for_tool,
    without_frozen,
)
from cardamom.core.naming import advertised_name
from cardamom.core.orgdef import Classification, ConnectionDef, ConnectorDef, OrgDefinition, ToolDef, path_parameters
from cardamom.core.policy import classify
from cardamom.core.pool import AccountInfo, ConnectorInfo, Discovered, PoolTool, Upstream
from cardamom.core.remote_tools import RemoteTool
from cardamom.core.search_text import frozen_sentence, merged_sentence


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


def _account_tool(
    account: str,
    connector: ConnectorDef,
    name: str,
    description: str,
    schema: dict[str, Any],
    frozen: dict[str, Any],
    **call: Any,
) -> PoolTool:
    """One account's tool, REST or remote: ``call`` is how it is called (method, path, classification...)."""
    applicable, description = frozen_for_tool(schema, frozen, description)
    return PoolTool(
        name=advertised_name(account, name),
        account=account,
        connector=connector.id,
        tool=name,
        description=description,
        input_schema=without_frozen(schema, applicable),
        frozen=applicable,
        **call,
    )


def _pool_tool(account: str, connector: ConnectorDef, tool: ToolDef, frozen: dict[str, Any]) -> PoolTool:
    return _account_tool(
        account,
        connector,
        tool.name,
        tool.description,
        effective_schema(tool),
        frozen,
        **_rest_call(tool),
    )


def _rest_call(tool: ToolDef) -> dict[str, Any]:
    """How a REST tool is called: the same for one account's tool and a merged one."""
    return {
        "classification": classify(tool.method, tool.classification),
        "method": tool.method,
        "path": tool.path,
        "target": tool.target,
        "arguments_in": dict(tool.arguments_in),
        "body_encoding": tool.body_encoding,
    }


def _merged_tool(connector: ConnectorDef, tool: ToolDef, connections: list[ConnectionDef]) -> PoolTool:
    """One tool reaching every active account of a merged connector (one, or more)."""
    schema = effective_schema(tool)
    arguments = set(schema.get("properties", {}))
    argument = next(a for a in ("account", "connection_account", "cardamom_account") if a not in arguments)
    labels = [c.account for c in connections]
    per_account = frozen_by_account(connections, arguments)
    schema = without_frozen(schema, dict.fromkeys(frozen_everywhere(per_account)))
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
        frozen={},
        accounts=tuple(labels),
        account_argument=argument,
        frozen_by_account=per_account,
        **_rest_call(tool),
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
    return _account_tool(
        account,
        connector,
        tool.name,
        tool.description,
        dict(tool.input_schema),
        frozen,
        classification=remote_classification(tool.hints),
        method="POST",
        path="",
        target=None,
        arguments_in={},
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
    connected: dict[str, int] = {}
    for connection in org.connections:
        connected[connection.connector] = connected.get(connection.connector, 0) + 1
        if connection.status == "active":  # pending and needs_reauth: absent, not present and failing
            by_connector.setdefault(connection.connector, []).append(connection)
    tools: list[PoolTool] = []
    for connector in org.connectors:
        active = by_connector.get(connector.id, [])
        if connector.kind == "mcp":
            for connection in active:
                frozen, remote = dict(connection.frozen), (discovered or {}).get(connection.account, ())
                tools.extend(_remote_pool_tool(connection.account, connector, t, frozen) for t in remote)
        elif connector.merge_accounts and connected.get(connector.id, 0) > 1:
            # Merged by the accounts connected, whatever their status: when one goes pending or
            # needs_reauth, the merged tools keep their names and serve the accounts still active.
            if active:
                tools.extend(_merged_tool(connector, t, active) for t in connector.tools)
        else:
            for connection in active:
                tools.extend(
                    _pool_tool(connection.account, connector, t, dict(connection.frozen)) for t in connector.tools
                )
    return tools
