"""Rooms the server makes for two players it paired (rated pools, tournaments, accepted
challenges). Any node, or a retry after a node died, may make the same room: each step is
done once whoever gets there first, and a step already done is no error."""

from __future__ import annotations

from collections.abc import Callable

from ..platform.errors import ArenaError, ErrorCode
from ..platform.tokens import hash_token, new_token
from ..rooms import RoomState, commands
from ..rooms.commands import PlayerRef
from .arena import Arena


async def create_once(arena: Arena, room_id: str, room: Callable[[], RoomState]) -> bool:
    """Create the room `room()` describes unless `room_id` exists; whether this call made it
    (a room made meanwhile elsewhere counts as made there)."""
    if await arena.repo.find(room_id) is not None:
        return False
    try:
        await arena.service.create(room())
    except ArenaError as error:
        if error.code is not ErrorCode.CONFLICT:  # made meanwhile elsewhere
            raise
        return False
    return True


async def seat_second(arena: Arena, room_id: str, player: PlayerRef) -> None:
    """Seat `player` in the room's free seat with a token nobody holds (each of their pages
    gets its own from `GET /api/rooms/{id}/seat`); seated already is no error."""
    join = commands.Join(hash_token(new_token()), None, player)
    try:
        await arena.service.execute(room_id, lambda _state: join)
    except ArenaError as error:
        if error.code is not ErrorCode.SEAT_TAKEN:
            raise
