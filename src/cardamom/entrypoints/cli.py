"""The ``cardamom`` command.

cardamom org apply FILE                     validate an org definition and apply it
cardamom search --org ORG --member M QUERY  the ranking that member's search_tools would return
cardamom token --org ORG --member M         mint a bearer token without the OAuth flow
cardamom keys rotate                        sign tokens with a new key (the old one stays published)
cardamom secrets put --org ORG NAME         store a secret (cli_connections: reconnects what it fixes)
cardamom connections refresh --org ORG ACCT list a remote MCP server's tools again
cardamom audit [verify|export|seal] --org ORG   the audit trail (entrypoints/cli_audit.py)
cardamom insights --org ORG                 unmet searches, summarised (entrypoints/cli_insights.py)
cardamom serve                              serve /mcp on 127.0.0.1
cardamom demo                               apply the demo org and serve it with a demo SaaS
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TextIO

from cardamom import __version__
from cardamom.bootstrap import Container, build_container
from cardamom.config import Settings
from cardamom.core.aliases import alias_plan
from cardamom.core.orgfile import parse_org_definition
from cardamom.core.policy import ALL_SCOPES
from cardamom.entrypoints.cli_audit import add_audit_parser
from cardamom.entrypoints.cli_connections import add_connection_parsers
from cardamom.entrypoints.cli_insights import add_insights_parser
from cardamom.entrypoints.cli_types import bounded_int
from cardamom.errors import CardamomError, ConfigError, OrgDefinitionError
from cardamom.importers.openapi.command import add_connectors_parser
from cardamom.mcp.results import search_payload
from cardamom.service.access_view import effective_access
from cardamom.service.authorization import Caller
from cardamom.service.rebuild import ScheduleThread
from cardamom.service.remote_listings import listing_line, mcp_accounts
from cardamom.service.search import DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT

DEMO_MEMBER = "alice"
# The scopes a token gets unless told otherwise (cardamom token, make run), and so the scopes
# search and access assume: what the CLI shows is what that member's token would see.
DEMO_SCOPES = ("mcp:read", "mcp:write", "mcp:tools")
GRANT_SCOPE_HELP = f"a scope of the grant (repeatable; default: {' '.join(DEMO_SCOPES)}, as cardamom token grants)"
MAX_TOKEN_TTL = 365 * 86_400


def _container() -> Container:
    return build_container(Settings.from_env())


def _org_apply(args: argparse.Namespace, out: TextIO) -> int:
    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise OrgDefinitionError([(str(path), f"cannot read the file: {exc.strerror}")]) from None
    definition = parse_org_definition(text, str(path), read_file=lambda name: Path(name).read_text(encoding="utf-8"))
    container = _container()
    current = container.directory.load_org(definition.org)
    snapshot = container.apply_org(definition)
    active = sum(1 for c in definition.connections if c.status == "active")
    out.write(
        f"applied org {definition.org} (directory version {snapshot.version}): "
        f"{len(definition.connectors)} connectors, {active}/{len(definition.connections)} connections active, "
        f"{len(snapshot.tools)} searchable tools, {len(definition.members)} members, "
        f"{len(definition.restrictions)} restrictions\n"
    )
    for account in mcp_accounts(definition):  # every remote server, listed here or kept from an earlier listing
        out.write(f"  remote MCP server of {listing_line(account, snapshot.listings.get(account))}\n")
    if current is not None:  # what the apply did to aliases: the writer's own plan, computed alike
        before = {a.name for a in current.definition.aliases}
        plan = alias_plan(current.definition, definition, [*current.definition.aliases, *definition.aliases])
        for alias in plan.aliases:
            if alias.name not in before:
                out.write(f"  alias {alias.name} now reaches {alias.account}'s {alias.tool}\n")
        for name, why in sorted(plan.retired.items()):
            out.write(f"  alias {name} removed: {why}\n")
    return 0


def _existing_org(container: Container, org: str) -> None:
    if container.directory.load_org(org) is None:
        raise ConfigError(f"there is no org {org!r}: apply its definition first (cardamom org apply FILE)")


def _caller(container: Container, org: str, member_id: str, scopes: Sequence[str]) -> Caller:
    _existing_org(container, org)
    record = container.directory.get_member(org, member_id)
    if record is None:
        raise ConfigError(f"org {org!r} has no member {member_id!r}")
    return Caller(org, record.member.id, record.member.role, frozenset(scopes))


def _search(args: argparse.Namespace, out: TextIO) -> int:
    container = _container()
    caller = _caller(container, args.org, args.member, args.scope or DEMO_SCOPES)
    query = " ".join(args.query)
    payload = search_payload(container.search.search(caller, query, args.limit, record_unmet=False))
    if args.json:
        out.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
        return 0
    out.write(f"query tokens: {' '.join(payload['tokens'])}   pool: {payload['pool_size']} tools\n")
    for i, result in enumerate(payload["results"], 1):
        matched = ", ".join(f"{m['token']}:{m['field']}={m['weight']}" for m in result["matched"])
        out.write(
            f"{i:>2}. {result['name']:<48} score {result['score']:>3}  coverage {result['coverage']:.2f}  [{matched}]\n"
        )
    restricted = payload["restricted"]
    if restricted["count"]:
        out.write(f"restricted matches: {restricted['count']}\n")
        for item in restricted["tools"]:
            out.write(f"    {item['name']} (restricted: {item['reason']})\n")
    out.write(payload["message"] + "\n")
    for check in payload.get("checks", []):
        out.write(f"  - {check}\n")
    return 0


def _access(args: argparse.Namespace, out: TextIO) -> int:
    container = _container()
    caller = _caller(container, args.org, args.member, args.scope or DEMO_SCOPES)
    stored = container.admin.stored(args.org)
    member = next(m for m in stored.definition.members if m.id == caller.member_id)
    view = effective_access(
        stored.definition,
        container.snapshots.current(args.org),
        member,
        caller.scopes,
        account=args.account,
        connector=args.connector,
    )
    if args.json:
        out.write(json.dumps(view, indent=2) + "\n")
        return 0
    out.write(f"{view['member']} ({view['role']}, {view['status']}) with scopes {' '.join(view['scopes']) or '-'}\n")
    out.write(f"permissions: {' '.join(view['permissions'])}\n\nconnections:\n")
    for conn in view["connections"]:
        state = "reachable" if conn["reachable"] else f"withheld: {conn['withheld_by']['reason']}"
        note = f"  ({conn['note']})" if "note" in conn else ""
        out.write(f"  {conn['account']:<28} {conn['label']:<16} {conn['status']:<13} {state}{note}\n")
    out.write(f"\nusable tools ({view['summary']['usable']}):\n")
    for tool in view["usable_tools"]:
        out.write(f"  {tool['name']:<56} {tool['classification']:<12} needs {' '.join(tool['needs_scopes'] or [])}\n")
    out.write(f"\nwithheld tools ({view['summary']['withheld']}):\n")
    for tool in view["withheld_tools"]:
        out.write(f"  {tool['name']:<56} {tool['withheld_by']['reason']}\n")
    return 0


def _token(args: argparse.Namespace, out: TextIO) -> int:
    container = _container()
    container.settings.check_signin_state()
    _caller(container, args.org, args.member, ())  # the member must exist
    out.write(container.issue_token(args.org, args.member, args.scope or DEMO_SCOPES, ttl_seconds=args.ttl) + "\n")
    return 0


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is applied or printed: a busy port fails cleanly."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ConfigError(
            f"cannot listen on {host}:{port} ({exc.strerror}); is another server running there? "
            "Pick another with --port or CARDAMOM_PORT"
        ) from None
    return sock


def _serve(container: Container, sock: socket.socket, extra_routes: Sequence[object] = ()) -> None:
    container.settings.check_signin_state()
    try:
        import uvicorn
    except ImportError:
        raise ConfigError("serving locally needs uvicorn: pip install 'cardamom[local]'") from None

    from cardamom.adapters.powertools import configure_logging
    from cardamom.entrypoints.asgi import create_app

    configure_logging(container.settings.log_level)
    app = create_app(container, extra_routes=extra_routes)  # type: ignore[arg-type]
    # Where the credentials are: this process lists its remote MCP servers on the rebuild schedule.
    schedule = ScheduleThread(container.rebuilds)
    schedule.start()
    try:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    finally:
        schedule.stop()


def serving_banner(container: Container, sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    settings = container.settings
    where = settings.home if settings.backend == "sqlite" else "DynamoDB, S3 and Secrets Manager"
    orgs = ", ".join(sorted(container.directory.org_versions())) or "none yet (cardamom org apply FILE)"
    return (
        f"Cardamom {__version__} serving POST http://{host}:{port}/mcp\n"
        f"  backend  {settings.backend} ({where})\n"
        f"  orgs     {orgs}\n"
        "Stop with Ctrl-C.\n"
    )


DEMO_BASE_URL = "http://127.0.0.1:8765"  # where org.yaml's connectors point: make run's server


def demo_definition_text(base_url: str) -> str:
    """The demo org, its connectors pointed at ``base_url`` (the server this demo starts)."""
    text = resources.files("cardamom.demo").joinpath("org.yaml").read_text(encoding="utf-8")
    return text.replace(f"base_url: {DEMO_BASE_URL}/", f"base_url: {base_url}/")


def demo_instructions(url: str, token: str, *, dev_signin: bool = True) -> str:
    desktop = {"mcpServers": {"cardamom": {"command": "npx", "args": ["-y", "mcp-remote@latest", url]}}}
    signin = (
        "a development sign-in page (local only) lists acme's members: pick one, then allow the scopes"
        if dev_signin
        else "you sign in with your identity provider, then allow the scopes"
    )
    return "\n".join(
        [
            "",
            "Cardamom is serving the demo org 'acme' (Notion connected twice, Cal.com pending).",
            f"  endpoint      {url}",
            f"  sign in       MCP clients sign in with OAuth in your browser: {signin}.",
            f"  bearer token  {token}",
            f"                (for curl and the Inspector CLI: {DEMO_MEMBER}, admin, scopes {' '.join(DEMO_SCOPES)})",
            "",
            "MCP Inspector CLI (Streamable HTTP, with the bearer token):",
            f"  npx @modelcontextprotocol/inspector --cli {url} --transport http "
            f"--header 'Authorization: Bearer {token}' --method tools/list",
            "",
            "Claude Desktop (claude_desktop_config.json; mcp-remote opens the browser to sign in):",
            json.dumps(desktop, indent=2),
            "",
            "Try search_tools with 'list notion users' (found), 'list_all_cal_com_schedules' (nothing:",
            "Cal.com's connection is pending) and 'send a gmail' (nothing: Gmail is not connected).",
            "Stop with Ctrl-C.",
            "",
        ]
    )


def _demo(args: argparse.Namespace, out: TextIO) -> int:
    from starlette.routing import Mount

    from cardamom.demo.saas import DEMO_TOKENS, create_demo_saas

    for name, value in DEMO_TOKENS.items():
        os.environ.setdefault(name, value)
    base = f"http://{args.host}:{args.port}"
    sock = None if args.no_serve else listening_socket(args.host, args.port)
    try:
        container = build_container(Settings.from_env().served_at(args.host, args.port))
        container.apply_org(parse_org_definition(demo_definition_text(base), "cardamom/demo/org.yaml"))
        token = container.issue_token("acme", DEMO_MEMBER, DEMO_SCOPES, ttl_seconds=12 * 3600)
        out.write(demo_instructions(container.settings.resource_url, token, dev_signin=container.settings.dev_signin))
        out.flush()
        if sock is not None:
            _serve(container, sock, [Mount("/demo", app=create_demo_saas())])
    finally:
        if sock is not None:
            sock.close()
    return 0


def _serve_command(args: argparse.Namespace, out: TextIO) -> int:
    sock = listening_socket(args.host, args.port)
    try:
        port = sock.getsockname()[1]  # the port bound (--port 0: the one the system chose)
        container = build_container(Settings.from_env().served_at(args.host, port))
        out.write(serving_banner(container, sock))
        out.flush()
        _serve(container, sock)
    finally:
        sock.close()
    return 0


def _keys_rotate(args: argparse.Namespace, out: TextIO) -> int:
    kid = _container().keys.rotate()
    out.write(f"new signing key {kid}; the previous key stays published until the next rotation\n")
    return 0


def _org_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--org", required=True, help="the org's id (as in its definition's org:)")


def _caller_options(parser: argparse.ArgumentParser, *, scope_help: str) -> None:
    """``--org``, ``--member`` and ``--scope``: the member a command acts as and her grant's scopes."""
    _org_option(parser)
    parser.add_argument("--member", required=True, help="the member's id in that org")
    parser.add_argument("--scope", action="append", choices=ALL_SCOPES, help=scope_help)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardamom", description="Cardamom MCP gateway")
    parser.add_argument("--version", action="version", version=f"cardamom {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    org = commands.add_parser("org", help="org definitions").add_subparsers(dest="org_command", required=True)
    apply = org.add_parser("apply", help="validate an org definition file and apply it")
    apply.add_argument("file", help="the org definition (YAML); its {file: PATH} includes are read too")
    apply.set_defaults(run=_org_apply)

    search = commands.add_parser("search", help="rank a member's tools for a query, as search_tools would")
    _caller_options(search, scope_help=GRANT_SCOPE_HELP)
    search.add_argument(
        "--limit",
        type=bounded_int(1, MAX_SEARCH_LIMIT, "--limit"),
        default=DEFAULT_SEARCH_LIMIT,
        help=f"at most this many results (1 to {MAX_SEARCH_LIMIT}; default {DEFAULT_SEARCH_LIMIT})",
    )
    search.add_argument("--json", action="store_true", help="print the search_tools result as JSON")
    search.add_argument("query", nargs="+", help="the words a model would send as search_tools' query")
    search.set_defaults(run=_search)

    access = commands.add_parser("access", help="what a member can see and run, and what withheld the rest")
    _caller_options(access, scope_help=GRANT_SCOPE_HELP)
    access.add_argument("--account", help="only this connection (account label)")
    access.add_argument("--connector", help="only this connector (id)")
    access.add_argument("--json", action="store_true", help="print the view as JSON")
    access.set_defaults(run=_access)

    add_audit_parser(commands)
    add_insights_parser(commands)

    add_connection_parsers(commands, _container)

    keys = commands.add_parser("keys", help="the authorization server's signing keys").add_subparsers(
        dest="keys_command", required=True
    )
    rotate = keys.add_parser("rotate", help="sign with a new key; the previous one stays published")
    rotate.set_defaults(run=_keys_rotate)

    token = commands.add_parser("token", help="mint a bearer token for a member (recorded as a grant)")
    _caller_options(token, scope_help=f"a scope to grant (repeatable; default: {' '.join(DEMO_SCOPES)})")
    token.add_argument(
        "--ttl",
        type=bounded_int(1, MAX_TOKEN_TTL, "--ttl"),
        default=3600,
        help=f"lifetime in seconds (1 to {MAX_TOKEN_TTL}; default 3600)",
    )
    token.set_defaults(run=_token)

    for name, run, helptext in (("serve", _serve_command, "serve /mcp"), ("demo", _demo, "serve the demo org")):
        sub = commands.add_parser(name, help=helptext)
        sub.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
        sub.add_argument(
            "--port",
            type=bounded_int(0, 65535, "--port"),
            default=os.environ.get("CARDAMOM_PORT", "8765"),
            help="the port to listen on (default: CARDAMOM_PORT, else 8765)",
        )
        if name == "demo":
            sub.add_argument("--no-serve", action="store_true", help="apply the demo org and print, then exit")
        sub.set_defaults(run=run)
    add_connectors_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args, out)
        return code
    except OrgDefinitionError as exc:
        err.write("the org definition is not valid:\n")
        for where, what in exc.problems:
            err.write(f"  {where}: {what}\n")
        return 2
    except CardamomError as exc:
        err.write(f"error: {exc}\n")
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
