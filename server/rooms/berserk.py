"""Berserk, in an arena tournament's games (docs/tournaments.md): before their first move a
player may halve their own clock and give up its increment (server/rooms/clock.py) for one
more point should they win. As on lichess: only in a game that allows it (`berserkable`, set
by the tournament that made the room, with a clock that has initial time), only once, and only
until the player has moved; the opponent and the spectators see the halved clock and its mark
(`clock.berserk`)."""

from __future__ import annotations

from ..platform.errors import ArenaError, ErrorCode
from . import commands as cmd
from . import events as ev
from .opening import Opening, has_acted
from .outcomes import Step, require_player, require_playing
from .state import RoomState


def check_berserk(state: RoomState, seat: int) -> None:
    """Raise unless the player in `seat` may berserk now."""
    require_playing(state)
    if not state.berserkable or state.clock is None or state.clock_config is None:
        raise ArenaError(ErrorCode.BERSERK_NOT_ALLOWED,
                         "berserk is only for the games of an arena tournament that allows it")
    if state.clock.berserked(seat):
        raise ArenaError(ErrorCode.ALREADY_BERSERK, "you have already gone berserk")
    if has_moved(state, seat):
        raise ArenaError(ErrorCode.BERSERK_TOO_LATE,
                         "berserk is only possible before your first move")


def has_moved(state: RoomState, seat: int) -> bool:
    """Has the player in `seat` played in this game (a stone, or an opening's colour choice)?"""
    plies = len(state.moves)
    if state.opening is Opening.NONE:
        return plies >= seat  # seat 1 moves first, seat 2 second
    return has_acted(seat, plies, state.opening_choices)


def berserk(state: RoomState, command: cmd.Berserk, now: int) -> Step:
    seat = require_player(command.seat)
    check_berserk(state, seat)
    assert state.clock is not None and state.clock_config is not None
    clock = state.clock.gone_berserk(seat, state.clock_config.berserk_penalty_ms)
    return state.evolve(clock=clock), [ev.Berserk(seat=seat, clock=clock.to_dict())]
