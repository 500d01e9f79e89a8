"""Berserk in a tournament's game (server/rooms/berserk.py): half the clock and no increment,
before the player's first move, once, and only where the tournament allows it; each refusal
has its own code."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import ClockConfig, Mode, Opening, RoomState, apply, commands, new_room
from tests.server.room_helpers import HASH_A, HASH_B, T0, play, playing_room

TEN_PLUS_FIVE = ClockConfig(600_000, 5_000)


def tournament_game(clock: ClockConfig = TEN_PLUS_FIVE, variant: str = "gomoku",
                    opening: Opening = Opening.NONE) -> RoomState:
    room = new_room(room_id="t1", variant=variant, mode=Mode.HUMAN, public=False, now=T0,
                    creator_seat=1, creator_name="A", token_hash=HASH_A, ai_level=1,
                    clock=clock, opening=opening, berserkable=True)
    return apply(room, commands.Join(HASH_B, "B"), T0).state


def refused(state: RoomState, seat: int | None) -> ErrorCode:
    with pytest.raises(ArenaError) as error:
        apply(state, commands.Berserk(seat), T0)  # type: ignore[arg-type]
    return error.value.code


def test_berserk_halves_the_players_clock_and_tells_everyone():
    transition = apply(tournament_game(), commands.Berserk(2, cid="b"), T0)
    [event] = transition.events
    assert event["type"] == "berserk" and event["seat"] == 2 and event["cid"] == "b"
    assert event["clock"]["remaining"] == {"1": 600_000, "2": 300_000}
    assert event["clock"]["berserk"] == {"1": False, "2": True}
    assert "berserk" not in event["allowed"]["2"] and "berserk" in event["allowed"]["1"]


def test_a_berserk_player_gets_no_increment():
    state = apply(tournament_game(), commands.Berserk(1), T0).state
    state = play(state, "h8", "h9", "g8", "g9")  # each clock runs from its second move on
    assert state.clock.remaining == (300_000, 600_000 + 5_000)


def test_an_initial_time_under_forty_increments_is_not_halved():
    """lichess's rule: 1+2 becomes 1+0."""
    state = apply(tournament_game(ClockConfig(60_000, 2_000)), commands.Berserk(1), T0).state
    assert state.clock.remaining == (60_000, 60_000) and state.clock.berserked(1)


def test_a_game_that_does_not_allow_berserk_refuses_it():
    assert refused(playing_room("gomoku", TEN_PLUS_FIVE), 1) is ErrorCode.BERSERK_NOT_ALLOWED


def test_a_clock_without_initial_time_allows_no_berserk():
    assert refused(tournament_game(ClockConfig(0, 5_000)), 1) is ErrorCode.BERSERK_NOT_ALLOWED


def test_a_spectator_cannot_berserk():
    assert refused(tournament_game(), None) is ErrorCode.NOT_A_PLAYER


def test_berserk_once_only():
    state = apply(tournament_game(), commands.Berserk(1), T0).state
    assert refused(state, 1) is ErrorCode.ALREADY_BERSERK


def test_berserk_after_your_first_move_is_too_late():
    state = play(tournament_game(), "h8")
    assert refused(state, 1) is ErrorCode.BERSERK_TOO_LATE
    assert apply(state, commands.Berserk(2), T0).state.clock.berserked(2)  # not moved yet
    assert refused(play(state, "h9"), 2) is ErrorCode.BERSERK_TOO_LATE


def test_berserk_after_the_game_is_over_is_refused():
    state = apply(tournament_game(), commands.Resign(1), T0).state
    assert refused(state, 2) is ErrorCode.GAME_OVER


def test_the_mark_stays_with_the_player_when_an_opening_swaps_the_seats():
    state = apply(tournament_game(opening=Opening.SWAP), commands.Berserk(2), T0).state
    state = play(state, "h8", "h9", "g8")  # the opener's three stones
    assert refused(state, 1) is ErrorCode.BERSERK_TOO_LATE
    state = apply(state, commands.OpeningChoice(2, "black"), T0).state  # B takes seat 1
    assert state.seat(1).token_hash == HASH_B and state.clock.berserk == (True, False)


def test_a_rematch_of_a_tournament_game_allows_no_berserk():
    state = apply(tournament_game(), commands.Resign(1), T0).state
    state = apply(state, commands.RematchOffer(1), T0).state
    state = apply(state, commands.RematchAnswer(2, True), T0).state
    assert refused(state, 1) is ErrorCode.BERSERK_NOT_ALLOWED
