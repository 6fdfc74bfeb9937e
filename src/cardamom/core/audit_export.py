"""The audit export format: JSON Lines, one self-describing record per line.

* ``{"record": "audit_export", "format": 1, "org", "since", "exported_at", "head"}``: an optional
  first line (the CLI's export), saying which rows were left out (started before ``since``);
* ``{"record": "audit_row", ...every row field, "expires_at", "seal", "digest"}``: a row, flat, as
  a SIEM ingests it; ``seal`` is the seal that lists it (null while it awaits one) and
  ``digest`` its row-format-1 digest (for de-duplication; a verifier recomputes it);
* ``{"record": "audit_seal", ...the seal's fields, "digest"}``: a seal, so that an exported copy
  verifies offline (``cardamom audit verify --file``).

Records of other kinds and unknown fields are ignored by readers, so the format can grow.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from cardamom.core.audit import AuditRow
from cardamom.core.audit_chain import ChainHead, Seal, StoredRow, row_digest

EXPORT_FORMAT = 1
ROW_RECORD, SEAL_RECORD, HEADER_RECORD = "audit_row", "audit_seal", "audit_export"
_ROW_FIELDS = tuple(AuditRow.__dataclass_fields__)


class ExportFormatError(ValueError):
    """A line of an export that cannot be read; the message names the line."""


def row_record(stored: StoredRow) -> dict[str, Any]:
    return {
        "record": ROW_RECORD,
        **asdict(stored.row),
        "expires_at": stored.expires_at,
        "seal": stored.seal,
        "digest": row_digest(stored.row),
    }


def seal_record(seal: Seal) -> dict[str, Any]:
    return {"record": SEAL_RECORD, **seal.as_record()}


def header_record(org: str, since: str | None, exported_at: str, head: ChainHead | None) -> dict[str, Any]:
    return {
        "record": HEADER_RECORD,
        "format": EXPORT_FORMAT,
        "org": org,
        "since": since,
        "exported_at": exported_at,
        "head": None if head is None else {"seq": head.seq, "digest": head.digest},
    }


def json_line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


@dataclass(slots=True)
class ExportContents:
    """What a set of export files holds for one org."""

    rows: list[StoredRow] = field(default_factory=list)
    seals: list[Seal] = field(default_factory=list)
    sinces: list[str | None] = field(default_factory=list)  # each header's ``since``

    @property
    def since(self) -> str | None:
        """Rows started before this are in no file: the earliest header's start (None: a full export)."""
        if not self.sinces or None in self.sinces:
            return None
        return min(s for s in self.sinces if s is not None)


def read_export(lines: Iterable[tuple[str, str]], org: str) -> ExportContents:
    """Parse ``(where, line)`` pairs (``where`` names the file and line for errors), keeping ``org``'s records."""
    contents = ExportContents()
    for where, line in lines:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            raise ExportFormatError(f"{where}: not a JSON object") from None
        if not isinstance(record, dict) or record.get("org") != org:
            continue
        try:
            _add(contents, record)
        except (KeyError, TypeError, ValueError) as exc:
            raise ExportFormatError(f"{where}: a malformed {record.get('record')} record ({exc})") from None
    return contents


def _add(contents: ExportContents, record: dict[str, Any]) -> None:
    kind = record.get("record")
    if kind == ROW_RECORD:
        values = {name: record[name] for name in _ROW_FIELDS if name in record}
        row = AuditRow(**values)
        for name in ("org", "id", "started_at", "member", "account", "connector", "operation", "status"):
            if not isinstance(getattr(row, name), str):
                raise ValueError(f"{name} must be a string")
        seal = record.get("seal")
        expires = record.get("expires_at")
        contents.rows.append(
            StoredRow(
                row,
                expires_at=None if expires is None else int(expires),
                seal=None if seal is None else int(seal),
                queued=seal is None,
            )
        )
    elif kind == SEAL_RECORD:
        contents.seals.append(Seal.from_record(record))
    elif kind == HEADER_RECORD:
        since = record.get("since")
        contents.sinces.append(since if isinstance(since, str) else None)


def file_lines(name: str, text: str) -> Iterator[tuple[str, str]]:
    for number, line in enumerate(text.splitlines(), 1):
        yield f"{name}:{number}", line
