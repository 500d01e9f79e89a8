"""The pure room state machine: Fischer clocks and flags."""

from __future__ import annotations

from server.rooms import ClockConfig, Status, apply, commands
from server.rooms.state import Reason
from tests.server.room_helpers import T0, play, playing_room

CLOCK = ClockConfig(initial_ms=10_000, increment_ms=1_000)


def test_clock_starts_for_the_first_seat_when_the_game_starts():
    clock = playing_room(clock=CLOCK).clock
    assert (clock.running, clock.since, clock.remaining) == (1, T0, (10_000, 10_000))


def test_a_move_is_charged_its_time_plus_increment():
    room = play(playing_room(clock=CLOCK), "a1", now=T0 + 3_000)
    assert room.clock.remaining == (8_000, 10_000) and room.clock.running == 2


def test_tick_before_the_deadline_changes_nothing():
    room = playing_room(clock=CLOCK)
    assert not apply(room, commands.Tick(), T0 + 9_999).changed


def test_tick_at_the_deadline_flags_the_running_seat():
    state = apply(playing_room(clock=CLOCK), commands.Tick(), T0 + 10_000).state
    assert (state.result.winner, state.result.reason) == (2, Reason.TIMEOUT)
    assert state.clock.remaining[0] == 0 and state.clock.running is None


def test_a_move_after_the_flag_fell_ends_the_game_on_time_instead():
    transition = apply(playing_room(clock=CLOCK), commands.Move(1, "a1"), T0 + 12_000)
    assert [e["type"] for e in transition.events] == ["game_over"]
    assert transition.state.moves == () and transition.state.status is Status.FINISHED


def test_flag_deadline_follows_the_running_seat():
    room = play(playing_room(clock=CLOCK), "a1", now=T0 + 2_000)
    assert room.flag_deadline() == T0 + 2_000 + 10_000


def test_finished_game_has_no_flag_deadline():
    room = apply(playing_room(clock=CLOCK), commands.Resign(1), T0).state
    assert room.flag_deadline() is None
