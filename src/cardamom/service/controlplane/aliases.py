"""``cardamom__aliases__*``: retired tool names that still resolve to the tool they became."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import OrgDefinition
from cardamom.errors import RecordNotFound
from cardamom.service.authorization import Caller
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.records import definition
from cardamom.service.controlplane.schema import TEXT, object_schema


def list_aliases(ctx: PlaneContext, caller: Caller, _: Mapping[str, Any]) -> dict[str, Any]:
    org = definition(ctx, caller)
    return {"aliases": [a.model_dump(mode="json") for a in org.aliases]}


def delete_alias(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    def change(org: OrgDefinition) -> DirectoryChange:
        if not any(a.name == args["name"] for a in org.aliases):
            raise RecordNotFound(f"no alias {args['name']!r}")
        return DirectoryChange(aliases={args["name"]: None})

    ctx.admin.change(caller.org, change)
    return {"deleted": args["name"]}


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "aliases",
        "list",
        "read",
        "List retired tool names that still resolve (recorded when merging or a new account renamed a tool).",
        object_schema({}),
        list_aliases,
    ),
    Operation(
        "aliases",
        "delete",
        "write",
        "Remove an alias: the retired name stops resolving.",
        object_schema({"name": TEXT}, ("name",)),
        delete_alias,
    ),
)
