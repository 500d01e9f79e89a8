"""A player's unfinished rooms, for "Your games" on any device (docs/protocol.md §2a).

Each player identity with a seat has a Redis sorted set `player:<id>:rooms` (room ids by last
change), kept by a commit hook that writes only when a room's seats or status change (not on
every move), and after every move of a daily game, which outlives ROOM_TTL_S (the set is then
kept as long as the room: server/play/lifetime.py). `GET /api/me/rooms`
(server/http/player_rooms.py) reads it, with whose turn it is: a daily game's "your turn".
"""

from __future__ import annotations

from typing import Any

import redis.asyncio as redis

from ..platform.clock import now_ms
from ..platform.keys import player_rooms_key
from ..rooms import RoomState, Status, Transition
from .repository import RoomRepository

LISTED = 20


class PlayerRooms:
    def __init__(self, client: redis.Redis, repo: RoomRepository, ttl_s: int) -> None:
        self.redis = client
        self.repo = repo
        self.ttl_s = ttl_s

    async def on_commit(self, old: RoomState, transition: Transition) -> None:
        new = transition.state
        if old is not new and old.seats == new.seats and old.status is new.status \
                and not new.daily:
            return  # a move, an offer: the index does not change
        now = now_ms()
        ttl_s = max(self.ttl_s, -(-self.repo.lifetime.commit_ttl_ms(new, now) // 1000))
        pipe = self.redis.pipeline(transaction=False)
        for seat in new.seats:
            if seat is None or not seat.player_id:
                continue
            key = player_rooms_key(seat.player_id)
            if new.status is Status.FINISHED:
                pipe.zrem(key, new.room_id)
            else:
                pipe.zadd(key, {new.room_id: now})
                pipe.expire(key, ttl_s, gt=True)
                pipe.expire(key, ttl_s, nx=True)
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
            rooms.append(summary(state, seat))
        return rooms


def summary(state: RoomState, seat: int) -> dict[str, Any]:
    """One of a player's unfinished rooms, as `GET /api/me/rooms` lists it: whether it is the
    player's turn, and until when the seat to move has (a daily game's deadline)."""
    playing = state.status is Status.PLAYING
    clock = state.clock_config
    return {"room_id": state.room_id, "url": f"/r/{state.room_id}", "seat": seat,
            "variant": state.variant, "status": state.status.value, "rated": state.rated,
            "moves": len(state.moves), "your_turn": playing and state.turn == seat,
            "deadline": state.flag_deadline(), "days": clock.days if clock else None,
            "seats": state.public_seats()}
