"""One flight per key, shared by the callers that overlap it, on one event loop or several."""

from __future__ import annotations

import asyncio
import threading

import pytest

from cardamom.errors import ConnectorFailed
from cardamom.service.single_flight import SingleFlight


def test_overlapping_callers_share_one_run_and_its_failure() -> None:
    flight: SingleFlight[str] = SingleFlight()
    runs = 0

    async def work() -> str:
        nonlocal runs
        runs += 1
        await asyncio.sleep(0.05)
        return f"token-{runs}"

    async def many() -> list[str]:
        return list(await asyncio.gather(*(flight.run("k", work) for _ in range(8))))

    assert asyncio.run(many()) == ["token-1"] * 8
    assert asyncio.run(many()) == ["token-2"] * 8  # a landed flight is not reused: the next one runs again

    async def refused() -> str:
        await asyncio.sleep(0.01)
        raise ConnectorFailed("no", detail="token_endpoint_unreachable")

    async def failing() -> list[BaseException | str]:
        return list(await asyncio.gather(*(flight.run("k", refused) for _ in range(3)), return_exceptions=True))

    assert all(isinstance(e, ConnectorFailed) for e in asyncio.run(failing()))


def test_a_cancelled_leader_passes_the_flight_on() -> None:
    flight: SingleFlight[str] = SingleFlight()
    started = 0

    async def work() -> str:
        nonlocal started
        started += 1
        await asyncio.sleep(0.05)
        return f"run-{started}"

    async def scenario() -> str:
        leader = asyncio.create_task(flight.run("k", work))
        await asyncio.sleep(0.01)
        follower = asyncio.create_task(flight.run("k", work))
        await asyncio.sleep(0.01)
        leader.cancel()
        return await follower

    assert asyncio.run(scenario()) == "run-2"


def test_a_waiter_on_another_loop_waits_only_briefly() -> None:
    flight: SingleFlight[str] = SingleFlight(other_loop_wait=0.1)
    release = threading.Event()
    leading = threading.Event()

    async def slow() -> str:
        leading.set()
        while not release.is_set():
            await asyncio.sleep(0.01)
        return "late"

    leader = threading.Thread(target=lambda: asyncio.run(flight.run("k", slow)))
    leader.start()
    assert leading.wait(5)
    with pytest.raises(ConnectorFailed) as busy:
        asyncio.run(flight.run("k", slow))  # another loop: the leader's may be the one blocked on this one
    assert busy.value.detail == "token_refresh_busy"
    release.set()
    leader.join(5)

    async def quick() -> str:
        return "shared"

    results: list[str] = []
    other = threading.Thread(target=lambda: results.append(asyncio.run(flight.run("k", quick))))
    other.start()
    other.join(5)
    assert results == ["shared"]
