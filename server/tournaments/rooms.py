"""The rooms of a tournament's games, made through the one path every room takes
(server/play/room_service.py: `create`, then `execute` of a `Join`), and what became of them.

Making a pairing's room again does nothing twice (its id was fixed with the pairing: a second
`create` finds it, a second join finds the seat taken), so a director that took over may make
every room of the round it finds without one. Both seats are held by the players' identities
with tokens nobody holds: each page gets its own from `GET /api/rooms/{id}/seat`.

The first mover sits in seat 1. A game whose player to move has not moved `grace_ms` after the
room was made is resigned for them (a player who misses the start loses; the clock only runs
once both have moved). A game's result is read from the room, or, when the players have
started a rematch in it or the room is gone, from the SQL archive of its first game: who won
and who berserked, by the seats' usernames (an opening may have swapped the seats).

The rooms of an arena that allows it (`Terms.berserk`) allow berserk (server/rooms/berserk.py).
As on lichess, a berserk counts only in a game where the berserker made at least
BERSERK_MIN_MOVES moves; the others are not recorded (nor scored, nor marked).
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from engine.levels import DEFAULT

from ..platform.errors import ArenaError, ErrorCode
from ..platform.tokens import hash_token, new_token
from ..play.arena import Arena
from ..play.paired_rooms import create_once, seat_second
from ..players.store_sql.archive import find_game
from ..rooms import ClockConfig, Mode, Opening, RoomState, Status, commands, new_room
from ..rooms.commands import PlayerRef, Standing
from ..rooms.state import game_id
from .results import Ending, Game, Result
from .tournament import Player, Tournament

log = logging.getLogger(__name__)

PLAYS_BEFORE_CLOCK = 2  # the clock runs once both players have moved
NOT_MADE = "not_made"  # `outcome` of a pairing whose room does not exist (nor its game)
BERSERK_MIN_MOVES = 7


def player_ref(player: Player, variant: str) -> PlayerRef:
    return PlayerRef(player.player_id, player.username,
                     ((variant, Standing(player.rating, player.provisional)),))


def ending(t: Tournament, game: Game, seats: dict[str, Any], result: dict[str, Any],
           clock: dict[str, Any] | None, plies: int, at: int) -> Ending:
    """A finished game's ending from its public record (`seats`, `result` and `clock` as in
    the room's public state or the archive's game; `plies` the moves played)."""
    names = {n: seat.get("username") for n, seat in seats.items() if seat}
    ids = {p.username: p.player_id for p in t.players}
    winner = result["winner"]
    first = t.player(game.first)
    outcome = Result.DRAW if winner is None else (
        Result.FIRST if first is not None and names.get(str(winner)) == first.username
        else Result.SECOND)
    marks = (clock or {}).get("berserk", {})
    berserks = frozenset(ids[name] for n, name in names.items()
                         if marks.get(n) and name in ids
                         and (plies + (n == "1")) // 2 >= BERSERK_MIN_MOVES)
    return Ending(outcome, at, berserks)


class TournamentRooms:
    def __init__(self, arena: Arena, engine: AsyncEngine, grace_ms: int) -> None:
        self.arena = arena
        self.engine = engine
        self.grace_ms = grace_ms

    async def make(self, t: Tournament, game: Game, now: int) -> bool:
        """Make the game's room with both players seated (if not made yet); whether it was
        made now."""
        assert game.room_id is not None and game.second is not None
        first, second = t.player(game.first), t.player(game.second)
        assert first is not None and second is not None
        terms = t.terms
        made = await create_once(self.arena, game.room_id, lambda: new_room(
            room_id=game.room_id, variant=terms.variant, mode=Mode.HUMAN, public=False,
            now=now, creator_seat=1, creator_name=None, token_hash=hash_token(new_token()),
            ai_level=DEFAULT, clock=ClockConfig(terms.initial_ms, terms.increment_ms),
            creator=player_ref(first, terms.variant), rated=terms.rated,
            opening=Opening(terms.opening), berserkable=terms.berserk))
        await seat_second(self.arena, game.room_id, player_ref(second, terms.variant))
        return made

    async def outcome(self, t: Tournament, game: Game, now: int) -> Ending | str | None:
        """How the game ended, None while it is played, or NOT_MADE. A player who let the
        grace time pass without moving resigns."""
        assert game.room_id is not None
        state = await self.arena.repo.find(game.room_id)
        if state is None or state.game_no > 1:
            archived = await self._archived(t, game)
            return NOT_MADE if archived is None and state is None else archived
        if state.status is Status.FINISHED and state.result is not None:
            return ending(t, game, state.public_seats(), state.result.to_dict(),
                          state.clock.to_dict() if state.clock else None, len(state.moves),
                          state.finished_at or now)
        if state.status is Status.PLAYING and len(state.moves) < PLAYS_BEFORE_CLOCK \
                and state.started_at is not None and now - state.started_at > self.grace_ms:
            await self._forfeit(state)
        return None

    async def _forfeit(self, state: RoomState) -> None:
        seat = state.turn

        def resign(now_state: RoomState) -> commands.Resign:
            if len(now_state.moves) >= PLAYS_BEFORE_CLOCK or now_state.turn != seat:
                raise ArenaError(ErrorCode.CONFLICT, "the player moved meanwhile")
            return commands.Resign(seat)
        try:
            await self.arena.service.execute(state.room_id, resign)
            log.info("room %s: seat %d did not move in time; resigned", state.room_id, seat)
        except ArenaError as error:  # moved or ended meanwhile: the next look sees it
            log.info("room %s: no forfeit (%s)", state.room_id, error.code.value)

    async def _archived(self, t: Tournament, game: Game) -> Ending | None:
        assert game.room_id is not None
        found = await find_game(self.engine, game_id(game.room_id, 1))
        if found is None:
            return None
        return ending(t, game, found["players"], found["result"], found["clock"],
                      len(found["moves"]), found["finished_at"])
