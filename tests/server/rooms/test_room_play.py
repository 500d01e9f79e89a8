"""The pure room state machine: seating, moves, endings (no network, no Redis)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.rooms import ClockConfig, RoomState, Status, apply, commands, public_state
from server.rooms.state import Reason
from tests.server.event_reducer import apply_event
from tests.server.room_helpers import HASH_B, T0, ai_room, human_room, play, playing_room


def refused(state: RoomState, command, now: int = T0) -> ErrorCode:
    with pytest.raises(ArenaError) as info:
        apply(state, command, now)
    return info.value.code


def test_new_human_room_waits_at_version_zero_with_one_free_seat():
    room = human_room()
    assert (room.v, room.status, room.free_seat()) == (0, Status.WAITING, 2)


def test_join_takes_the_free_seat_and_starts_the_game():
    transition = apply(human_room(), commands.Join(HASH_B, "B"), T0 + 5)
    assert [e["type"] for e in transition.events] == ["seat_taken", "game_started"]
    assert [e["v"] for e in transition.events] == [1, 2]
    assert transition.state.v == 2 and transition.state.status is Status.PLAYING
    assert transition.state.seat(2).token_hash == HASH_B


def test_join_of_a_full_room_is_refused_as_seat_taken():
    assert refused(playing_room(), commands.Join("c" * 64)) is ErrorCode.SEAT_TAKEN


def test_ai_room_starts_playing_at_creation():
    room = ai_room(human_seat=2)
    assert room.status is Status.PLAYING and room.ai_to_move()


def test_move_is_recorded_in_canonical_notation_with_its_cid():
    transition = apply(playing_room("gomoku"), commands.Move(1, "H8", cid="c1"), T0)
    event = transition.events[0]
    assert (event["type"], event["move"], event["cid"], event["ply"]) == ("move", "h8", "c1", 1)
    assert transition.state.moves == ("h8",)


def test_move_out_of_turn_is_rejected_and_changes_nothing():
    room = playing_room()
    assert refused(room, commands.Move(2, "a1")) is ErrorCode.NOT_YOUR_TURN


def test_move_on_an_occupied_cell_is_illegal():
    room = play(playing_room(), "b2")
    assert refused(room, commands.Move(2, "b2")) is ErrorCode.ILLEGAL_MOVE


def test_move_in_bad_notation_is_refused_with_bad_notation():
    assert refused(playing_room(), commands.Move(1, "zz99")) is ErrorCode.BAD_NOTATION


@pytest.mark.parametrize(("variant", "move"), [("gomoku", "p8"), ("gomoku", "a16"),
                                              ("connect4", "8")])
def test_a_well_formed_move_off_the_board_is_an_illegal_move(variant, move):
    assert refused(playing_room(variant), commands.Move(1, move)) is ErrorCode.ILLEGAL_MOVE


def test_move_before_the_second_player_arrives_is_refused():
    assert refused(human_room(), commands.Move(1, "a1")) is ErrorCode.GAME_NOT_STARTED


def test_spectator_cannot_move():
    assert refused(playing_room(), commands.Move(None, "a1")) is ErrorCode.NOT_A_PLAYER


def test_human_cannot_move_for_the_ai_seat():
    room = ai_room(human_seat=2)
    assert refused(room, commands.Move(1, "a1")) is ErrorCode.NOT_YOUR_TURN


def test_ai_move_is_accepted_for_the_ai_seat():
    room = ai_room(human_seat=2)
    assert apply(room, commands.Move(1, "b2", by_ai=True), T0).state.moves == ("b2",)


def test_completing_a_line_wins_with_the_line_in_notation():
    room = play(playing_room(), "b2", "a2", "a1", "c3", "c1", "b1")
    transition = apply(room, commands.Move(1, "a3"), T0)
    assert [e["type"] for e in transition.events] == ["move", "game_over"]
    result = transition.state.result
    assert (result.winner, result.reason, result.line) == (1, Reason.LINE, ("c1", "b2", "a3"))
    assert result.cells == ((2, 0), (1, 1), (0, 2))
    assert transition.state.status is Status.FINISHED


def test_a_connect_four_win_names_the_cells_not_only_the_columns():
    room = play(playing_room("connect4"), "1", "2", "2", "3", "3", "4", "3", "4", "4", "7")
    result = apply(room, commands.Move(1, "4"), T0).state.result
    assert result.line == ("1", "2", "3", "4")
    assert result.cells == ((0, 0), (1, 1), (2, 2), (3, 3))


def test_full_board_without_a_line_is_a_draw():
    room = play(playing_room(), "a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2")
    assert room.result.winner is None and room.result.reason is Reason.BOARD_FULL


def test_move_after_the_game_ended_is_refused_as_game_over():
    room = play(playing_room(), "a1", "a2", "b1", "b2", "c1")
    assert refused(room, commands.Move(2, "c3")) is ErrorCode.GAME_OVER


def test_connect4_moves_are_columns_and_stack():
    room = play(playing_room("connect4"), "4", "4")
    assert room.moves == ("4", "4")


def test_resign_gives_the_game_to_the_opponent():
    state = apply(playing_room(), commands.Resign(1), T0).state
    assert (state.result.winner, state.result.reason) == (2, Reason.RESIGN)


def test_claim_win_after_the_opponent_is_gone_long_enough_wins_by_abandonment():
    claim = commands.ClaimWin(1, opponent_connected=False, opponent_last_seen=T0,
                              claim_after_ms=60_000)
    state = apply(playing_room(), claim, T0 + 60_000).state
    assert (state.result.winner, state.result.reason) == (1, Reason.ABANDONED)


def test_claim_win_too_early_is_refused():
    claim = commands.ClaimWin(1, opponent_connected=False, opponent_last_seen=T0,
                              claim_after_ms=60_000)
    assert refused(playing_room(), claim, T0 + 59_000) is ErrorCode.CANNOT_CLAIM_YET


def test_claim_win_is_refused_while_a_clock_runs_but_not_before_it_started():
    claim = commands.ClaimWin(1, opponent_connected=False, opponent_last_seen=T0,
                              claim_after_ms=60_000)
    clocked = playing_room(clock=ClockConfig(300_000, 0))
    assert apply(clocked, claim, T0 + 60_000).state.result.reason is Reason.ABANDONED
    running = play(clocked, "a1", "b1")
    assert refused(running, claim, T0 + 60_000) is ErrorCode.CANNOT_CLAIM_YET


def test_claim_win_against_a_connected_opponent_is_refused():
    claim = commands.ClaimWin(1, opponent_connected=True, opponent_last_seen=None,
                              claim_after_ms=0)
    assert refused(playing_room(), claim, T0 + 999_999) is ErrorCode.CANNOT_CLAIM_YET


def test_state_round_trips_through_its_stored_record():
    room = play(playing_room("gomoku"), "h8", "h9")
    assert RoomState.from_record(room.to_record()) == room


def test_public_state_has_no_token_hashes():
    public = public_state(playing_room())
    assert "token_hash" not in str(public) and HASH_B not in str(public)


def test_two_moves_judged_from_one_state_do_not_see_each_other():
    room = play(playing_room("gomoku"), "h8", "h9")
    first = apply(room, commands.Move(1, "a1"), T0).state
    second = apply(room, commands.Move(1, "b1"), T0).state
    assert first.moves[-1] == "a1" and second.moves[-1] == "b1"
    assert apply(second, commands.Move(2, "a1"), T0).state.moves[-1] == "a1"


def test_a_refused_move_leaves_the_position_as_it_was():
    room = play(playing_room("gomoku"), "h8", "a1", "j8", "a2", "k8", "a3", "l8", "a4")
    assert refused(room, commands.Move(1, "a1")) is ErrorCode.ILLEGAL_MOVE
    won = apply(room, commands.Move(1, "i8"), T0).state
    assert won.status is Status.FINISHED and won.result.winner == 1


def test_a_caro_five_blocked_at_both_ends_is_announced_on_the_move_and_play_goes_on():
    room = play(playing_room("caro"), "b5", "a5", "c5", "g5", "d5", "a1", "e5", "a2")
    transition = apply(room, commands.Move(1, "f5"), T0)
    (event,) = transition.events
    assert event["unscored"] == {"why": "blocked", "line": ["b5", "c5", "d5", "e5", "f5"],
                                 "cells": [[1, 4], [2, 4], [3, 4], [4, 4], [5, 4]]}
    assert transition.state.status is Status.PLAYING


def test_an_ordinary_move_has_no_unscored_field():
    (event,) = apply(playing_room("caro"), commands.Move(1, "h8"), T0).events
    assert "unscored" not in event


def test_unlisting_a_waiting_room_makes_it_private():
    public = replace(human_room(), public=True)
    transition = apply(public, commands.Unlist(1, cid="u1"), T0)
    assert [e["type"] for e in transition.events] == ["unlisted"]
    assert transition.state.public is False and transition.state.status is Status.WAITING
    # The event carries the field it changes (docs/protocol.md §3.3).
    assert apply_event(public_state(public), transition.events[0]) == public_state(transition.state)


def test_unlisting_after_the_opponent_came_is_refused_as_seat_taken():
    assert refused(replace(playing_room(), public=True), commands.Unlist(1)) \
        is ErrorCode.SEAT_TAKEN
