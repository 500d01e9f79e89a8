"""Play games to their end quickly over the real protocol, for the archive tests."""

from __future__ import annotations

from typing import Any

from tests.server.client import Player, http
from tests.server.visitor import Visitor


async def finish_game(base_url: str, first: Visitor | None = None,
                      second: Visitor | None = None, *, moves: tuple[str, ...] = ("h8", "h9"),
                      **room: Any) -> dict[str, Any]:
    """A human gomoku game: seat 1 (`first`, or an anonymous client) opens it, seat 2 joins
    over HTTP, `moves` are played alternately, then seat 2 resigns. Returns the room state
    after the end (with its `game_id`)."""
    body = {"variant": "gomoku", "your_side": "first", **room}
    if first is not None:
        status, created = await first.post("/api/rooms", body)
    else:
        status, created = await http("POST", f"{base_url}/api/rooms", body)
    assert status == 201, created
    room_id = created["room_id"]
    path = f"/api/rooms/{room_id}/join"
    status, joined = await (second.post(path, {}) if second is not None
                            else http("POST", base_url + path, {}))
    assert status == 200, joined
    ws_base = base_url.replace("http://", "ws://", 1)
    one = await Player.join(ws_base, room_id, token=created["token"])
    two = await Player.join(ws_base, room_id, token=joined["token"])
    try:
        for index, move in enumerate(moves):
            reply = await (one if index % 2 == 0 else two).move(move)
            assert reply["type"] == "move", reply
        reply = await two.command("resign")
        assert reply["type"] == "game_over", reply
    finally:
        await one.close()
        await two.close()
    status, state = await http("GET", f"{base_url}/api/rooms/{room_id}")
    assert status == 200 and state["status"] == "finished"
    return state
