"""One of several processes sharing a Cardamom home: it makes concurrent calls of one OAuth tool.

``python -m tests.refresh_worker HOME READY GO TOOL CALLS`` builds the application on HOME,
touches READY, waits for GO to exist (so that the processes start their calls together),
makes CALLS concurrent ``tools/call`` of TOOL and prints one JSON line: each call's result.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

from cardamom.bootstrap import build_container
from cardamom.config import Settings
from cardamom.core.policy import ALL_SCOPES
from cardamom.service.authorization import Caller


async def _calls(home: str, tool: str, calls: int, ready: Path, go: Path) -> list[dict[str, Any]]:
    container = build_container(Settings.from_env({"CARDAMOM_HOME": home}))
    container.snapshots.current("acme")  # loaded before the start, so the calls overlap
    caller = Caller("acme", "alice", "owner", frozenset(ALL_SCOPES))
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool}}).encode()
    ready.touch()
    deadline = time.monotonic() + 60
    while not go.exists():
        if time.monotonic() > deadline:
            raise SystemExit("never told to go")
        await asyncio.sleep(0.005)
    replies = await asyncio.gather(*(container.endpoint.handle(body, caller) for _ in range(calls)))
    return [reply.body["result"] for reply in replies if reply.body is not None]


def main(argv: list[str]) -> None:
    home, ready, go, tool, calls = argv
    print(json.dumps(asyncio.run(_calls(home, tool, int(calls), Path(ready), Path(go)))))


if __name__ == "__main__":
    main(sys.argv[1:])
