"""``cardamom__access__get``: what a member can see and run, and which rule withheld the rest.

One's own access needs only ``access:get``; another member's needs ``access:inspect`` too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardamom.core.policy import ACCESS_INSPECT, ALL_SCOPES
from cardamom.service.access_view import effective_access
from cardamom.service.authorization import Caller, permission_refusal
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.records import definition, member
from cardamom.service.controlplane.schema import MEMBER, TEXT, object_schema


def get_access(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    org = definition(ctx, caller)
    member_id = args.get("member", caller.member_id)
    if member_id != caller.member_id:
        denied = permission_refusal(caller, ACCESS_INSPECT)
        if denied is not None:
            raise denied
    found = member(org, member_id)
    scopes = args.get("scopes", caller.scopes if member_id == caller.member_id else ALL_SCOPES)
    return effective_access(
        org,
        ctx.snapshots.current(caller.org),
        found,
        scopes,
        account=args.get("account"),
        connector=args.get("connector"),
    )


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "access",
        "get",
        "read",
        "Show exactly which connectors and tools a member (default: you) can see and run, under which "
        "scopes, and which rule withheld each of the others.",
        object_schema(
            {
                "member": MEMBER,
                "account": TEXT,
                "connector": TEXT,
                "scopes": {"type": "array", "items": {"type": "string", "enum": list(ALL_SCOPES)}},
            }
        ),
        get_access,
    ),
)
