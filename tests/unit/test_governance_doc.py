"""docs/governance.md's role table says exactly what ``core.policy.ROLE_PERMISSIONS`` grants.

Every permission has a row, and each row's ticks are the roles that hold it (a permission the
table left out, as ``aliases:list`` and ``aliases:delete`` once were, fails here).
"""

from __future__ import annotations

import re
from pathlib import Path

from cardamom.core.policy import PERMISSIONS, ROLE_PERMISSIONS

DOC = Path(__file__).resolve().parents[2] / "docs" / "governance.md"
COLUMNS = ("owner", "admin", "member", "guest", "auditor", "billing_admin")


def role_table() -> dict[str, set[str]]:
    """Permission -> the roles the table ticks for it."""
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| permission | owner |") :].split("\n\n", 1)[0].splitlines()[2:]
    found: dict[str, set[str]] = {}
    for row in table:
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        names = re.findall(r"`([a-z_:]+)`", cells[0])
        resource = names[0].split(":")[0]
        roles = {role for role, cell in zip(COLUMNS, cells[1:], strict=True) if cell == "✓"}
        for name in names:
            found[f"{resource}{name}" if name.startswith(":") else name] = roles
    return found


def test_the_role_table_names_every_permission_and_who_holds_it() -> None:
    table = role_table()
    assert set(table) == set(PERMISSIONS)
    for permission, roles in table.items():
        holders = {role for role, granted in ROLE_PERMISSIONS.items() if permission in granted}
        assert roles == holders, permission
