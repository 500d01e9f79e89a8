"""Waiting for an event with a deadline, in loops that must end when their task is cancelled.

`asyncio.wait_for(event.wait(), seconds)` on Python 3.11 loses a cancel that comes just as the
event is set: it returns as if the event had come, and a loop around it goes on instead of
ending (a node that did not stop on SIGINT, issue 31's pub/sub reader). `asyncio.timeout`
tells its own deadline from a cancel.
"""

from __future__ import annotations

import asyncio


async def set_within(event: asyncio.Event, seconds: float) -> bool:
    """Whether `event` is set within `seconds`."""
    try:
        async with asyncio.timeout(seconds):
            await event.wait()
    except TimeoutError:
        return False
    return True
