"""The effective-access view: what a member can see and run, and what withheld the rest.

It is computed with the very gate search and execution ask (``service/authorization.py``:
the caller's pool, each withheld tool's refusal, the restrictions' verdict on each
connection), so the view cannot disagree with what the member experiences.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardamom.core.orgdef import MemberDef, OrgDefinition
from cardamom.core.policy import ROLE_PERMISSIONS, required_scopes
from cardamom.core.snapshot import Snapshot
from cardamom.errors import PermissionDenied, Restricted, ScopeMissing, ToolError
from cardamom.service.authorization import Caller, caller_pool, restriction_verdict


def _withheld(error: ToolError) -> dict[str, Any]:
    detail: dict[str, Any] = {"code": error.code, "reason": str(error)}
    if isinstance(error, Restricted) and error.rule_id:
        detail["rule"] = error.rule_id
    if isinstance(error, ScopeMissing):
        detail["scope"] = error.scope
    if isinstance(error, PermissionDenied):
        detail["permission"] = error.permission
    return detail


def effective_access(
    definition: OrgDefinition,
    snapshot: Snapshot,
    member: MemberDef,
    scopes: Iterable[str],
    *,
    account: str | None = None,
    connector: str | None = None,
) -> dict[str, Any]:
    caller = Caller(definition.org, member.id, member.role, frozenset(scopes))
    labels = {c.id: c.label for c in definition.connectors}
    connections: list[dict[str, Any]] = []
    for conn in definition.connections:
        if (account and conn.account != account) or (connector and conn.connector != connector):
            continue
        verdict = restriction_verdict(caller, definition.restrictions, conn.connector)
        entry: dict[str, Any] = {
            "account": conn.account,
            "connector": conn.connector,
            "label": labels.get(conn.connector, conn.connector),
            "status": conn.status,
            "reachable": verdict.allowed,
        }
        if not verdict.allowed:
            entry["withheld_by"] = {"code": "restricted", "reason": verdict.reason, "rule": verdict.rule_id}
        if conn.status != "active":
            entry["note"] = f"{conn.status}: contributes no tools until it is reconnected"
        connections.append(entry)

    usable: list[dict[str, Any]] = []
    withheld: list[dict[str, Any]] = []
    pool, columns = caller_pool(caller, snapshot), snapshot.columns
    for position in range(len(columns)):
        reaches = columns.reachable_accounts(position)
        if (account and account not in reaches) or (connector and columns.connectors[position] != connector):
            continue
        classification = columns.classifications[position]
        needs = required_scopes(classification, connected=True)
        row: dict[str, Any] = {
            "name": columns.names[position],
            "accounts": list(reaches),
            "classification": classification,
            "needs_scopes": list(needs) if needs is not None else None,
        }
        if position in pool.visible:
            usable.append(row)
        else:
            withheld.append({**row, "withheld_by": _withheld(pool.withheld[position])})
    return {
        "member": member.id,
        "role": member.role,
        "status": member.status,
        "scopes": sorted(caller.scopes),
        "permissions": sorted(ROLE_PERMISSIONS[member.role]),
        "connections": connections,
        "usable_tools": usable,
        "withheld_tools": withheld,
        "summary": {"usable": len(usable), "withheld": len(withheld), "snapshot_version": snapshot.version},
    }
