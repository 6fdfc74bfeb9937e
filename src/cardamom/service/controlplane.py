"""Control-plane operations: ``cardamom__{resource}__{operation}``.

They are listed individually (a fixed set that does not grow with connections) and are
never returned by search. Each is gated by ``tool:execute``, then by its own permission
``{resource}:{operation}`` (RBAC per operation), then by the OAuth scope its
classification needs. The handlers live in ``service.operations``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardamom.core.naming import control_plane_name
from cardamom.core.orgdef import Classification
from cardamom.core.outbound import check_arguments
from cardamom.core.policy import TOOL_EXECUTE
from cardamom.errors import ToolError
from cardamom.service.access import Caller, classification_refusal, permission_refusal

if TYPE_CHECKING:
    from cardamom.ports import AuditLog
    from cardamom.service.admin import DirectoryAdmin
    from cardamom.service.snapshots import SnapshotService
    from cardamom.service.unmet_searches import UnmetSearches

Handler = Callable[["ControlPlane", Caller, Mapping[str, Any]], Any]


@dataclass(frozen=True, slots=True)
class Operation:
    resource: str
    operation: str
    classification: Classification
    description: str
    input_schema: Mapping[str, Any]
    handler: Handler

    @property
    def name(self) -> str:
        return control_plane_name(self.resource, self.operation)

    @property
    def permission(self) -> str:
        return f"{self.resource}:{self.operation}"


class ControlPlane:
    def __init__(
        self,
        admin: DirectoryAdmin,
        snapshots: SnapshotService,
        audit: AuditLog,
        operations: tuple[Operation, ...] | None = None,
        *,
        insights: UnmetSearches | None = None,
    ) -> None:
        from cardamom.service.operations import OPERATIONS

        self.admin = admin
        self.snapshots = snapshots
        self.audit = audit
        self.insights = insights
        self._operations = {op.name: op for op in (OPERATIONS if operations is None else operations)}

    def operation(self, name: str) -> Operation | None:
        return self._operations.get(name)

    @property
    def operations(self) -> tuple[Operation, ...]:
        return tuple(self._operations.values())

    def refusal(self, caller: Caller, op: Operation) -> ToolError | None:
        for permission in (TOOL_EXECUTE, op.permission):
            denied = permission_refusal(caller, permission)
            if denied is not None:
                return denied
        return classification_refusal(caller, op.name, op.classification, connected=False)

    def available(self, caller: Caller) -> list[Operation]:
        """The operations this caller may run: exactly what tools/list advertises."""
        return [op for op in self._operations.values() if self.refusal(caller, op) is None]

    def run(self, caller: Caller, op: Operation, arguments: Mapping[str, Any]) -> Any:
        refusal = self.refusal(caller, op)
        if refusal is not None:
            raise refusal
        check_arguments(op.name, op.input_schema, arguments)
        return op.handler(self, caller, arguments)
