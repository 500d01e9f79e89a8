"""What the room and player sockets share about their writer task: how it stops."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from aiohttp import web


async def stop_writer(outbox: asyncio.Queue[Any], ws: web.WebSocketResponse,
                      writer: asyncio.Task[None]) -> None:
    """Let the writer flush what is queued (e.g. a last error), at most about 0.2 s, then stop
    it."""
    with contextlib.suppress(Exception):
        for _ in range(20):
            if outbox.empty() or ws.closed:
                break
            await asyncio.sleep(0.01)
    writer.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await writer
