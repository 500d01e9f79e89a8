"""A fan-out subscriber for the tests of server/play/fanout.py."""

from __future__ import annotations

import asyncio
from typing import Any

from server.play.fanout import RoomMessage


class Inbox:
    """A subscriber that keeps what it is given."""

    def __init__(self) -> None:
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def deliver(self, messages: list[RoomMessage]) -> None:
        for item in messages:
            self.messages.put_nowait(item.message)

    def resync(self) -> None:
        pass
