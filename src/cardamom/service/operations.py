"""The control-plane operations and their handlers.

Restrictions apply to the person calling, here as everywhere: listing connections hides
the ones whose connector the caller cannot reach, ``connections get`` (opening a
connection's stored tool list) shows only the tools the caller may use, and creating or
updating a connection needs the caller to be able to reach its connector.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, TypeVar

from pydantic import ValidationError

from cardamom.core.audit import AuditQuery
from cardamom.core.directory import DirectoryChange
from cardamom.core.orgdef import ROLES, ConnectionDef, MemberDef, OrgDefinition, RestrictionDef
from cardamom.core.policy import ACCESS_INSPECT, ALL_SCOPES, resolve_restrictions
from cardamom.errors import InvalidArguments, NotAllowed, RecordNotFound, Restricted
from cardamom.service.access import Caller, caller_pool, permission_refusal
from cardamom.service.access_view import effective_access
from cardamom.service.controlplane import ControlPlane, Operation

# ---- schemas ----------------------------------------------------------------------------


def _object(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema


_TEXT = {"type": "string", "minLength": 1, "maxLength": 200}
_ACCOUNT = {**_TEXT, "description": "the connection's account label, e.g. notion-legal"}
_MEMBER = {**_TEXT, "description": "the member's id"}
_ROLE = {"type": "string", "enum": list(ROLES)}
_STATUS = {"type": "string", "enum": ["active", "pending", "needs_reauth"]}
_CREDENTIALS = _object({name: _TEXT for name in ("token_env", "api_key_env", "username_env", "password_env")})
_FROZEN = {"type": "object", "description": "argument values fixed for every tool of this account"}


# ---- helpers ----------------------------------------------------------------------------


def _definition(plane: ControlPlane, caller: Caller) -> OrgDefinition:
    return plane.admin.stored(caller.org).definition


def _connection(org: OrgDefinition, account: str) -> ConnectionDef:
    for conn in org.connections:
        if conn.account == account:
            return conn
    raise RecordNotFound(f"no connection with account {account!r}")


def _member(org: OrgDefinition, member_id: str) -> MemberDef:
    for member in org.members:
        if member.id == member_id:
            return member
    raise RecordNotFound(f"no member {member_id!r}")


def _reach_connector(caller: Caller, org: OrgDefinition, connector: str) -> None:
    verdict = resolve_restrictions(org.restrictions, member_id=caller.member_id, role=caller.role, connector=connector)
    if not verdict.allowed:
        raise Restricted(
            f"connector {connector} is restricted for {caller.member_id}: {verdict.reason}", rule_id=verdict.rule_id
        )


_Record = TypeVar("_Record", ConnectionDef, MemberDef, RestrictionDef)


def _record(cls: type[_Record], data: Mapping[str, Any]) -> _Record:
    try:
        return cls.model_validate(dict(data))
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg'].removeprefix('Value error, ')}"
            for e in exc.errors()
        )
        raise InvalidArguments(problems) from None


# ---- connections ------------------------------------------------------------------------


def list_connections(plane: ControlPlane, caller: Caller, _: Mapping[str, Any]) -> Any:
    org = _definition(plane, caller)
    snapshot = plane.snapshots.current(caller.org)
    labels = {c.id: c.label for c in org.connectors}
    usable: dict[str, int] = {}
    for position in caller_pool(caller, snapshot).visible:
        for account in snapshot.columns.reachable_accounts(position):
            usable[account] = usable.get(account, 0) + 1
    shown, hidden = [], 0
    for conn in org.connections:
        verdict = resolve_restrictions(
            org.restrictions, member_id=caller.member_id, role=caller.role, connector=conn.connector
        )
        if not verdict.allowed:
            hidden += 1
            continue
        shown.append(
            {
                "account": conn.account,
                "connector": conn.connector,
                "label": labels[conn.connector],
                "status": conn.status,
                "usable_tools": usable.get(conn.account, 0),
                "frozen": sorted(conn.frozen),
            }
        )
    return {"connections": shown, "hidden_by_restrictions": hidden}


def get_connection(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    org = _definition(plane, caller)
    conn = _connection(org, args["account"])
    _reach_connector(caller, org, conn.connector)
    snapshot = plane.snapshots.current(caller.org)
    pool, columns = caller_pool(caller, snapshot), snapshot.columns
    tools, restricted = [], []
    for position in range(len(columns)):
        if conn.account not in columns.reachable_accounts(position):
            continue
        if position in pool.visible:
            tool = snapshot.tools[position]  # only this account's records are built
            tools.append({"name": tool.name, "description": tool.description, "classification": tool.classification})
        else:  # named, flagged, no schema: as search reports them
            reason = str(pool.withheld[position])
            restricted.append({"name": columns.names[position], "restricted": True, "reason": reason})
    return {
        "account": conn.account,
        "connector": conn.connector,
        "status": conn.status,
        "credentials": sorted(k for k, v in conn.credentials.model_dump().items() if v),
        "frozen": dict(conn.frozen),
        "tools": tools,
        "restricted_tools": restricted,
    }


def create_connection(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    new = _record(ConnectionDef, args)

    def change(org: OrgDefinition) -> DirectoryChange:
        if any(c.account.casefold() == new.account.casefold() for c in org.connections):
            raise InvalidArguments(f"a connection with account {new.account!r} already exists")
        _reach_connector(caller, org, new.connector)
        return DirectoryChange(connections={new.account: new})

    plane.admin.change(caller.org, change)
    return {"created": new.model_dump(exclude_defaults=True)}


def update_connection(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        current = _connection(org, args["account"])
        _reach_connector(caller, org, current.connector)
        updated = _record(ConnectionDef, {**current.model_dump(), **args})
        return DirectoryChange(connections={current.account: updated})

    after = plane.admin.change(caller.org, change)
    return {"updated": _connection(after, args["account"]).model_dump(exclude_defaults=True)}


def delete_connection(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        current = _connection(org, args["account"])
        _reach_connector(caller, org, current.connector)
        return DirectoryChange(connections={current.account: None})

    plane.admin.change(caller.org, change)
    return {"deleted": args["account"]}


# ---- members ----------------------------------------------------------------------------


def _guard_owner(caller: Caller, org: OrgDefinition, target: MemberDef | None, new_role: str | None) -> None:
    """Only an owner acts on an owner or hands out the owner role."""
    touches_owner = (target is not None and target.role == "owner") or new_role == "owner"
    if touches_owner and caller.role != "owner":
        raise NotAllowed("only an owner can change an owner or grant the owner role")


def _guard_last_owner(org: OrgDefinition, member_id: str, remains_owner: bool) -> None:
    owners = [m.id for m in org.members if m.role == "owner" and m.status == "active"]
    if owners == [member_id] and not remains_owner:
        raise NotAllowed(f"{member_id} is the org's last active owner; add another owner first")


def list_members(plane: ControlPlane, caller: Caller, _: Mapping[str, Any]) -> Any:
    org = _definition(plane, caller)
    return {"members": [m.model_dump() for m in org.members]}


def get_member(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    member = _member(_definition(plane, caller), args["id"])
    grants = plane.admin.directory.grants(caller.org, member.id)
    return {**member.model_dump(), "grants": [asdict(g) for g in grants]}


def add_member(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    new = _record(MemberDef, {"role": "member", **args, "status": "active"})

    def change(org: OrgDefinition) -> DirectoryChange:
        if any(m.id == new.id for m in org.members):
            raise InvalidArguments(f"member {new.id!r} already exists")
        _guard_owner(caller, org, None, new.role)
        return DirectoryChange(members={new.id: new})

    plane.admin.change(caller.org, change)
    return {"added": new.model_dump()}


def set_role(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        target = _member(org, args["id"])
        _guard_owner(caller, org, target, args["role"])
        _guard_last_owner(org, target.id, remains_owner=args["role"] == "owner")
        return DirectoryChange(members={target.id: target.model_copy(update={"role": args["role"]})})

    after = plane.admin.change(caller.org, change)
    return {"member": _member(after, args["id"]).model_dump()}


def _set_status(plane: ControlPlane, caller: Caller, member_id: str, status: str) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        target = _member(org, member_id)
        _guard_owner(caller, org, target, None)
        if status == "suspended":
            _guard_last_owner(org, target.id, remains_owner=False)
            # The membership change and the revocation of every live grant: one transaction.
            return DirectoryChange(
                members={target.id: target.model_copy(update={"status": status})},
                revoke_grants_of=frozenset({target.id}),
            )
        return DirectoryChange(members={target.id: target.model_copy(update={"status": status})})

    after = plane.admin.change(caller.org, change)
    return {"member": _member(after, member_id).model_dump()}


def suspend_member(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    return _set_status(plane, caller, args["id"], "suspended")


def reinstate_member(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    return _set_status(plane, caller, args["id"], "active")


def remove_member(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        target = _member(org, args["id"])
        _guard_owner(caller, org, target, None)
        _guard_last_owner(org, target.id, remains_owner=False)
        # Rules aimed at the member go with them: a restriction cannot name a stranger.
        personal = {r.id: None for r in org.restrictions if r.target.user == target.id and r.id}
        return DirectoryChange(
            members={target.id: None}, restrictions=personal, revoke_grants_of=frozenset({target.id})
        )

    plane.admin.change(caller.org, change)
    return {"removed": args["id"]}


def revoke_grant(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    """One grant (an OAuth sign-in, or a `cardamom token`) stops working on its next call."""
    org = _definition(plane, caller)
    target = _member(org, args["member"])
    _guard_owner(caller, org, target, None)
    if not plane.admin.revoke_grant(caller.org, target.id, args["grant"]):
        raise RecordNotFound(f"member {target.id!r} has no live grant {args['grant']!r}")
    return {"revoked": {"member": target.id, "grant": args["grant"]}}


# ---- restrictions -----------------------------------------------------------------------


def list_restrictions(plane: ControlPlane, caller: Caller, _: Mapping[str, Any]) -> Any:
    org = _definition(plane, caller)
    return {"restrictions": [r.model_dump(exclude_none=True) for r in org.restrictions]}


def create_restriction(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        taken = {r.id for r in org.restrictions}
        rule_id = args.get("id")
        if rule_id is None:
            n = len(org.restrictions) + 1
            while f"r{n}" in taken:
                n += 1
            rule_id = f"r{n}"
        elif rule_id in taken:
            raise InvalidArguments(f"restriction id {rule_id!r} is already used")
        rule = _record(RestrictionDef, {**args, "id": rule_id})
        return DirectoryChange(restrictions={rule_id: rule})

    after = plane.admin.change(caller.org, change)
    return {"created": after.restrictions[-1].model_dump(exclude_none=True)}


def delete_restriction(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        if not any(r.id == args["id"] for r in org.restrictions):
            raise RecordNotFound(f"no restriction {args['id']!r}")
        return DirectoryChange(restrictions={args["id"]: None})

    plane.admin.change(caller.org, change)
    return {"deleted": args["id"]}


# ---- aliases ----------------------------------------------------------------------------


def list_aliases(plane: ControlPlane, caller: Caller, _: Mapping[str, Any]) -> Any:
    org = _definition(plane, caller)
    return {"aliases": [a.model_dump() for a in org.aliases]}


def delete_alias(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    def change(org: OrgDefinition) -> DirectoryChange:
        if not any(a.name == args["name"] for a in org.aliases):
            raise RecordNotFound(f"no alias {args['name']!r}")
        return DirectoryChange(aliases={args["name"]: None})

    plane.admin.change(caller.org, change)
    return {"deleted": args["name"]}


# ---- audit and access -------------------------------------------------------------------


def list_audit(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    query = AuditQuery(**{k: v for k, v in args.items() if k in AuditQuery.__dataclass_fields__})
    return {"rows": [asdict(row) for row in plane.audit.query(caller.org, query)]}


def get_access(plane: ControlPlane, caller: Caller, args: Mapping[str, Any]) -> Any:
    org = _definition(plane, caller)
    member_id = args.get("member", caller.member_id)
    if member_id != caller.member_id:
        denied = permission_refusal(caller, ACCESS_INSPECT)
        if denied is not None:
            raise denied
    member = _member(org, member_id)
    scopes = args.get("scopes", caller.scopes if member_id == caller.member_id else ALL_SCOPES)
    return effective_access(
        org,
        plane.snapshots.current(caller.org),
        member,
        scopes,
        account=args.get("account"),
        connector=args.get("connector"),
    )


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "connections",
        "list",
        "read",
        "List the connected accounts you can reach, with status and how many of their tools you can use. "
        "A pending or needs_reauth connection contributes no tools until it is reconnected.",
        _object({}),
        list_connections,
    ),
    Operation(
        "connections",
        "get",
        "read",
        "Show one connection and its tool list: the tools you can use, and the restricted ones by name.",
        _object({"account": _ACCOUNT}, ("account",)),
        get_connection,
    ),
    Operation(
        "connections",
        "create",
        "write",
        "Connect an account of a connector (credentials by reference).",
        _object(
            {
                "account": _ACCOUNT,
                "connector": _TEXT,
                "status": _STATUS,
                "credentials": _CREDENTIALS,
                "frozen": _FROZEN,
            },
            ("account", "connector"),
        ),
        create_connection,
    ),
    Operation(
        "connections",
        "update",
        "write",
        "Change a connection's status, credential reference or frozen values.",
        _object({"account": _ACCOUNT, "status": _STATUS, "credentials": _CREDENTIALS, "frozen": _FROZEN}, ("account",)),
        update_connection,
    ),
    Operation(
        "connections",
        "delete",
        "destructive",
        "Disconnect an account; its tools disappear from search.",
        _object({"account": _ACCOUNT}, ("account",)),
        delete_connection,
    ),
    Operation(
        "members", "list", "read", "List the org's members with their role and status.", _object({}), list_members
    ),
    Operation(
        "members",
        "get",
        "read",
        "Show one member, with the grants (tokens) issued to them.",
        _object({"id": _MEMBER}, ("id",)),
        get_member,
    ),
    Operation(
        "members",
        "add",
        "write",
        "Add a member with a role (default member).",
        _object({"id": _MEMBER, "role": _ROLE}, ("id",)),
        add_member,
    ),
    Operation(
        "members",
        "set_role",
        "write",
        "Change a member's role; takes effect on their next call.",
        _object({"id": _MEMBER, "role": _ROLE}, ("id", "role")),
        set_role,
    ),
    Operation(
        "members",
        "suspend",
        "write",
        "Suspend a member and revoke every live grant of theirs; their next call fails.",
        _object({"id": _MEMBER}, ("id",)),
        suspend_member,
    ),
    Operation(
        "members",
        "reinstate",
        "write",
        "Reinstate a suspended member (revoked tokens stay revoked).",
        _object({"id": _MEMBER}, ("id",)),
        reinstate_member,
    ),
    Operation(
        "members",
        "remove",
        "destructive",
        "Remove a member and revoke every live grant of theirs; their next call fails.",
        _object({"id": _MEMBER}, ("id",)),
        remove_member,
    ),
    Operation(
        "grants",
        "revoke",
        "write",
        "Revoke one grant of a member (an OAuth client's sign-in, by the id cardamom__members__get shows); "
        "its tokens fail on their next call and its refresh token is dead.",
        _object({"member": _MEMBER, "grant": _TEXT}, ("member", "grant")),
        revoke_grant,
    ),
    Operation(
        "restrictions",
        "list",
        "read",
        "List the restrictions: which role or member each allows or blocks, on which connector and tools.",
        _object({}),
        list_restrictions,
    ),
    Operation(
        "restrictions",
        "create",
        "write",
        "Allow or block a connector, some of its tools, or tools by name pattern, for a role or a member.",
        _object(
            {
                "id": _TEXT,
                "target": _object({"role": _ROLE, "user": _MEMBER}),
                "effect": {"type": "string", "enum": ["allow", "block"]},
                "connector": _TEXT,
                "tools": {"type": "array", "items": _TEXT},
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
        _object({"id": _TEXT}, ("id",)),
        delete_restriction,
    ),
    Operation(
        "aliases",
        "list",
        "read",
        "List retired tool names that still resolve (recorded when merging or a new account renamed a tool).",
        _object({}),
        list_aliases,
    ),
    Operation(
        "aliases",
        "delete",
        "write",
        "Remove an alias: the retired name stops resolving.",
        _object({"name": _TEXT}, ("name",)),
        delete_alias,
    ),
    Operation(
        "audit",
        "list",
        "read",
        "List audit rows (newest first): one per connected-tool call that reached execution.",
        _object(
            {
                "member": _TEXT,
                "account": _TEXT,
                "operation": _TEXT,
                "status": {"type": "string", "enum": ["started", "succeeded", "failed"]},
                "since": {"type": "string", "description": "ISO 8601 time"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 1000},
            }
        ),
        list_audit,
    ),
    Operation(
        "access",
        "get",
        "read",
        "Show exactly which connectors and tools a member (default: you) can see and run, under which "
        "scopes, and which rule withheld each of the others.",
        _object(
            {
                "member": _MEMBER,
                "account": _TEXT,
                "connector": _TEXT,
                "scopes": {"type": "array", "items": {"type": "string", "enum": list(ALL_SCOPES)}},
            }
        ),
        get_access,
    ),
)
