"""Control-plane operations: ``cardamom__{resource}__{operation}``.

They are listed individually (a fixed set that does not grow with connections) and are
never returned by search. Each has its own permission (RBAC per operation) and a
classification that decides the OAuth scope it needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardamom.core.naming import control_plane_name
from cardamom.core.orgdef import Classification, OrgDefinition
from cardamom.core.policy import TOOL_EXECUTE, missing_scope
from cardamom.errors import Forbidden, InvalidArguments, ScopeMissing, ToolError, UnknownTool
from cardamom.ports import Directory
from cardamom.service.access import Caller, permission_refusal

Handler = Callable[["ControlPlane", Caller, Mapping[str, Any]], Any]

_NO_ARGUMENTS: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


@dataclass(frozen=True, slots=True)
class Operation:
    resource: str
    operation: str
    permission: str
    classification: Classification
    description: str
    input_schema: Mapping[str, Any]
    handler: Handler

    @property
    def name(self) -> str:
        return control_plane_name(self.resource, self.operation)


def _list_connections(plane: ControlPlane, caller: Caller, _: Mapping[str, Any]) -> Any:
    org = plane.definition(caller.org)
    labels = {c.id: c.label for c in org.connectors}
    tool_counts = {c.id: len(c.tools) for c in org.connectors}
    return {
        "connections": [
            {
                "account": c.account,
                "connector": c.connector,
                "label": labels[c.connector],
                "status": c.status,
                "tools": tool_counts[c.connector] if c.status == "active" else 0,
                "frozen": sorted(c.frozen),
            }
            for c in org.connections
        ]
    }


def _list_members(plane: ControlPlane, caller: Caller, _: Mapping[str, Any]) -> Any:
    org = plane.definition(caller.org)
    return {"members": [{"id": m.id, "role": m.role, "status": m.status} for m in org.members]}


def _list_restrictions(plane: ControlPlane, caller: Caller, _: Mapping[str, Any]) -> Any:
    org = plane.definition(caller.org)
    return {"restrictions": [r.model_dump(exclude_none=True) for r in org.restrictions]}


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "connections",
        "list",
        "connections:read",
        "read",
        "List the org's connected accounts with their connector, status and tool count. A connection that is "
        "pending or needs_reauth contributes no tools until it is reconnected.",
        _NO_ARGUMENTS,
        _list_connections,
    ),
    Operation(
        "members",
        "list",
        "members:read",
        "read",
        "List the org's members with their role and status.",
        _NO_ARGUMENTS,
        _list_members,
    ),
    Operation(
        "restrictions",
        "list",
        "restrictions:read",
        "read",
        "List the org's restrictions: which role or member each allows or blocks, on which connector and tools.",
        _NO_ARGUMENTS,
        _list_restrictions,
    ),
)


class ControlPlane:
    def __init__(self, directory: Directory, operations: tuple[Operation, ...] = OPERATIONS) -> None:
        self._directory = directory
        self._operations = {op.name: op for op in operations}

    def definition(self, org: str) -> OrgDefinition:
        stored = self._directory.load_org(org)
        if stored is None:
            raise UnknownTool(f"org {org!r} has no directory")
        return stored.definition

    def operation(self, name: str) -> Operation | None:
        return self._operations.get(name)

    def refusal(self, caller: Caller, op: Operation) -> ToolError | None:
        for permission in (TOOL_EXECUTE, op.permission):
            denied = permission_refusal(caller, permission)
            if denied is not None:
                return denied
        if op.classification == "forbidden":
            return Forbidden(f"{op.name} is classified forbidden: no scope reaches it")
        scope = missing_scope(caller.scopes, op.classification, connected=False)
        if scope is not None:
            return ScopeMissing(scope, f"{op.name} is a {op.classification} operation and needs the scope {scope}")
        return None

    def available(self, caller: Caller) -> list[Operation]:
        """The operations this caller may run: what tools/list advertises."""
        return [op for op in self._operations.values() if self.refusal(caller, op) is None]

    def run(self, caller: Caller, op: Operation, arguments: Mapping[str, Any]) -> Any:
        refusal = self.refusal(caller, op)
        if refusal is not None:
            raise refusal
        allowed = set(op.input_schema.get("properties", {}))
        unknown = sorted(set(arguments) - allowed)
        if unknown and op.input_schema.get("additionalProperties") is False:
            raise InvalidArguments(f"{op.name} does not take {', '.join(map(repr, unknown))}")
        return op.handler(self, caller, arguments)
