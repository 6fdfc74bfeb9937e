"""One flight per key: concurrent callers of the same work share a single run of it.

The credential service refreshes a connection's OAuth token through this, so that eight
calls arriving together after the token expired make one token request, not eight (with a
rotating refresh token, the other seven would be refused, and the connection wrongly
withdrawn). The process has more than one event loop (the endpoint's, and the private loops
remote MCP discovery runs on, ``service/tool_discovery.py``), so a flight is shared across
loops and threads: the first caller (the leader) runs the work on its loop, and every other
caller waits for the leader's outcome on its own loop.

A waiter on another loop than the leader's waits at most ``OTHER_LOOP_WAIT_SECONDS``: that
leader's loop may be the very one blocked waiting for this waiter (a rebuild that runs
discovery from inside the endpoint's loop), and a short wait that fails is better than one
that lasts until the deadline. A leader that is cancelled passes the flight on: its waiters
start over, and one of them leads.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from cardamom.errors import ConnectorFailed

T = TypeVar("T")

OTHER_LOOP_WAIT_SECONDS = 2.0


class _Abandoned(Exception):
    """The leader was cancelled before it finished: its waiters start over."""


@dataclass(slots=True)
class _Flight(Generic[T]):
    loop: asyncio.AbstractEventLoop
    outcome: concurrent.futures.Future[T] = field(default_factory=concurrent.futures.Future)


class SingleFlight(Generic[T]):
    def __init__(self, *, other_loop_wait: float = OTHER_LOOP_WAIT_SECONDS) -> None:
        self._lock = threading.Lock()
        self._flights: dict[Hashable, _Flight[T]] = {}
        self._other_loop_wait = other_loop_wait

    async def run(self, key: Hashable, work: Callable[[], Awaitable[T]]) -> T:
        """``work()``'s result, run once for all the callers of ``key`` that overlap it."""
        loop = asyncio.get_running_loop()
        while True:
            with self._lock:
                flight = self._flights.get(key)
                leading = flight is None
                if flight is None:
                    flight = self._flights[key] = _Flight(loop)
            if leading:
                return await self._lead(key, flight, work)
            try:
                return await self._follow(flight, loop)
            except _Abandoned:
                continue

    async def _lead(self, key: Hashable, flight: _Flight[T], work: Callable[[], Awaitable[T]]) -> T:
        try:
            value = await work()
        except BaseException as exc:
            self._land(key, flight)
            flight.outcome.set_exception(exc if isinstance(exc, Exception) else _Abandoned())
            raise
        self._land(key, flight)
        flight.outcome.set_result(value)
        return value

    def _land(self, key: Hashable, flight: _Flight[T]) -> None:
        with self._lock:
            if self._flights.get(key) is flight:
                del self._flights[key]

    async def _follow(self, flight: _Flight[T], loop: asyncio.AbstractEventLoop) -> T:
        waiter: asyncio.Future[T] = loop.create_future()

        def settle(outcome: concurrent.futures.Future[T]) -> None:
            if waiter.done():
                return
            error = outcome.exception()
            if error is not None:
                waiter.set_exception(error)
            else:
                waiter.set_result(outcome.result())

        def relay(outcome: concurrent.futures.Future[T]) -> None:
            with contextlib.suppress(RuntimeError):  # the waiter's loop is closed: nobody waits any more
                loop.call_soon_threadsafe(settle, outcome)

        flight.outcome.add_done_callback(relay)
        if flight.loop is loop:
            return await waiter  # cancelling this waiter leaves the flight alone
        try:
            return await asyncio.wait_for(waiter, self._other_loop_wait)
        except TimeoutError:
            raise ConnectorFailed(
                "another request of this process is still refreshing the connection's token",
                detail="token_refresh_busy",
            ) from None
