"""Directory changes as values: what a control-plane operation asks the store to commit.

A change upserts or deletes records (``None`` deletes) and may revoke every live grant of
some members. The store commits it in one transaction, conditional on the directory
version the change was computed from, so a lost race is a ``Conflict``, never a silent
overwrite; a membership change and its grant revocations land together or not at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from cardamom.core.orgdef import (
    AliasDef,
    ClientDef,
    ConnectionDef,
    ConnectorDef,
    MemberDef,
    OrgDefinition,
    RestrictionDef,
)


@dataclass(frozen=True, slots=True)
class MemberRecord:
    """A member as the directory stores it: the definition plus its revocation watermark.

    Every token issued at or before ``grants_revoked_at`` (epoch seconds) is refused, so a
    suspension or removal bites on the member's next call without a per-token lookup.
    """

    member: MemberDef
    grants_revoked_at: int | None = None
    revoked_grants: frozenset[str] = frozenset()  # grants revoked one by one (their tokens fail too)


@dataclass(frozen=True, slots=True)
class Grant:
    """A bearer token the gateway issued: who holds it, with which scopes, until when."""

    org: str
    id: str
    member: str
    scopes: tuple[str, ...]
    issued_at: int
    expires_at: int
    revoked_at: int | None = None
    client_id: str | None = None  # the OAuth client it was issued to (None: `cardamom token`)


@dataclass(frozen=True, slots=True)
class DirectoryChange:
    connectors: Mapping[str, ConnectorDef | None] = field(default_factory=dict)
    connections: Mapping[str, ConnectionDef | None] = field(default_factory=dict)
    members: Mapping[str, MemberDef | None] = field(default_factory=dict)
    restrictions: Mapping[str, RestrictionDef | None] = field(default_factory=dict)
    aliases: Mapping[str, AliasDef | None] = field(default_factory=dict)
    clients: Mapping[str, ClientDef | None] = field(default_factory=dict)
    revoke_grants_of: frozenset[str] = frozenset()
    at: int = 0  # when the change happens (epoch seconds): the revocation watermark

    @property
    def empty(self) -> bool:
        return not (
            self.connectors
            or self.connections
            or self.members
            or self.restrictions
            or self.aliases
            or self.clients
            or self.revoke_grants_of
        )

    @property
    def changes_pool(self) -> bool:
        """Whether the change can alter what search and execution see (a snapshot rebuild)."""
        return bool(self.connectors or self.connections or self.restrictions or self.aliases)


_Record = TypeVar("_Record", ConnectorDef, ConnectionDef, MemberDef, RestrictionDef, AliasDef, ClientDef)


def _merge(records: list[_Record], key: str, updates: Mapping[str, _Record | None]) -> list[_Record]:
    """Replace records in place, drop deleted ones, append new ones in the order given."""
    merged: list[_Record] = []
    seen: set[str] = set()
    for record in records:
        name = getattr(record, key)
        seen.add(name)
        if name in updates:
            replacement = updates[name]
            if replacement is not None:
                merged.append(replacement)
        else:
            merged.append(record)
    merged.extend(record for name, record in updates.items() if name not in seen and record is not None)
    return merged


def apply_change(org: OrgDefinition, change: DirectoryChange) -> OrgDefinition:
    """The definition as it will be once ``change`` is committed (validation is the caller's)."""
    return org.model_copy(
        update={
            "connectors": _merge(list(org.connectors), "id", change.connectors),
            "connections": _merge(list(org.connections), "account", change.connections),
            "members": _merge(list(org.members), "id", change.members),
            "restrictions": _merge(list(org.restrictions), "id", change.restrictions),
            "aliases": _merge(list(org.aliases), "name", change.aliases),
            "clients": _merge(list(org.clients), "id", change.clients),
        }
    )
