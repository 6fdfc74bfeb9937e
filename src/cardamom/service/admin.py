"""Changing the directory: whole-org applies, control-plane changes, and issued grants.

Every change is validated as the whole org it produces, committed conditionally on the
version it was computed from, and followed by a snapshot rebuild when it alters the tool
pool. On the embedded store the rebuild is immediate; on AWS the stream-triggered rebuild
and the schedule are the safety nets that bound a change's delay to two minutes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from pydantic import ValidationError

from cardamom.core.aliases import alias_plan
from cardamom.core.directory import DirectoryChange, Grant, apply_change
from cardamom.core.orgdef import AliasDef, OrgDefinition, cross_reference_problems
from cardamom.core.problems import format_path
from cardamom.core.problems import validation_problems as pydantic_problems
from cardamom.core.snapshot import Snapshot
from cardamom.errors import ChangeConflict, Conflict, InvalidArguments, RecordNotFound
from cardamom.ports import Directory, StoredOrg
from cardamom.service.snapshots import SnapshotService

log = logging.getLogger(__name__)


def revoked_members(before: OrgDefinition | None, after: OrgDefinition) -> frozenset[str]:
    """Members whose grants a transition revokes: those removed, and those newly suspended."""
    if before is None:
        return frozenset()
    now = {m.id: m for m in after.members}
    return frozenset(
        m.id for m in before.members if m.id not in now or (m.status == "active" and now[m.id].status == "suspended")
    )


def validation_problems(org: OrgDefinition) -> list[str]:
    """Everything wrong with an org definition built in code, as ``path: problem`` lines."""
    try:
        checked = OrgDefinition.model_validate(org.model_dump())
    except ValidationError as exc:
        return pydantic_problems(exc)
    return [f"{format_path(path)}: {message}" for path, message in cross_reference_problems(checked)]


def _report_retired(org: str, retired: Mapping[str, str]) -> None:
    for name, why in sorted(retired.items()):
        log.warning("alias %s removed: %s", name, why, extra={"org": org, "alias": name})


class DirectoryWriter:
    """Validated, conditional writes to the directory; it rebuilds nothing (``DirectoryAdmin`` does)."""

    def __init__(self, directory: Directory, clock: Callable[[], float] = time.time) -> None:
        self._directory = directory
        self._clock = clock

    @property
    def directory(self) -> Directory:
        return self._directory

    def now(self) -> int:
        return int(self._clock())

    def stored(self, org: str) -> StoredOrg:
        stored = self._directory.load_org(org)
        if stored is None:
            raise RecordNotFound(f"org {org!r} has no directory")
        return stored

    def replace(self, definition: OrgDefinition) -> None:
        """Replace the whole org, revoking removed or suspended members' grants."""
        current = self._directory.load_org(definition.org)
        if current is not None:
            plan = alias_plan(current.definition, definition, [*current.definition.aliases, *definition.aliases])
            _report_retired(definition.org, plan.retired)
            definition = definition.model_copy(update={"aliases": plan.aliases})
        try:
            self._directory.replace_org(
                definition,
                expected_version=None if current is None else current.version,
                revoke_grants_of=revoked_members(None if current is None else current.definition, definition),
                at=self.now(),
            )
        except Conflict as exc:
            raise ChangeConflict(f"{exc}; nothing was written: reload and retry") from exc

    def change(self, org: str, make: Callable[[OrgDefinition], DirectoryChange]) -> tuple[OrgDefinition, bool]:
        """Compute a change from the current definition, validate the result, commit it.

        Returns the definition after the change, and whether the change alters the tool pool
        (so the snapshot must be rebuilt).
        """
        stored = self.stored(org)
        change = make(stored.definition)
        if change.empty:
            return stored.definition, False
        if change.at == 0:
            change = replace(change, at=self.now())
        after = apply_change(stored.definition, change)
        plan = alias_plan(stored.definition, after, after.aliases)
        aliases = {a.name: a for a in plan.aliases}
        if aliases != {a.name: a for a in after.aliases}:
            updates: dict[str, AliasDef | None] = {
                name: None for name in {a.name for a in after.aliases} - set(aliases)
            }
            updates.update(aliases)
            change = replace(change, aliases={**change.aliases, **updates})
            after = apply_change(stored.definition, change)
        problems = validation_problems(after)
        if problems:
            raise InvalidArguments("; ".join(problems))
        try:
            self._directory.commit(org, change, expected_version=stored.version)
        except Conflict as exc:
            raise ChangeConflict(f"{exc}; nothing was written: reload and retry") from exc
        _report_retired(org, plan.retired)
        return after, change.changes_pool

    def revoke_grant(self, org: str, member: str, grant_id: str) -> bool:
        """Revoke one grant; the member's next read lists it, so its tokens fail on their next call."""
        return self._directory.revoke_grant(org, member, grant_id, at=self.now())

    def record_grant(
        self, org: str, token_id: str, member: str, scopes: Iterable[str], issued_at: int, expires_at: int
    ) -> Grant:
        grant = Grant(org, token_id, member, tuple(sorted(set(scopes))), issued_at, expires_at)
        self._directory.put_grant(grant)
        return grant


class DirectoryAdmin:
    """Directory writes followed by the snapshot rebuild they call for, so search sees them at once."""

    def __init__(self, writer: DirectoryWriter, snapshots: SnapshotService) -> None:
        self._writer = writer
        self._snapshots = snapshots

    @property
    def directory(self) -> Directory:
        return self._writer.directory

    def stored(self, org: str) -> StoredOrg:
        return self._writer.stored(org)

    def apply(self, definition: OrgDefinition) -> Snapshot:
        """Replace the whole org (``cardamom org apply``), then rebuild its snapshot."""
        self._writer.replace(definition)
        return self._snapshots.rebuild(definition.org)

    def change(self, org: str, make: Callable[[OrgDefinition], DirectoryChange]) -> OrgDefinition:
        """Commit a validated change (``DirectoryWriter.change``), rebuilding when it alters the pool."""
        after, changes_pool = self._writer.change(org, make)
        if changes_pool:
            self._snapshots.rebuild(org)
        return after

    def revoke_grant(self, org: str, member: str, grant_id: str) -> bool:
        """Revoke one grant (no rebuild: grants are not policy)."""
        return self._writer.revoke_grant(org, member, grant_id)

    def record_grant(
        self, org: str, token_id: str, member: str, scopes: Iterable[str], issued_at: int, expires_at: int
    ) -> Grant:
        return self._writer.record_grant(org, token_id, member, scopes, issued_at, expires_at)
