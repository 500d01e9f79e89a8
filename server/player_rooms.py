"""A player's unfinished rooms, for "Your games" on any device (docs/protocol.md §2a).

Each player identity with a seat has a Redis sorted set `player:<id>:rooms` (room ids by last
change), kept by a commit hook that writes only when a room's seats or status change (not on
every move). `GET /api/me/rooms` reads it; `POST /api/rooms/{id}/resume` gives the seat's
player a token on this device (the `Resume` room command adds it beside the others), so a game
started on a phone continues on a laptop logged into the same account.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import redis.asyncio as redis
from aiohttp import web

from .api import json_errors, seat_response
from .appkeys import REDIS
from .arena import ARENA
from .clock import now_ms
from .errors import ArenaError, ErrorCode
from .identity import player_of
from .keys import player_rooms_key
from .repository import RoomRepository
from .rooms import RoomState, Status, Transition, commands
from .tokens import hash_token, new_token

LISTED = 20


class PlayerRooms:
    def __init__(self, client: redis.Redis, repo: RoomRepository, ttl_s: int) -> None:
        self.redis = client
        self.repo = repo
        self.ttl_s = ttl_s

    async def on_commit(self, old: RoomState, transition: Transition) -> None:
        new = transition.state
        if old is not new and old.seats == new.seats and old.status is new.status:
            return  # a move, an offer: the index does not change
        pipe = self.redis.pipeline(transaction=False)
        for seat in new.seats:
            if seat is None or not seat.player_id:
                continue
            key = player_rooms_key(seat.player_id)
            if new.status is Status.FINISHED:
                pipe.zrem(key, new.room_id)
            else:
                pipe.zadd(key, {new.room_id: now_ms()})
                pipe.expire(key, self.ttl_s)
        await pipe.execute()

    async def unfinished(self, player_id: str) -> list[dict[str, Any]]:
        rooms = []
        key = player_rooms_key(player_id)
        for room_id in await self.redis.zrange(key, 0, LISTED - 1, desc=True):
            state = await self.repo.find(room_id)
            seat = next((n for n in (1, 2) if state is not None
                         and (s := state.seat(n)) is not None and s.player_id == player_id),
                        None)
            if state is None or seat is None or state.status is Status.FINISHED:
                await self.redis.zrem(key, room_id)  # expired or over: a stale entry
                continue
            rooms.append({"room_id": room_id, "url": f"/r/{room_id}", "seat": seat,
                                "variant": state.variant, "status": state.status.value,
                                "rated": state.rated, "moves": len(state.moves)})
        return rooms


PLAYER_ROOMS = web.AppKey("player_rooms", PlayerRooms)


async def player_rooms_context(app: web.Application) -> AsyncIterator[None]:
    arena = app[ARENA]
    index = PlayerRooms(app[REDIS], arena.repo, arena.settings.room_ttl_s)
    arena.service.after_commit.append(index.on_commit)
    app[PLAYER_ROOMS] = index
    yield


@json_errors
async def get_my_rooms(request: web.Request) -> web.Response:
    player = await player_of(request)
    assert player is not None  # every /api/ request carries an identity or is given one
    return web.json_response({"rooms": await request.app[PLAYER_ROOMS].unfinished(
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
    app.cleanup_ctx.append(player_rooms_context)
    app.router.add_get("/api/me/rooms", get_my_rooms)
    app.router.add_post("/api/rooms/{room_id}/resume", post_resume)
