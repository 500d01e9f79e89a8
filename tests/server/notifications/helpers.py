"""A game that ends while one of its players is away: the "game ended" notification's cause."""

from __future__ import annotations

import asyncio

from tests.server.client import Player, http
from tests.server.visitor import Visitor


async def game_won_while_away(absent: Visitor, base_url: str | None = None) -> str:
    """`absent` opens a gomoku room (seat 1) and never opens its socket; an anonymous player
    joins (on `base_url`: perhaps another node) and resigns there. Returns the room id."""
    status, room = await absent.post("/api/rooms", {"variant": "gomoku", "your_side": "first"})
    assert status == 201, room
    base = base_url or absent.base_url
    status, joined = await http("POST", f"{base}/api/rooms/{room['room_id']}/join", {})
    assert status == 200, joined
    opponent = await Player.join(base.replace("http://", "ws://", 1), room["room_id"],
                                 token=joined["token"])
    try:
        assert (await opponent.command("resign"))["type"] == "game_over"
    finally:
        await opponent.close()
    return room["room_id"]


async def unread_becomes(visitor: Visitor, count: int, within: float = 10.0) -> dict:
    """Poll `GET /api/notifications` until `unread` is `count` (the notice of a game's end is
    kept a moment after the end); returns that page."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        status, page = await visitor.get("/api/notifications")
        assert status == 200, page
        if page["unread"] == count or asyncio.get_running_loop().time() > deadline:
            assert page["unread"] == count, page
            return page
        await asyncio.sleep(0.05)
