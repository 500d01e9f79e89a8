"""server/platform/waiting.py: an event waited for with a deadline, and a cancel never lost."""

from __future__ import annotations

import asyncio

import pytest

from server.platform.waiting import set_within


async def test_an_event_set_in_time_is_reported_set():
    event = asyncio.Event()
    asyncio.get_running_loop().call_later(0.01, event.set)
    assert await set_within(event, 5.0)


async def test_an_event_not_set_by_the_deadline_is_reported_unset():
    assert not await set_within(asyncio.Event(), 0.01)


@pytest.mark.parametrize("turns_between", [0, 1, 2, 3])
async def test_a_loop_cancelled_just_as_its_event_is_set_ends(turns_between):
    """As a reader that waits for its connection to go, then connects again."""
    event = asyncio.Event()

    async def loop() -> None:
        while True:
            await set_within(event, 60.0)
            event.clear()

    task = asyncio.create_task(loop())
    await asyncio.sleep(0)
    event.set()
    for _turn in range(turns_between):
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 5.0)
