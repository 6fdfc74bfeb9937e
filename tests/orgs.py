"""Org definitions for tests, composed from named parts.

``org_yaml`` writes an org file (YAML text, read by the real parser as a user's file is) from its
parts: connectors (``notion(...)``, ``calcom(...)``, or any ``connector(...)`` of ``tool(...)``s),
``connection``s, members (``{id: role}``, e.g. ``CAST``) and restrictions (``block`` / ``allow``).
A test spells out what matters about its org (these tools, this status, that rule) and takes the
rest from here; a test about the org file format itself keeps its YAML literal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import yaml

Part = dict[str, Any]

# The member ids the tests use for each role.
CAST: dict[str, str] = {
    "alice": "member",
    "olivia": "owner",
    "adam": "admin",
    "gina": "guest",
    "audrey": "auditor",
    "bill": "billing_admin",
}


def org_yaml(
    *connectors: Part,
    connections: Sequence[Part] = (),
    members: Mapping[str, str] | Sequence[Part] = (),
    restrictions: Sequence[Part] = (),
    aliases: Sequence[Part] = (),
    org: str = "acme",
    **settings: Any,
) -> str:
    """The org file with these parts. ``members`` maps id -> role, or lists whole member entries;
    ``settings`` are top-level keys such as ``collapse_threshold`` or ``clients``."""
    definition: Part = {"org": org, **settings, "connectors": list(connectors), "connections": list(connections)}
    if isinstance(members, Mapping):
        definition["members"] = [{"id": member, "role": role} for member, role in members.items()]
    else:
        definition["members"] = list(members)
    definition["restrictions"] = list(restrictions)
    if aliases:
        definition["aliases"] = list(aliases)
    return yaml.safe_dump(definition, sort_keys=False, width=1000, allow_unicode=True)


def tool(name: str, path: str, *, method: str | None = "GET", description: str | None = None, **fields: Any) -> Part:
    """One REST tool; ``fields`` are the rest of its entry (target, input_schema, classification...)."""
    entry: Part = {"name": name}
    if description is not None:
        entry["description"] = description
    if method is not None:
        entry["method"] = method
    return {**entry, "path": path, **fields}


def connector(
    id: str, label: str, base_url: str, *tools: Part, auth: Part | str | None = "bearer", **fields: Any
) -> Part:
    """A REST connector; ``auth`` a type name, a whole auth entry, or None for none."""
    entry: Part = {"id": id, "label": label, "base_url": base_url}
    if auth is not None:
        entry["auth"] = {"type": auth} if isinstance(auth, str) else auth
    return {**entry, **fields, "tools": list(tools)}


def mcp_server(id: str, label: str, base_url: str, *, auth: Part | str | None = "bearer", **fields: Any) -> Part:
    """A remote MCP server (``kind: mcp``): its tools are listed from the server."""
    entry: Part = {"id": id, "label": label, "kind": "mcp", "base_url": base_url}
    if auth is not None:
        entry["auth"] = {"type": auth} if isinstance(auth, str) else auth
    return {**entry, **fields}


def connection(
    account: str,
    connector: str,
    *,
    token_env: str | None = None,
    secret: str | None = None,
    status: str | None = None,
    frozen: Mapping[str, Any] | None = None,
) -> Part:
    """A connection; without ``token_env`` or ``secret`` it carries no credentials (a connector without auth)."""
    entry: Part = {"account": account, "connector": connector}
    if status is not None:
        entry["status"] = status
    if token_env is not None:
        entry["credentials"] = {"token_env": token_env}
    elif secret is not None:
        entry["credentials"] = {"secret": secret}
    if frozen is not None:
        entry["frozen"] = dict(frozen)
    return entry


def _rule(
    effect: str, connector: str, user: str | None, role: str | None, tools: Sequence[str] | None, id: str | None
) -> Part:
    if (user is None) == (role is None):
        raise ValueError("a restriction targets a user or a role")
    target = {"user": user} if user is not None else {"role": role}
    entry: Part = {} if id is None else {"id": id}
    entry |= {"target": target, "effect": effect, "connector": connector}
    if tools is not None:
        entry["tools"] = list(tools)
    return entry


def block(
    connector: str,
    *,
    user: str | None = None,
    role: str | None = None,
    tools: Sequence[str] | None = None,
    id: str | None = None,
) -> Part:
    """A restriction blocking ``connector`` (or only ``tools`` of it) for one user or a role."""
    return _rule("block", connector, user, role, tools, id)


def allow(
    connector: str,
    *,
    user: str | None = None,
    role: str | None = None,
    tools: Sequence[str] | None = None,
    id: str | None = None,
) -> Part:
    """A restriction allowing only ``connector`` (or only ``tools`` of it) for one user or a role."""
    return _rule("allow", connector, user, role, tools, id)


# ---- named parts: the apps most tests use ------------------------------------------------------------

NOTION_TOOLS: dict[str, Part] = {
    "list_all_users": tool("list_all_users", "/v1/users", description="List all users in the workspace."),
    "retrieve_page": tool(
        "retrieve_page",
        "/v1/pages/{page_id}",
        description="Retrieve a page by its id.",
        target="page_id",
        input_schema={"type": "object", "properties": {"page_id": {"type": "string"}}, "required": ["page_id"]},
    ),
    "create_page": tool("create_page", "/v1/pages", method="POST", description="Create a page."),
    "update_page": tool(
        "update_page",
        "/v1/pages/{page_id}",
        method="PATCH",
        description="Update a page.",
        target="page_id",
        input_schema={"type": "object", "properties": {"page_id": {"type": "string"}, "title": {"type": "string"}}},
    ),
    "delete_block": tool(
        "delete_block", "/v1/blocks/{block_id}", method="DELETE", description="Delete a block.", target="block_id"
    ),
    "query_database": tool(
        "query_database",
        "/v1/databases/{database_id}/query",
        method="POST",
        description="Query a database for its pages.",
        target="database_id",
        classification="read",
    ),
    "export_workspace": tool(
        "export_workspace", "/v1/export", description="Export everything.", classification="forbidden"
    ),
}


def notion_tool(name: str, **changes: Any) -> Part:
    """A tool of ``NOTION_TOOLS`` with some of its fields changed (an input schema, a classification...)."""
    return {**NOTION_TOOLS[name], **changes}


def notion(*tools: str | Part, base_url: str = "https://api.notion.com", **fields: Any) -> Part:
    """The Notion connector with these tools: names from ``NOTION_TOOLS``, or whole ``tool(...)`` entries."""
    return connector(
        "notion", "Notion", base_url, *(NOTION_TOOLS[t] if isinstance(t, str) else t for t in tools), **fields
    )


def calcom(base_url: str = "https://api.cal.com") -> Part:
    """The Cal.com connector with its one tool, get_all_schedules."""
    return connector(
        "calcom",
        "Cal.com",
        base_url,
        tool("get_all_schedules", "/v2/schedules", description="Get all schedules."),
    )


# The example org's one connection, its token in the environment.
NOTION_LEGAL = connection("notion-legal", "notion", status="active", token_env="NOTION_LEGAL_TOKEN")


def notion_only_org_text(
    base_url: str = "https://api.notion.com", *, members: Mapping[str, str] | Sequence[Part] | None = None
) -> str:
    """The issue's example org: only Notion connected (notion-legal, its token in NOTION_LEGAL_TOKEN),
    with list_all_users and retrieve_page; by default its one member is alice."""
    return org_yaml(
        notion("list_all_users", "retrieve_page", base_url=base_url),
        connections=[NOTION_LEGAL],
        members={"alice": "member"} if members is None else members,
    )


def governed_org_text(base_url: str = "https://api.notion.com") -> str:
    """The example org with one member of each role (``CAST``)."""
    return notion_only_org_text(base_url, members=CAST)
