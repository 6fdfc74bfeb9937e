"""``cardamom__members__*``: the org's members, their roles and status.

Only an owner acts on an owner or hands out the owner role, and the org's last active owner
cannot be demoted, suspended or removed. The last active admin is guarded the same way against
locking the org out: not by themselves, and by no one where no active owner is left.
Suspending or removing a member revokes every live grant of theirs in the same transaction,
so their next call fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import MemberDef, OrgDefinition
from cardamom.errors import InvalidArguments, NotAllowed
from cardamom.service.authorization import Caller
from cardamom.service.controlplane.operation import Operation, PlaneContext
from cardamom.service.controlplane.records import definition, member, parse_record
from cardamom.service.controlplane.schema import MEMBER, ROLE, object_schema


def _guard_owner(caller: Caller, target: MemberDef | None, new_role: str | None) -> None:
    """Only an owner acts on an owner or hands out the owner role."""
    touches_owner = (target is not None and target.role == "owner") or new_role == "owner"
    if touches_owner and caller.role != "owner":
        raise NotAllowed("only an owner can change an owner or grant the owner role")


def _guard_last_owner(org: OrgDefinition, member_id: str, remains_owner: bool) -> None:
    owners = [m.id for m in org.members if m.role == "owner" and m.status == "active"]
    if owners == [member_id] and not remains_owner:
        raise NotAllowed(f"{member_id} is the org's last active owner; add another owner first")


def _guard_last_admin(caller: Caller, org: OrgDefinition, member_id: str, remains_admin: bool) -> None:
    """The org's last active admin cannot leave the role (suspension, removal, demotion) on their own,
    nor be made to where no active owner is left to manage members: the org would lock itself out."""
    admins = [m.id for m in org.members if m.role == "admin" and m.status == "active"]
    if admins != [member_id] or remains_admin:
        return
    owners = [m.id for m in org.members if m.role == "owner" and m.status == "active"]
    if not owners:
        raise NotAllowed(f"{member_id} is the org's last active admin and it has no active owner; add an admin first")
    if caller.member_id == member_id:
        raise NotAllowed(f"{member_id} is the org's last active admin; an owner can do this, or add an admin first")


def list_members(ctx: PlaneContext, caller: Caller, _: Mapping[str, Any]) -> dict[str, Any]:
    org = definition(ctx, caller)
    return {"members": [m.model_dump(mode="json") for m in org.members]}


def get_member(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    found = member(definition(ctx, caller), args["id"])
    grants = ctx.admin.directory.grants(caller.org, found.id)
    return {**found.model_dump(mode="json"), "grants": [{**asdict(g), "scopes": list(g.scopes)} for g in grants]}


def add_member(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    new = parse_record(MemberDef, {"role": "member", **args, "status": "active"})

    def change(org: OrgDefinition) -> DirectoryChange:
        if any(m.id == new.id for m in org.members):
            raise InvalidArguments(f"member {new.id!r} already exists")
        _guard_owner(caller, None, new.role)
        return DirectoryChange(members={new.id: new})

    ctx.admin.change(caller.org, change)
    return {"added": new.model_dump(mode="json")}


def set_role(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    def change(org: OrgDefinition) -> DirectoryChange:
        target = member(org, args["id"])
        _guard_owner(caller, target, args["role"])
        _guard_last_owner(org, target.id, remains_owner=args["role"] == "owner")
        _guard_last_admin(caller, org, target.id, remains_admin=args["role"] in ("admin", "owner"))
        return DirectoryChange(members={target.id: target.model_copy(update={"role": args["role"]})})

    after = ctx.admin.change(caller.org, change)
    return {"member": member(after, args["id"]).model_dump(mode="json")}


def _set_status(ctx: PlaneContext, caller: Caller, member_id: str, status: str) -> dict[str, Any]:
    def change(org: OrgDefinition) -> DirectoryChange:
        target = member(org, member_id)
        _guard_owner(caller, target, None)
        if status == "suspended":
            _guard_last_owner(org, target.id, remains_owner=False)
            _guard_last_admin(caller, org, target.id, remains_admin=False)
            # The membership change and the revocation of every live grant: one transaction.
            return DirectoryChange(
                members={target.id: target.model_copy(update={"status": status})},
                revoke_grants_of=frozenset({target.id}),
            )
        return DirectoryChange(members={target.id: target.model_copy(update={"status": status})})

    after = ctx.admin.change(caller.org, change)
    return {"member": member(after, member_id).model_dump(mode="json")}


def suspend_member(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    return _set_status(ctx, caller, args["id"], "suspended")


def reinstate_member(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    return _set_status(ctx, caller, args["id"], "active")


def remove_member(ctx: PlaneContext, caller: Caller, args: Mapping[str, Any]) -> dict[str, Any]:
    def change(org: OrgDefinition) -> DirectoryChange:
        target = member(org, args["id"])
        _guard_owner(caller, target, None)
        _guard_last_owner(org, target.id, remains_owner=False)
        _guard_last_admin(caller, org, target.id, remains_admin=False)
        # Rules aimed at the member go with them: a restriction cannot name a stranger.
        personal = {r.id: None for r in org.restrictions if r.target.user == target.id and r.id}
        return DirectoryChange(
            members={target.id: None}, restrictions=personal, revoke_grants_of=frozenset({target.id})
        )

    ctx.admin.change(caller.org, change)
    return {"removed": args["id"]}


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "members", "list", "read", "List the org's members with their role and status.", object_schema({}), list_members
    ),
    Operation(
        "members",
        "get",
        "read",
        "Show one member, with the grants (tokens) issued to them.",
        object_schema({"id": MEMBER}, ("id",)),
        get_member,
    ),
    Operation(
        "members",
        "add",
        "write",
        "Add a member with a role (default member).",
        object_schema({"id": MEMBER, "role": ROLE}, ("id",)),
        add_member,
    ),
    Operation(
        "members",
        "set_role",
        "write",
        "Change a member's role; takes effect on their next call.",
        object_schema({"id": MEMBER, "role": ROLE}, ("id", "role")),
        set_role,
    ),
    Operation(
        "members",
        "suspend",
        "write",
        "Suspend a member and revoke every live grant of theirs; their next call fails.",
        object_schema({"id": MEMBER}, ("id",)),
        suspend_member,
    ),
    Operation(
        "members",
        "reinstate",
        "write",
        "Reinstate a suspended member (revoked tokens stay revoked).",
        object_schema({"id": MEMBER}, ("id",)),
        reinstate_member,
    ),
    Operation(
        "members",
        "remove",
        "destructive",
        "Remove a member and revoke every live grant of theirs; their next call fails.",
        object_schema({"id": MEMBER}, ("id",)),
        remove_member,
    ),
)
