"""``cardamom__audit__list``: the audit rows of connected-tool calls, newest first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from cardamom.core.audit import AuditQuery
from cardamom.service.authorization import Caller
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.schema import TEXT, object_schema


def list_audit(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    query = AuditQuery(**{k: v for k, v in args.items() if k in AuditQuery.__dataclass_fields__})
    return {"rows": [asdict(row) for row in ctx.audit.query(caller.org, query)]}


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "audit",
        "list",
        "read",
        "List audit rows (newest first): one per connected-tool call that reached execution.",
        object_schema(
            {
                "member": TEXT,
                "account": TEXT,
                "operation": TEXT,
                "status": {"type": "string", "enum": ["started", "succeeded", "failed"]},
                "since": {"type": "string", "description": "ISO 8601 time"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 1000},
            }
        ),
        list_audit,
    ),
)
