"""`GET /api/me/rooms` and `POST /api/rooms/{id}/resume` (docs/protocol.md §2a): a player's
unfinished rooms on any device (the index is server/play/player_rooms.py), and a token for the
player's seat on this device (the `Resume` room command adds it beside the others), so a game
started on a phone continues on a laptop logged into the same account.
"""

from __future__ import annotations

from aiohttp import web

from ..platform.errors import ArenaError, ErrorCode
from ..platform.tokens import hash_token, new_token
from ..rooms import commands
from .context import ARENA
from .guard import json_errors
from .identity import player_of
from .rooms import seat_response


@json_errors
async def get_my_rooms(request: web.Request) -> web.Response:
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    return web.json_response({"rooms": await request.app[ARENA].player_rooms.unfinished(
        player.player_id)})


@json_errors
async def post_resume(request: web.Request) -> web.Response:
    player = await player_of(request)
    if player is None:
        raise ArenaError(ErrorCode.NOT_A_PLAYER, "you have no seat in this room")
    token = new_token()
    transition = await request.app[ARENA].service.execute(
        request.match_info["room_id"],
        lambda _state: commands.Resume(player.player_id, hash_token(token)))
    seat = next(e["seat"] for e in transition.events if e["type"] == "seat_resumed")
    return web.json_response(seat_response(transition.state, seat, token))


def setup(app: web.Application) -> None:
    app.router.add_get("/api/me/rooms", get_my_rooms)
    app.router.add_post("/api/rooms/{room_id}/resume", post_resume)
    # The same, as the tournaments' contract names it: a paired player's seat token.
    app.router.add_get("/api/rooms/{room_id}/seat", post_resume)
