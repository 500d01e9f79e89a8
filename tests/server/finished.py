"""Play games to their end quickly over the real protocol, for the archive tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.server.client import Player, http
from tests.server.visitor import Visitor


@dataclass(frozen=True, slots=True)
class OpenGame:
    base_url: str
    room_id: str
    first_token: str
    second_token: str


async def open_game(base_url: str, first: Visitor | None = None,
                    second: Visitor | None = None, **room: Any) -> OpenGame:
    """A human gomoku game in progress: seat 1 (`first`, or an anonymous client) opens it,
    seat 2 (`second`, or anonymous) joins over HTTP."""
    body = {"variant": "gomoku", "your_side": "first", **room}
    if first is not None:
        status, created = await first.post("/api/rooms", body)
    else:
        status, created = await http("POST", f"{base_url}/api/rooms", body)
    assert status == 201, created
    path = f"/api/rooms/{created['room_id']}/join"
    status, joined = await (second.post(path, {}) if second is not None
                            else http("POST", base_url + path, {}))
    assert status == 200, joined
    return OpenGame(base_url, created["room_id"], created["token"], joined["token"])


async def end_game(game: OpenGame, moves: tuple[str, ...] = ("h8", "h9")) -> dict[str, Any]:
    """Play `moves` alternately, then seat 2 resigns; the room state after the end (with
    its `game_id`)."""
    ws_base = game.base_url.replace("http://", "ws://", 1)
    one = await Player.join(ws_base, game.room_id, token=game.first_token)
    two = await Player.join(ws_base, game.room_id, token=game.second_token)
    try:
        for index, move in enumerate(moves):
            reply = await (one if index % 2 == 0 else two).move(move)
            assert reply["type"] == "move", reply
        reply = await two.command("resign")
        assert reply["type"] == "game_over", reply
    finally:
        await one.close()
        await two.close()
    status, state = await http("GET", f"{game.base_url}/api/rooms/{game.room_id}")
    assert status == 200 and state["status"] == "finished"
    return state


async def finish_game(base_url: str, first: Visitor | None = None,
                      second: Visitor | None = None, *, moves: tuple[str, ...] = ("h8", "h9"),
                      **room: Any) -> dict[str, Any]:
    """`open_game` then `end_game`: seat 1 wins by resignation."""
    return await end_game(await open_game(base_url, first, second, **room), moves)
