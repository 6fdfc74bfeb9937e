"""``cardamom__restrictions__*``: allow or block rules by role or member, connector and tools."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import OrgDefinition, RestrictionDef
from cardamom.errors import InvalidArguments, RecordNotFound
from cardamom.service.authorization import Caller
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.records import definition, parse_record
from cardamom.service.controlplane.schema import MEMBER, ROLE, TEXT, object_schema


def list_restrictions(ctx: PlaneContext, caller: Caller, _: Mapping[str, Any]) -> dict[str, Any]:
    org = definition(ctx, caller)
    return {"restrictions": [r.model_dump(mode="json", exclude_none=True) for r in org.restrictions]}


def _free_id(org: OrgDefinition) -> str:
    """``r{n}``: the first free number from the count of rules on."""
    taken = {r.id for r in org.restrictions}
    n = len(org.restrictions) + 1
    while f"r{n}" in taken:
        n += 1
    return f"r{n}"


def create_restriction(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    created: list[RestrictionDef] = []

    def change(org: OrgDefinition) -> DirectoryChange:
        rule_id = args.get("id")
        if rule_id is None:
            rule_id = _free_id(org)
        elif any(r.id == rule_id for r in org.restrictions):
            raise InvalidArguments(f"restriction id {rule_id!r} is already used")
        rule = parse_record(RestrictionDef, {**args, "id": rule_id})
        created[:] = [rule]
        return DirectoryChange(restrictions={rule_id: rule})

    ctx.admin.change(caller.org, change)
    return {"created": created[0].model_dump(mode="json", exclude_none=True)}


def delete_restriction(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    def change(org: OrgDefinition) -> DirectoryChange:
        if not any(r.id == args["id"] for r in org.restrictions):
            raise RecordNotFound(f"no restriction {args['id']!r}")
        return DirectoryChange(restrictions={args["id"]: None})

    ctx.admin.change(caller.org, change)
    return {"deleted": args["id"]}


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "restrictions",
        "list",
        "read",
        "List the restrictions: which role or member each allows or blocks, on which connector and tools.",
        object_schema({}),
        list_restrictions,
    ),
    Operation(
        "restrictions",
        "create",
        "write",
        "Allow or block a connector, some of its tools, or tools by name pattern, for a role or a member.",
        object_schema(
            {
                "id": TEXT,
                "target": object_schema({"role": ROLE, "user": MEMBER}),
                "effect": {"type": "string", "enum": ["allow", "block"]},
                "connector": TEXT,
                "tools": {"type": "array", "items": TEXT},
            },
            ("target", "effect"),
        ),
        create_restriction,
    ),
    Operation(
        "restrictions",
        "delete",
        "destructive",
        "Delete a restriction.",
        object_schema({"id": TEXT}, ("id",)),
        delete_restriction,
    ),
)
