"""``cardamom__grants__revoke``: one grant (an OAuth sign-in, or a ``cardamom token``) stops working.

The grant's id is the one ``cardamom__members__get`` lists. Its access tokens fail on their
next call (the member's record lists it, and is read on every request) and its refresh token
is dead. Only an owner revokes an owner's grant.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardamom.errors import NotAllowed, RecordNotFound
from cardamom.service.authorization import Caller
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.records import definition, member
from cardamom.service.controlplane.schema import MEMBER, TEXT, object_schema


def revoke_grant(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    target = member(definition(ctx, caller), args["member"])
    if target.role == "owner" and caller.role != "owner":
        raise NotAllowed("only an owner can revoke an owner's grant")
    if not ctx.admin.revoke_grant(caller.org, target.id, args["grant"]):
        raise RecordNotFound(f"member {target.id!r} has no live grant {args['grant']!r}")
    return {"revoked": {"member": target.id, "grant": args["grant"]}}


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "grants",
        "revoke",
        "write",
        "Revoke one grant of a member (an OAuth client's sign-in, by the id cardamom__members__get shows); "
        "its tokens fail on their next call and its refresh token is dead.",
        object_schema({"member": MEMBER, "grant": TEXT}, ("member", "grant")),
        revoke_grant,
    ),
)
