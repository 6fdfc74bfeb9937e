"""The control plane: every resource's operations, listed, gated and run in one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardamom.core.outbound import check_arguments
from cardamom.errors import ToolError
from cardamom.service.authorization import Caller, operation_refusal
from cardamom.service.controlplane import (
    access,
    aliases,
    audit,
    connections,
    grants,
    insights,
    members,
    restrictions,
)
from cardamom.service.controlplane.operation import Operation, PlaneContext

# In the order tools/list shows them.
OPERATIONS: tuple[Operation, ...] = (
    *connections.OPERATIONS,
    *members.OPERATIONS,
    *grants.OPERATIONS,
    *restrictions.OPERATIONS,
    *aliases.OPERATIONS,
    *audit.OPERATIONS,
    *access.OPERATIONS,
    *insights.OPERATIONS,
)


class ControlPlane:
    def __init__(self, context: PlaneContext, operations: tuple[Operation, ...] = OPERATIONS) -> None:
        self._context = context
        self._operations = {op.name: op for op in operations}

    def operation(self, name: str) -> Operation | None:
        return self._operations.get(name)

    @property
    def operations(self) -> tuple[Operation, ...]:
        return tuple(self._operations.values())

    @staticmethod
    def refusal(caller: Caller, op: Operation) -> ToolError | None:
        return operation_refusal(caller, op.name, op.permission, op.classification)

    def available(self, caller: Caller) -> list[Operation]:
        """The operations this caller may run: exactly what tools/list advertises."""
        return [op for op in self._operations.values() if self.refusal(caller, op) is None]

    def run(self, caller: Caller, op: Operation, arguments: Mapping[str, Any]) -> dict[str, Any]:
        refusal = self.refusal(caller, op)
        if refusal is not None:
            raise refusal
        check_arguments(op.name, op.input_schema, arguments)
        return op.handler(self._context, caller, arguments)
