"""The room of an accepted challenge, made through the one path every room takes
(server/play/room_service.py: `create`, then `execute` of the room machine's commands).

Both steps may be run again for the same challenge and do nothing twice: a node that died
between accepting and seating leaves a challenge whose acceptor's retry (on any node) finishes
the work. The challenger is seated when the room is made, under their identity, with a seat
token nobody holds: their tab gets a token of its own with `POST /api/rooms/{id}/resume`
when the `challenge_accepted` notification tells it the room (docs/protocol.md §2f).
"""

from __future__ import annotations

from typing import Protocol

from engine.levels import DEFAULT

from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.tokens import hash_token, new_token
from ..play.arena import Arena
from ..play.paired_rooms import create_once
from ..rooms import Mode, RoomState, commands, new_room
from .challenge import Challenge


class RoomMaker(Protocol):
    """Makes the room of an accepted challenge (`challenge.room_id`, the challenger in
    `challenge.challenger_seat`) if it does not exist yet."""

    async def make(self, challenge: Challenge) -> None: ...


class LiveRooms:
    """The rooms of server/rooms/, with the challenge's clock: Fischer, days per move (a daily
    game: `Terms.clock_config`, server/daily/) or none."""

    def __init__(self, arena: Arena) -> None:
        self.arena = arena

    def room(self, challenge: Challenge) -> RoomState:
        assert challenge.room_id is not None and challenge.challenger_seat is not None
        terms, challenger = challenge.terms, challenge.challenger
        return new_room(
            room_id=challenge.room_id, variant=terms.variant, mode=Mode.HUMAN, public=False,
            now=now_ms(), creator_seat=challenge.challenger_seat, creator_name=challenger.name,
            token_hash=hash_token(new_token()), ai_level=DEFAULT, clock=terms.clock_config,
            idle_claim_ms=self.arena.settings.idle_claim_after_s * 1000 or None,
            creator=challenger.ref, rated=terms.rated, opening=terms.opening)

    async def make(self, challenge: Challenge) -> None:
        assert challenge.room_id is not None
        await create_once(self.arena, challenge.room_id, lambda: self.room(challenge))


async def seat_acceptor(arena: Arena, challenge: Challenge) -> tuple[RoomState, str, bool]:
    """Seat the acceptor in the challenge's room (or, seated already, give this device a token
    of its own); the room, the acceptor's seat token, and whether they were seated now."""
    assert challenge.room_id is not None and challenge.acceptor is not None
    acceptor = challenge.acceptor
    token = new_token()
    try:
        transition = await arena.service.execute(challenge.room_id, lambda _state: commands.Join(
            hash_token(token), acceptor.name, acceptor.ref))
    except ArenaError as error:
        if error.code is not ErrorCode.SEAT_TAKEN:
            raise
        transition = await arena.service.execute(challenge.room_id, lambda _state: commands.Resume(
            acceptor.player_id, hash_token(token)))
        return transition.state, token, False
    return transition.state, token, True
