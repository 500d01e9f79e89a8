"""Helpers for the fault tests: what a client has seen, metrics of a node, bounded polling.

Every fault test starts its own Redis (`redis_factory`, append-only with `appendfsync always`)
and its own nodes (`server_factory`), because it kills or restarts them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tests.server.client import Player, http

# Short AI searches and a fast demo pace keep the tests quick; the paths are the real ones.
FAST_ENV = {"AI_MAX_TIME_MS": "300", "AI_PACE_MS": "50", "AI_WORKERS": "1"}


def moves_seen(*sockets: Player) -> list[str]:
    """The board a client holds after applying, in order, what its sockets received (the
    sockets of one client, oldest first: a reconnect continues where the last one stopped)."""
    moves: list[str] = []
    last_v = -1
    for socket in sockets:
        for message in socket.received:
            kind, v = message["type"], message.get("v")
            if kind == "snapshot":
                moves, last_v = list(message["state"]["moves"]), v
            elif kind == "welcome" or v is None or v <= last_v:
                continue
            else:
                last_v = v
                if kind == "move":
                    moves.append(message["move"])
                elif kind == "takeback":
                    moves = list(message["moves"])
                elif kind == "rematch":
                    moves = list(message["state"]["moves"])
    return moves


async def room_state(base_url: str, room_id: str) -> dict[str, Any]:
    status, state = await http("GET", f"{base_url}/api/rooms/{room_id}")
    assert status == 200, state
    return state


async def eventually(check: Callable[[], Awaitable[bool]], within: float,
                     every: float = 0.02) -> bool:
    """Poll `check` until it is true or `within` seconds passed; returns the last answer."""
    deadline = time.monotonic() + within
    while True:
        if await check():
            return True
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(every)
