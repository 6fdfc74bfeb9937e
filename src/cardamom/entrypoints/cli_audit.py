"""``cardamom audit``: the audit trail, its verification and its export.

cardamom audit --org ORG [--member M] [--status S] [--since T]   rows, newest first
cardamom audit verify --org ORG [--anchor SEQ:DIGEST] [--file PATH]...
                                        verify the chain (the store's, or exported files')
cardamom audit export --org ORG [--since T] [--format jsonl] [--sealed-only] [--output FILE]
cardamom audit seal --org ORG           seal the rows ready now (normally automatic)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from cardamom.bootstrap import Container, build_container
from cardamom.config import Settings
from cardamom.core.audit import MAX_AUDIT_ROWS, AuditQuery, interrupted, interrupted_after
from cardamom.core.audit_export import ExportFormatError, file_lines
from cardamom.core.audit_verify import Verification
from cardamom.entrypoints.cli_types import bounded_int
from cardamom.errors import ConfigError
from cardamom.service.audit_export import export_lines, verify_export
from cardamom.service.audit_sealing import AuditSealer, SealingPolicy, parse_anchor, verification_summary


def _container() -> Container:
    return build_container(Settings.from_env())


def _sealer() -> AuditSealer:
    sealer = _container().audit_sealer
    if sealer is None:
        raise ConfigError("this store keeps no audit chain")
    return sealer


def iso_time(text: str) -> str:
    """An ISO 8601 date or time as the trail stores times (UTC when no offset is given)."""
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO 8601 date or time: {text!r}") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC).isoformat()


def _anchor(text: str) -> tuple[int, str]:
    try:
        return parse_anchor(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _list(args: argparse.Namespace, out: TextIO) -> int:
    if not args.org:
        raise ConfigError("cardamom audit needs --org ORG")
    container = _container()
    if container.directory.load_org(args.org) is None:
        raise ConfigError(f"there is no org {args.org!r}: apply its definition first (cardamom org apply FILE)")
    query = AuditQuery(member=args.member, account=args.account, status=args.status, since=args.since, limit=args.limit)
    rows = container.audit.query(args.org, query)
    # Only a process killed mid-call leaves a row started past the longest a call can take.
    now, after = datetime.now(UTC), interrupted_after(container.settings.connector_timeout)
    if args.json:
        listed = [{**asdict(r), "interrupted": interrupted(r, now, after)} for r in rows]
        out.write(json.dumps(listed, indent=2) + "\n")
        return 0
    for r in rows:
        outcome = r.status if r.error_code is None else f"{r.status} ({r.error_code})"
        if interrupted(r, now, after):
            outcome = "interrupted (started, never completed: the process was killed mid-call)"
        out.write(
            f"{r.started_at}  {r.member:<12} {r.operation:<48} {r.classification:<11} "
            f"target={r.target_id or '-':<12} {outcome}\n"
        )
    return 0


def _export_files(paths: list[str]) -> Iterator[tuple[str, str]]:
    for name in paths:
        path = Path(name)
        files = sorted(path.rglob("*.jsonl")) if path.is_dir() else [path]
        for file in files:
            try:
                text = file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise ConfigError(f"cannot read {file}: {exc}") from None
            yield from file_lines(str(file), text)


def _verify(args: argparse.Namespace, out: TextIO) -> int:
    if args.file:  # offline: no store is opened
        try:
            result = verify_export(
                args.org, _export_files(args.file), now=datetime.now(UTC), policy=SealingPolicy(), anchor=args.anchor
            )
        except (ExportFormatError, ValueError) as exc:
            raise ConfigError(str(exc)) from None
    else:
        result = _sealer().verify(args.org, anchor=args.anchor)
    if args.json:
        out.write(json.dumps(verification_summary(result), indent=2) + "\n")
    else:
        out.write(describe(result, exported=bool(args.file)))
    return 0 if result.ok else 1


def describe(result: Verification, *, exported: bool = False) -> str:
    source = "exported audit trail" if exported else "audit trail"
    lines = [f"{source} of {result.org}: {'verified' if result.ok else 'BROKEN'}"]
    if result.last_seal is None:
        lines.append("  no seals yet")
    else:
        lines.append(f"  seals {result.first_seal}..{result.last_seal}, head {result.last_seal}:{result.last_digest}")
    counts = [f"{result.sealed_rows} sealed rows unchanged"]
    for count, label in (
        (result.expired_rows, "expired with their retention"),
        (result.outside_rows, "before the export's start"),
        (result.legacy_rows, "written before the chain began"),
    ):
        if count:
            counts.append(f"{count} {label}")
    lines.append("  " + ", ".join(counts))
    if result.unsealed:
        overdue = sum(1 for u in result.unsealed if u.overdue)
        oldest = max(u.waiting_seconds for u in result.unsealed)
        note = f"; {overdue} overdue: is the sealer running?" if overdue else ""
        lines.append(f"  {len(result.unsealed)} rows not sealed yet (the oldest waiting {oldest:g} s){note}")
    lines.extend(f"  note: {n}" for n in result.notes)
    if result.first_break is not None:
        lines.append(f"  first break: {result.first_break}")
        if len(result.breaks) > 1:
            lines.append(f"  ({len(result.breaks)} breaks in all; --json lists them)")
    return "\n".join(lines) + "\n"


def _export(args: argparse.Namespace, out: TextIO) -> int:
    lines = export_lines(
        _sealer().chain, args.org, since=args.since, sealed_only=args.sealed_only, now=datetime.now(UTC)
    )
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.writelines(lines)
    else:
        out.writelines(lines)
    return 0


def _seal(args: argparse.Namespace, out: TextIO) -> int:
    run = _sealer().seal(args.org)
    head = "no seal yet" if run.head is None else f"head {run.head.seq}:{run.head.digest}"
    out.write(f"sealed {run.rows} rows in {len(run.seals)} seals; {head}\n")
    return 0


def add_audit_parser(commands: Any) -> None:
    audit = commands.add_parser("audit", help="audit rows (newest first), their verification and export")
    audit.add_argument("--org", help="the org's id (as in its definition's org:)")
    audit.add_argument("--member", help="only this member's calls")
    audit.add_argument("--account", help="only calls that reached this connection (account label)")
    audit.add_argument(
        "--status",
        choices=("started", "succeeded", "failed"),
        help="only rows in this state (a started row older than the longest call is shown as interrupted)",
    )
    audit.add_argument("--since", type=iso_time, help="only rows started at or after this ISO 8601 date or time")
    audit.add_argument(
        "--limit",
        type=bounded_int(1, MAX_AUDIT_ROWS, "--limit"),
        default=100,
        help=f"at most this many rows, newest first (1 to {MAX_AUDIT_ROWS}; default 100)",
    )
    audit.add_argument("--json", action="store_true", help="print the rows as JSON")
    audit.set_defaults(run=_list)
    sub = audit.add_subparsers(dest="audit_command")

    verify = sub.add_parser("verify", help="verify the hash chain: names the first modified, missing or inserted row")
    verify.add_argument("--org", required=True, help="the org whose trail to verify")
    verify.add_argument("--anchor", type=_anchor, help="SEQ:DIGEST of a head recorded earlier, which must still hold")
    verify.add_argument(
        "--file", action="append", help="verify exported JSON Lines (a file or a directory of them; repeatable)"
    )
    verify.add_argument("--json", action="store_true", help="print the verification as JSON")
    verify.set_defaults(run=_verify)

    export = sub.add_parser("export", help="rows and seals as JSON Lines, for a SIEM or offline verification")
    export.add_argument("--org", required=True, help="the org whose trail to export")
    export.add_argument("--since", type=iso_time, help="only rows started at or after this ISO 8601 time")
    export.add_argument("--format", choices=("jsonl",), default="jsonl", help="the file format (JSON Lines)")
    export.add_argument("--sealed-only", action="store_true", help="leave out rows not sealed yet")
    export.add_argument("--output", "-o", help="write here instead of standard output")
    export.set_defaults(run=_export)

    seal = sub.add_parser("seal", help="seal the rows ready now (the server and the AWS schedule do this)")
    seal.add_argument("--org", required=True, help="the org whose rows to seal")
    seal.set_defaults(run=_seal)
