"""The pure room state machine: Fischer clocks and flags."""

from __future__ import annotations

from server.rooms import ClockConfig, Status, apply, commands
from server.rooms.state import Reason
from tests.server.room_helpers import T0, play, playing_room

CLOCK = ClockConfig(initial_ms=10_000, increment_ms=1_000)


def opened(now: int = T0 + 1_000):
    """A game with a clock where both sides have made their first move (seat 1 to move,
    its time running from `now`)."""
    return play(playing_room(clock=CLOCK), "a1", "b1", now=now)


def test_clocks_do_not_run_before_the_first_move():
    clock = playing_room(clock=CLOCK).clock
    assert (clock.running, clock.remaining) == (None, (10_000, 10_000))
    assert playing_room(clock=CLOCK).flag_deadline() is None


def test_the_first_two_moves_cost_no_time_and_start_the_first_seat_clock():
    room = play(playing_room(clock=CLOCK), "a1", now=T0 + 30_000)
    assert (room.clock.running, room.clock.remaining) == (None, (10_000, 10_000))
    room = play(room, "b1", now=T0 + 60_000)
    assert (room.clock.running, room.clock.since) == (1, T0 + 60_000)
    assert room.clock.remaining == (10_000, 10_000)


def test_a_move_is_charged_its_time_plus_increment():
    room = play(opened(), "a2", now=T0 + 1_000 + 3_000)
    assert room.clock.remaining == (8_000, 10_000) and room.clock.running == 2


def test_a_takeback_to_before_both_first_moves_stops_the_clock():
    room = apply(opened(), commands.TakebackRequest(2), T0 + 2_000).state
    room = apply(room, commands.TakebackAnswer(1, True), T0 + 2_000).state
    assert room.moves == ("a1",) and room.clock.running is None


def test_tick_before_the_deadline_changes_nothing():
    assert not apply(opened(), commands.Tick(), T0 + 1_000 + 9_999).changed


def test_tick_at_the_deadline_flags_the_running_seat():
    state = apply(opened(), commands.Tick(), T0 + 1_000 + 10_000).state
    assert (state.result.winner, state.result.reason) == (2, Reason.TIMEOUT)
    assert state.clock.remaining[0] == 0 and state.clock.running is None


def test_a_move_after_the_flag_fell_ends_the_game_on_time_instead():
    transition = apply(opened(), commands.Move(1, "a2"), T0 + 1_000 + 12_000)
    assert [e["type"] for e in transition.events] == ["game_over"]
    assert transition.state.moves == ("a1", "b1")
    assert transition.state.status is Status.FINISHED


def test_flag_deadline_follows_the_running_seat():
    room = play(opened(), "a2", now=T0 + 3_000)
    assert room.flag_deadline() == T0 + 3_000 + 10_000


def test_finished_game_has_no_flag_deadline():
    room = apply(opened(), commands.Resign(1), T0 + 2_000).state
    assert room.flag_deadline() is None
