"""A running fan-out and a subscriber that keeps what it is given, for the tests of
server/play/fanout.py."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from server.play.fanout import Fanout, RoomMessage


class Inbox:
    """A subscriber that keeps what it is given."""

    def __init__(self) -> None:
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def deliver(self, messages: list[RoomMessage]) -> None:
        for item in messages:
            self.messages.put_nowait(item.message)

    def resync(self) -> None:
        pass


@contextlib.asynccontextmanager
async def running_fanout(client: Any) -> AsyncIterator[Fanout]:
    """A fan-out on `client` with its reader task; both, and the client, closed on leaving."""
    fanout = Fanout(client)
    reader = asyncio.create_task(fanout.run())
    try:
        yield fanout
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        await fanout.close()
        await client.aclose()
