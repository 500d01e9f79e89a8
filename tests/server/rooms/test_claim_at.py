"""The instants the server tells clients (`claim_at` in the state and in the presence message)
are exactly those from which `claim_win` is accepted: one rule, server/rooms/claims.py."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError
from server.rooms import ClockConfig, RoomState, apply, commands
from server.rooms.claims import away_claim_at, away_claim_inputs, claim_at
from tests.server.room_helpers import T0, ai_room, play, playing_room
from tests.server.rooms.test_room_lifecycle import HOUR, IDLE_MS, idle_limited_room

AFTER_MS = 60_000


def accepted(state: RoomState, seat: int, connected: bool, last_seen: int | None,
             now: int) -> bool:
    claim = commands.ClaimWin(seat, connected, last_seen, AFTER_MS)
    try:
        apply(state, claim, now)
    except ArenaError:
        return False
    return True


SITUATIONS = {
    "opponent gone since T0": (playing_room(), 1, False, T0),
    "opponent never connected": (playing_room(), 2, False, None),
    "opponent connected": (playing_room(), 1, True, None),
    "opponent past the move deadline": (play(idle_limited_room(), "h8"), 1, True, None),
    "own move deadline": (play(idle_limited_room(), "h8"), 2, True, None),
    "gone and past the deadline": (play(idle_limited_room(), "h8"), 1, False, T0 + 1000),
    "clock not started yet": (play(playing_room(clock=ClockConfig(HOUR, 0)), "a1"), 2, False,
                              T0),
    "clock running": (play(playing_room(clock=ClockConfig(HOUR, 0)), "a1", "b1"), 1, False,
                      T0),
    "opponent is the AI": (ai_room(), 1, False, None),
}


@pytest.mark.parametrize("name", SITUATIONS)
def test_a_claim_is_accepted_exactly_from_the_instant_the_server_announces(name):
    state, seat, connected, last_seen = SITUATIONS[name]
    due = claim_at(state, seat, connected, last_seen, AFTER_MS)
    for now in (T0, T0 + 1, T0 + AFTER_MS - 1, T0 + AFTER_MS, T0 + AFTER_MS + 1000,
                T0 + IDLE_MS - 1, T0 + IDLE_MS, T0 + 10 * IDLE_MS):
        assert accepted(state, seat, connected, last_seen, now) == \
            (due is not None and now >= due), (name, now, due)


def test_the_state_announces_the_deadline_claim_only_to_the_seat_not_to_move():
    room = play(idle_limited_room(), "h8")
    assert room.to_public()["claim_at"] == {"1": room.move_deadline, "2": None}


def test_the_presence_announces_the_away_claim_after_the_opponent_was_last_seen():
    assert away_claim_at(playing_room(), 1, False, T0 + 5, AFTER_MS) == T0 + 5 + AFTER_MS
    assert away_claim_at(playing_room(), 1, True, T0 + 5, AFTER_MS) is None


def test_a_clock_that_starts_running_changes_what_the_away_claim_reads():
    clocked = play(playing_room(clock=ClockConfig(HOUR, 0)), "a1")
    assert away_claim_inputs(clocked) != away_claim_inputs(play(clocked, "b1"))
    assert away_claim_inputs(playing_room()) == away_claim_inputs(play(playing_room(), "a1"))
