"""The audit function's scheduled work on AWS: seal every org's ready rows, and export the sealed ones.

Every minute the function seals (so a completed row waits at most about two minutes for its
seal); on the export schedule it seals, then writes the seals since the last export to S3 with
their rows (``service/audit_export.py``), when an export prefix is configured. Orgs come from
the directory's org list; one org's failure is reported and never stops the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardamom.ports import Directory
from cardamom.service.audit_export import ExportRun, ScheduledExport
from cardamom.service.audit_sealing import AuditSealer, SealRun


@dataclass(frozen=True, slots=True)
class AuditSchedule:
    directory: Directory
    sealer: AuditSealer
    exporter: ScheduledExport | None = None  # None: no export prefix configured

    def seal(self) -> dict[str, Any]:
        results = self.sealer.seal_orgs(sorted(self.directory.org_versions()))
        return {
            "sealed": {org: _sealed(r) for org, r in results.items() if isinstance(r, SealRun) and r.rows},
            "failed": {org: r for org, r in results.items() if isinstance(r, str)},
        }

    def export(self) -> dict[str, Any]:
        report = self.seal()
        if self.exporter is None:
            return {**report, "exported": {}, "export": "disabled (no CARDAMOM_AUDIT_EXPORT_PREFIX)"}
        results = self.exporter.export_orgs(sorted(self.directory.org_versions()))
        exported = {org: _exported(r) for org, r in results.items() if isinstance(r, ExportRun) and r.seals}
        failed = {**report["failed"], **{org: r for org, r in results.items() if isinstance(r, str)}}
        return {"sealed": report["sealed"], "exported": exported, "failed": failed}


def _sealed(run: SealRun) -> dict[str, Any]:
    return {"rows": run.rows, "seals": run.seals}


def _exported(run: ExportRun) -> dict[str, Any]:
    return {"seals": run.seals, "rows": run.rows, "through": run.through, "objects": run.objects}
