"""The pure room state machine: draw, takeback and rematch proposals."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import Status, apply, commands
from server.rooms.offers import seat_after
from server.rooms.state import Reason
from tests.server.room_helpers import HASH_A, T0, ai_room, play, playing_room


def events(state, command, now=T0):
    return [e["type"] for e in apply(state, command, now).events]


def test_draw_offer_then_accept_ends_in_a_draw_by_agreement():
    room = apply(playing_room(), commands.DrawOffer(1), T0).state
    state = apply(room, commands.DrawAnswer(2, accept=True), T0).state
    assert state.result.winner is None and state.result.reason is Reason.AGREEMENT


def test_draw_decline_clears_the_offer():
    room = apply(playing_room(), commands.DrawOffer(1), T0).state
    state = apply(room, commands.DrawAnswer(2, accept=False), T0).state
    assert state.draw_offer is None and state.status is Status.PLAYING


def test_accepting_your_own_draw_offer_is_refused():
    room = apply(playing_room(), commands.DrawOffer(1), T0).state
    with pytest.raises(ArenaError) as info:
        apply(room, commands.DrawAnswer(1, accept=True), T0)
    assert info.value.code is ErrorCode.NOTHING_PENDING


def test_a_move_cancels_a_pending_draw_offer():
    room = apply(playing_room(), commands.DrawOffer(2), T0).state
    assert play(room, "a1").draw_offer is None


def test_draw_offer_to_the_ai_is_declined_at_once():
    assert events(ai_room(), commands.DrawOffer(1)) == ["draw_offered", "draw_declined"]


def test_takeback_accepted_removes_the_requesters_last_move():
    room = play(playing_room(), "a1")
    room = apply(room, commands.TakebackRequest(1), T0).state
    state = apply(room, commands.TakebackAnswer(2, accept=True), T0).state
    assert state.moves == () and state.turn == 1


def test_takeback_after_the_reply_removes_two_plies():
    room = play(playing_room(), "a1", "b2")
    room = apply(room, commands.TakebackRequest(1), T0).state
    transition = apply(room, commands.TakebackAnswer(2, accept=True), T0)
    assert transition.state.moves == () and transition.events[0]["undone"] == ["b2", "a1"]


def test_takeback_against_the_ai_is_granted_at_once():
    room = play(ai_room(human_seat=1), "a1", "b2")
    state = apply(room, commands.TakebackRequest(1), T0).state
    assert state.moves == () and state.turn == 1


def test_takeback_without_a_move_of_your_own_is_refused():
    room = play(playing_room(), "a1")
    with pytest.raises(ArenaError) as info:
        apply(room, commands.TakebackRequest(2), T0)
    assert info.value.code is ErrorCode.NOTHING_TO_TAKE_BACK


def test_takeback_declined_keeps_the_moves():
    room = apply(play(playing_room(), "a1"), commands.TakebackRequest(1), T0).state
    state = apply(room, commands.TakebackAnswer(2, accept=False), T0).state
    assert state.moves == ("a1",) and state.takeback_request is None


def test_rematch_before_the_game_ends_is_refused():
    with pytest.raises(ArenaError) as info:
        apply(playing_room(), commands.RematchOffer(1), T0)
    assert info.value.code is ErrorCode.GAME_NOT_OVER


def test_rematch_accepted_swaps_seats_and_starts_a_new_game():
    room = apply(playing_room(), commands.Resign(2), T0).state
    room = apply(room, commands.RematchOffer(2), T0).state
    transition = apply(room, commands.RematchAnswer(1, accept=True), T0)
    state = transition.state
    assert (state.game_no, state.moves, state.status) == (2, (), Status.PLAYING)
    assert state.seat(2).token_hash == HASH_A
    assert transition.events[0]["state"]["v"] == state.v


def test_after_a_rematch_each_player_holds_the_other_seat():
    assert (seat_after({"type": "rematch"}, 1), seat_after({"type": "rematch"}, 2)) == (2, 1)


def test_a_rematch_leaves_a_spectator_a_spectator():
    assert seat_after({"type": "rematch"}, None) is None


def test_an_opening_choice_that_swaps_colours_swaps_the_seat():
    assert seat_after({"type": "opening_choice", "swapped": True}, 2) == 1


def test_an_opening_choice_that_keeps_colours_keeps_the_seat():
    assert seat_after({"type": "opening_choice", "swapped": False}, 2) == 2


def test_events_other_than_a_rematch_keep_the_seat():
    assert seat_after({"type": "game_over"}, 1) == 1


def test_rematch_against_the_ai_is_accepted_at_once():
    room = apply(ai_room(human_seat=1), commands.Resign(1), T0).state
    state = apply(room, commands.RematchOffer(1), T0).state
    assert state.game_no == 2 and state.ai_to_move()


def test_double_rematch_offer_is_already_pending():
    room = apply(playing_room(), commands.Resign(2), T0).state
    room = apply(room, commands.RematchOffer(2), T0).state
    with pytest.raises(ArenaError) as info:
        apply(room, commands.RematchOffer(2), T0)
    assert info.value.code is ErrorCode.ALREADY_PENDING
