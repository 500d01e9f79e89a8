"""Daily games in the room machine (pure): days per move, the first player's time running from
the start, each move with its whole allowance, the flag deciding, no claims, no abandonment."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import ClockConfig, Mode, apply, commands, new_room
from server.rooms.clock import DAY_MS
from server.rooms.outcomes import abandon_at
from server.rooms.timing import due_at
from tests.server.room_helpers import HASH_A, T0, play, playing_room

HOUR = 3600 * 1000
TWO_DAYS = ClockConfig.daily(2)


def test_a_daily_clock_runs_for_the_first_player_from_the_start():
    room = playing_room("gomoku", TWO_DAYS)
    assert (room.clock.running, room.clock.flag_at()) == (1, T0 + 2 * DAY_MS)


def test_each_move_of_a_daily_game_starts_with_the_whole_allowance():
    room = play(playing_room("gomoku", TWO_DAYS), "h8", now=T0 + 40 * HOUR)
    room = play(room, "h9", now=T0 + 41 * HOUR)
    assert room.clock.running == 1
    assert room.clock.flag_at() == T0 + 41 * HOUR + 2 * DAY_MS
    assert room.clock.remaining == (2 * DAY_MS, 2 * DAY_MS)


def test_a_daily_game_is_lost_when_the_days_run_out():
    room = play(playing_room("gomoku", TWO_DAYS), "h8", now=T0 + HOUR)
    assert apply(room, commands.Tick(), T0 + HOUR + 2 * DAY_MS - 1).state.status.value \
        == "playing"
    over = apply(room, commands.Tick(), T0 + HOUR + 2 * DAY_MS).state
    assert (over.result.winner, over.result.reason.value) == (1, "timeout")


def test_a_daily_game_is_never_abandoned_however_long_nobody_comes():
    room = play(playing_room("gomoku", TWO_DAYS), "h8", now=T0 + HOUR)
    assert abandon_at(room, players_last_seen=T0, after_ms=HOUR) is None
    assert due_at(room, pace_ms=0, abandon_after_ms=HOUR) == room.clock.flag_at()


def test_nobody_may_claim_a_daily_game_from_an_opponent_who_is_away():
    room = play(playing_room("gomoku", TWO_DAYS), "h8", now=T0 + HOUR)
    with pytest.raises(ArenaError) as refused:
        apply(room, commands.ClaimWin(1, False, T0, 1000), T0 + DAY_MS)
    assert refused.value.code is ErrorCode.CANNOT_CLAIM_YET


def test_a_takeback_in_a_daily_game_gives_the_player_to_move_a_whole_allowance():
    room = play(playing_room("gomoku", TWO_DAYS), "h8", "h9", now=T0 + HOUR)
    room = apply(room, commands.TakebackRequest(2), T0 + 2 * HOUR).state
    room = apply(room, commands.TakebackAnswer(1, accept=True), T0 + 3 * HOUR).state
    assert (room.turn, room.clock.running) == (2, 2)
    assert room.clock.flag_at() == T0 + 3 * HOUR + 2 * DAY_MS


def test_the_daily_clock_round_trips_through_the_stored_form():
    room = play(playing_room("gomoku", TWO_DAYS), "h8", now=T0 + HOUR)
    again = type(room).from_record(room.to_record())
    assert (again.clock, again.clock_config, again.daily) == (room.clock, TWO_DAYS, True)
    assert room.to_public()["clock"]["days"] == 2


@pytest.mark.parametrize("mode", [Mode.AI, Mode.AI_VS_AI])
def test_a_daily_game_is_between_people(mode):
    with pytest.raises(ArenaError) as refused:
        new_room(room_id="r", variant="gomoku", mode=mode, public=False, now=T0,
                 creator_seat=1, creator_name=None, token_hash=HASH_A, ai_level=1,
                 clock=TWO_DAYS)
    assert refused.value.code is ErrorCode.BAD_REQUEST


@pytest.mark.parametrize("days", [0, 4, 30])
def test_only_the_daily_time_controls_exist(days):
    with pytest.raises(ValueError):
        ClockConfig.daily(days)
