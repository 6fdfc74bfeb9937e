"""Reading and building the directory records operations act on; a missing one is ``RecordNotFound``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import ValidationError

from cardamom.core.orgdef import ConnectionDef, MemberDef, OrgDefinition, RestrictionDef
from cardamom.core.problems import validation_problems
from cardamom.errors import InvalidArguments, RecordNotFound
from cardamom.service.authorization import Caller
from cardamom.service.controlplane.operation import PlaneContext


def definition(ctx: PlaneContext, caller: Caller) -> OrgDefinition:
    return ctx.admin.stored(caller.org).definition


def connection(org: OrgDefinition, account: str) -> ConnectionDef:
    for conn in org.connections:
        if conn.account == account:
            return conn
    raise RecordNotFound(f"no connection with account {account!r}")


def member(org: OrgDefinition, member_id: str) -> MemberDef:
    for found in org.members:
        if found.id == member_id:
            return found
    raise RecordNotFound(f"no member {member_id!r}")


_Record = TypeVar("_Record", ConnectionDef, MemberDef, RestrictionDef)


def parse_record(cls: type[_Record], data: Mapping[str, Any]) -> _Record:
    """A record from an operation's arguments; what does not validate is ``InvalidArguments``."""
    try:
        return cls.model_validate(dict(data))
    except ValidationError as exc:
        raise InvalidArguments("; ".join(validation_problems(exc, top_level="arguments"))) from None
