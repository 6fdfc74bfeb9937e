"""The ``cardamom secrets`` and ``cardamom connections`` commands: credentials and listings.

cardamom secrets put --org ORG NAME          store a secret; reconnect the needs_reauth connections using it
cardamom connections refresh --org ORG ACCT  list a remote MCP server's tools again, now
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from cardamom.bootstrap import Container
from cardamom.errors import ConfigError
from cardamom.service.remote_listings import refresh_listing

MakeContainer = Callable[[], Container]


def _secret_value(args: argparse.Namespace) -> dict[str, str]:
    text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    try:
        value: Any = json.loads(text)
    except ValueError:
        raise ConfigError("the secret must be a JSON object of strings") from None
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise ConfigError("the secret must be a JSON object of strings")
    return value


def secrets_put(make_container: MakeContainer, args: argparse.Namespace, out: TextIO) -> int:
    """Store the secret, then test it on every needs_reauth connection that uses it, reactivating
    those it works for; exit 1 when one still needs reauthorization."""
    value = _secret_value(args)
    container = make_container()
    if container.directory.load_org(args.org) is None:  # a secret belongs to an org that exists
        raise ConfigError(f"there is no org {args.org!r}: apply its definition first (cardamom org apply FILE)")
    container.secrets.put(args.org, args.name, value)
    out.write(f"stored secret {args.name!r} of org {args.org} (keys: {', '.join(sorted(value))})\n")
    still = 0
    for outcome in container.reconnection.secret_stored(args.org, args.name):
        if outcome.reactivated:
            out.write(f"connection {outcome.account}: {outcome.detail}; it is active again\n")
            continue
        still += 1
        out.write(
            f"connection {outcome.account}: {outcome.detail}; it stays needs_reauth. Correct the secret and run "
            f"`cardamom secrets put --org {args.org} {args.name}` again\n"
        )
    return 1 if still else 0


def connections_refresh(make_container: MakeContainer, args: argparse.Namespace, out: TextIO) -> int:
    container = make_container()
    definition = container.admin.stored(args.org).definition
    view = refresh_listing(container.snapshots, definition, args.account)
    if args.json:
        out.write(json.dumps(view, indent=2) + "\n")
    elif view["last_error"] is None:
        out.write(f"{args.account}: {view['tools_listed']} tools listed at {view['listed_at']}\n")
    else:
        error = view["last_error"]
        kept = (
            f"; the {view['tools_listed']} tools listed at {view['listed_at']} are kept"
            if view["tools_listed"]
            else "; it contributes no tools"
        )
        out.write(f"{args.account}: not listed here ({error['code']}: {error['problem']}){kept}\n")
        if error["code"] == "credential_unavailable":
            out.write(
                "  this process has no credential for it: the serving process (cardamom serve, or the rebuild "
                "function on AWS) lists it within a minute, or run cardamom__connections__refresh there\n"
            )
    return 0 if view["last_error"] is None else 1


def add_connection_parsers(commands: Any, make_container: MakeContainer) -> None:
    """``secrets put`` and ``connections refresh``, on the ``cardamom`` command's subparsers."""
    secrets = commands.add_parser("secrets", help="the secret store").add_subparsers(
        dest="secrets_command", required=True
    )
    put = secrets.add_parser(
        "put",
        help="store a named secret (a JSON object of strings); needs_reauth connections using it are "
        "tested with it and reactivated when it works",
    )
    put.add_argument("--org", required=True, help="the org the secret belongs to (it must exist)")
    put.add_argument("name", help="the secret's name, as connections refer to it (credentials: {secret: NAME})")
    put.add_argument("--file", default="-", help="a JSON file (default: read standard input)")
    put.set_defaults(run=lambda args, out: secrets_put(make_container, args, out))

    connections = commands.add_parser("connections", help="connected accounts").add_subparsers(
        dest="connections_command", required=True
    )
    refresh = connections.add_parser("refresh", help="list a remote MCP server's tools again, now")
    refresh.add_argument("--org", required=True, help="the org's id")
    refresh.add_argument("account", help="the connection's account label")
    refresh.add_argument("--json", action="store_true", help="print the listing's state as JSON")
    refresh.set_defaults(run=lambda args, out: connections_refresh(make_container, args, out))
