"""What a control-plane operation is: name, permission, classification, schema and handler.

Operations are listed individually (a fixed set that does not grow with connections) and are
never returned by search. Each is gated (``authorization.operation_refusal``) by
``tool:execute``, then by its own permission ``{resource}:{operation}``, then by the OAuth
scope its classification needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardamom.core.naming import control_plane_name
from cardamom.core.orgdef import Classification
from cardamom.ports import AuditLog
from cardamom.service.admin import DirectoryAdmin
from cardamom.service.authorization import Caller
from cardamom.service.snapshots import SnapshotService
from cardamom.service.unmet_searches import UnmetSearches


@dataclass(frozen=True, slots=True)
class PlaneContext:
    """What a handler may use: directory changes (with their rebuilds), snapshots, the audit log,
    and the unmet searches (None where they are not recorded)."""

    admin: DirectoryAdmin
    snapshots: SnapshotService
    audit: AuditLog
    insights: UnmetSearches | None = None


# A handler returns JSON values only (lists, not tuples): its result goes on the wire as is.
Handler = Callable[[PlaneContext, Caller, Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Operation:
    resource: str
    operation: str
    classification: Classification
    description: str
    input_schema: Mapping[str, Any]
    handler: Handler

    @property
    def name(self) -> str:
        return control_plane_name(self.resource, self.operation)

    @property
    def permission(self) -> str:
        return f"{self.resource}:{self.operation}"
